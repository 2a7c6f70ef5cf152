import { z } from 'zod';
import { findBucket } from '../storage/buckets.ts';
import { listCaptures } from '../storage/captures.ts';
import { deliveryFilter } from '../storage/webhooks.ts';
import { CaptureStatus, CaptureSummary, toCaptureSummary } from './_shapes-captures.ts';
import { Limit } from './_shapes.ts';
import { defineTool, notFound } from './define.ts';

export default defineTool({
  name: 'list_captures',
  description:
    'List captures, newest first, with status (applied, task, held), reason, confidence and bucket. Filter by `bucket` ' +
    "(id or name), `status` or `message` (a message id). Page with `before` = the previous page's `next_before`.",
  scope: 'read',
  mutating: false,
  title: 'List captures',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  narrowing: ['limit'],
  http: { method: 'GET', path: '/v1/captures' },
  input: z.strictObject({
    bucket: z.string().max(80).optional(),
    status: CaptureStatus.optional(),
    message: z.string().max(80).optional().describe('Only captures of this message id.'),
    delivery: z
      .enum(['failed', 'delivered', 'none'])
      .optional()
      .describe(
        'delivered: at least one successful delivery; failed: a failed attempt with no later success; none: never delivered.',
      ),
    limit: Limit,
    before: z.string().max(80).optional(),
  }),
  output: z.object({ captures: z.array(CaptureSummary), next_before: z.string().nullable() }),
  handler: async (input, ctx) => {
    let bucketId: string | undefined;
    if (input.bucket) {
      // Captures outlive deleted buckets, so an id is taken as given; a name must be live.
      const bucket = await findBucket(ctx.app.db, ctx.tenant.id, input.bucket);
      if (!bucket && !input.bucket.startsWith('bkt_')) throw notFound('bucket', input.bucket);
      bucketId = bucket?.id ?? input.bucket;
    }
    const captures = await listCaptures(ctx.app.db, {
      tenantId: ctx.tenant.id,
      bucketId,
      status: input.status,
      messageId: input.message,
      before: input.before,
      limit: input.limit,
      extra: input.delivery ? deliveryFilter(input.delivery) : undefined,
    });
    return {
      captures: captures.map(toCaptureSummary),
      next_before: captures.length === input.limit ? captures.at(-1)!.id : null,
    };
  },
});
