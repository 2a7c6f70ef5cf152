import { z } from 'zod';
import { bucketView } from '../services/buckets.ts';
import { learnedView } from '../services/learning.ts';
import { findBucket } from '../storage/buckets.ts';
import { countLearned, listLearned } from '../storage/learned.ts';
import { LearnedExtractorView } from './_shapes-learned.ts';
import { BucketView } from './_shapes.ts';
import { defineTool, notFound } from './define.ts';

// A bucket's result stays well under the result limit (about 300 bytes each).
const LISTED = 200;

export default defineTool({
  name: 'get_bucket',
  description:
    'Read one bucket by id or name: rule, schema (starter reference or object), policy overrides, destinations. ' +
    '`learned_extractors`: what corrections taught per sender domain (field, extractor, capture, confirmations, corrections).',
  scope: 'read',
  mutating: false,
  title: 'Get bucket',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'GET', path: '/v1/buckets/{id}' },
  input: z.strictObject({ id: z.string().min(1).max(80).describe('Bucket id (bkt_...) or name.') }),
  output: BucketView.extend({
    learned_extractors: z
      .array(LearnedExtractorView)
      .describe(
        `Extractors learned from corrections, by vendor domain then field (the first ${LISTED}); run first on that vendor’s mail.`,
      ),
    learned_extractors_total: z.number().int().describe('How many the bucket has in all.'),
  }),
  handler: async (input, ctx) => {
    const bucket = await findBucket(ctx.app.db, ctx.tenant.id, input.id);
    if (!bucket) throw notFound('bucket', input.id);
    const learned = await listLearned(ctx.app.db, ctx.tenant.id, bucket.id, LISTED);
    const total = learned.length < LISTED ? learned.length : await countLearned(ctx.app.db, ctx.tenant.id, bucket.id);
    return { ...bucketView(bucket), learned_extractors: learned.map(learnedView), learned_extractors_total: total };
  },
});
