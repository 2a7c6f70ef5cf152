// Tasks: work for a person or agent, each with a payload saying what to do.
import type { Row } from '@libsql/client';
import type { TaskKind } from '../pipeline/route.ts';
import type { Db, Statement } from './db.ts';

export type TaskStatus = 'open' | 'resolved' | 'dismissed';

export interface Task {
  id: string;
  tenant_id: string;
  kind: TaskKind;
  status: TaskStatus;
  reason: string;
  message_id: string;
  capture_id: string | null;
  payload: Record<string, unknown>;
  note: string | null;
  created_at: string;
  resolved_at: string | null;
  resolved_by: string | null;
}

function rowToTask(row: Row): Task {
  return {
    id: String(row.id),
    tenant_id: String(row.tenant_id),
    kind: row.kind as TaskKind,
    status: row.status as TaskStatus,
    reason: String(row.reason),
    message_id: String(row.message_id),
    capture_id: row.capture_id === null ? null : String(row.capture_id),
    payload: JSON.parse(String(row.payload)),
    note: row.note === null ? null : String(row.note),
    created_at: String(row.created_at),
    resolved_at: row.resolved_at === null ? null : String(row.resolved_at),
    resolved_by: row.resolved_by === null ? null : String(row.resolved_by),
  };
}

export function insertTaskStatement(t: Task): Statement {
  return {
    sql: `INSERT INTO tasks (id, tenant_id, kind, status, reason, message_id, capture_id, payload, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      t.id,
      t.tenant_id,
      t.kind,
      t.status,
      t.reason,
      t.message_id,
      t.capture_id,
      JSON.stringify(t.payload),
      t.created_at,
    ],
  };
}

export function closeTaskStatement(
  tenantId: string,
  id: string,
  status: 'resolved' | 'dismissed',
  note: string | null,
  actor: string,
  now: Date,
): Statement {
  return {
    sql: `UPDATE tasks SET status = ?, note = ?, resolved_at = ?, resolved_by = ? WHERE tenant_id = ? AND id = ? AND status = 'open'`,
    args: [status, note, now.toISOString(), actor, tenantId, id],
  };
}

export async function getTask(db: Db, tenantId: string, id: string): Promise<Task | undefined> {
  const row = await db.readOne('SELECT * FROM tasks WHERE tenant_id = ? AND id = ?', [tenantId, id]);
  return row ? rowToTask(row) : undefined;
}

export async function listTasks(
  db: Db,
  q: { tenantId: string; status: TaskStatus; kind?: string | undefined; limit: number; before?: string | undefined },
): Promise<Task[]> {
  const where = ['tenant_id = ?', 'status = ?'];
  const args: Statement['args'] = [q.tenantId, q.status];
  if (q.kind) {
    where.push('kind = ?');
    args.push(q.kind);
  }
  if (q.before) {
    where.push('id < ?');
    args.push(q.before);
  }
  args.push(q.limit);
  const rows = await db.read(`SELECT * FROM tasks WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ?`, args);
  return rows.map(rowToTask);
}

export async function openTasksOfCapture(db: Db, tenantId: string, captureId: string): Promise<Task[]> {
  const rows = await db.read(
    `SELECT * FROM tasks WHERE tenant_id = ? AND capture_id = ? AND status = 'open' ORDER BY id`,
    [tenantId, captureId],
  );
  return rows.map(rowToTask);
}

export async function listTasksOfCapture(db: Db, tenantId: string, captureId: string): Promise<Task[]> {
  const rows = await db.read('SELECT * FROM tasks WHERE tenant_id = ? AND capture_id = ? ORDER BY id', [
    tenantId,
    captureId,
  ]);
  return rows.map(rowToTask);
}
