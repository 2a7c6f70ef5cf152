// Destinations, the delivery outbox and its attempts as stored; the worker's lease and attempt
// statements are in storage/delivery-leases.ts.
import type { Row } from '@libsql/client';
import type { Db, Statement } from './db.ts';

export interface Destination {
  id: string;
  tenant_id: string;
  name: string;
  kind: 'webhook';
  url: string;
  secret: string | null;
  enabled: boolean;
  created_at: string;
}

export interface Delivery {
  id: string;
  tenant_id: string;
  capture_id: string;
  destination_id: string;
  destination_name: string;
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_expires_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface Attempt {
  delivery_id: string;
  attempt: number;
  outcome: 'in_flight' | 'success' | 'failure' | 'interrupted';
  started_at: string;
  duration_ms: number | null;
  status_code: number | null;
  error: string | null;
}

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function rowToDestination(r: Row): Destination {
  return {
    id: String(r.id),
    tenant_id: String(r.tenant_id),
    name: String(r.name),
    kind: 'webhook',
    url: String(r.url),
    secret: str(r.secret),
    enabled: Number(r.enabled) === 1,
    created_at: String(r.created_at),
  };
}

export function rowToDelivery(r: Row): Delivery {
  return {
    id: String(r.id),
    tenant_id: String(r.tenant_id),
    capture_id: String(r.capture_id),
    destination_id: String(r.destination_id),
    destination_name: String(r.destination_name),
    payload: String(r.payload),
    status: r.status as Delivery['status'],
    attempts: Number(r.attempts),
    next_attempt_at: String(r.next_attempt_at),
    lease_owner: str(r.lease_owner),
    lease_expires_at: str(r.lease_expires_at),
    last_status_code: num(r.last_status_code),
    last_error: str(r.last_error),
    created_at: String(r.created_at),
    finished_at: str(r.finished_at),
  };
}

function rowToAttempt(r: Row): Attempt {
  return {
    delivery_id: String(r.delivery_id),
    attempt: Number(r.attempt),
    outcome: r.outcome as Attempt['outcome'],
    started_at: String(r.started_at),
    duration_ms: num(r.duration_ms),
    status_code: num(r.status_code),
    error: str(r.error),
  };
}

export function insertDestinationStatement(d: Destination): Statement {
  return {
    sql: 'INSERT INTO destinations (id, tenant_id, name, kind, url, secret, enabled, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    args: [d.id, d.tenant_id, d.name, d.kind, d.url, d.secret, d.enabled ? 1 : 0, d.created_at],
  };
}

export function removeDestinationStatements(tenantId: string, id: string, now: Date): Statement[] {
  return [
    {
      sql: 'UPDATE destinations SET deleted_at = ? WHERE tenant_id = ? AND id = ? AND deleted_at IS NULL',
      args: [now.toISOString(), tenantId, id],
    },
    // Deliveries still waiting for it stop: buckets no longer deliver there.
    {
      sql: `UPDATE deliveries SET status = 'failed', last_error = 'destination removed', finished_at = ?, lease_owner = NULL
            WHERE tenant_id = ? AND destination_id = ? AND status = 'pending'`,
      args: [now.toISOString(), tenantId, id],
    },
  ];
}

export async function listDestinations(db: Db, tenantId: string): Promise<Destination[]> {
  const rows = await db.read('SELECT * FROM destinations WHERE tenant_id = ? AND deleted_at IS NULL ORDER BY name', [
    tenantId,
  ]);
  return rows.map(rowToDestination);
}

export async function findDestination(db: Db, tenantId: string, ref: string): Promise<Destination | undefined> {
  const row = await db.readOne(
    'SELECT * FROM destinations WHERE tenant_id = ? AND deleted_at IS NULL AND (id = ? OR name = ?)',
    [tenantId, ref, ref],
  );
  return row ? rowToDestination(row) : undefined;
}

export async function getDestinationAnyState(
  db: Db,
  id: string,
): Promise<(Destination & { deleted: boolean }) | undefined> {
  const row = await db.readOne('SELECT * FROM destinations WHERE id = ?', [id]);
  return row ? { ...rowToDestination(row), deleted: row.deleted_at !== null } : undefined;
}

export function insertDeliveryStatement(d: Delivery): Statement {
  return {
    sql: `INSERT INTO deliveries (id, tenant_id, capture_id, destination_id, destination_name, payload, status, attempts, next_attempt_at, created_at)
          VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
    args: [
      d.id,
      d.tenant_id,
      d.capture_id,
      d.destination_id,
      d.destination_name,
      d.payload,
      d.next_attempt_at,
      d.created_at,
    ],
  };
}

export async function deliveriesOfCapture(
  db: Db,
  tenantId: string,
  captureId: string,
): Promise<(Delivery & { attempt_log: Attempt[] })[]> {
  const [deliveries, attempts] = await Promise.all([
    db.read('SELECT * FROM deliveries WHERE tenant_id = ? AND capture_id = ? ORDER BY id', [tenantId, captureId]),
    db.read('SELECT * FROM delivery_attempts WHERE tenant_id = ? AND capture_id = ? ORDER BY delivery_id, attempt', [
      tenantId,
      captureId,
    ]),
  ]);
  const log = attempts.map(rowToAttempt);
  return deliveries.map(rowToDelivery).map((d) => ({ ...d, attempt_log: log.filter((a) => a.delivery_id === d.id) }));
}

/** SQL (on captures `c`) for list_captures' delivery filter. */
export function deliveryFilter(filter: 'failed' | 'delivered' | 'none'): { sql: string; args: [] } {
  const success = `EXISTS (SELECT 1 FROM delivery_attempts a WHERE a.tenant_id = c.tenant_id AND a.capture_id = c.id AND a.outcome = 'success')`;
  switch (filter) {
    case 'delivered':
      return { sql: success, args: [] };
    case 'none':
      return { sql: `NOT ${success}`, args: [] };
    case 'failed':
      return {
        sql: `EXISTS (SELECT 1 FROM delivery_attempts f WHERE f.tenant_id = c.tenant_id AND f.capture_id = c.id AND f.outcome IN ('failure', 'interrupted')
              AND NOT EXISTS (SELECT 1 FROM delivery_attempts s WHERE s.tenant_id = c.tenant_id AND s.capture_id = c.id
                              AND s.outcome = 'success' AND s.started_at >= f.started_at))`,
        args: [],
      };
  }
}

export interface Redeliverable {
  id: string;
  capture_id: string;
  destination_id: string;
  destination_name: string;
  status: Delivery['status'];
}

/**
 * The deliveries redeliver_captures re-queues, oldest first: of the bucket's captures,
 * created at or after `since`, in one of `statuses`, to a live enabled destination, and
 * the newest delivery of their capture to that destination (so a second call does not
 * queue the same capture twice while the first redelivery is pending or done).
 */
export async function listRedeliverable(
  db: Db,
  tenantId: string,
  filter: {
    bucketId: string;
    since: string;
    statuses: Delivery['status'][];
    destinationId: string | null;
    limit: number;
  },
): Promise<Redeliverable[]> {
  const rows = await db.read(
    `SELECT d.id, d.capture_id, d.destination_id, d.destination_name, d.status
       FROM captures c
       JOIN deliveries d ON d.tenant_id = c.tenant_id AND d.capture_id = c.id
       JOIN destinations t ON t.tenant_id = d.tenant_id AND t.id = d.destination_id AND t.deleted_at IS NULL AND t.enabled = 1
      WHERE c.tenant_id = ? AND c.bucket_id = ? AND c.status = 'applied' AND d.created_at >= ?
        AND d.status IN (${filter.statuses.map(() => '?').join(', ')})
        ${filter.destinationId ? 'AND d.destination_id = ?' : ''}
        AND NOT EXISTS (SELECT 1 FROM deliveries n WHERE n.tenant_id = d.tenant_id AND n.capture_id = d.capture_id
                          AND n.destination_id = d.destination_id AND n.id > d.id)
      ORDER BY d.id LIMIT ?`,
    [
      tenantId,
      filter.bucketId,
      filter.since,
      ...filter.statuses,
      ...(filter.destinationId ? [filter.destinationId] : []),
      filter.limit,
    ],
  );
  return rows.map((r) => ({
    id: String(r.id),
    capture_id: String(r.capture_id),
    destination_id: String(r.destination_id),
    destination_name: String(r.destination_name),
    status: r.status as Delivery['status'],
  }));
}
