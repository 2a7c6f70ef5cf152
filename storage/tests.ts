// Regression test cases and test runs.
import type { Row } from '@libsql/client';
import type { Db, Statement } from './db.ts';

export interface TestCase {
  id: string;
  tenant_id: string;
  bucket_id: string;
  capture_id: string;
  message_id: string;
  /** capture: promoted by promote_to_test; learned: the correction that taught a learned extractor. */
  origin: 'capture' | 'learned';
  expected: Record<string, unknown>;
  tricky: boolean;
  note: string | null;
  status: 'active' | 'retired';
  created_at: string;
  retired_at: string | null;
  retired_reason: string | null;
}

export interface FieldCheck {
  expected: unknown;
  actual: unknown;
  confidence: number;
  pass: boolean;
}
export interface CaseResult {
  case_id: string;
  message_id: string;
  passed: boolean;
  fields: Record<string, FieldCheck>;
  error?: string;
}

export interface TestRun {
  id: string;
  tenant_id: string;
  bucket_id: string;
  bucket_name: string;
  trigger: 'run_tests' | 'update_bucket';
  candidate: boolean;
  schema: unknown;
  passed: number;
  failed: number;
  results: CaseResult[];
  created_at: string;
}

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

function rowToCase(r: Row): TestCase {
  return {
    id: String(r.id),
    tenant_id: String(r.tenant_id),
    bucket_id: String(r.bucket_id),
    capture_id: String(r.capture_id),
    message_id: String(r.message_id),
    origin: r.origin === 'learned' ? 'learned' : 'capture',
    expected: JSON.parse(String(r.expected)),
    tricky: Number(r.tricky) === 1,
    note: str(r.note),
    status: r.status as TestCase['status'],
    created_at: String(r.created_at),
    retired_at: str(r.retired_at),
    retired_reason: str(r.retired_reason),
  };
}

function rowToRun(r: Row): TestRun {
  return {
    id: String(r.id),
    tenant_id: String(r.tenant_id),
    bucket_id: String(r.bucket_id),
    bucket_name: String(r.bucket_name),
    trigger: r.trigger as TestRun['trigger'],
    candidate: Number(r.candidate) === 1,
    schema: r.schema === null ? null : JSON.parse(String(r.schema)),
    passed: Number(r.passed),
    failed: Number(r.failed),
    results: JSON.parse(String(r.results)),
    created_at: String(r.created_at),
  };
}

export function insertCaseStatement(c: TestCase): Statement {
  return {
    sql: `INSERT INTO test_cases (id, tenant_id, bucket_id, capture_id, message_id, origin, expected, tricky, note, status, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?)`,
    args: [
      c.id,
      c.tenant_id,
      c.bucket_id,
      c.capture_id,
      c.message_id,
      c.origin,
      JSON.stringify(c.expected),
      c.tricky ? 1 : 0,
      c.note,
      c.created_at,
    ],
  };
}

export function retireCaseStatement(tenantId: string, id: string, reason: string | null, now: Date): Statement {
  return {
    sql: `UPDATE test_cases SET status = 'retired', retired_at = ?, retired_reason = ? WHERE tenant_id = ? AND id = ? AND status = 'active'`,
    args: [now.toISOString(), reason, tenantId, id],
  };
}

export async function getCase(db: Db, tenantId: string, id: string): Promise<TestCase | undefined> {
  const row = await db.readOne('SELECT * FROM test_cases WHERE tenant_id = ? AND id = ?', [tenantId, id]);
  return row ? rowToCase(row) : undefined;
}

/** Oldest first. */
export async function activeCases(db: Db, tenantId: string, bucketId: string): Promise<TestCase[]> {
  const rows = await db.read(
    `SELECT * FROM test_cases WHERE tenant_id = ? AND bucket_id = ? AND status = 'active' ORDER BY id`,
    [tenantId, bucketId],
  );
  return rows.map(rowToCase);
}

export async function listCases(
  db: Db,
  q: { tenantId: string; bucketId?: string | undefined; includeRetired: boolean; limit: number },
): Promise<TestCase[]> {
  const where = ['tenant_id = ?'];
  const args: Statement['args'] = [q.tenantId];
  if (q.bucketId) {
    where.push('bucket_id = ?');
    args.push(q.bucketId);
  }
  if (!q.includeRetired) where.push(`status = 'active'`);
  args.push(q.limit);
  const rows = await db.read(`SELECT * FROM test_cases WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ?`, args);
  return rows.map(rowToCase);
}

export function insertRunStatement(r: TestRun): Statement {
  return {
    sql: `INSERT INTO test_runs (id, tenant_id, bucket_id, bucket_name, trigger, candidate, schema, passed, failed, results, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      r.id,
      r.tenant_id,
      r.bucket_id,
      r.bucket_name,
      r.trigger,
      r.candidate ? 1 : 0,
      r.schema === null ? null : JSON.stringify(r.schema),
      r.passed,
      r.failed,
      JSON.stringify(r.results),
      r.created_at,
    ],
  };
}

export async function getRun(db: Db, tenantId: string, id: string): Promise<TestRun | undefined> {
  const row = await db.readOne('SELECT * FROM test_runs WHERE tenant_id = ? AND id = ?', [tenantId, id]);
  return row ? rowToRun(row) : undefined;
}

export async function listRuns(
  db: Db,
  q: { tenantId: string; bucketId?: string | undefined; limit: number },
): Promise<TestRun[]> {
  const rows = q.bucketId
    ? await db.read('SELECT * FROM test_runs WHERE tenant_id = ? AND bucket_id = ? ORDER BY id DESC LIMIT ?', [
        q.tenantId,
        q.bucketId,
        q.limit,
      ])
    : await db.read('SELECT * FROM test_runs WHERE tenant_id = ? ORDER BY id DESC LIMIT ?', [q.tenantId, q.limit]);
  return rows.map(rowToRun);
}

/** Deletes runs created before `cutoff` (every tenant); returns how many. */
export async function purgeRunsBefore(db: Db, cutoff: string): Promise<number> {
  const [result] = await db.batch([{ sql: 'DELETE FROM test_runs WHERE created_at < ?', args: [cutoff] }]);
  return result?.rowsAffected ?? 0;
}

/** The active case a correction made of this capture (origin learned), to add later corrections to it. */
export async function learnedCaseOf(db: Db, tenantId: string, captureId: string): Promise<TestCase | undefined> {
  const row = await db.readOne(
    `SELECT * FROM test_cases WHERE tenant_id = ? AND capture_id = ? AND origin = 'learned' AND status = 'active' LIMIT 1`,
    [tenantId, captureId],
  );
  return row ? rowToCase(row) : undefined;
}

export function updateCaseExpectedStatement(
  tenantId: string,
  id: string,
  expected: Record<string, unknown>,
): Statement {
  return {
    sql: `UPDATE test_cases SET expected = ? WHERE tenant_id = ? AND id = ?`,
    args: [JSON.stringify(expected), tenantId, id],
  };
}
