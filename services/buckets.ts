// What bucket operations, seeding, ingest and dry runs share: checking a bucket's rule
// and schema (refusals by name and path) and compiling them for the pipeline.
import type { ClassifiableBucket } from '../pipeline/classify.ts';
import { DefinitionError } from '../pipeline/errors.ts';
import { compileRule, type CompiledRule } from '../pipeline/rules.ts';
import { compileSchema, type CompiledSchema } from '../pipeline/schema.ts';
import { STARTER_BUCKETS, STARTERS, starterByRef } from '../pipeline/starters.ts';
import { findBucket, insertBucketStatement, newBucket, type Bucket } from '../storage/buckets.ts';
import type { Statement } from '../storage/db.ts';
import { ToolError, notFound } from './errors.ts';
import type { Db } from '../storage/db.ts';
import { listDestinations } from '../storage/webhooks.ts';

/** Runs a definition check, turning a DefinitionError into the 400 the caller gets. */
export function checked<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof DefinitionError) {
      throw new ToolError(error.code, `${error.message}. Fix it and retry; nothing was saved.`, { path: error.path });
    }
    throw error;
  }
}

/** `stored`: a definition saved earlier, compiled as accepted then (regex limits apply when saving and dry-running). */
export function compileBucketRule(rule: unknown, stored = false): CompiledRule | null {
  return rule === null || rule === undefined
    ? null
    : checked(() => compileRule(rule, 'rule', 0, stored ? null : undefined));
}

/** A bucket schema: `starter:<name>` or a schema object, compiled. */
export function compileBucketSchema(schema: unknown, path = 'schema', stored = false): CompiledSchema | null {
  if (schema === null || schema === undefined) return null;
  if (typeof schema === 'string') {
    const starter = starterByRef(schema);
    if (!starter) {
      throw new ToolError(
        'invalid_schema',
        `${path}: unknown starter '${schema}'; use one of ${Object.keys(STARTERS)
          .map((s) => `starter:${s}`)
          .join(', ')} or a schema object.`,
        { path },
      );
    }
    return compileSchema(starter, path);
  }
  return checked(() => compileSchema(schema, path, stored ? null : undefined));
}

// Compiling a bucket's rule and schema (regexes included) cost more than classifying a
// message, so each distinct rule and schema is compiled once per process.
const compiled = new Map<string, { rule: CompiledRule | null; schema: CompiledSchema | null }>();

/** The bucket's rule and schema, compiled once per distinct definition. */
export function compiledBucket(bucket: Bucket): { rule: CompiledRule | null; schema: CompiledSchema | null } {
  const key = `${JSON.stringify(bucket.rule)}\u0000${JSON.stringify(bucket.schema)}`;
  let entry = compiled.get(key);
  if (!entry) {
    if (compiled.size > 2000) compiled.clear();
    entry = { rule: compileBucketRule(bucket.rule, true), schema: compileBucketSchema(bucket.schema, 'schema', true) };
    compiled.set(key, entry);
  }
  return entry;
}

export function classifiable(bucket: Bucket): ClassifiableBucket {
  return {
    id: bucket.id,
    name: bucket.name,
    priority: bucket.priority,
    enabled: bucket.enabled,
    rule: compiledBucket(bucket).rule,
  };
}

export function starterBucketStatements(tenantId: string, now: Date): Statement[] {
  return STARTER_BUCKETS.map((starter) =>
    insertBucketStatement(
      newBucket(
        tenantId,
        {
          name: starter.name,
          description: starter.description,
          priority: starter.priority,
          enabled: true,
          rule: starter.rule,
          schema: starter.schema,
          policy: null,
          destinations: [],
        },
        now,
      ),
    ),
  );
}

export function bucketView(b: Bucket) {
  const { tenant_id: _t, deleted_at: _d, ...view } = b;
  return view;
}

/** Bucket destinations must name live destinations (by id or name) when saved. */
export async function checkDestinations(db: Db, tenantId: string, refs: readonly string[]): Promise<void> {
  if (refs.length === 0) return;
  const live = await listDestinations(db, tenantId);
  const unknown = refs.filter((r) => !live.some((d) => d.id === r || d.name === r));
  if (unknown.length > 0) {
    throw new ToolError(
      'invalid_request',
      `Unknown destination(s) ${unknown.join(', ')}; add them with add_destination first (list_destinations shows them).`,
      { issues: unknown.map((r) => ({ path: 'destinations', message: `no destination '${r}'` })) },
    );
  }
}

/** A list filter's `bucket` (id or name) as a live bucket's id; undefined when not given. */
export async function bucketFilter(db: Db, tenantId: string, ref: string | undefined): Promise<string | undefined> {
  if (!ref) return undefined;
  const bucket = await findBucket(db, tenantId, ref);
  if (!bucket) throw notFound('bucket', ref);
  return bucket.id;
}
