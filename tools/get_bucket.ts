import { z } from 'zod';
import { bucketView } from '../services/buckets.ts';
import { findBucket } from '../storage/buckets.ts';
import { BucketView } from './_shapes.ts';
import { defineTool, notFound } from './define.ts';

export default defineTool({
  name: 'get_bucket',
  description:
    'Read one bucket by id or name: rule, schema (starter reference or object), policy overrides, destinations.',
  scope: 'read',
  mutating: false,
  title: 'Get bucket',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'GET', path: '/v1/buckets/{id}' },
  input: z.strictObject({ id: z.string().min(1).max(80).describe('Bucket id (bkt_...) or name.') }),
  output: BucketView,
  handler: async (input, ctx) => {
    const bucket = await findBucket(ctx.app.db, ctx.tenant.id, input.id);
    if (!bucket) throw notFound('bucket', input.id);
    return bucketView(bucket);
  },
});
