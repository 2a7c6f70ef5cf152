// redeliver_captures: a fresh delivery, with its own id and full retry schedule, for each
// failed (or, asked for, every finished) delivery of a bucket's captures since a time,
// to the same destination. Earlier deliveries and their attempt logs stay as they were.
import { findBucket } from '../storage/buckets.ts';
import { getCapture } from '../storage/captures.ts';
import { newId } from '../storage/ids.ts';
import { getBody, getMessages } from '../storage/messages.ts';
import type { Tenant } from '../storage/tenants.ts';
import { findDestination, listRedeliverable, type Delivery } from '../storage/webhooks.ts';
import type { AppContext } from './app.ts';
import { notFound } from './errors.ts';
import { notifyQueued, queuedDeliveryStatements } from './webhook-outbox.ts';

export interface RedeliverRequest {
  bucket: string;
  since: string;
  status: 'failed' | 'all';
  destination?: string | undefined;
  limit: number;
}

export interface RedeliverResult {
  bucket: string;
  since: string;
  queued: number;
  deliveries: { id: string; capture_id: string; destination: string; redelivery_of: string }[];
  more: boolean;
}

export async function redeliverCaptures(
  app: AppContext,
  tenant: Tenant,
  req: RedeliverRequest,
  actor: string,
  now: Date,
): Promise<RedeliverResult> {
  const bucket = await findBucket(app.db, tenant.id, req.bucket);
  if (!bucket) throw notFound('bucket', req.bucket);
  const destination = req.destination ? await findDestination(app.db, tenant.id, req.destination) : undefined;
  if (req.destination && !destination) throw notFound('destination', req.destination);
  const since = new Date(req.since).toISOString();
  // Pending deliveries are still being tried: re-queuing them would send twice.
  const statuses: Delivery['status'][] = req.status === 'all' ? ['failed', 'delivered'] : ['failed'];
  const rows = await listRedeliverable(app.db, tenant.id, {
    bucketId: bucket.id,
    since,
    statuses,
    destinationId: destination?.id ?? null,
    limit: req.limit + 1,
  });
  const batch = rows.slice(0, req.limit);
  const captureIds = [...new Set(batch.map((r) => r.capture_id))];
  const captures = new Map(
    (await Promise.all(captureIds.map((id) => getCapture(app.db, tenant.id, id))))
      .filter((c) => c !== undefined)
      .map((c) => [c.id, c]),
  );
  const messages = new Map(
    (await getMessages(app.db, tenant.id, [...new Set([...captures.values()].map((c) => c.message_id))])).map((m) => [
      m.id,
      m,
    ]),
  );
  const bodyTexts = new Map(
    await Promise.all([...messages.keys()].map(async (id) => [id, await getBody(app.db, tenant.id, id)] as const)),
  );
  const statements = [];
  const deliveries: RedeliverResult['deliveries'] = [];
  for (const row of batch) {
    const capture = captures.get(row.capture_id);
    const message = capture ? messages.get(capture.message_id) : undefined;
    if (!capture || !message) continue;
    const id = newId('dlv', now.getTime());
    deliveries.push({ id, capture_id: capture.id, destination: row.destination_name, redelivery_of: row.id });
    const destination = { id: row.destination_id, name: row.destination_name };
    const body = bodyTexts.get(message.id) ?? { text: '', quoted: null };
    statements.push(
      ...queuedDeliveryStatements({
        id,
        tenant,
        capture,
        message,
        body,
        destination,
        actor,
        now,
        redeliveryOf: row.id,
      }),
    );
  }
  if (statements.length > 0) {
    await app.db.batch(statements);
    notifyQueued(app);
  }
  return { bucket: bucket.name, since, queued: deliveries.length, deliveries, more: rows.length > req.limit };
}
