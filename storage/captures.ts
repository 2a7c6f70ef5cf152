// Captures (one per processing of a message in a bucket) and the corrections made to them.
import type { Row } from '@libsql/client';
import type { CaptureStatus } from '../pipeline/route.ts';
import type { Schema } from '../pipeline/schema.ts';
import type { Flag } from '../pipeline/types.ts';
import type { ValidationIssue } from '../pipeline/validate.ts';
import type { Db, Statement } from './db.ts';
import { newId } from './ids.ts';

export type StoredSource =
  | { document_id: string | null; document_index: number; start: number; end: number }
  | { header: string }
  | { constant: true }
  | { corrected: true }
  | null;

export interface StoredField {
  value: unknown;
  confidence: number;
  raw: string | null;
  source: StoredSource;
  corrected?: boolean;
  /** The learned extractor that read the value (approving the capture confirms it). */
  learned?: string;
}

export interface StoredCapture {
  id: string;
  tenant_id: string;
  message_id: string;
  bucket_id: string;
  bucket_name: string;
  status: CaptureStatus;
  reason: string;
  /** The schema the capture was extracted with; corrections re-validate against it. */
  schema: Schema | null;
  fields: Record<string, StoredField>;
  issues: ValidationIssue[];
  confidence: number | null;
  flags: Flag[];
  corrected: boolean;
  applied_by: string | null;
  applied_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface Correction {
  id: string;
  field: string;
  before: unknown;
  after: unknown;
  actor: string;
  reason: string | null;
  created_at: string;
}

const j = (v: unknown) => JSON.stringify(v ?? null);
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));

function rowToCapture(row: Row): StoredCapture {
  return {
    id: String(row.id),
    tenant_id: String(row.tenant_id),
    message_id: String(row.message_id),
    bucket_id: String(row.bucket_id),
    bucket_name: String(row.bucket_name),
    status: row.status as CaptureStatus,
    reason: String(row.reason),
    schema: row.schema === null ? null : JSON.parse(String(row.schema)),
    fields: JSON.parse(String(row.fields)),
    issues: JSON.parse(String(row.issues)),
    confidence: row.confidence === null ? null : Number(row.confidence),
    flags: JSON.parse(String(row.flags)),
    corrected: Number(row.corrected) === 1,
    applied_by: s(row.applied_by),
    applied_at: s(row.applied_at),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
  };
}

export function insertCaptureStatement(c: StoredCapture): Statement {
  return {
    sql: `INSERT INTO captures (id, tenant_id, message_id, bucket_id, bucket_name, status, reason, schema, fields, issues,
            confidence, flags, corrected, applied_by, applied_at, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      c.id,
      c.tenant_id,
      c.message_id,
      c.bucket_id,
      c.bucket_name,
      c.status,
      c.reason,
      c.schema ? j(c.schema) : null,
      j(c.fields),
      j(c.issues),
      c.confidence,
      j(c.flags),
      c.corrected ? 1 : 0,
      c.applied_by,
      c.applied_at,
      c.created_at,
      c.updated_at,
    ],
  };
}

export function updateCaptureStatement(c: StoredCapture): Statement {
  return {
    sql: `UPDATE captures SET status = ?, reason = ?, fields = ?, issues = ?, confidence = ?, corrected = ?, applied_by = ?,
            applied_at = ?, updated_at = ? WHERE tenant_id = ? AND id = ?`,
    args: [
      c.status,
      c.reason,
      j(c.fields),
      j(c.issues),
      c.confidence,
      c.corrected ? 1 : 0,
      c.applied_by,
      c.applied_at,
      c.updated_at,
      c.tenant_id,
      c.id,
    ],
  };
}

export async function getCapture(db: Db, tenantId: string, id: string): Promise<StoredCapture | undefined> {
  const row = await db.readOne('SELECT * FROM captures WHERE tenant_id = ? AND id = ?', [tenantId, id]);
  return row ? rowToCapture(row) : undefined;
}

export async function newestCaptureOf(db: Db, tenantId: string, messageId: string): Promise<StoredCapture | undefined> {
  const row = await db.readOne(
    'SELECT * FROM captures WHERE tenant_id = ? AND message_id = ? ORDER BY id DESC LIMIT 1',
    [tenantId, messageId],
  );
  return row ? rowToCapture(row) : undefined;
}

export async function listCapturesOfMessage(db: Db, tenantId: string, messageId: string): Promise<StoredCapture[]> {
  const rows = await db.read('SELECT * FROM captures WHERE tenant_id = ? AND message_id = ? ORDER BY id', [
    tenantId,
    messageId,
  ]);
  return rows.map(rowToCapture);
}

export interface CaptureQuery {
  tenantId: string;
  bucketId?: string | undefined;
  status?: string | undefined;
  messageId?: string | undefined;
  /** Extra SQL condition on captures `c` (the delivery filter), with its arguments. */
  extra?: { sql: string; args: Statement['args'] } | undefined;
  before?: string | undefined;
  limit: number;
}

export type CaptureSummaryRow = Pick<
  StoredCapture,
  | 'id'
  | 'message_id'
  | 'bucket_id'
  | 'bucket_name'
  | 'status'
  | 'reason'
  | 'confidence'
  | 'corrected'
  | 'applied_by'
  | 'applied_at'
  | 'created_at'
>;

/** Summaries only: a list never needs (or parses) the fields and schema JSON. */
export async function listCaptures(db: Db, q: CaptureQuery): Promise<CaptureSummaryRow[]> {
  const where = ['c.tenant_id = ?'];
  const args: Statement['args'] = [q.tenantId];
  if (q.bucketId) {
    where.push('c.bucket_id = ?');
    args.push(q.bucketId);
  }
  if (q.status) {
    where.push('c.status = ?');
    args.push(q.status);
  }
  if (q.messageId) {
    where.push('c.message_id = ?');
    args.push(q.messageId);
  }
  if (q.extra) {
    where.push(q.extra.sql);
    args.push(...q.extra.args);
  }
  if (q.before) {
    where.push('c.id < ?');
    args.push(q.before);
  }
  args.push(q.limit);
  const rows = await db.read(
    `SELECT c.id, c.message_id, c.bucket_id, c.bucket_name, c.status, c.reason, c.confidence, c.corrected, c.applied_by, c.applied_at, c.created_at
     FROM captures c WHERE ${where.join(' AND ')} ORDER BY c.id DESC LIMIT ?`,
    args,
  );
  return rows.map((r) => ({
    id: String(r.id),
    message_id: String(r.message_id),
    bucket_id: String(r.bucket_id),
    bucket_name: String(r.bucket_name),
    status: r.status as CaptureStatus,
    reason: String(r.reason),
    confidence: r.confidence === null ? null : Number(r.confidence),
    corrected: Number(r.corrected) === 1,
    applied_by: s(r.applied_by),
    applied_at: s(r.applied_at),
    created_at: String(r.created_at),
  }));
}

export function insertCorrectionStatement(
  tenantId: string,
  captureId: string,
  c: Omit<Correction, 'id'>,
  now: Date,
): Statement {
  return {
    sql: `INSERT INTO corrections (id, tenant_id, capture_id, field, before_value, after_value, actor, reason, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      newId('cor', now.getTime()),
      tenantId,
      captureId,
      c.field,
      j(c.before),
      j(c.after),
      c.actor,
      c.reason,
      c.created_at,
    ],
  };
}

export async function listCorrections(db: Db, tenantId: string, captureId: string): Promise<Correction[]> {
  const rows = await db.read('SELECT * FROM corrections WHERE tenant_id = ? AND capture_id = ? ORDER BY id', [
    tenantId,
    captureId,
  ]);
  return rows.map((r) => ({
    id: String(r.id),
    field: String(r.field),
    before: JSON.parse(String(r.before_value)),
    after: JSON.parse(String(r.after_value)),
    actor: String(r.actor),
    reason: s(r.reason),
    created_at: String(r.created_at),
  }));
}

export function newCaptureId(now: Date): string {
  return newId('cap', now.getTime());
}
