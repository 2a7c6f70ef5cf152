import { z } from 'zod';
import { updateBucket } from '../services/bucket-update.ts';
import { clearable } from './_advertise.ts';
import { BucketName, BucketView, Destinations, Policy, RuleInput, SchemaInput } from './_shapes.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'update_bucket',
  description:
    'Change a bucket (by id or name). Only the fields you pass change; null clears rule, schema and policy (and resets ' +
    'description, priority, enabled, destinations to their defaults). Existing messages are not reprocessed. ' +
    "Rules and schemas are checked as in create_bucket. A schema change first runs the bucket's regression cases " +
    'and is refused with tests_failing (naming failing cases and fields) unless `force` is true or the policy sets ' +
    'require_passing_tests false.',
  scope: 'configure',
  mutating: true,
  title: 'Update bucket',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'PUT', path: '/v1/buckets/{id}' },
  input: z.strictObject({
    id: z.string().min(1).max(80).describe('Bucket id (bkt_...) or name.'),
    name: BucketName.optional(),
    description: clearable(z.string().max(500)).optional(),
    priority: clearable(z.number().int().min(0).max(10000)).optional(),
    enabled: clearable(z.boolean()).optional(),
    rule: RuleInput.optional(),
    schema: clearable(SchemaInput).optional(),
    policy: clearable(Policy).optional(),
    destinations: clearable(Destinations).optional(),
    force: z.boolean().default(false),
  }),
  output: BucketView,
  handler: (input, ctx) => updateBucket(ctx, input),
});
