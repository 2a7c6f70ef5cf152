// API keys. Only the SHA-256 of a key is stored; the plaintext exists once, in the
// create_key answer (or the CLI's output).
import type { Row } from '@libsql/client';
import { createHash, randomBytes } from 'node:crypto';
import type { Account } from './accounts.ts';
import type { Db, Statement } from './db.ts';
import { newId } from './ids.ts';

export const SCOPES = ['read', 'propose', 'run', 'approve', 'configure'] as const;
export type Scope = (typeof SCOPES)[number];

export interface ApiKey {
  id: string;
  account_id: string;
  prefix: string;
  label: string;
  scopes: Scope[];
  /** true: every tenant the account owns now and later; false: exactly `tenants`. */
  all_tenants: boolean;
  tenants: string[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 62 * 4: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export function hashKey(plaintext: string): string {
  return createHash('sha256').update(plaintext).digest('hex');
}

export interface NewKey {
  key: ApiKey;
  plaintext: string;
  statements: Statement[];
}

/** Builds a key and the statements that store it (the caller adds its event). */
export function newKey(
  accountId: string,
  label: string,
  scopes: Scope[],
  tenants: string[] | null,
  createdBy: string | null,
  now: Date,
): NewKey {
  const prefix = randomBase62(12);
  const plaintext = `svc_${prefix}_${randomBase62(32)}`;
  const key: ApiKey = {
    id: newId('key', now.getTime()),
    account_id: accountId,
    prefix: `svc_${prefix}`,
    label,
    scopes: SCOPES.filter((s) => scopes.includes(s)),
    all_tenants: tenants === null,
    tenants: tenants ?? [],
    created_at: now.toISOString(),
    last_used_at: null,
    revoked_at: null,
  };
  const statements: Statement[] = [
    {
      sql: `INSERT INTO api_keys (id, account_id, prefix, key_hash, label, scopes, all_tenants, created_at, created_by)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        key.id,
        accountId,
        key.prefix,
        hashKey(plaintext),
        label,
        JSON.stringify(key.scopes),
        key.all_tenants ? 1 : 0,
        key.created_at,
        createdBy,
      ],
    },
  ];
  for (const tenantId of key.tenants) {
    statements.push({ sql: 'INSERT INTO api_key_tenants (key_id, tenant_id) VALUES (?, ?)', args: [key.id, tenantId] });
  }
  return { key, plaintext, statements };
}

function rowToKey(row: Row, tenants: string[]): ApiKey {
  return {
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
}

async function keyTenants(db: Db, keyId: string): Promise<string[]> {
  const rows = await db.read('SELECT tenant_id FROM api_key_tenants WHERE key_id = ? ORDER BY tenant_id', [keyId]);
  return rows.map((r) => String(r.tenant_id));
}

/** The columns `credentialOfRow` reads: the key's own and its account's (`k` and `a`). */
export const CREDENTIAL_COLUMNS = `k.*, a.kind AS account_kind, a.email AS account_email,
            a.email_verified AS account_email_verified, a.created_at AS account_created_at`;

/** A key and its account from a row of CREDENTIAL_COLUMNS (its tenants read when it lists them). */
export async function credentialOfRow(db: Db, row: Row): Promise<{ key: ApiKey; account: Account }> {
  const key = rowToKey(row, Number(row.all_tenants) === 1 ? [] : await keyTenants(db, String(row.id)));
  const account: Account = {
    id: key.account_id,
    kind: row.account_kind as Account['kind'],
    email: row.account_email === null ? null : String(row.account_email),
    email_verified: Number(row.account_email_verified) === 1,
    created_at: String(row.account_created_at),
  };
  return { key, account };
}

/**
 * The key a bearer token names (revoked or not) with its account, in one read: this runs
 * on every call.
 */
export async function findCredential(
  db: Db,
  plaintext: string,
): Promise<{ key: ApiKey; account: Account } | undefined> {
  const row = await db.readOne(
    `SELECT ${CREDENTIAL_COLUMNS} FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ?`,
    [hashKey(plaintext)],
  );
  return row ? credentialOfRow(db, row) : undefined;
}

export async function getKey(db: Db, accountId: string, id: string): Promise<ApiKey | undefined> {
  const row = await db.readOne('SELECT * FROM api_keys WHERE account_id = ? AND id = ?', [accountId, id]);
  if (!row) return undefined;
  return rowToKey(row, await keyTenants(db, id));
}

/** A key by id alone: for an OAuth grant, which names its key. */
export async function getKeyById(db: Db, id: string): Promise<ApiKey | undefined> {
  const row = await db.readOne('SELECT * FROM api_keys WHERE id = ?', [id]);
  if (!row) return undefined;
  return rowToKey(row, await keyTenants(db, id));
}

export async function listKeys(db: Db, accountId: string): Promise<ApiKey[]> {
  const rows = await db.read('SELECT * FROM api_keys WHERE account_id = ? ORDER BY id', [accountId]);
  const links = await db.read(
    `SELECT t.key_id, t.tenant_id FROM api_key_tenants t JOIN api_keys k ON k.id = t.key_id
     WHERE k.account_id = ? ORDER BY t.tenant_id`,
    [accountId],
  );
  const byKey = new Map<string, string[]>();
  for (const link of links) {
    const list = byKey.get(String(link.key_id)) ?? [];
    list.push(String(link.tenant_id));
    byKey.set(String(link.key_id), list);
  }
  return rows.map((row) => rowToKey(row, byKey.get(String(row.id)) ?? []));
}

export function revokeKeyStatement(id: string, revokedBy: string, now: Date): Statement {
  return {
    sql: 'UPDATE api_keys SET revoked_at = ?, revoked_by = ? WHERE id = ? AND revoked_at IS NULL',
    args: [now.toISOString(), revokedBy, id],
  };
}

/**
 * Last use is recorded at most once a minute per key: a write per request would put
 * every read behind the single writer.
 */
export async function touchKey(db: Db, id: string, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - 60_000).toISOString();
  await db.batch([
    {
      sql: 'UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)',
      args: [now.toISOString(), id, cutoff],
    },
  ]);
}

export async function countActiveKeysReaching(db: Db, accountId: string, tenantId: string): Promise<number> {
  const row = await db.readOne(
    `SELECT count(*) AS n FROM api_keys k WHERE k.account_id = ? AND k.revoked_at IS NULL
       AND (k.all_tenants = 1 OR EXISTS (SELECT 1 FROM api_key_tenants t WHERE t.key_id = k.id AND t.tenant_id = ?))`,
    [accountId, tenantId],
  );
  return Number(row?.n ?? 0);
}
