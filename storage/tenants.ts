import type { Row } from '@libsql/client';
import type { Db, Statement } from './db.ts';
import { newId } from './ids.ts';

export interface Tenant {
  id: string;
  account_id: string;
  name: string;
  kind: 'sandbox' | 'account';
  policy: Record<string, unknown>;
  with_starters: boolean;
  created_at: string;
  expires_at: string | null;
}

function rowToTenant(row: Row): Tenant {
  return {
    id: String(row.id),
    account_id: String(row.account_id),
    name: String(row.name),
    kind: row.kind as Tenant['kind'],
    policy: JSON.parse(String(row.policy)),
    with_starters: Number(row.with_starters) === 1,
    created_at: String(row.created_at),
    expires_at: row.expires_at === null ? null : String(row.expires_at),
  };
}

export function newTenant(
  accountId: string,
  name: string,
  kind: Tenant['kind'],
  withStarters: boolean,
  now: Date,
  sandboxDays: number,
): Tenant {
  return {
    id: newId('ten', now.getTime()),
    account_id: accountId,
    name,
    kind,
    policy: {},
    with_starters: withStarters,
    created_at: now.toISOString(),
    expires_at: kind === 'sandbox' ? new Date(now.getTime() + sandboxDays * 86_400_000).toISOString() : null,
  };
}

export function insertTenantStatement(t: Tenant): Statement {
  return {
    sql: `INSERT INTO tenants (id, account_id, name, kind, policy, with_starters, created_at, expires_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      t.id,
      t.account_id,
      t.name,
      t.kind,
      JSON.stringify(t.policy),
      t.with_starters ? 1 : 0,
      t.created_at,
      t.expires_at,
    ],
  };
}

export async function listAccountTenants(db: Db, accountId: string): Promise<Tenant[]> {
  const rows = await db.read('SELECT * FROM tenants WHERE account_id = ? ORDER BY id', [accountId]);
  return rows.map(rowToTenant);
}

export async function getTenant(db: Db, id: string): Promise<Tenant | undefined> {
  const row = await db.readOne('SELECT * FROM tenants WHERE id = ?', [id]);
  return row ? rowToTenant(row) : undefined;
}

export async function tenantNameTaken(db: Db, accountId: string, name: string): Promise<boolean> {
  return (await db.readOne('SELECT 1 FROM tenants WHERE account_id = ? AND name = ?', [accountId, name])) !== undefined;
}

export function setPolicyStatement(tenantId: string, policy: Record<string, unknown>): Statement {
  return { sql: 'UPDATE tenants SET policy = ? WHERE id = ?', args: [JSON.stringify(policy), tenantId] };
}

export function isExpired(t: Tenant, now: Date): boolean {
  return t.expires_at !== null && t.expires_at <= now.toISOString();
}
