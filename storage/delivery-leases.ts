// The delivery worker's side of the outbox: claiming due deliveries under a lease and
// recording each attempt, split from storage/webhooks.ts (destinations and deliveries as data).
import type { Db, Statement } from './db.ts';
import { type Delivery, rowToDelivery } from './webhooks.ts';

/** A due delivery as the worker chooses among them, before it holds the lease. */
export interface DueDelivery {
  id: string;
  tenant_id: string;
  next_attempt_at: string;
  /** Attempts made when it was read: the claim takes it only if none was made since. */
  attempts: number;
}

/** A tenant with deliveries due and not leased, and when the oldest of them fell due. */
export interface DueTenant {
  tenant_id: string;
  oldest_due: string;
}

const DUE = `e.status = 'pending' AND e.next_attempt_at <= ? AND (e.lease_expires_at IS NULL OR e.lease_expires_at < ?)`;

/**
 * Every tenant with deliveries due now. Its cost follows the tenants with pending
 * deliveries, not their backlogs: they are walked one index seek each on
 * deliveries_tenant_due (status first, so finished deliveries are never visited), and each
 * gives one row. The worker then reads the deliveries of the few tenants it can serve next.
 */
export async function tenantsWithDue(db: Db, now: Date): Promise<DueTenant[]> {
  const at = now.toISOString();
  // One seek on deliveries_due first: most polls find nothing due, and then walk nothing.
  const anyDue = await db.read(`SELECT 1 FROM deliveries e WHERE ${DUE} LIMIT 1`, [at, at]);
  if (anyDue.length === 0) return [];
  const rows = await db.read(
    `WITH RECURSIVE tenants(id) AS (
       SELECT (SELECT tenant_id FROM deliveries WHERE status = 'pending' ORDER BY tenant_id LIMIT 1)
       UNION ALL
       SELECT (SELECT tenant_id FROM deliveries WHERE status = 'pending' AND tenant_id > tenants.id ORDER BY tenant_id LIMIT 1)
         FROM tenants WHERE tenants.id IS NOT NULL
     )
     , firsts AS MATERIALIZED (
       SELECT t.id, (SELECT e.next_attempt_at FROM deliveries e WHERE e.tenant_id = t.id AND ${DUE}
                      ORDER BY e.next_attempt_at LIMIT 1) AS oldest_due
         FROM tenants t WHERE t.id IS NOT NULL
     )
     SELECT id, oldest_due FROM firsts WHERE oldest_due IS NOT NULL`,
    [at, at],
  );
  return rows.map((r) => ({ tenant_id: String(r.id), oldest_due: String(r.oldest_due) }));
}

/** The oldest `perTenant` deliveries due now and not leased of each of `tenantIds`. */
export async function dueOf(db: Db, now: Date, tenantIds: string[], perTenant: number): Promise<DueDelivery[]> {
  if (tenantIds.length === 0 || perTenant <= 0) return [];
  const at = now.toISOString();
  const rows = await db.read(
    `SELECT d.id, d.tenant_id, d.next_attempt_at, d.attempts
       FROM json_each(?) t
       JOIN deliveries d ON d.id IN (
         SELECT e.id FROM deliveries e WHERE e.tenant_id = t.value AND ${DUE} ORDER BY e.next_attempt_at LIMIT ?)`,
    [JSON.stringify(tenantIds), at, at, perTenant],
  );
  return rows.map((r) => ({
    id: String(r.id),
    tenant_id: String(r.tenant_id),
    next_attempt_at: String(r.next_attempt_at),
    attempts: Number(r.attempts),
  }));
}

/**
 * Claims the chosen deliveries for `owner` and starts an attempt on each, in one batch. The
 * UPDATE takes a row only while it is pending, due, not leased and at the attempt count the
 * worker read: of two workers that chose the same row (or one that read a stale replica),
 * exactly one holds it. It counts the attempt and leases the row for `leaseMs` from now, so
 * the lease is fresh when the POST starts. The attempt row is written `in_flight` before
 * anything is sent, and one left `in_flight` by a worker that died (its lease ran out) is
 * marked `interrupted`, so the history shows it. Returns the claimed rows, their `attempts`
 * counting the attempt just started.
 */
export async function claimAndStart(
  db: Db,
  owner: string,
  chosen: DueDelivery[],
  now: Date,
  leaseMs: number,
): Promise<Delivery[]> {
  if (chosen.length === 0) return [];
  const at = now.toISOString();
  const lease = new Date(now.getTime() + leaseMs).toISOString();
  const ids = chosen.map((d) => d.id);
  const list = ids.map(() => '?').join(', ');
  const readAttempts = JSON.stringify(Object.fromEntries(chosen.map((d) => [d.id, d.attempts])));
  const attemptsRead = '(SELECT value FROM json_each(?) WHERE key = deliveries.id)';
  // The rows the first statement claimed: this owner, this lease, one attempt past the read.
  const claimedNow = `SELECT id FROM deliveries WHERE id IN (${list}) AND lease_owner = ? AND lease_expires_at = ?
                        AND attempts - 1 = ${attemptsRead}`;
  const [claimed] = await db.batch([
    {
      sql: `UPDATE deliveries SET lease_owner = ?, lease_expires_at = ?, attempts = attempts + 1
             WHERE id IN (${list}) AND attempts = ${attemptsRead} AND status = 'pending' AND next_attempt_at <= ?
               AND (lease_expires_at IS NULL OR lease_expires_at < ?)
            RETURNING *`,
      args: [owner, lease, ...ids, readAttempts, at, at],
    },
    {
      sql: `UPDATE delivery_attempts SET outcome = 'interrupted', error = 'the worker stopped before an answer'
             WHERE outcome = 'in_flight' AND delivery_id IN (${claimedNow})`,
      args: [...ids, owner, lease, readAttempts],
    },
    {
      sql: `INSERT INTO delivery_attempts (delivery_id, attempt, tenant_id, capture_id, outcome, started_at)
            SELECT id, attempts, tenant_id, capture_id, 'in_flight', ? FROM deliveries WHERE id IN (${claimedNow})`,
      args: [at, ...ids, owner, lease, readAttempts],
    },
  ]);
  return (claimed?.rows ?? []).map(rowToDelivery);
}

export function finishAttemptStatements(
  d: Delivery,
  attempt: number,
  owner: string,
  result: {
    outcome: 'success' | 'failure';
    durationMs: number;
    statusCode: number | null;
    error: string | null;
    status: Delivery['status'];
    nextAttemptAt: string;
    finishedAt: string | null;
  },
): Statement[] {
  return [
    {
      sql: 'UPDATE delivery_attempts SET outcome = ?, duration_ms = ?, status_code = ?, error = ? WHERE delivery_id = ? AND attempt = ?',
      args: [result.outcome, result.durationMs, result.statusCode, result.error, d.id, attempt],
    },
    {
      sql: `UPDATE deliveries SET status = ?, next_attempt_at = ?, last_status_code = ?, last_error = ?, finished_at = ?,
              lease_owner = NULL, lease_expires_at = NULL WHERE id = ? AND lease_owner = ?`,
      args: [result.status, result.nextAttemptAt, result.statusCode, result.error, result.finishedAt, d.id, owner],
    },
  ];
}
