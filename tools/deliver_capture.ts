import { z } from 'zod';
import { notifyQueued, queueDeliveries } from '../services/webhook-outbox.ts';
import { findBucketAnyState } from '../storage/buckets.ts';
import { getCapture } from '../storage/captures.ts';
import { getMessage } from '../storage/messages.ts';
import { ToolError, defineTool, notFound } from './define.ts';

export default defineTool({
  name: 'deliver_capture',
  description:
    'Queue a fresh delivery of an applied capture to every enabled destination of its bucket (new delivery ids; ' +
    'earlier deliveries are untouched). Refused with invalid_state unless the capture is applied.',
  scope: 'run',
  mutating: true,
  title: 'Deliver capture',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  tenantScoped: true,
  http: { method: 'POST', path: '/v1/captures/{id}/deliver' },
  input: z.strictObject({ id: z.string().min(1).max(80) }),
  output: z.object({ capture_id: z.string(), deliveries: z.array(z.string()).describe('The new delivery ids.') }),
  handler: async (input, ctx) => {
    const capture = await getCapture(ctx.app.db, ctx.tenant.id, input.id);
    if (!capture) throw notFound('capture', input.id);
    if (capture.status !== 'applied') {
      throw new ToolError(
        'invalid_state',
        `Capture ${capture.id} is ${capture.status}; only applied captures are delivered (approve_capture first).`,
        { status: capture.status },
      );
    }
    const [bucket, message] = await Promise.all([
      findBucketAnyState(ctx.app.db, ctx.tenant.id, capture.bucket_id),
      getMessage(ctx.app.db, ctx.tenant.id, capture.message_id),
    ]);
    if (!bucket || bucket.deleted_at || !message) {
      throw new ToolError(
        'invalid_state',
        `The bucket of capture ${capture.id} was deleted; there is nowhere to deliver it.`,
      );
    }
    const queued = await queueDeliveries(ctx.app, ctx.tenant, bucket, capture, message, ctx.actor, ctx.now);
    if (queued.deliveryIds.length === 0) {
      throw new ToolError(
        'invalid_state',
        `Bucket '${bucket.name}' has no enabled destination; add one (add_destination) and list it in the bucket.`,
      );
    }
    await ctx.app.db.batch(queued.statements);
    notifyQueued(ctx.app);
    return { capture_id: capture.id, deliveries: queued.deliveryIds };
  },
});
