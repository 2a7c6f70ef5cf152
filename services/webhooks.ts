// Webhook delivery: the outbox rows (services/webhook-outbox.ts, written with the change that applies
// a capture) are sent by a worker that claims them with a lease, signs the exact body, records every
// attempt and retries with backoff (1 min, 5 min, 30 min, 2 h, 6 h: six attempts in all).
// Each attempt has one hard deadline, and the worker runs attempts in a fixed number of slots,
// a share of them per tenant at most, claiming the next delivery as each slot frees: no
// receiver, however slow, holds up another tenant's delivery.
import { createHmac, randomUUID } from 'node:crypto';
import { type ClientRequest, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { eventStatement } from '../storage/events.ts';
import { getTenant, type Tenant } from '../storage/tenants.ts';
import {
  claimAndStart,
  type DueDelivery,
  type DueTenant,
  dueOf,
  finishAttemptStatements,
  tenantsWithDue,
} from '../storage/delivery-leases.ts';
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

/**
 * One POST: no redirects followed, the SSRF guard at connect time, and one deadline for the
 * whole attempt (DNS, connect, TLS, sending, the status line and headers). The status decides
 * the attempt, so it ends when the headers are in; the body is never waited for.
 */
function post(app: AppContext, destination: Destination, delivery: Delivery): Promise<SendResult> {
  // The monotonic clock: a wall-clock step during an attempt must not bend its duration.
  const started = performance.now();
  const deadlineMs = app.config.webhookTimeoutMs;
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
    let req: ClientRequest | undefined;
    const done = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ statusCode, error, durationMs: Math.round(performance.now() - started) });
    };
    // Not the socket's idle timeout, which starts again with every byte: a receiver that
    // sends a byte every few seconds would hold the attempt (and its slot) for ever.
    // libuv measures timers from the start of the loop's turn, so one may fire early: re-armed then.
    const expire = () => {
      const left = started + deadlineMs - performance.now();
      if (left > 0) {
        deadline = setTimeout(expire, Math.ceil(left));
        return;
      }
      done(null, `timed out: no answer within ${deadlineMs} ms (SVC_WEBHOOK_TIMEOUT_MS)`);
      req?.destroy();
    };
    let deadline = setTimeout(expire, deadlineMs);
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
    req = send(url, { method: 'POST', headers, lookup: guardedLookup(app.config.allowPrivateDestinations) }, (res) => {
      done(res.statusCode ?? null, null);
      // The body changes nothing, so the attempt (and its slot) ends here. The body is drained
      // in the background so that the connection can serve the next POST, but not past the deadline.
      const cut = setTimeout(() => res.destroy(), Math.max(0, started + deadlineMs - performance.now()));
      res.once('close', () => clearTimeout(cut));
      // A reset in the body comes too late to change the outcome (and unheard it would throw).
      res.on('error', () => {});
      res.resume();
    });
    req.on('error', (e) => done(null, e.message));
    req.end(delivery.payload);
  });
}

/**
 * The tenants whose deliveries can be among the next `limit` that takeTurns picks: below
 * their share, fewest in flight first, then the oldest due. A tenant outside them has
 * `limit` picks ahead of its first, so only these tenants' deliveries need reading.
 */
export function tenantsToRead(
  tenants: DueTenant[],
  busy: ReadonlyMap<string, number>,
  perTenant: number,
  limit: number,
): string[] {
  const inFlight = (t: DueTenant) => busy.get(t.tenant_id) ?? 0;
  return tenants
    .filter((t) => inFlight(t) < perTenant)
    .sort(
      (a, b) =>
        inFlight(a) - inFlight(b) || a.oldest_due.localeCompare(b.oldest_due) || a.tenant_id.localeCompare(b.tenant_id),
    )
    .slice(0, Math.max(0, limit))
    .map((t) => t.tenant_id);
}

/**
 * Which of the due deliveries a worker claims, given what it has in flight per tenant: each
 * tenant up to `perTenant` in flight, and tenants take turns (every tenant's next delivery
 * before any tenant's one after it, the oldest first within a turn), `limit` in all.
 */
export function takeTurns(
  due: DueDelivery[],
  busy: ReadonlyMap<string, number>,
  perTenant: number,
  limit: number,
): DueDelivery[] {
  const byTenant = new Map<string, DueDelivery[]>();
  for (const d of due) {
    const list = byTenant.get(d.tenant_id);
    if (list) list.push(d);
    else byTenant.set(d.tenant_id, [d]);
  }
  const oldestFirst = (a: DueDelivery, b: DueDelivery) =>
    a.next_attempt_at.localeCompare(b.next_attempt_at) || a.id.localeCompare(b.id);
  const turns: { turn: number; delivery: DueDelivery }[] = [];
  for (const [tenant, list] of byTenant) {
    const inFlight = busy.get(tenant) ?? 0;
    list
      .sort(oldestFirst)
      .slice(0, Math.max(0, perTenant - inFlight))
      .forEach((delivery, i) => {
        turns.push({ turn: inFlight + i, delivery });
      });
  }
  return turns
    .sort((a, b) => a.turn - b.turn || oldestFirst(a.delivery, b.delivery))
    .slice(0, Math.max(0, limit))
    .map((t) => t.delivery);
}

export interface WorkerOptions {
  /** How often to look for due deliveries when nothing wakes the worker (ms). */
  pollMs?: number;
  /** Attempts in flight at once (SVC_WEBHOOK_CONCURRENCY). */
  slots?: number;
  /**
   * Of those, one tenant's at most (SVC_WEBHOOK_TENANT_CONCURRENCY): a tenant's slow
   * receivers leave the other slots to other tenants.
   */
  tenantSlots?: number;
}

/**
 * Sends due deliveries; several may run against one database (leases keep them apart).
 * Runs up to `slots` attempts at once, at most `tenantSlots` of one tenant; whenever a slot
 * frees (or a delivery is queued in this process, or `pollMs` passes) it claims more.
 */
export class DeliveryWorker {
  readonly owner = `worker-${randomUUID()}`;
  private running = false;
  private loop: Promise<void> | null = null;
  /** Attempts in flight: delivery id -> its tenant and its end. */
  private readonly inFlight = new Map<string, { tenant: string; finished: Promise<void> }>();
  /** Something changed (a slot freed, a delivery was queued) since the loop last looked. */
  private woken = false;
  private wake: (() => void) | null = null;
  private readonly tenants = new Map<string, Tenant>();

  constructor(
    private readonly app: AppContext,
    private readonly opts: WorkerOptions = {},
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    const { webhookLeaseMs, webhookTimeoutMs } = this.app.config;
    if (webhookLeaseMs <= webhookTimeoutMs)
      log().warn(
        { lease_ms: webhookLeaseMs, timeout_ms: webhookTimeoutMs },
        'set SVC_WEBHOOK_LEASE_MS a few seconds above SVC_WEBHOOK_TIMEOUT_MS: a lease that runs out during an attempt lets another node send the delivery again',
      );
    const onQueued = () => this.signal();
    this.app.deliveriesQueued.add(onQueued);
    this.loop = (async () => {
      while (this.running) {
        try {
          await this.claimAndRun();
        } catch (error) {
          log().error({ err: (error as Error).message }, 'delivery worker');
        }
        await this.idle(this.opts.pollMs ?? 250);
      }
      this.app.deliveriesQueued.delete(onQueued);
    })();
  }

  /** Stops claiming; resolves once the attempts in flight are recorded (each ends by its deadline). */
  async stop(): Promise<void> {
    this.running = false;
    this.signal();
    await this.loop;
    await Promise.all([...this.inFlight.values()].map((a) => a.finished));
  }

  /** Claims what is due into the free slots, waits for those attempts; returns how many it started. */
  async tick(): Promise<number> {
    const started = await this.claimAndRun();
    await Promise.all(started);
    return started.length;
  }

  private signal(): void {
    this.woken = true;
    this.wake?.();
  }

  /** Waits for a signal or `ms`, whichever comes first; at once if one came while the loop worked. */
  private idle(ms: number): Promise<void> {
    if (this.woken || !this.running) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const wake = () => {
        clearTimeout(timer);
        this.wake = null;
        this.woken = false;
        resolve();
      };
      timer = setTimeout(wake, ms);
      this.wake = wake;
    });
  }

  /** Claims due deliveries for the free slots and starts them; returns their ends. */
  private async claimAndRun(): Promise<Promise<void>[]> {
    const slots = this.opts.slots ?? this.app.config.webhookConcurrency;
    const perTenant = this.opts.tenantSlots ?? this.app.config.webhookTenantConcurrency;
    if (this.inFlight.size >= slots) return [];
    const now = this.app.now();
    // Choosing is two reads; only the chosen rows are written (a worker with nothing due writes nothing).
    const free = slots - this.inFlight.size;
    const tenants = await tenantsWithDue(this.app.db, now);
    if (tenants.length === 0) return [];
    const busy = new Map<string, number>();
    for (const a of this.inFlight.values()) busy.set(a.tenant, (busy.get(a.tenant) ?? 0) + 1);
    const read = tenantsToRead(tenants, busy, perTenant, free);
    // A lease shorter than an attempt runs out while this worker still sends: the row is due
    // again, but this worker does not claim what it holds (another node might; see deploy.md).
    const due = (await dueOf(this.app.db, now, read, Math.min(perTenant, free))).filter(
      (d) => !this.inFlight.has(d.id),
    );
    const chosen = takeTurns(due, busy, perTenant, free);
    const claimed = await claimAndStart(this.app.db, this.owner, chosen, now, this.app.config.webhookLeaseMs);
    return claimed.map((delivery) => this.run(delivery));
  }

  private run(delivery: Delivery): Promise<void> {
    const finished = this.attempt(delivery)
      .catch((error: unknown) => {
        // The lease runs out and the delivery is claimed again; its attempt row shows as interrupted.
        log().error({ err: (error as Error).message, delivery: delivery.id }, 'delivery worker');
      })
      .finally(() => {
        this.inFlight.delete(delivery.id);
        this.signal();
      });
    this.inFlight.set(delivery.id, { tenant: delivery.tenant_id, finished });
    return finished;
  }

  private async tenant(id: string): Promise<Tenant | undefined> {
    if (!this.tenants.has(id)) {
      const t = await getTenant(this.app.db, id);
      if (t) this.tenants.set(id, t);
    }
    return this.tenants.get(id);
  }

  /** One attempt on a delivery claimed by claimAndStart (its attempt row is already `in_flight`). */
  private async attempt(delivery: Delivery): Promise<void> {
    const attempt = delivery.attempts;
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
