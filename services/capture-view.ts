// The full view of a capture that get_capture, correct_field and approve_capture return.
import { toCaptureSummary, toTaskView } from '../tools/_shapes.ts';
import type { StoredCapture } from '../storage/captures.ts';
import type { AppContext } from './app.ts';
import { captureDetails } from './captures.ts';
import { deliveriesOfCapture } from '../storage/webhooks.ts';

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
      id: d.id, destination_id: d.destination_id, destination: d.destination_name, status: d.status, attempts: d.attempts,
      next_attempt_at: d.status === 'pending' ? d.next_attempt_at : null, last_status_code: d.last_status_code,
      last_error: d.last_error, created_at: d.created_at, finished_at: d.finished_at,
      attempt_log: d.attempt_log.map(({ delivery_id: _d, ...a }) => a),
    })),
  };
}
