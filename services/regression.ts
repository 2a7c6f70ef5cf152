// Regression tests: cases promoted from captures, run through the real pipeline stages
// on the stored raw message, and the gate that keeps schema changes from breaking them.
import { effectivePolicy, type Policy } from '../pipeline/policy.ts';
import type { CompiledSchema } from '../pipeline/schema.ts';
import type { FieldType } from '../pipeline/validate.ts';
import type { Bucket } from '../storage/buckets.ts';
import type { StoredCapture } from '../storage/captures.ts';
import type { Statement } from '../storage/db.ts';
import { eventStatement } from '../storage/events.ts';
import { newId } from '../storage/ids.ts';
import { getMessage } from '../storage/messages.ts';
import {
  activeCases,
  insertCaseStatement,
  insertRunStatement,
  retireCaseStatement,
  type CaseResult,
  type TestCase,
  type TestRun,
} from '../storage/tests.ts';
import type { Tenant } from '../storage/tenants.ts';
import { ToolError } from './errors.ts';
import type { TenantToolContext, ToolContext } from './tool-context.ts';
import { analyze, schemaRuns } from './analysis.ts';
import type { AppContext } from './app.ts';
import { fieldOf, sameValue } from './fields.ts';
import { readCorrection } from './captures.ts';
import { domainOf } from '../pipeline/address.ts';
import { listLearned, type LearnedExtractor } from '../storage/learned.ts';
import { learnedRun } from './process-analyzed.ts';

/** The bucket's learned extractors as its cases run with them: none when its policy turns learning off. */
export async function learnedInUse(app: AppContext, tenant: Tenant, bucket: Bucket): Promise<LearnedExtractor[]> {
  const on = effectivePolicy(tenant.policy as Policy, bucket.policy as Policy | null).learn_from_corrections;
  return on ? listLearned(app.db, tenant.id, bucket.id) : [];
}

const REVIEW_REASONS = new Set(['low_confidence', 'incomplete', 'invalid']);

/**
 * Runs cases against `schema` on their stored raw messages, each with the learned extractors
 * of its vendor (the sender domain stored with the message) first, as ingest runs them.
 * Changes nothing.
 */
export async function runCases(
  app: AppContext,
  tenant: Tenant,
  cases: TestCase[],
  schema: CompiledSchema,
  progress?: ToolContext['progress'],
  learned: LearnedExtractor[] = [],
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const [i, c] of cases.entries()) {
    const message = await getMessage(app.db, tenant.id, c.message_id);
    const raw = message ? await app.blobs.get(message.raw_sha256) : null;
    const analyzed = raw
      ? await analyze(app.analysis, raw, { recipients: message!.recipients, auth: message!.auth })
      : null;
    const vendor = domainOf(message?.from?.address ?? '').toLowerCase();
    const own = learned.filter((l) => l.bucket_id === c.bucket_id && l.vendor_domain === vendor).map(learnedRun);
    const runs = analyzed?.ok ? await schemaRuns(app.analysis, schema.schema, [analyzed.message.view], [own]) : null;
    if (!analyzed?.ok) {
      results.push({
        case_id: c.id,
        message_id: c.message_id,
        passed: false,
        fields: {},
        error: 'the stored message could not be read',
      });
    } else if (!runs?.ok) {
      results.push({
        case_id: c.id,
        message_id: c.message_id,
        passed: false,
        fields: {},
        error: `analysis_limit: ${runs?.ok === false ? runs.limit : ''}`,
      });
    } else {
      const run = runs.value[0]!;
      const fields = Object.fromEntries(
        Object.entries(c.expected).map(([name, expected]) => {
          const def = schema.fields.find((f) => f.name === name);
          const actual = fieldOf(run.fields, name)?.value ?? null;
          const pass = def ? sameValue(def.type as FieldType, def.enum, expected, actual) : false;
          return [name, { expected, actual, confidence: fieldOf(run.fields, name)?.confidence ?? 0, pass }];
        }),
      );
      results.push({
        case_id: c.id,
        message_id: c.message_id,
        passed: Object.values(fields).every((f) => f.pass),
        fields,
      });
    }
    await progress?.(i + 1, cases.length, `case ${i + 1} of ${cases.length}`);
  }
  return results;
}

export function newRun(
  tenant: Tenant,
  bucket: Bucket,
  trigger: TestRun['trigger'],
  candidate: boolean,
  schema: unknown,
  results: CaseResult[],
  now: Date,
): TestRun {
  return {
    id: newId('run', now.getTime()),
    tenant_id: tenant.id,
    bucket_id: bucket.id,
    bucket_name: bucket.name,
    trigger,
    candidate,
    schema,
    passed: results.filter((r) => r.passed).length,
    failed: results.filter((r) => !r.passed).length,
    results,
    created_at: now.toISOString(),
  };
}

export function runStatements(tenant: Tenant, run: TestRun, actor: string, now: Date): Statement[] {
  return [
    insertRunStatement(run),
    eventStatement(
      {
        accountId: tenant.account_id,
        tenantId: tenant.id,
        type: 'test_run.completed',
        subjectId: run.id,
        actor,
        diff: {
          bucket: run.bucket_name,
          passed: run.passed,
          failed: run.failed,
          candidate: run.candidate,
          trigger: run.trigger,
        },
      },
      now,
    ),
  ];
}

export function failures(run: TestRun) {
  return run.results
    .filter((r) => !r.passed)
    .map((r) => ({
      case_id: r.case_id,
      message_id: r.message_id,
      error: r.error ?? null,
      fields: Object.entries(r.fields)
        .filter(([, f]) => !f.pass)
        .map(([field, f]) => ({ field, expected: f.expected, actual: f.actual })),
    }));
}

/** Makes a case of a capture; over the cap the oldest non-tricky case is retired. */
export async function promote(
  app: AppContext,
  tenant: Tenant,
  capture: StoredCapture,
  opts: {
    expected?: Record<string, unknown> | undefined;
    tricky?: boolean | undefined;
    note?: string | undefined;
    origin?: TestCase['origin'];
  },
  actor: string,
  now: Date,
): Promise<{ testCase: TestCase; retired: string | null }> {
  if (!capture.schema)
    throw new ToolError('invalid_state', `Capture ${capture.id} has no schema, so there are no fields to test.`);
  const expected = opts.expected
    ? Object.fromEntries(
        Object.entries(opts.expected).map(([field, value]) => [field, readCorrection(capture, field, value)]),
      )
    : Object.fromEntries(Object.entries(capture.fields).map(([field, f]) => [field, f.value ?? null]));
  const tricky = opts.tricky ?? (capture.corrected || capture.status === 'held' || REVIEW_REASONS.has(capture.reason));
  const testCase: TestCase = {
    id: newId('tst', now.getTime()),
    tenant_id: tenant.id,
    bucket_id: capture.bucket_id,
    capture_id: capture.id,
    message_id: capture.message_id,
    origin: opts.origin ?? 'capture',
    expected,
    tricky,
    note: opts.note ?? null,
    status: 'active',
    created_at: now.toISOString(),
    retired_at: null,
    retired_reason: null,
  };
  const active = await activeCases(app.db, tenant.id, capture.bucket_id);
  let retired: TestCase | undefined;
  if (active.length >= app.config.testCaseCap) {
    retired = active.find((c) => !c.tricky);
    if (!retired) {
      throw new ToolError(
        'conflict',
        `The bucket has ${active.length} active test cases, all tricky (the cap is ${app.config.testCaseCap}); remove_test one first.`,
        { cap: app.config.testCaseCap },
      );
    }
  }
  const event = (type: string, subjectId: string, diff: Record<string, unknown>) =>
    eventStatement({ accountId: tenant.account_id, tenantId: tenant.id, type, subjectId, actor, diff }, now);
  await app.db.batch([
    insertCaseStatement(testCase),
    event('test.promoted', testCase.id, { capture_id: capture.id, tricky, fields: Object.keys(expected) }),
    ...(retired
      ? [
          retireCaseStatement(tenant.id, retired.id, 'cap: oldest non-tricky case retired', now),
          event('test.retired', retired.id, { reason: 'cap', replaced_by: testCase.id }),
        ]
      : []),
  ]);
  return { testCase, retired: retired?.id ?? null };
}

/**
 * The gate on a bucket's schema change: the bucket's active regression cases run against
 * the new schema (null fails every case). Returns the run's statements (with a
 * `bucket.schema_tested` event) to write with the change. When a case fails and neither
 * `force` nor a policy with `require_passing_tests: false` allows it, the run is written
 * alone and the change refused with tests_failing.
 */
export async function schemaChangeGate(
  ctx: TenantToolContext,
  before: Bucket,
  after: Bucket,
  schema: CompiledSchema | null,
  force: boolean,
): Promise<Statement[]> {
  const { app, tenant, actor, now } = ctx;
  const cases = await activeCases(app.db, tenant.id, before.id);
  if (cases.length === 0) return [];
  const results = schema
    ? await runCases(app, tenant, cases, schema, ctx.progress, await learnedInUse(app, tenant, after))
    : cases.map((c) => ({
        case_id: c.id,
        message_id: c.message_id,
        passed: false,
        fields: {},
        error: 'the new schema is empty (null)',
      }));
  const run = newRun(tenant, before, 'update_bucket', true, after.schema, results, now);
  const required = effectivePolicy(tenant.policy as Policy, after.policy as Policy | null).require_passing_tests;
  const outcome = run.failed === 0 ? 'passed' : force ? 'forced' : required ? 'refused' : 'allowed_by_policy';
  const statements = [
    ...runStatements(tenant, run, actor, now),
    eventStatement(
      {
        accountId: tenant.account_id,
        tenantId: tenant.id,
        type: 'bucket.schema_tested',
        subjectId: before.id,
        actor,
        diff: { outcome, run_id: run.id, passed: run.passed, failed: run.failed },
      },
      now,
    ),
  ];
  if (outcome === 'refused') {
    await app.db.batch(statements);
    const failing = failures(run);
    throw new ToolError(
      'tests_failing',
      `The new schema fails ${run.failed} of ${cases.length} regression case(s) (${failing
        .flatMap((f) => f.fields.map((x) => x.field))
        .slice(0, 5)
        .join(', ')}); fix the schema, retire the cases with remove_test, or pass force: true.`,
      { failures: failing, run_id: run.id },
    );
  }
  return statements;
}
