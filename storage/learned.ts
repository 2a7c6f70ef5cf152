// Extractors learned from corrections (pipeline/learn.ts derives them; services/learning.ts
// decides when), one per tenant, bucket, vendor domain and field.
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
    learned_from: String(r.learned_from),
    confirmations: Number(r.confirmations),
    corrections: Number(r.corrections),
    created_by: String(r.created_by),
    created_at: String(r.created_at),
    updated_at: String(r.updated_at),
  };
}

/** Inserts, or replaces the extractor of the same bucket, vendor and field (keeping its id and counts as given). */
export function upsertLearnedStatement(l: LearnedExtractor): Statement {
  return {
    sql: `INSERT INTO learned_extractors (id, tenant_id, bucket_id, vendor_domain, field, extractor, learned_from,
            confirmations, corrections, created_by, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (tenant_id, bucket_id, vendor_domain, field) DO UPDATE SET
            extractor = excluded.extractor, learned_from = excluded.learned_from,
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

export async function getLearned(db: Db, tenantId: string, id: string): Promise<LearnedExtractor | undefined> {
  const row = await db.readOne('SELECT * FROM learned_extractors WHERE tenant_id = ? AND id = ?', [tenantId, id]);
  return row ? rowToLearned(row) : undefined;
}

export async function findLearned(
  db: Db,
  tenantId: string,
  bucketId: string,
  vendorDomain: string,
  field: string,
): Promise<LearnedExtractor | undefined> {
  const row = await db.readOne(
    'SELECT * FROM learned_extractors WHERE tenant_id = ? AND bucket_id = ? AND vendor_domain = ? AND field = ?',
    [tenantId, bucketId, vendorDomain, field],
  );
  return row ? rowToLearned(row) : undefined;
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

/** Every learned extractor of the tenant (ingest passes a bucket's to extraction). */
export async function listLearnedOfTenant(db: Db, tenantId: string): Promise<LearnedExtractor[]> {
  const rows = await db.read('SELECT * FROM learned_extractors WHERE tenant_id = ? ORDER BY bucket_id, vendor_domain', [
    tenantId,
  ]);
  return rows.map(rowToLearned);
}
