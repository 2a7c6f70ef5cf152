// update_bucket's change: only the fields given change (null clears or resets one), the
// result is checked as create_bucket checks it, and a schema change passes the bucket's
// regression gate before the bucket and its event are written together.
import type { Policy } from '../pipeline/policy.ts';
import { bucketNameTaken, findBucket, updateBucketStatement, type Bucket } from '../storage/buckets.ts';
import { eventStatement } from '../storage/events.ts';
import { bucketView, checkDestinations, compileBucketRule, compileBucketSchema } from './buckets.ts';
import { ToolError, notFound } from './errors.ts';
import { schemaChangeGate } from './regression.ts';
import type { TenantToolContext } from './tool-context.ts';

/** A change as update_bucket takes it: undefined keeps a field, null clears or resets it. */
export interface BucketChange {
  id: string;
  name?: string | undefined;
  description?: string | null | undefined;
  priority?: number | null | undefined;
  enabled?: boolean | null | undefined;
  rule?: unknown;
  schema?: Bucket['schema'] | undefined;
  policy?: Policy | null | undefined;
  destinations?: string[] | null | undefined;
  force: boolean;
}

const FIELDS = ['name', 'description', 'priority', 'enabled', 'rule', 'schema', 'policy', 'destinations'] as const;

export async function updateBucket(ctx: TenantToolContext, input: BucketChange) {
  const before = await findBucket(ctx.app.db, ctx.tenant.id, input.id);
  if (!before) throw notFound('bucket', input.id);
  const after: Bucket = { ...before, updated_at: ctx.now.toISOString() };
  if (input.name !== undefined) after.name = input.name;
  if (input.description !== undefined) after.description = input.description ?? '';
  if (input.priority !== undefined) after.priority = input.priority ?? 100;
  if (input.enabled !== undefined) after.enabled = input.enabled ?? true;
  if (input.rule !== undefined) after.rule = input.rule;
  if (input.schema !== undefined) after.schema = input.schema;
  if (input.policy !== undefined) after.policy = input.policy as Bucket['policy'];
  if (input.destinations !== undefined) after.destinations = [...new Set(input.destinations ?? [])];
  compileBucketRule(after.rule);
  const schema = compileBucketSchema(after.schema);
  if (input.destinations) await checkDestinations(ctx.app.db, ctx.tenant.id, input.destinations);
  if (after.name !== before.name && (await bucketNameTaken(ctx.app.db, ctx.tenant.id, after.name, before.id))) {
    throw new ToolError('conflict', `A bucket named '${after.name}' exists; pick another name.`, { name: after.name });
  }
  const changed = FIELDS.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  if (changed.length === 0) return bucketView(before);
  const gate = changed.includes('schema') ? await schemaChangeGate(ctx, before, after, schema, input.force) : [];
  await ctx.app.db.batch([
    ...gate,
    updateBucketStatement(after),
    eventStatement(
      {
        accountId: ctx.tenant.account_id,
        tenantId: ctx.tenant.id,
        type: 'bucket.updated',
        subjectId: before.id,
        actor: ctx.actor,
        diff: Object.fromEntries(changed.map((k) => [k, { before: before[k], after: after[k] }])),
      },
      ctx.now,
    ),
  ]);
  return bucketView(after);
}
