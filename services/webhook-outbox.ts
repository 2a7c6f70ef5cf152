// The webhook outbox: one pending delivery per enabled destination of an applied capture,
// written in the same batch as the change that applies it; services/webhooks.ts sends them.
import { replyText } from '../pipeline/reply.ts';
import type { Bucket } from '../storage/buckets.ts';
import type { StoredCapture } from '../storage/captures.ts';
import type { Statement } from '../storage/db.ts';
import { eventStatement } from '../storage/events.ts';
import { newId } from '../storage/ids.ts';
import { getBody, type BodyText, type StoredMessage } from '../storage/messages.ts';
import type { Tenant } from '../storage/tenants.ts';
import { insertDeliveryStatement, listDestinations, type Destination } from '../storage/webhooks.ts';
import type { AppContext } from './app.ts';

/** The live, enabled destinations a bucket names (by id or name). */
export function destinationsOf(bucket: Bucket, all: Destination[]): Destination[] {
  return all.filter((d) => d.enabled && (bucket.destinations.includes(d.id) || bucket.destinations.includes(d.name)));
}

export function webhookBody(
  deliveryId: string,
  capture: StoredCapture,
  message: StoredMessage,
  body: BodyText,
): string {
  return JSON.stringify({
    type: 'capture.applied',
    delivery_id: deliveryId,
    capture: {
      id: capture.id,
      bucket: capture.bucket_name,
      status: capture.status,
      fields: Object.fromEntries(Object.entries(capture.fields).map(([k, f]) => [k, f.value ?? null])),
      confidence: capture.confidence,
    },
    message: {
      id: message.id,
      from: message.from?.address ?? null,
      to: message.recipients,
      subject: message.subject,
      received_at: message.received_at,
      // The new content without quoted history: what a receiver usually acts on.
      reply_text: replyText(body.text, body.quoted),
    },
  });
}

/** Outbox rows for an applied capture: one per enabled destination of its bucket. */
export async function queueDeliveries(
  app: AppContext,
  tenant: Tenant,
  bucket: Bucket,
  capture: StoredCapture,
  message: StoredMessage,
  actor: string,
  now: Date,
  bodyText?: BodyText,
): Promise<{ statements: Statement[]; deliveryIds: string[] }> {
  const targets = destinationsOf(bucket, await listDestinations(app.db, tenant.id));
  // At ingest the body is written in the same batch as the deliveries, so the caller passes it.
  const body =
    targets.length === 0 ? { text: '', quoted: null } : (bodyText ?? (await getBody(app.db, tenant.id, message.id)));
  const statements: Statement[] = [];
  const deliveryIds: string[] = [];
  for (const destination of targets) {
    const id = newId('dlv', now.getTime());
    deliveryIds.push(id);
    statements.push(...queuedDeliveryStatements({ id, tenant, capture, message, body, destination, actor, now }));
  }
  return { statements, deliveryIds };
}

/** A pending delivery of one capture to one destination, and its `delivery.queued` event. */
export function queuedDeliveryStatements(q: {
  id: string;
  tenant: Tenant;
  capture: StoredCapture;
  message: StoredMessage;
  body: BodyText;
  destination: { id: string; name: string };
  actor: string;
  now: Date;
  /** The delivery this one repeats (redeliver_captures), named in the event. */
  redeliveryOf?: string;
}): Statement[] {
  const { id, tenant, capture, destination, now } = q;
  return [
    insertDeliveryStatement({
      id,
      tenant_id: tenant.id,
      capture_id: capture.id,
      destination_id: destination.id,
      destination_name: destination.name,
      payload: webhookBody(id, capture, q.message, q.body),
      status: 'pending',
      attempts: 0,
      next_attempt_at: now.toISOString(),
      lease_owner: null,
      lease_expires_at: null,
      last_status_code: null,
      last_error: null,
      created_at: now.toISOString(),
      finished_at: null,
    }),
    eventStatement(
      {
        accountId: tenant.account_id,
        tenantId: tenant.id,
        type: 'delivery.queued',
        subjectId: id,
        actor: q.actor,
        diff: {
          capture_id: capture.id,
          destination: destination.name,
          ...(q.redeliveryOf ? { redelivery_of: q.redeliveryOf } : {}),
        },
      },
      now,
    ),
  ];
}

export function notifyQueued(app: AppContext): void {
  for (const wake of app.deliveriesQueued) wake();
}
