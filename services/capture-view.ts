// The full view of a capture that get_capture, correct_field and approve_capture return.
import { toCaptureSummary, toTaskView } from '../tools/_shapes.ts';
import type { StoredCapture } from '../storage/captures.ts';
import type { AppContext } from './app.ts';
import { captureDetails } from './captures.ts';

export async function captureView(app: AppContext, capture: StoredCapture) {
  const { corrections, tasks } = await captureDetails(app, capture.tenant_id, capture);
  return {
    ...toCaptureSummary(capture),
    fields: capture.fields,
    issues: capture.issues,
    flags: capture.flags,
    corrections,
    tasks: tasks.map(toTaskView),
    deliveries: [] as Record<string, unknown>[],
  };
}
