import { z } from 'zod';
import { deleteBucketStatement, findBucket } from '../storage/buckets.ts';
import { eventStatement } from '../storage/events.ts';
import { defineTool, notFound } from './define.ts';

export default defineTool({
  name: 'delete_bucket',
  description:
    'Delete a bucket (by id or name): new mail no longer lands in it and its name is free again. Captures already ' +
    'made in it are kept and still name it. To pause a bucket instead, update_bucket with enabled false.',
  scope: 'configure',
  mutating: true,
  title: 'Delete bucket',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'DELETE', path: '/v1/buckets/{id}' },
  input: z.strictObject({ id: z.string().min(1).max(80).describe('Bucket id (bkt_...) or name.') }),
  output: z.object({ id: z.string(), name: z.string(), deleted_at: z.string() }),
  handler: async (input, ctx) => {
    const bucket = await findBucket(ctx.app.db, ctx.tenant.id, input.id);
    if (!bucket) throw notFound('bucket', input.id);
    await ctx.app.db.batch([
      deleteBucketStatement(ctx.tenant.id, bucket.id, ctx.now),
      eventStatement(
        {
          accountId: ctx.tenant.account_id,
          tenantId: ctx.tenant.id,
          type: 'bucket.deleted',
          subjectId: bucket.id,
          actor: ctx.actor,
          diff: { name: bucket.name },
        },
        ctx.now,
      ),
    ]);
    return { id: bucket.id, name: bucket.name, deleted_at: ctx.now.toISOString() };
  },
});
