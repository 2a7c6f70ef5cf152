import { z } from 'zod';
import { captureView } from '../services/capture-view.ts';
import { approveCapture } from '../services/captures.ts';
import { getCapture } from '../storage/captures.ts';
import { findBucketAnyState } from '../storage/buckets.ts';
import { getMessage } from '../storage/messages.ts';
import { notifyQueued, queueDeliveries } from '../services/webhook-outbox.ts';
import { CaptureView } from './_shapes-captures.ts';
import { defineTool, notFound } from './define.ts';

export default defineTool({
  name: 'approve_capture',
  description:
    'Apply a held or task capture: it becomes applied, its open tasks are resolved, and it is delivered to the ' +
    "bucket's destinations. Refused with validation_issues while issues other than a missing required field remain " +
    '(fix them with correct_field) unless `force` is true. Needs the approve scope.',
  scope: 'approve',
  mutating: true,
  title: 'Approve capture',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  tenantScoped: true,
  http: { method: 'POST', path: '/v1/captures/{id}/approve' },
  input: z.strictObject({
    id: z.string().min(1).max(80),
    force: z.boolean().default(false).describe('Apply despite validation issues.'),
    note: z.string().max(500).optional(),
  }),
  output: CaptureView,
  handler: async (input, ctx) => {
    const capture = await getCapture(ctx.app.db, ctx.tenant.id, input.id);
    if (!capture) throw notFound('capture', input.id);
    const [bucket, message] = await Promise.all([
      findBucketAnyState(ctx.app.db, ctx.tenant.id, capture.bucket_id),
      getMessage(ctx.app.db, ctx.tenant.id, capture.message_id),
    ]);
    const approved = await approveCapture(
      ctx.app,
      ctx.tenant,
      capture,
      { force: input.force, note: input.note ?? null },
      ctx.actor,
      async (applied, now) =>
        bucket && message && !bucket.deleted_at
          ? (await queueDeliveries(ctx.app, ctx.tenant, bucket, applied, message, ctx.actor, now)).statements
          : [],
    );
    notifyQueued(ctx.app);
    return captureView(ctx.app, approved);
  },
});
