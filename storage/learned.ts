// Extractors learned from corrections (pipeline/learn.ts derives them; services/learning.ts
// decides when), one per tenant, bucket, vendor domain, field and layout; and the values they
// read on captures applied by policy, waiting to count as confirmations (learned_pending).
import type { Row } from '@libsql/client';
import type { Extractor } from '../pipeline/schema.ts';
import type { Db, Statement } from './db.ts';

export interface LearnedExtractor {
  id: string;
  tenant_id: string;
  bucket_id: string;
  vendor_domain: string;
  field: string;
  extractor: Extractor;
  /** Fingerprint of the stable label lines of the document it was learned from (pipeline/learn.ts layoutOf); '' fits any (an e-invoice element's), 'any' a general reader's. */
  layout: string;
  /** The capture whose correction taught it. */
  learned_from: string;
  confirmations: number;
  corrections: number;
  created_by: string;
  created_at: string;
  updated_at: string;
}

function rowToLearned(r: Row): LearnedExtractor {
  return {
    id: String(r.id),
    tenant_id: String(r.tenant_id),
    bucket_id: String(r.bucket_id),
    vendor_domain: String(r.vendor_domain),
    field: String(r.field),
    extractor: JSON.parse(String(r.extractor)),
    layout: String(r.layout ?? ''),
    learned_from: String(r.learned_from),
    confirmations: Number(r.confirmations),
    corrections: Number(r.corrections),
    created_by: String(r.created_by),
    created_at: String(r.created_at),
    updated_at: String(r.updated_at),
  };
}

/** Inserts, or rewrites the record of the same id (extractor, layout, source and counts as given). */
export function upsertLearnedStatement(l: LearnedExtractor): Statement {
  return {
    sql: `INSERT INTO learned_extractors (id, tenant_id, bucket_id, vendor_domain, field, extractor, learned_from,
            confirmations, corrections, created_by, created_at, updated_at, layout)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (id) DO UPDATE SET
            extractor = excluded.extractor, layout = excluded.layout, learned_from = excluded.learned_from,
            confirmations = excluded.confirmations, corrections = excluded.corrections, updated_at = excluded.updated_at`,
    args: [
      l.id,
      l.tenant_id,
      l.bucket_id,
      l.vendor_domain,
      l.field,
      JSON.stringify(l.extractor),
      l.learned_from,
      l.confirmations,
      l.corrections,
      l.created_by,
      l.created_at,
      l.updated_at,
      l.layout,
    ],
  };
}

/** Adds to a learned extractor's record: a confirmation (its value approved) or a correction (its value changed). */
export function countLearnedStatement(
  tenantId: string,
  id: string,
  kind: 'confirmations' | 'corrections',
  now: Date,
): Statement {
  const column = kind === 'confirmations' ? 'confirmations' : 'corrections';
  return {
    sql: `UPDATE learned_extractors SET ${column} = ${column} + 1, updated_at = ? WHERE tenant_id = ? AND id = ?`,
    args: [now.toISOString(), tenantId, id],
  };
}

export function deleteLearnedStatement(tenantId: string, id: string): Statement {
  return { sql: 'DELETE FROM learned_extractors WHERE tenant_id = ? AND id = ?', args: [tenantId, id] };
}

export function deletePendingOfLearnedStatement(tenantId: string, id: string): Statement {
  return { sql: 'DELETE FROM learned_pending WHERE tenant_id = ? AND learned_id = ?', args: [tenantId, id] };
}

export async function getLearned(db: Db, tenantId: string, id: string): Promise<LearnedExtractor | undefined> {
  const row = await db.readOne('SELECT * FROM learned_extractors WHERE tenant_id = ? AND id = ?', [tenantId, id]);
  return row ? rowToLearned(row) : undefined;
}

/** The vendor's learned extractors of one field, one per layout, oldest first. */
export async function findLearnedOfField(
  db: Db,
  tenantId: string,
  bucketId: string,
  vendorDomain: string,
  field: string,
): Promise<LearnedExtractor[]> {
  const rows = await db.read(
    'SELECT * FROM learned_extractors WHERE tenant_id = ? AND bucket_id = ? AND vendor_domain = ? AND field = ? ORDER BY created_at, id',
    [tenantId, bucketId, vendorDomain, field],
  );
  return rows.map(rowToLearned);
}

/** Replaces a learned extractor's extractor in place (an edit by a person or agent), keeping its id and record. */
export function editLearnedStatement(tenantId: string, id: string, extractor: Extractor, now: Date): Statement {
  return {
    sql: 'UPDATE learned_extractors SET extractor = ?, updated_at = ? WHERE tenant_id = ? AND id = ?',
    args: [JSON.stringify(extractor), now.toISOString(), tenantId, id],
  };
}

/** A value a learned extractor read on a capture applied by policy: a confirmation once the vendor's next message arrives. */
export function insertPendingStatement(
  p: {
    tenant_id: string;
    bucket_id: string;
    vendor_domain: string;
    message_id: string;
    capture_id: string;
    field: string;
    learned_id: string;
  },
  now: Date,
): Statement {
  return {
    sql: `INSERT OR IGNORE INTO learned_pending (tenant_id, bucket_id, vendor_domain, message_id, capture_id, field, learned_id, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      p.tenant_id,
      p.bucket_id,
      p.vendor_domain,
      p.message_id,
      p.capture_id,
      p.field,
      p.learned_id,
      now.toISOString(),
    ],
  };
}

/**
 * The vendor's next message has reached the bucket: each pending value of its earlier
 * messages that is still the learned extractor's on a capture still applied (nobody
 * corrected it, nothing replaced it) counts one confirmation; then they stop pending. A
 * new capture of the same message (reprocessing) replaces its earlier one: those stop
 * pending without counting.
 */
export function settlePendingStatements(
  tenantId: string,
  bucketId: string,
  vendorDomain: string,
  messageId: string,
  now: Date,
): Statement[] {
  const uncorrected = `FROM learned_pending p JOIN captures c ON c.tenant_id = p.tenant_id AND c.id = p.capture_id
    WHERE p.tenant_id = ? AND p.bucket_id = ? AND p.vendor_domain = ? AND p.message_id != ?
      AND c.status = 'applied' AND json_extract(c.fields, '$."' || p.field || '".learned') = p.learned_id`;
  const args = [tenantId, bucketId, vendorDomain, messageId];
  return [
    {
      sql: `UPDATE learned_extractors SET updated_at = ?,
              confirmations = confirmations + (SELECT COUNT(*) ${uncorrected} AND p.learned_id = learned_extractors.id)
            WHERE tenant_id = ? AND id IN (SELECT p.learned_id ${uncorrected})`,
      args: [now.toISOString(), ...args, tenantId, ...args],
    },
    {
      sql: 'DELETE FROM learned_pending WHERE tenant_id = ? AND bucket_id = ? AND vendor_domain = ?',
      args: [tenantId, bucketId, vendorDomain],
    },
  ];
}

/** A bucket's learned extractors, by vendor then field; at most `limit` when given. */
export async function listLearned(
  db: Db,
  tenantId: string,
  bucketId: string,
  limit?: number,
): Promise<LearnedExtractor[]> {
  const rows = await db.read(
    `SELECT * FROM learned_extractors WHERE tenant_id = ? AND bucket_id = ? ORDER BY vendor_domain, field${limit ? ' LIMIT ?' : ''}`,
    limit ? [tenantId, bucketId, limit] : [tenantId, bucketId],
  );
  return rows.map(rowToLearned);
}

export async function countLearned(db: Db, tenantId: string, bucketId: string): Promise<number> {
  const row = await db.readOne('SELECT COUNT(*) AS n FROM learned_extractors WHERE tenant_id = ? AND bucket_id = ?', [
    tenantId,
    bucketId,
  ]);
  return Number(row?.n ?? 0);
}

/**
 * Every learned extractor of the tenant, as ingest reads them for each message: kept per
 * process and read again only when the tenant's version in learned_versions moved (raised
 * by triggers on every insert, update and delete, on any node). Measured with 560 learned
 * extractors (bench/throughput.ts BENCH_LEARNED=1): reading and mapping them took 11 ms a
 * message. Callers must not change the rows.
 */
export async function listLearnedOfTenant(db: Db, tenantId: string): Promise<LearnedExtractor[]> {
  const versionRow = await db.readOne('SELECT version FROM learned_versions WHERE tenant_id = ?', [tenantId]);
  const stamp = String(versionRow?.version ?? 0);
  let cache = learnedCache.get(db);
  if (!cache) {
    cache = new Map();
    learnedCache.set(db, cache);
  }
  const kept = cache.get(tenantId);
  if (kept?.stamp === stamp) return kept.rows;
  const rows = (
    await db.read('SELECT * FROM learned_extractors WHERE tenant_id = ? ORDER BY bucket_id, vendor_domain', [tenantId])
  ).map(rowToLearned);
  if (cache.size >= 1000) cache.clear();
  cache.set(tenantId, { stamp, rows });
  return rows;
}

const learnedCache = new WeakMap<Db, Map<string, { stamp: string; rows: LearnedExtractor[] }>>();
