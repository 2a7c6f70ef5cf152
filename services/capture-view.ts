// The views of captures and tasks the API returns: the full view that get_capture,
// correct_field and approve_capture return, the summary list_captures returns, a task.
import type { StoredCapture } from '../storage/captures.ts';
import type { Task } from '../storage/tasks.ts';
import type { AppContext } from './app.ts';
import { captureDetails } from './captures.ts';
import { deliveriesOfCapture } from '../storage/webhooks.ts';

export function toCaptureSummary(c: {
  id: string;
  message_id: string;
  bucket_id: string;
  bucket_name: string;
  status: 'applied' | 'task' | 'held';
  reason: string;
  confidence: number | null;
  corrected: boolean;
  applied_by: string | null;
  applied_at: string | null;
  created_at: string;
}) {
  return {
    id: c.id,
    message_id: c.message_id,
    bucket: { id: c.bucket_id, name: c.bucket_name },
    status: c.status,
    reason: c.reason,
    confidence: c.confidence,
    corrected: c.corrected,
    applied_by: c.applied_by,
    applied_at: c.applied_at,
    created_at: c.created_at,
  };
}

/** A task as the API shows it: without its tenant. */
export function toTaskView(t: Omit<Task, 'tenant_id'> & { tenant_id?: string }): Omit<Task, 'tenant_id'> {
  const { tenant_id: _t, ...view } = t;
  return view;
}

export async function captureView(app: AppContext, capture: StoredCapture) {
  const [{ corrections, tasks }, deliveries] = await Promise.all([
    captureDetails(app, capture.tenant_id, capture),
    deliveriesOfCapture(app.db, capture.tenant_id, capture.id),
  ]);
  return {
    ...toCaptureSummary(capture),
    fields: capture.fields,
    issues: capture.issues,
    flags: capture.flags,
    corrections,
    tasks: tasks.map(toTaskView),
    deliveries: deliveries.map((d) => ({
      id: d.id,
      destination_id: d.destination_id,
      destination: d.destination_name,
      status: d.status,
      attempts: d.attempts,
      next_attempt_at: d.status === 'pending' ? d.next_attempt_at : null,
      last_status_code: d.last_status_code,
      last_error: d.last_error,
      created_at: d.created_at,
      finished_at: d.finished_at,
      attempt_log: d.attempt_log.map(({ delivery_id: _d, ...a }) => a),
    })),
  };
}
