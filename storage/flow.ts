// Aggregates over messages and captures: the flow graph and bucket activity. Counts only.
import type { Db } from './db.ts';

export interface FlowRow {
  source: string;
  address_id: string | null;
  message_status: string;
  bucket_id: string | null;
  bucket_name: string | null;
  capture_status: string | null;
  reason: string | null;
  applied_by: string | null;
  delivered: boolean;
  failed: boolean;
}

/** One row per message received since `since`, with its newest capture. */
export async function flowRows(db: Db, tenantId: string, since: string): Promise<FlowRow[]> {
  const rows = await db.read(
    `SELECT m.source, m.address_id, m.status AS message_status, c.bucket_id, c.bucket_name, c.status AS capture_status,
            c.reason, c.applied_by,
            EXISTS (SELECT 1 FROM delivery_attempts a WHERE a.tenant_id = m.tenant_id AND a.capture_id = c.id AND a.outcome = 'success') AS delivered,
            EXISTS (SELECT 1 FROM deliveries d WHERE d.tenant_id = m.tenant_id AND d.capture_id = c.id AND d.status = 'failed') AS failed
     FROM messages m
     LEFT JOIN captures c ON c.id = (SELECT id FROM captures WHERE tenant_id = m.tenant_id AND message_id = m.id ORDER BY id DESC LIMIT 1)
     WHERE m.tenant_id = ? AND m.received_at >= ?`,
    [tenantId, since],
  );
  return rows.map((r) => ({
    source: String(r.source),
    address_id: r.address_id === null ? null : String(r.address_id),
    message_status: String(r.message_status),
    bucket_id: r.bucket_id === null ? null : String(r.bucket_id),
    bucket_name: r.bucket_name === null ? null : String(r.bucket_name),
    capture_status: r.capture_status === null ? null : String(r.capture_status),
    reason: r.reason === null ? null : String(r.reason),
    applied_by: r.applied_by === null ? null : String(r.applied_by),
    delivered: Number(r.delivered) === 1,
    failed: Number(r.failed) === 1,
  }));
}

export interface BucketActivity {
  messages: number;
  auto_applied: number;
  held: number;
  last_received: string | null;
}

/** Per bucket since `since`: messages captured in it, applied by policy, held now, last arrival. */
export async function bucketActivity(db: Db, tenantId: string, since: string): Promise<Map<string, BucketActivity>> {
  const rows = await db.read(
    `SELECT c.bucket_id, count(DISTINCT c.message_id) AS messages,
            sum(CASE WHEN c.status = 'applied' AND c.applied_by = 'policy' THEN 1 ELSE 0 END) AS auto_applied,
            sum(CASE WHEN c.status = 'held' THEN 1 ELSE 0 END) AS held,
            max(m.received_at) AS last_received
     FROM captures c JOIN messages m ON m.id = c.message_id
     WHERE c.tenant_id = ? AND m.received_at >= ?
     GROUP BY c.bucket_id`,
    [tenantId, since],
  );
  return new Map(
    rows.map((r) => [
      String(r.bucket_id),
      {
        messages: Number(r.messages),
        auto_applied: Number(r.auto_applied),
        held: Number(r.held),
        last_received: r.last_received === null ? null : String(r.last_received),
      },
    ]),
  );
}
