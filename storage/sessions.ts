// Console sign-in sessions. A session stands for the API key it was opened with: only the
// SHA-256 of its token is stored, and the key (with its account) is read back with it in
// one query, so a revoked key ends every session opened with it.
import type { Row } from '@libsql/client';
import type { Account } from './accounts.ts';
import type { Db, Statement } from './db.ts';
import { CREDENTIAL_COLUMNS, credentialOfRow, hashKey, type ApiKey } from './keys.ts';

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
    `SELECT ${CREDENTIAL_COLUMNS}, s.id AS session_id, s.key_id AS session_key_id,
            s.created_at AS session_created_at, s.expires_at AS session_expires_at, s.ended_at AS session_ended_at
     FROM console_sessions s JOIN api_keys k ON k.id = s.key_id JOIN accounts a ON a.id = k.account_id
     WHERE s.token_hash = ?`,
    [hashKey(token)],
  );
  if (!row) return undefined;
  return { session: rowToSession(row), ...(await credentialOfRow(db, row)) };
}
