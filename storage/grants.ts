// Support grants: a tenant's time-limited permission for the operator to read its data.
import type { Row } from '@libsql/client';
import type { Db, Statement } from './db.ts';

export interface SupportGrant {
  id: string;
  tenant_id: string;
  granted_by: string;
  reason: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
}

function rowToGrant(r: Row): SupportGrant {
  return {
    id: String(r.id),
    tenant_id: String(r.tenant_id),
    granted_by: String(r.granted_by),
    reason: r.reason === null ? null : String(r.reason),
    created_at: String(r.created_at),
    expires_at: String(r.expires_at),
    revoked_at: r.revoked_at === null ? null : String(r.revoked_at),
    revoked_by: r.revoked_by === null ? null : String(r.revoked_by),
  };
}

export async function activeGrant(db: Db, tenantId: string, now: Date): Promise<SupportGrant | undefined> {
  const row = await db.readOne(
    'SELECT * FROM support_grants WHERE tenant_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY id DESC LIMIT 1',
    [tenantId, now.toISOString()],
  );
  return row ? rowToGrant(row) : undefined;
}

export function insertGrantStatement(g: SupportGrant): Statement {
  return {
    sql: 'INSERT INTO support_grants (id, tenant_id, granted_by, reason, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    args: [g.id, g.tenant_id, g.granted_by, g.reason, g.created_at, g.expires_at],
  };
}

/** Ends every grant of the tenant still running. */
export function endGrantsStatement(tenantId: string, actor: string, now: Date): Statement {
  return {
    sql: 'UPDATE support_grants SET revoked_at = ?, revoked_by = ? WHERE tenant_id = ? AND revoked_at IS NULL AND expires_at > ?',
    args: [now.toISOString(), actor, tenantId, now.toISOString()],
  };
}
