// The delivery worker's side of the outbox: claiming due deliveries under a lease and
// recording each attempt, split from storage/webhooks.ts (destinations and deliveries as data).
import type { Db, Statement } from './db.ts';
import { type Delivery, rowToDelivery } from './webhooks.ts';

/**
 * Claims due deliveries for `owner` in one UPDATE: two workers on one database can never
 * both hold a row. An expired lease (a worker that died mid-send) is claimed again.
 */
export async function claimDue(db: Db, owner: string, now: Date, leaseMs: number, limit: number): Promise<Delivery[]> {
  const at = now.toISOString();
  const [result] = await db.batch([
    {
      sql: `UPDATE deliveries SET lease_owner = ?, lease_expires_at = ?
          WHERE id IN (SELECT id FROM deliveries WHERE status = 'pending' AND next_attempt_at <= ?
                       AND (lease_expires_at IS NULL OR lease_expires_at < ?) ORDER BY next_attempt_at LIMIT ?)
          RETURNING *`,
      args: [owner, new Date(now.getTime() + leaseMs).toISOString(), at, at, limit],
    },
  ]);
  return (result?.rows ?? []).map(rowToDelivery);
}

/** Attempt rows left in flight by a worker that died are interrupted, not lost. */
export function interruptStatement(deliveryId: string): Statement {
  return {
    sql: `UPDATE delivery_attempts SET outcome = 'interrupted', error = 'the worker stopped before an answer' WHERE delivery_id = ? AND outcome = 'in_flight'`,
    args: [deliveryId],
  };
}

/**
 * Starts an attempt only while this worker still holds the lease, renewing it for the
 * attempt: the first statement changes no row when another worker took the delivery over
 * (its lease ran out), and then nothing else is written and nothing may be sent.
 */
export function startAttemptStatements(
  d: Delivery,
  attempt: number,
  owner: string,
  now: Date,
  leaseMs: number,
): Statement[] {
  const held = 'EXISTS (SELECT 1 FROM deliveries WHERE id = ? AND lease_owner = ? AND attempts = ?)';
  return [
    {
      sql: 'UPDATE deliveries SET attempts = ?, lease_expires_at = ? WHERE id = ? AND lease_owner = ? AND attempts = ?',
      args: [attempt, new Date(now.getTime() + leaseMs).toISOString(), d.id, owner, attempt - 1],
    },
    {
      ...interruptStatement(d.id),
      sql: `${interruptStatement(d.id).sql} AND ${held}`,
      args: [d.id, d.id, owner, attempt],
    },
    {
      sql: `INSERT INTO delivery_attempts (delivery_id, attempt, tenant_id, capture_id, outcome, started_at)
            SELECT ?, ?, ?, ?, 'in_flight', ? WHERE ${held}`,
      args: [d.id, attempt, d.tenant_id, d.capture_id, now.toISOString(), d.id, owner, attempt],
    },
  ];
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
