// The audit trail. Writers get a statement to put in the same batch as the change it
// records, so a change and its event commit together or not at all.
import type { Row } from '@libsql/client';
import type { Db, Statement } from './db.ts';
import { newId } from './ids.ts';

export interface EventInput {
  accountId: string;
  tenantId: string | null;
  type: string;
  subjectId: string | null;
  actor: string;
  diff?: Record<string, unknown>;
}

export interface AuditEvent {
  id: string;
  type: string;
  subject_id: string | null;
  actor: string;
  tenant_id: string | null;
  diff: Record<string, unknown>;
  created_at: string;
}

export function eventStatement(e: EventInput, now: Date): Statement {
  return {
    sql: `INSERT INTO events (id, account_id, tenant_id, type, subject_id, actor, diff, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      newId('evt', now.getTime()),
      e.accountId,
      e.tenantId,
      e.type,
      e.subjectId,
      e.actor,
      JSON.stringify(e.diff ?? {}),
      now.toISOString(),
    ],
  };
}

function rowToEvent(row: Row): AuditEvent {
  return {
    id: String(row.id),
    type: String(row.type),
    subject_id: row.subject_id === null ? null : String(row.subject_id),
    actor: String(row.actor),
    tenant_id: row.tenant_id === null ? null : String(row.tenant_id),
    diff: JSON.parse(String(row.diff)),
    created_at: String(row.created_at),
  };
}

export interface EventQuery {
  accountId: string;
  tenantId: string;
  type?: string;
  subjectId?: string;
  after?: string;
  limit: number;
}

/**
 * The tenant's events plus the account-level ones (tenant_id null). Newest first;
 * with `after`, oldest first from just after that id.
 */
export async function listEvents(db: Db, q: EventQuery): Promise<AuditEvent[]> {
  const where = ['account_id = ?', '(tenant_id = ? OR tenant_id IS NULL)'];
  const args: Statement['args'] = [q.accountId, q.tenantId];
  if (q.type) {
    where.push('type = ?');
    args.push(q.type);
  }
  if (q.subjectId) {
    where.push('subject_id = ?');
    args.push(q.subjectId);
  }
  if (q.after) {
    where.push('id > ?');
    args.push(q.after);
  }
  const order = q.after ? 'ASC' : 'DESC';
  args.push(q.limit);
  const rows = await db.read(`SELECT * FROM events WHERE ${where.join(' AND ')} ORDER BY id ${order} LIMIT ?`, args);
  return rows.map(rowToEvent);
}

export async function countEvents(db: Db, accountId: string, tenantId: string): Promise<number> {
  const row = await db.readOne(
    'SELECT count(*) AS n FROM events WHERE account_id = ? AND (tenant_id = ? OR tenant_id IS NULL)',
    [accountId, tenantId],
  );
  return Number(row?.n ?? 0);
}
