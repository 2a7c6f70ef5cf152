// The delivery worker's deadline and claim loop, in process against real receivers on
// 127.0.0.1: an attempt never outlives SVC_WEBHOOK_TIMEOUT_MS however the receiver drips,
// a finishing slot claims the next delivery at once, and a tenant's slow receivers hold at
// most its share of the slots. Also the choice among due deliveries, and the claim itself.
import { afterEach, describe, expect, it } from 'vitest';
import { claimAndStart, type DueDelivery, dueOf, tenantsWithDue } from '../../storage/delivery-leases.ts';
import { DeliveryWorker, takeTurns, tenantsToRead } from '../../services/webhooks.ts';
import { caller, createSandbox, makeTestApp, type TestApp } from '../helpers/app.ts';
import { buildEml } from '../helpers/mail.ts';
import { startReceiver, until, type Answer } from '../helpers/receiver.ts';

const SECRET = 'worker-secret-0123456789';
const invoice = (n: string) =>
  buildEml({ subject: `Invoice ${n}`, text: `Invoice number: ${n}\nInvoice date: 2026-03-01\nTotal due: 10.00 EUR` });

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
type Attempt = {
  attempt: number;
  outcome: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number | null;
};

describe('takeTurns', () => {
  const due = (tenant: string, n: number, minute: number): DueDelivery => ({
    id: `dlv_${tenant}${n}`,
    tenant_id: tenant,
    next_attempt_at: `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
    attempts: 0,
  });
  // A has a backlog from 10:00 on; B and C queued later.
  const backlog = [
    due('a', 1, 0),
    due('a', 2, 1),
    due('a', 3, 2),
    due('a', 4, 3),
    due('b', 1, 30),
    due('c', 1, 20),
    due('c', 2, 40),
  ];
  const ids = (list: DueDelivery[]) => list.map((d) => d.id);

  it('gives every tenant its next delivery before any tenant its one after, oldest first within a turn', () => {
    expect(ids(takeTurns(backlog, new Map(), 4, 5))).toEqual(['dlv_a1', 'dlv_c1', 'dlv_b1', 'dlv_a2', 'dlv_c2']);
    expect(ids(takeTurns(backlog, new Map(), 4, 100))).toEqual([
      'dlv_a1',
      'dlv_c1',
      'dlv_b1',
      'dlv_a2',
      'dlv_c2',
      'dlv_a3',
      'dlv_a4',
    ]);
  });

  it("counts a tenant's attempts in flight against its share and its turn", () => {
    // A has 3 in flight: one more at most, and after the tenants with none in flight.
    expect(ids(takeTurns(backlog, new Map([['a', 3]]), 4, 100))).toEqual(['dlv_c1', 'dlv_b1', 'dlv_c2', 'dlv_a1']);
    expect(ids(takeTurns(backlog, new Map([['a', 4]]), 4, 100))).toEqual(['dlv_c1', 'dlv_b1', 'dlv_c2']);
    expect(ids(takeTurns(backlog, new Map([['a', 9]]), 4, 100))).toEqual(['dlv_c1', 'dlv_b1', 'dlv_c2']);
    expect(takeTurns(backlog, new Map(), 4, 0)).toEqual([]);
  });
});

describe('tenantsToRead', () => {
  const tenant = (id: string, minute: number) => ({
    tenant_id: id,
    oldest_due: `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
  });
  const tenants = [tenant('a', 0), tenant('b', 30), tenant('c', 20), tenant('d', 10)];

  it('reads the tenants below their share, fewest in flight first, then the oldest due', () => {
    expect(tenantsToRead(tenants, new Map(), 4, 10)).toEqual(['a', 'd', 'c', 'b']);
    expect(tenantsToRead(tenants, new Map(), 4, 2)).toEqual(['a', 'd']);
    expect(
      tenantsToRead(
        tenants,
        new Map([
          ['a', 2],
          ['d', 4],
        ]),
        4,
        10,
      ),
    ).toEqual(['c', 'b', 'a']);
  });

  it('picks from those tenants what takeTurns would pick from all of them', () => {
    // Every tenant with four due, one minute apart from its oldest.
    const due = tenants.flatMap((t) =>
      [0, 1, 2, 3].map((i) => ({
        id: `dlv_${t.tenant_id}${i}`,
        tenant_id: t.tenant_id,
        next_attempt_at: new Date(Date.parse(t.oldest_due) + i * 60_000).toISOString(),
        attempts: 0,
      })),
    );
    const busy = new Map([['b', 1]]);
    for (const limit of [1, 2, 3, 5, 8, 20]) {
      const read = new Set(tenantsToRead(tenants, busy, 4, limit));
      expect(
        takeTurns(
          due.filter((d) => read.has(d.tenant_id)),
          busy,
          4,
          limit,
        ),
        `limit ${limit}`,
      ).toEqual(takeTurns(due, busy, 4, limit));
    }
  });
});

describe('delivery worker', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  async function app(timeoutMs: number, env: Record<string, string> = {}): Promise<TestApp> {
    const t = await makeTestApp(
      {
        SVC_ALLOW_PRIVATE_DESTINATIONS: '1',
        SVC_WEBHOOK_RETRY_SCALE: '1',
        SVC_WEBHOOK_TIMEOUT_MS: String(timeoutMs),
        ...env,
      },
      { realClock: true },
    );
    cleanup.push(() => t.close());
    return t;
  }

  const receivers: Receiver[] = [];
  async function receiver(script: (n: number) => Answer): Promise<Receiver> {
    const r = await startReceiver(SECRET, script);
    receivers.push(r);
    cleanup.push(() => r.close());
    return r;
  }

  /** A started worker, stopped after the receivers close (its hanging attempts then end at once). */
  function started(t: TestApp, opts: ConstructorParameters<typeof DeliveryWorker>[1]): DeliveryWorker {
    const worker = new DeliveryWorker(t.app, opts);
    worker.start();
    cleanup.push(async () => {
      for (const r of receivers.splice(0)) await r.close();
      await worker.stop();
    });
    return worker;
  }

  /** A tenant whose invoices go to `destinations` (name -> receiver URL). */
  async function tenant(t: TestApp, destinations: Record<string, string>) {
    const { key, tenant_id } = await createSandbox(t.app, 'operator');
    const call = caller(t.h3, key);
    for (const [name, url] of Object.entries(destinations))
      expect((await call('add_destination', { name, url, secret: SECRET })).status).toBe(200);
    await call('update_bucket', { id: 'invoices', destinations: Object.keys(destinations) });
    const ingest = async (n: string) => {
      const out = (await call('ingest_message', { eml: invoice(n) })).body;
      expect(out.capture.status).toBe('applied');
      return out.capture.id as string;
    };
    const attempts = async (capture: string) =>
      Object.fromEntries(
        (await call('get_capture', { id: capture })).body.deliveries.map(
          (d: { destination: string; attempt_log: Attempt[] }) => [d.destination, d.attempt_log],
        ),
      ) as Record<string, Attempt[]>;
    return { call, tenantId: tenant_id, ingest, attempts };
  }

  it('one deadline bounds the whole attempt: a receiver that drips its headers or never answers is cut at it', async () => {
    const DEADLINE = 1500;
    const t = await app(DEADLINE);
    // A byte every 300 ms: a timer that restarts with each byte would never fire.
    const headers = await receiver(() => ({ dripHeadersMs: 300 }));
    const silent = await receiver(() => 'hang');
    const body = await receiver(() => ({ status: 200, dripBodyMs: 300 }));
    const a = await tenant(t, {
      'header-drip': `${headers.url}/h`,
      silent: `${silent.url}/h`,
      'body-drip': `${body.url}/h`,
    });
    const capture = await a.ingest('D-1');
    const started = Date.now();
    expect(await new DeliveryWorker(t.app).tick()).toBe(3);
    const took = Date.now() - started;
    const log = await a.attempts(capture);
    for (const name of ['header-drip', 'silent']) {
      expect(log[name], name).toHaveLength(1);
      expect(log[name]![0]).toMatchObject({
        outcome: 'failure',
        status_code: null,
        error: `timed out: no answer within ${DEADLINE} ms (SVC_WEBHOOK_TIMEOUT_MS)`,
      });
      expect(log[name]![0]!.duration_ms).toBeGreaterThanOrEqual(DEADLINE);
      expect(log[name]![0]!.duration_ms).toBeLessThan(DEADLINE + 1000);
    }
    // The status decides: 200 with its headers is a success, and the dripping body is not waited for.
    expect(log['body-drip']![0]).toMatchObject({ outcome: 'success', status_code: 200, error: null });
    expect(log['body-drip']![0]!.duration_ms).toBeLessThan(DEADLINE);
    // Every connection is closed by the deadline, the dripping body's too (drained for reuse, then cut).
    for (const r of [headers, silent, body]) {
      await until(
        () => r.open(),
        (n) => n === 0,
      );
      expect(r.received[0]!.closedAt! - r.received[0]!.at).toBeLessThan(DEADLINE + 1000);
    }
    // The three ran side by side: the pass took one deadline, not three.
    expect(took).toBeLessThan(2 * DEADLINE + 1000);
  });

  it('a finishing slot claims the next delivery: a hanging attempt delays none queued after it', async () => {
    const DEADLINE = 20_000;
    const t = await app(DEADLINE);
    const r = await receiver((n) => (n === 1 ? 'hang' : 200));
    const a = await tenant(t, { erp: `${r.url}/h` });
    started(t, { pollMs: 50, slots: 2, tenantSlots: 2 });
    const first = await a.ingest('H-1');
    await until(
      () => r.received.length,
      (n) => n === 1,
    );
    const later: string[] = [];
    for (const n of [2, 3, 4, 5]) later.push(await a.ingest(`H-${n}`));
    // Each is sent and recorded through the one free slot while the first still hangs.
    for (const capture of later)
      await until(
        () => a.attempts(capture),
        (log) => log.erp?.[0]?.outcome === 'success',
      );
    expect(r.received).toHaveLength(5);
    expect(r.maxOpen()).toBeLessThanOrEqual(2);
    expect(r.received[0]!.closedAt).toBeUndefined();
    expect((await a.attempts(first)).erp).toMatchObject([{ outcome: 'in_flight' }]);
  });

  it("a tenant's hanging receivers hold at most its share of the slots; another tenant's delivery goes out at once", async () => {
    const DEADLINE = 20_000;
    const t = await app(DEADLINE);
    const hang = await receiver(() => 'hang');
    const normal = await receiver(() => 200);
    const a = await tenant(t, { erp: `${hang.url}/h` });
    const b = await tenant(t, { erp: `${normal.url}/h` });
    started(t, { pollMs: 50, slots: 4, tenantSlots: 2 });
    for (const n of [1, 2, 3, 4, 5, 6]) await a.ingest(`A-${n}`);
    await until(
      () => hang.received.length,
      (n) => n === 2,
    );
    const queued = Date.now();
    const capture = await b.ingest('B-1');
    await until(
      () => b.attempts(capture),
      (log) => log.erp?.[0]?.outcome === 'success',
    );
    // Well inside A's deadline: B did not wait for one of A's slots.
    expect(Date.now() - queued).toBeLessThan(DEADLINE / 2);
    expect(normal.received).toHaveLength(1);
    expect(hang.received).toHaveLength(2);
    expect(hang.open()).toBe(2);
    // A's other four stay due and unclaimed while its two hang.
    expect(await dueOf(t.app.db, new Date(), [a.tenantId], 10)).toHaveLength(4);
  });

  it('never claims again what it is still sending when the lease runs out mid-attempt', async () => {
    const t = await app(5000, { SVC_WEBHOOK_LEASE_MS: '100' });
    const r = await receiver(() => ({ status: 200, delayMs: 800 }));
    const a = await tenant(t, { erp: `${r.url}/h` });
    started(t, { pollMs: 10 });
    const capture = await a.ingest('L-1');
    await until(
      () => a.attempts(capture),
      (log) => log.erp?.[0]?.outcome === 'success',
    );
    // Many polls passed while the lease had run out: one attempt, one POST.
    expect((await a.attempts(capture)).erp).toMatchObject([{ attempt: 1, outcome: 'success', status_code: 200 }]);
    expect(r.received).toHaveLength(1);
  });
});

describe('claiming', () => {
  it("reads each tenant's oldest due deliveries, at most per tenant; a claimed one is held by one worker only, its attempt recorded", async () => {
    const t = await makeTestApp({ SVC_ALLOW_PRIVATE_DESTINATIONS: '1' });
    try {
      const setUp = async () => {
        const { key, tenant_id } = await createSandbox(t.app, 'operator');
        const call = caller(t.h3, key);
        await call('add_destination', { name: 'erp', url: 'http://127.0.0.1:9/h' });
        await call('update_bucket', { id: 'invoices', destinations: ['erp'] });
        return { call, tenant_id };
      };
      const a = await setUp();
      const b = await setUp();
      for (const n of [1, 2, 3, 4, 5]) {
        await a.call('ingest_message', { eml: invoice(`A-${n}`) });
        t.clock.now = new Date(t.clock.now.getTime() + 1000);
      }
      await b.call('ingest_message', { eml: invoice('B-1') });
      const now = new Date(t.clock.now.getTime() + 1000);
      const all = await t.app.db.read(
        'SELECT id, next_attempt_at FROM deliveries WHERE tenant_id = ? ORDER BY next_attempt_at',
        [a.tenant_id],
      );
      const oldest = (tenant: string, at: Date) =>
        tenantsWithDue(t.app.db, at).then((list) => list.find((x) => x.tenant_id === tenant)?.oldest_due);
      expect(await oldest(a.tenant_id, now)).toBe(String(all[0]!.next_attempt_at));
      expect(await oldest(b.tenant_id, now)).toBeDefined();
      // Nothing is due before it was queued.
      expect(await tenantsWithDue(t.app.db, new Date('2026-01-01T00:00:00Z'))).toEqual([]);
      const due = await dueOf(t.app.db, now, [a.tenant_id, b.tenant_id], 3);
      const ofA = due.filter((d) => d.tenant_id === a.tenant_id);
      expect(due.filter((d) => d.tenant_id === b.tenant_id)).toHaveLength(1);
      // A's three oldest.
      expect(ofA.map((d) => d.id).sort()).toEqual(all.slice(0, 3).map((r) => String(r.id)));

      const ids = ofA.map((d) => d.id).sort();
      const attemptRows = async () =>
        (
          await t.app.db.read(
            `SELECT delivery_id, attempt, outcome FROM delivery_attempts WHERE delivery_id IN (?, ?, ?)
              ORDER BY delivery_id, attempt`,
            ids,
          )
        ).map((r) => `${r.delivery_id}#${r.attempt}:${r.outcome}`);
      const first = await claimAndStart(t.app.db, 'worker-1', ofA, now, 60_000);
      expect(first.map((d) => [d.id, d.lease_owner, d.attempts]).sort()).toEqual(ids.map((id) => [id, 'worker-1', 1]));
      // The attempt is recorded before anything is sent.
      expect(await attemptRows()).toEqual(ids.map((id) => `${id}#1:in_flight`));
      // Another worker that chose the same rows gets none of them while the lease holds.
      expect(await claimAndStart(t.app.db, 'worker-2', ofA, now, 60_000)).toEqual([]);
      // Held rows are no longer due: A's next two come up instead.
      const next = await dueOf(t.app.db, now, [a.tenant_id], 3);
      expect(next.map((d) => d.id).sort()).toEqual(all.slice(3).map((r) => String(r.id)));
      expect(await oldest(a.tenant_id, now)).toBe(String(all[3]!.next_attempt_at));
      // After the lease runs out (worker-1 died mid-send) they are due again, but only a fresh
      // read claims them: the one that counted no attempt yet is stale.
      const later = new Date(now.getTime() + 61_000);
      expect(await claimAndStart(t.app.db, 'worker-2', ofA, later, 60_000)).toEqual([]);
      const fresh = await dueOf(t.app.db, later, [a.tenant_id], 3);
      expect(fresh.map((d) => d.id).sort()).toEqual(ids);
      expect(fresh.map((d) => d.attempts)).toEqual([1, 1, 1]);
      const taken = await claimAndStart(t.app.db, 'worker-2', fresh, later, 60_000);
      expect(taken.map((d) => [d.id, d.lease_owner, d.attempts]).sort()).toEqual(ids.map((id) => [id, 'worker-2', 2]));
      expect(await attemptRows()).toEqual(ids.flatMap((id) => [`${id}#1:interrupted`, `${id}#2:in_flight`]));
    } finally {
      await t.close();
    }
  });
});
