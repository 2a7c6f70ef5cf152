import type { Row } from '@libsql/client';
import type { Db, Statement } from './db.ts';
import { newId } from './ids.ts';

export interface Bucket {
  id: string;
  tenant_id: string;
  name: string;
  description: string;
  priority: number;
  enabled: boolean;
  rule: unknown | null;
  /** A starter reference ("starter:invoice") or a schema object. */
  schema: string | Record<string, unknown> | null;
  policy: Record<string, unknown> | null;
  destinations: string[];
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
const parse = (v: unknown) => (v === null || v === undefined ? null : JSON.parse(String(v)));

function rowToBucket(row: Row): Bucket {
  return {
    id: String(row.id),
    tenant_id: String(row.tenant_id),
    name: String(row.name),
    description: String(row.description),
    priority: Number(row.priority),
    enabled: Number(row.enabled) === 1,
    rule: parse(row.rule),
    schema: parse(row.schema),
    policy: parse(row.policy),
    destinations: JSON.parse(String(row.destinations)),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    deleted_at: row.deleted_at === null ? null : String(row.deleted_at),
  };
}

export type BucketFields = Pick<
  Bucket,
  'name' | 'description' | 'priority' | 'enabled' | 'rule' | 'schema' | 'policy' | 'destinations'
>;

export function newBucket(tenantId: string, fields: BucketFields, now: Date): Bucket {
  const at = now.toISOString();
  return {
    id: newId('bkt', now.getTime()),
    tenant_id: tenantId,
    ...fields,
    created_at: at,
    updated_at: at,
    deleted_at: null,
  };
}

export function insertBucketStatement(b: Bucket): Statement {
  return {
    sql: `INSERT INTO buckets (id, tenant_id, name, description, priority, enabled, rule, schema, policy, destinations, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      b.id,
      b.tenant_id,
      b.name,
      b.description,
      b.priority,
      b.enabled ? 1 : 0,
      json(b.rule),
      json(b.schema),
      json(b.policy),
      JSON.stringify(b.destinations),
      b.created_at,
      b.updated_at,
    ],
  };
}

export function updateBucketStatement(b: Bucket): Statement {
  return {
    sql: `UPDATE buckets SET name = ?, description = ?, priority = ?, enabled = ?, rule = ?, schema = ?, policy = ?,
            destinations = ?, updated_at = ? WHERE tenant_id = ? AND id = ? AND deleted_at IS NULL`,
    args: [
      b.name,
      b.description,
      b.priority,
      b.enabled ? 1 : 0,
      json(b.rule),
      json(b.schema),
      json(b.policy),
      JSON.stringify(b.destinations),
      b.updated_at,
      b.tenant_id,
      b.id,
    ],
  };
}

export function deleteBucketStatement(tenantId: string, id: string, now: Date): Statement {
  return {
    sql: 'UPDATE buckets SET deleted_at = ? WHERE tenant_id = ? AND id = ? AND deleted_at IS NULL',
    args: [now.toISOString(), tenantId, id],
  };
}

/** Live buckets by priority then name: the order classification uses. */
export async function listBuckets(db: Db, tenantId: string): Promise<Bucket[]> {
  const rows = await db.read(
    'SELECT * FROM buckets WHERE tenant_id = ? AND deleted_at IS NULL ORDER BY priority, name',
    [tenantId],
  );
  return rows.map(rowToBucket);
}

/** A live bucket by id or name. */
export async function findBucket(db: Db, tenantId: string, ref: string): Promise<Bucket | undefined> {
  const row = await db.readOne(
    'SELECT * FROM buckets WHERE tenant_id = ? AND deleted_at IS NULL AND (id = ? OR name = ?)',
    [tenantId, ref, ref],
  );
  return row ? rowToBucket(row) : undefined;
}

export async function bucketNameTaken(db: Db, tenantId: string, name: string, exceptId?: string): Promise<boolean> {
  const row = await db.readOne('SELECT id FROM buckets WHERE tenant_id = ? AND name = ? AND deleted_at IS NULL', [
    tenantId,
    name,
  ]);
  return row !== undefined && String(row.id) !== exceptId;
}

/** A bucket by id, deleted or not (captures keep naming deleted buckets). */
export async function findBucketAnyState(db: Db, tenantId: string, id: string): Promise<Bucket | undefined> {
  const row = await db.readOne('SELECT * FROM buckets WHERE tenant_id = ? AND id = ?', [tenantId, id]);
  return row ? rowToBucket(row) : undefined;
}
