import { z } from 'zod';
import { bucketView, checkDestinations, compileBucketRule, compileBucketSchema } from '../services/buckets.ts';
import { bucketNameTaken, findBucket, updateBucketStatement, type Bucket } from '../storage/buckets.ts';
import { eventStatement } from '../storage/events.ts';
import { effectivePolicy } from '../pipeline/policy.ts';
import { failures, newRun, runCases, runStatements } from '../services/regression.ts';
import { activeCases } from '../storage/tests.ts';
import type { Statement } from '../storage/db.ts';
import type { Policy as PolicyType } from './_shapes.ts';
import { BucketName, BucketView, Destinations, Policy, RuleInput, SchemaInput } from './_shapes.ts';
import { ToolError, defineTool, notFound } from './define.ts';

export default defineTool({
  name: 'update_bucket',
  description:
    'Change a bucket (by id or name). Only the fields you pass change; null clears rule, schema and policy (and resets ' +
    'description, priority, enabled, destinations to their defaults). Existing messages are not reprocessed. ' +
    'Rules and schemas are checked as in create_bucket. A schema change first runs the bucket\'s regression cases ' +
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
    description: z.string().max(500).nullable().optional(),
    priority: z.number().int().min(0).max(10000).nullable().optional(),
    enabled: z.boolean().nullable().optional(),
    rule: RuleInput.optional(),
    schema: SchemaInput.nullable().optional(),
    policy: Policy.nullable().optional(),
    destinations: Destinations.nullable().optional(),
    force: z.boolean().default(false),
  }),
  output: BucketView,
  handler: async (input, ctx) => {
    const before = await findBucket(ctx.app.db, ctx.tenant.id, input.id);
    if (!before) throw notFound('bucket', input.id);
    const after: Bucket = { ...before, updated_at: ctx.now.toISOString() };
    if (input.name !== undefined) after.name = input.name;
    if (input.description !== undefined) after.description = input.description ?? '';
    if (input.priority !== undefined) after.priority = input.priority ?? 100;
    if (input.enabled !== undefined) after.enabled = input.enabled ?? true;
    if (input.rule !== undefined) after.rule = input.rule;
    if (input.schema !== undefined) after.schema = input.schema;
    if (input.policy !== undefined) after.policy = input.policy;
    if (input.destinations !== undefined) after.destinations = [...new Set(input.destinations ?? [])];
    compileBucketRule(after.rule);
    const schema = compileBucketSchema(after.schema);
    if (input.destinations) await checkDestinations(ctx.app.db, ctx.tenant.id, input.destinations);
    if (after.name !== before.name && await bucketNameTaken(ctx.app.db, ctx.tenant.id, after.name, before.id)) {
      throw new ToolError('conflict', `A bucket named '${after.name}' exists; pick another name.`, { name: after.name });
    }
    const changed = (['name', 'description', 'priority', 'enabled', 'rule', 'schema', 'policy', 'destinations'] as const)
      .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    if (changed.length === 0) return bucketView(before);
    const gate: Statement[] = [];
    if (changed.includes('schema')) {
      // A schema change must keep the bucket's regression cases passing.
      const cases = await activeCases(ctx.app.db, ctx.tenant.id, before.id);
      if (cases.length > 0) {
        const results = schema
          ? await runCases(ctx.app, ctx.tenant, cases, schema, ctx.progress)
          : cases.map((c) => ({ case_id: c.id, message_id: c.message_id, passed: false, fields: {}, error: 'the new schema is empty (null)' }));
        const run = newRun(ctx.tenant, before, 'update_bucket', true, after.schema, results, ctx.now);
        const required = effectivePolicy(ctx.tenant.policy as PolicyType, after.policy as PolicyType | null).require_passing_tests;
        const outcome = run.failed === 0 ? 'passed' : input.force ? 'forced' : required ? 'refused' : 'allowed_by_policy';
        gate.push(...runStatements(ctx.tenant, run, ctx.actor, ctx.now), eventStatement({ accountId: ctx.tenant.account_id,
          tenantId: ctx.tenant.id, type: 'bucket.schema_tested', subjectId: before.id, actor: ctx.actor,
          diff: { outcome, run_id: run.id, passed: run.passed, failed: run.failed } }, ctx.now));
        if (outcome === 'refused') {
          await ctx.app.db.batch(gate);
          const failing = failures(run);
          throw new ToolError('tests_failing',
            `The new schema fails ${run.failed} of ${cases.length} regression case(s) (${failing.flatMap((f) => f.fields.map((x) => x.field)).slice(0, 5).join(', ')}); ` +
            'fix the schema, retire the cases with remove_test, or pass force: true.',
            { failures: failing, run_id: run.id });
        }
      }
    }
    await ctx.app.db.batch([
      ...gate,
      updateBucketStatement(after),
      eventStatement({ accountId: ctx.tenant.account_id, tenantId: ctx.tenant.id, type: 'bucket.updated', subjectId: before.id,
        actor: ctx.actor, diff: Object.fromEntries(changed.map((k) => [k, { before: before[k], after: after[k] }])) }, ctx.now),
    ]);
    return bucketView(after);
  },
});
