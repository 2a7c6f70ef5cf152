// Idempotency keys: the first result of an operation, by tenant and key, until it expires.
import type { Row } from '@libsql/client';
import type { Db, Statement } from './db.ts';

export interface IdempotencyRecord {
  tenant_id: string;
  idempotency_key: string;
  operation: string;
  request_sha256: string;
  /** The first answer, as JSON. */
  result: string;
  created_at: string;
  expires_at: string;
}

function rowToRecord(row: Row): IdempotencyRecord {
  return {
    tenant_id: String(row.tenant_id),
    idempotency_key: String(row.idempotency_key),
    operation: String(row.operation),
    request_sha256: String(row.request_sha256),
    result: String(row.result),
    created_at: String(row.created_at),
    expires_at: String(row.expires_at),
  };
}

/**
 * The live record of `key` in the tenant, or undefined. Read from the primary: a retry may
 * reach another node than the first attempt, and a replica may not have its row yet.
 */
export async function findIdempotencyRecord(
  db: Db,
  tenantId: string,
  key: string,
  now: Date,
): Promise<IdempotencyRecord | undefined> {
  const rows = await db.readPrimary(
    'SELECT * FROM idempotency_keys WHERE tenant_id = ? AND idempotency_key = ? AND expires_at > ?',
    [tenantId, key, now.toISOString()],
  );
  return rows[0] ? rowToRecord(rows[0]) : undefined;
}

/**
 * Statements that record `record` with the writes it remembers. An expired row of the same
 * key goes first; a live one makes the insert, and so the whole batch, fail on the primary
 * key: of two attempts racing with one key, exactly one commits.
 */
export function rememberStatements(record: IdempotencyRecord): Statement[] {
  return [
    {
      sql: 'DELETE FROM idempotency_keys WHERE tenant_id = ? AND idempotency_key = ? AND expires_at <= ?',
      args: [record.tenant_id, record.idempotency_key, record.created_at],
    },
    {
      sql:
        'INSERT INTO idempotency_keys (tenant_id, idempotency_key, operation, request_sha256, result, created_at, expires_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?)',
      args: [
        record.tenant_id,
        record.idempotency_key,
        record.operation,
        record.request_sha256,
        record.result,
        record.created_at,
        record.expires_at,
      ],
    },
  ];
}

/** Deletes every record expired at `now`; returns how many. */
export async function purgeExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const [result] = await db.batch([
    { sql: 'DELETE FROM idempotency_keys WHERE expires_at <= ?', args: [now.toISOString()] },
  ]);
  return result?.rowsAffected ?? 0;
}
