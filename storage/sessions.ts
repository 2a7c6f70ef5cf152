// Console sign-in sessions. A session stands for the API key it was opened with: only the
// SHA-256 of its token is stored, and the key (with its account) is read back with it in
// one query, so a revoked key ends every session opened with it.
import type { Row } from '@libsql/client';
import type { Account } from './accounts.ts';
import type { Db, Statement } from './db.ts';
import { hashKey, type ApiKey } from './keys.ts';

export interface ConsoleSession {
  id: string;
  key_id: string;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
}

export function insertSessionStatement(session: ConsoleSession, token: string): Statement {
  return {
    sql: 'INSERT INTO console_sessions (id, token_hash, key_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    args: [session.id, hashKey(token), session.key_id, session.created_at, session.expires_at],
  };
}

export function endSessionStatement(token: string, now: Date): Statement {
  return {
    sql: 'UPDATE console_sessions SET ended_at = ? WHERE token_hash = ? AND ended_at IS NULL',
    args: [now.toISOString(), hashKey(token)],
  };
}

/** Deletes sessions that expired or were signed out before `cutoff`; returns how many. */
export async function purgeSessionsEndedBefore(db: Db, cutoff: Date): Promise<number> {
  const at = cutoff.toISOString();
  const [result] = await db.batch([
    { sql: 'DELETE FROM console_sessions WHERE expires_at <= ? OR ended_at <= ?', args: [at, at] },
  ]);
  return result?.rowsAffected ?? 0;
}

function rowToSession(row: Row): ConsoleSession {
  return {
    id: String(row.session_id),
    key_id: String(row.session_key_id),
    created_at: String(row.session_created_at),
    expires_at: String(row.session_expires_at),
    ended_at: row.session_ended_at === null ? null : String(row.session_ended_at),
  };
}

/**
 * The session a cookie token names (ended or expired too: the caller says why it is
 * refused) with its key and account, in one read. Tenants of a key with an explicit list
 * come in a second read, as for a bearer key.
 */
export async function findSession(
  db: Db,
  token: string,
): Promise<{ session: ConsoleSession; key: ApiKey; account: Account } | undefined> {
  const row = await db.readOne(
    `SELECT k.*, s.id AS session_id, s.key_id AS session_key_id, s.created_at AS session_created_at,
            s.expires_at AS session_expires_at, s.ended_at AS session_ended_at,
            a.kind AS account_kind, a.email AS account_email, a.email_verified AS account_email_verified,
            a.created_at AS account_created_at
     FROM console_sessions s JOIN api_keys k ON k.id = s.key_id JOIN accounts a ON a.id = k.account_id
     WHERE s.token_hash = ?`,
    [hashKey(token)],
  );
  if (!row) return undefined;
  const tenants =
    Number(row.all_tenants) === 1
      ? []
      : (
          await db.read('SELECT tenant_id FROM api_key_tenants WHERE key_id = ? ORDER BY tenant_id', [String(row.id)])
        ).map((r) => String(r.tenant_id));
  const key: ApiKey = {
    id: String(row.id),
    account_id: String(row.account_id),
    prefix: String(row.prefix),
    label: String(row.label),
    scopes: JSON.parse(String(row.scopes)),
    all_tenants: Number(row.all_tenants) === 1,
    tenants,
    created_at: String(row.created_at),
    last_used_at: row.last_used_at === null ? null : String(row.last_used_at),
    revoked_at: row.revoked_at === null ? null : String(row.revoked_at),
  };
  const account: Account = {
    id: key.account_id,
    kind: row.account_kind as Account['kind'],
    email: row.account_email === null ? null : String(row.account_email),
    email_verified: Number(row.account_email_verified) === 1,
    created_at: String(row.account_created_at),
  };
  return { session: rowToSession(row), key, account };
}
