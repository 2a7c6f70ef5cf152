import { z } from 'zod';
import { bucketView, checkDestinations, compileBucketRule, compileBucketSchema } from '../services/buckets.ts';
import { bucketNameTaken, insertBucketStatement, newBucket } from '../storage/buckets.ts';
import { eventStatement } from '../storage/events.ts';
import { BucketName, BucketView, Destinations, Policy, RuleInput, SchemaInput } from './_shapes.ts';
import { ToolError, defineTool } from './define.ts';

export default defineTool({
  name: 'create_bucket',
  description:
    'Create a bucket: a rule that picks messages, an optional schema that extracts fields, a policy overriding the ' +
    'tenant policy, and destinations. Messages land in the first enabled bucket (lowest priority first, then name) ' +
    'whose rule matches. Rules and regexes are checked first: invalid_rule / invalid_regex / invalid_schema name the ' +
    'bad part by path. Fails with conflict when the name is taken. Try rules with dry_run_rule first.',
  scope: 'configure',
  mutating: true,
  title: 'Create bucket',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'POST', path: '/v1/buckets' },
  input: z.strictObject({
    name: BucketName.describe('Unique in the tenant: lower case letters, digits, hyphens; 1 to 80.'),
    description: z.string().max(500).default(''),
    priority: z.number().int().min(0).max(10000).default(100).describe('0 to 10000; lower runs first.'),
    enabled: z.boolean().default(true),
    rule: RuleInput.optional(),
    schema: SchemaInput.optional(),
    policy: Policy.optional(),
    destinations: Destinations.default([]),
  }),
  output: BucketView,
  handler: async (input, ctx) => {
    compileBucketRule(input.rule);
    compileBucketSchema(input.schema);
    await checkDestinations(ctx.app.db, ctx.tenant.id, input.destinations);
    if (await bucketNameTaken(ctx.app.db, ctx.tenant.id, input.name)) {
      throw new ToolError('conflict', `A bucket named '${input.name}' exists; pick another name or update_bucket it.`, {
        name: input.name,
      });
    }
    const bucket = newBucket(
      ctx.tenant.id,
      {
        name: input.name,
        description: input.description,
        priority: input.priority,
        enabled: input.enabled,
        rule: input.rule ?? null,
        schema: input.schema ?? null,
        policy: input.policy ?? null,
        destinations: [...new Set(input.destinations)],
      },
      ctx.now,
    );
    await ctx.app.db.batch([
      insertBucketStatement(bucket),
      eventStatement(
        {
          accountId: ctx.tenant.account_id,
          tenantId: ctx.tenant.id,
          type: 'bucket.created',
          subjectId: bucket.id,
          actor: ctx.actor,
          diff: { name: bucket.name, priority: bucket.priority },
        },
        ctx.now,
      ),
    ]);
    return bucketView(bucket);
  },
});
