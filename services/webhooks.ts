// Webhook delivery: the outbox rows (services/webhook-outbox.ts, written with the change that applies
// a capture) are sent by a worker that claims them with a lease, signs the exact body, records every
// attempt and retries with backoff (1 min, 5 min, 30 min, 2 h, 6 h: six attempts in all).
import { createHmac, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { eventStatement } from '../storage/events.ts';
import { getTenant, type Tenant } from '../storage/tenants.ts';
import { claimDue, finishAttemptStatements, startAttemptStatements } from '../storage/delivery-leases.ts';
import { getDestinationAnyState, type Delivery, type Destination } from '../storage/webhooks.ts';
import type { AppContext } from './app.ts';
import { VERSION } from './config.ts';
import { log, urlOrigin } from './log.ts';
import { forbiddenAddress, forbiddenPort, guardedLookup } from './ssrf.ts';
import { isIP } from 'node:net';

export const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const USER_AGENT = `inbound-capture-webhooks/${VERSION}`;

export function sign(secret: string, payload: string): string {
  return `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`;
}

/**
 * The Standard Webhooks key (standardwebhooks.com): a `whsec_<base64>` secret is decoded as
 * the standard says; any other secret is used as its bytes (receivers pass it as a raw key).
 */
export function standardKey(secret: string): Buffer {
  return secret.startsWith('whsec_')
    ? Buffer.from(secret.slice('whsec_'.length), 'base64')
    : Buffer.from(secret, 'utf8');
}

/** `webhook-signature`: v1,<base64 HMAC-SHA256 of "id.timestamp.body">. */
export function standardSignature(secret: string, id: string, timestamp: string, payload: string): string {
  return `v1,${createHmac('sha256', standardKey(secret)).update(`${id}.${timestamp}.${payload}`).digest('base64')}`;
}

interface SendResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** One POST: no redirects followed, a hard timeout, the SSRF guard at connect time. */
function post(app: AppContext, destination: Destination, delivery: Delivery): Promise<SendResult> {
  const started = Date.now();
  const timestamp = Math.floor(app.now().getTime() / 1000).toString();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'x-svc-delivery': delivery.id,
    'x-svc-timestamp': timestamp,
    // Standard Webhooks: the id stays the same across retries of one delivery, so receivers can deduplicate.
    'webhook-id': delivery.id,
    'webhook-timestamp': timestamp,
    'content-length': String(Buffer.byteLength(delivery.payload)),
  };
  if (destination.secret) {
    headers['x-svc-signature'] = sign(destination.secret, delivery.payload);
    headers['x-svc-signature-timestamped'] = sign(destination.secret, `${timestamp}.${delivery.payload}`);
    headers['webhook-signature'] = standardSignature(destination.secret, delivery.id, timestamp, delivery.payload);
  }
  return new Promise((resolve) => {
    let settled = false;
    const done = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      resolve({ statusCode, error, durationMs: Date.now() - started });
    };
    let url: URL;
    try {
      url = new URL(destination.url);
    } catch {
      return done(null, 'invalid destination URL');
    }
    // Node does not call `lookup` for an IP-literal host, so the connect-time guard cannot see it.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    const forbidden =
      forbiddenPort(url) ?? (!app.config.allowPrivateDestinations && isIP(literal) ? forbiddenAddress(literal) : null);
    if (forbidden) return done(null, `refused: ${forbidden}`);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      {
        method: 'POST',
        headers,
        lookup: guardedLookup(app.config.allowPrivateDestinations),
        timeout: app.config.webhookTimeoutMs,
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? null, null));
        res.on('error', (e) => done(res.statusCode ?? null, e.message));
      },
    );
    req.setTimeout(app.config.webhookTimeoutMs, () => {
      req.destroy(new Error(`no answer within ${app.config.webhookTimeoutMs} ms`));
    });
    req.on('error', (e) => done(null, e.message));
    req.end(delivery.payload);
  });
}

export interface WorkerOptions {
  pollMs?: number;
  batch?: number;
}

/** Sends due deliveries; several may run against one database (leases keep them apart). */
export class DeliveryWorker {
  readonly owner = `worker-${randomUUID()}`;
  private running = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private readonly tenants = new Map<string, Tenant>();

  constructor(
    private readonly app: AppContext,
    private readonly opts: WorkerOptions = {},
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    const onQueued = () => this.wake?.();
    this.app.deliveriesQueued.add(onQueued);
    this.loop = (async () => {
      while (this.running) {
        let worked = 0;
        try {
          worked = await this.tick();
        } catch (error) {
          log().error({ err: (error as Error).message }, 'delivery worker');
        }
        if (worked === 0 && this.running) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, this.opts.pollMs ?? 250);
            this.wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          this.wake = null;
        }
      }
      this.app.deliveriesQueued.delete(onQueued);
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /** Claims and sends what is due; returns how many deliveries it handled. */
  async tick(): Promise<number> {
    const due = await claimDue(
      this.app.db,
      this.owner,
      this.app.now(),
      this.app.config.webhookLeaseMs,
      this.opts.batch ?? 16,
    );
    await Promise.all(due.map((d) => this.attempt(d)));
    return due.length;
  }

  private async tenant(id: string): Promise<Tenant | undefined> {
    if (!this.tenants.has(id)) {
      const t = await getTenant(this.app.db, id);
      if (t) this.tenants.set(id, t);
    }
    return this.tenants.get(id);
  }

  private async attempt(delivery: Delivery): Promise<void> {
    const attempt = delivery.attempts + 1;
    const startedAt = this.app.now();
    const [renewed] = await this.app.db.batch(
      startAttemptStatements(delivery, attempt, this.owner, startedAt, this.app.config.webhookLeaseMs),
    );
    // Another worker took this delivery over while this one waited: it sends, not us.
    if (renewed?.rowsAffected !== 1) return;
    const destination = await getDestinationAnyState(this.app.db, delivery.destination_id);
    const result: SendResult =
      destination && !destination.deleted && destination.enabled
        ? await post(this.app, destination, delivery)
        : { statusCode: null, error: 'destination removed or disabled', durationMs: 0 };
    const now = this.app.now();
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const redirect = result.statusCode !== null && result.statusCode >= 300 && result.statusCode < 400;
    const error = ok
      ? null
      : (result.error ??
        (redirect ? `HTTP ${result.statusCode} redirect (not followed)` : `HTTP ${result.statusCode}`));
    // 410 Gone and a removed destination end the delivery; other failures retry until the schedule runs out.
    const final =
      ok ||
      result.statusCode === 410 ||
      !destination ||
      destination.deleted ||
      !destination.enabled ||
      attempt >= MAX_ATTEMPTS;
    const delay =
      RETRY_DELAYS_MS[Math.min(attempt - 1, RETRY_DELAYS_MS.length - 1)]! *
      this.app.config.webhookRetryScale *
      (0.8 + Math.random() * 0.4);
    const status: Delivery['status'] = ok ? 'delivered' : final ? 'failed' : 'pending';
    const tenant = await this.tenant(delivery.tenant_id);
    const nextAttemptAt = final ? null : new Date(now.getTime() + delay).toISOString();
    // The destination's origin only: webhook URLs often carry a token in the path or query.
    log()[ok ? 'info' : 'warn'](
      {
        delivery: delivery.id,
        tenant: delivery.tenant_id,
        destination: delivery.destination_name,
        url: destination ? urlOrigin(destination.url) : null,
        attempt,
        status: result.statusCode,
        ms: result.durationMs,
        ...(error ? { error } : {}),
        outcome: status,
        next_retry: nextAttemptAt,
      },
      'webhook attempt',
    );
    await this.app.db.batch([
      ...finishAttemptStatements(delivery, attempt, this.owner, {
        outcome: ok ? 'success' : 'failure',
        durationMs: result.durationMs,
        statusCode: result.statusCode,
        error,
        status,
        nextAttemptAt: new Date(now.getTime() + (final ? 0 : delay)).toISOString(),
        finishedAt: final ? now.toISOString() : null,
      }),
      ...(tenant
        ? [
            eventStatement(
              {
                accountId: tenant.account_id,
                tenantId: tenant.id,
                type: ok ? 'delivery.succeeded' : final ? 'delivery.failed' : 'delivery.attempt_failed',
                subjectId: delivery.id,
                actor: 'system',
                diff: {
                  capture_id: delivery.capture_id,
                  destination: delivery.destination_name,
                  attempt,
                  status_code: result.statusCode,
                  error,
                },
              },
              now,
            ),
          ]
        : []),
    ]);
  }
}
