// Counts without content: what the operator sees of a tenant without a support grant.
import type { Db } from './db.ts';

export interface TenantCounts {
  messages: number;
  captures: { applied: number; held: number; task: number };
  open_tasks: number;
  buckets: number;
}

export async function tenantCounts(db: Db, tenantId: string): Promise<TenantCounts> {
  const [messages, captures, tasks, buckets] = await Promise.all([
    db.readOne('SELECT count(*) AS n FROM messages WHERE tenant_id = ?', [tenantId]),
    db.read('SELECT status, count(*) AS n FROM captures WHERE tenant_id = ? GROUP BY status', [tenantId]),
    db.readOne(`SELECT count(*) AS n FROM tasks WHERE tenant_id = ? AND status = 'open'`, [tenantId]),
    db.readOne('SELECT count(*) AS n FROM buckets WHERE tenant_id = ? AND deleted_at IS NULL', [tenantId]),
  ]);
  const byStatus = Object.fromEntries(captures.map((r) => [String(r.status), Number(r.n)]));
  return {
    messages: Number(messages?.n ?? 0),
    captures: { applied: byStatus.applied ?? 0, held: byStatus.held ?? 0, task: byStatus.task ?? 0 },
    open_tasks: Number(tasks?.n ?? 0),
    buckets: Number(buckets?.n ?? 0),
  };
}
