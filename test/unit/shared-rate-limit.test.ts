// The per-key budget shared through the database, with two limiters on one database file
// standing for two processes, and the classification of server failures as 503.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPORT_WAIT_MS, SharedRateLimiter, allowanceFor } from '../../services/shared-rate-limit.ts';
import { connectionFailure, openDb, type Db } from '../../storage/db.ts';
import { createSandbox, http, makeTestApp } from '../helpers/app.ts';

async function twoProcesses(perMinute: number) {
  const url = `file:${join(mkdtempSync(join(tmpdir(), 'svc-rate-')), 'svc.db')}`;
  const clock = { ms: Date.parse('2026-11-01T10:00:00Z') };
  const [dbA, dbB] = [await openDb(url), await openDb(url)];
  const a = new SharedRateLimiter(dbA, perMinute, () => clock.ms);
  const b = new SharedRateLimiter(dbB, perMinute, () => clock.ms);
  return {
    clock,
    db: dbA,
    a,
    b,
    /** Both processes have reported what they spent and heard back. */
    settle: async () => {
      await a.drain();
      await b.drain();
    },
    close: () => {
      dbA.close();
      dbB.close();
    },
  };
}

describe('shared rate limit', () => {
  const takeAll = (limiter: SharedRateLimiter, key: string, n: number) =>
    Array.from({ length: n }, () => limiter.take(key));

  it('two processes taking turns share one budget; a stale view lets one call through, paid back by waiting', async () => {
    const { a, b, clock, settle, close } = await twoProcesses(30);
    for (let i = 0; i < 4; i++) {
      expect(takeAll(a, 'key_1', 5)).toEqual([0, 0, 0, 0, 0]);
      await settle();
    }
    // B has not seen the key: its first call is allowed and reported at once; then it knows.
    expect(b.take('key_1')).toBe(0);
    await settle();
    const rest = takeAll(b, 'key_1', 10);
    expect(rest.slice(0, 9)).toEqual(Array(9).fill(0));
    // Empty: one token comes back in 2 s (30 a minute).
    expect(rest[9]).toBe(2);
    await settle();
    // A still believes 10 are left: its next call passes (the tolerance), is reported, and
    // from then on A knows the bucket is one below empty: 2 tokens (4 s) to wait.
    expect(a.take('key_1')).toBe(0);
    await settle();
    expect(a.take('key_1')).toBe(4);
    clock.ms += 4000;
    expect(a.take('key_1')).toBe(0);
    close();
  });

  it('a burst on both overspends by at most the allowance each, then both wait it off', async () => {
    const { a, b, clock, db, settle, close } = await twoProcesses(30);
    expect(allowanceFor(30)).toBe(10);
    takeAll(a, 'key_2', 5);
    await settle();
    takeAll(b, 'key_2', 5);
    await settle();
    takeAll(a, 'key_2', 5);
    takeAll(b, 'key_2', 5);
    await settle();
    // 10 left in the shared bucket; neither process has heard all of the other's spending.
    let allowed = 0;
    for (let i = 0; i < 20; i++) allowed += (a.take('key_2') === 0 ? 1 : 0) + (b.take('key_2') === 0 ? 1 : 0);
    expect(allowed).toBeGreaterThanOrEqual(10);
    expect(allowed).toBeLessThanOrEqual(10 + 2 * 10);
    await settle();
    await settle();
    // Every allowed call reached the shared bucket, which now holds 10 - allowed.
    const shared = Number((await db.readOne('SELECT tokens FROM rate_buckets WHERE key_id = ?', ['key_2']))!.tokens);
    expect(shared).toBe(10 - allowed);
    expect(a.take('key_2')).toBeGreaterThan(0);
    expect(b.take('key_2')).toBeGreaterThan(0);
    clock.ms += (1 - shared) * 2000 + 100;
    expect(a.take('key_2')).toBe(0);
    close();
  });
});

describe('shared rate limit without its database', () => {
  it('runs ahead by the allowance only, then refuses for a second; retries are paced, not spun', async () => {
    let reports = 0;
    const down = {
      batch: async () => {
        reports++;
        throw new Error('fetch failed');
      },
    } as unknown as Db;
    const limiter = new SharedRateLimiter(down, 600, () => Date.now());
    const waits = Array.from({ length: 15 }, () => limiter.take('key_3'));
    expect(waits.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(waits.slice(10)).toEqual([1, 1, 1, 1, 1]);
    await new Promise((r) => setTimeout(r, 450));
    // One report at once, then one per 100 ms at most.
    expect(reports).toBeGreaterThanOrEqual(2);
    expect(reports).toBeLessThanOrEqual(7);
  });
});

describe('a burst while a report is in flight', () => {
  /** A database whose writes answer after `ms`, as a durable commit or a starting writer does. */
  function slowDb(ms: number): Db {
    const shared = { tokens: null as number | null };
    return {
      batch: async (statements: { args: unknown[] }[]) => {
        await new Promise((r) => setTimeout(r, ms));
        const [capacity, , , spent] = statements[1]!.args as number[];
        shared.tokens = (shared.tokens ?? capacity!) - spent!;
        return [{ rows: [] }, { rows: [{ tokens: shared.tokens }] }];
      },
    } as unknown as Db;
  }

  it('waits for the report instead of refusing calls within the budget', async () => {
    const limiter = new SharedRateLimiter(slowDb(30), 600, () => Date.now());
    // 600 a minute: 10 calls may run ahead of the database; the other 90 wait for reports.
    const waits = await Promise.all(Array.from({ length: 100 }, () => limiter.admit('key_4')));
    expect(waits).toEqual(Array(100).fill(0));
    // take() still refuses what is ahead of the database, for callers that cannot wait.
    expect(Array.from({ length: 15 }, () => limiter.take('key_5')).slice(10)).toEqual([1, 1, 1, 1, 1]);
  });

  it('still spends exactly the budget: calls past it get the seconds to the next token', async () => {
    const limiter = new SharedRateLimiter(slowDb(10), 30, () => Date.now());
    const waits = await Promise.all(Array.from({ length: 40 }, () => limiter.admit('key_6')));
    expect(waits.filter((w) => w === 0)).toHaveLength(30);
    // 30 a minute: the next token is 2 s away.
    expect(waits.filter((w) => w > 0).every((w) => w === 2)).toBe(true);
  });

  it('does not wait on a database that fails: refused at once, as take() would', async () => {
    const down = {
      batch: async () => {
        await new Promise((r) => setTimeout(r, 5));
        throw new Error('fetch failed');
      },
    } as unknown as Db;
    const limiter = new SharedRateLimiter(down, 600, () => Date.now());
    const started = performance.now();
    const waits = await Promise.all(Array.from({ length: 15 }, () => limiter.admit('key_7')));
    expect(waits.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(waits.slice(10)).toEqual([1, 1, 1, 1, 1]);
    expect(performance.now() - started).toBeLessThan(REPORT_WAIT_MS);
  });

  it('a burst of 100 requests at the default 600 a minute all pass on a local file (writer thread)', async () => {
    const t = await makeTestApp({ SVC_RATE_LIMIT_PER_MINUTE: '600' });
    try {
      const { key } = await createSandbox(t.app, 'operator');
      const statuses = await Promise.all(
        Array.from({ length: 100 }, () => http(t.h3, 'GET', '/v1/buckets', { key }).then((r) => r.status)),
      );
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('a report later than the wait', () => {
  /**
   * The real database behind a gate: the limiter's reports wait until the test opens it (an
   * event), as when the main thread is busy with a burst of large mail and the writer's
   * answer is not read in time.
   */
  async function gated(url: string) {
    const db = await openDb(url);
    let open!: () => void;
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    let reports = 0;
    const late = {
      batch: async (statements: Parameters<Db['batch']>[0]) => {
        reports++;
        await opened;
        return db.batch(statements);
      },
    } as unknown as Db;
    return { db, late, open, reports: () => reports };
  }
  const fileUrl = () => `file:${join(mkdtempSync(join(tmpdir(), 'svc-rate-late-')), 'svc.db')}`;

  it('admits 20 of 20 calls within the budget, decided from its own count, and reports them all', async () => {
    const { db, late, open, reports } = await gated(fileUrl());
    // A clock that stands still: no token comes back while the test runs.
    const limiter = new SharedRateLimiter(late, 600, () => Date.parse('2026-11-01T10:00:00Z'));
    // 600 a minute: 10 run ahead of the database; the other 10 wait for a report that does
    // not come until every call has been answered.
    const waits = await Promise.all(Array.from({ length: 20 }, () => limiter.admit('key_8')));
    expect(reports()).toBe(1);
    expect(waits).toEqual(Array(20).fill(0));
    open();
    await limiter.drain();
    const shared = await db.readOne('SELECT tokens FROM rate_buckets WHERE key_id = ?', ['key_8']);
    expect(Number(shared!.tokens)).toBe(580);
    db.close();
  });

  it('still refuses past the budget while the report is late, with the seconds to the next token', async () => {
    const { db, late, open } = await gated(fileUrl());
    const limiter = new SharedRateLimiter(late, 30, () => Date.parse('2026-11-01T10:00:00Z'));
    const waits = await Promise.all(Array.from({ length: 31 }, () => limiter.admit('key_9')));
    expect(waits.filter((w) => w === 0)).toHaveLength(30);
    // 30 a minute: the next token is 2 s away.
    expect(waits.filter((w) => w !== 0)).toEqual([2]);
    open();
    await limiter.drain();
    db.close();
  });

  it('a real overrun across processes is refused once the late report brings it back', async () => {
    const url = fileUrl();
    const { db, late, open } = await gated(url);
    const clock = { ms: Date.parse('2026-11-01T10:00:00Z') };
    // Another process has spent the whole budget of 30 already.
    const other = new SharedRateLimiter(db, 30, () => clock.ms);
    const spent = await Promise.all(Array.from({ length: 30 }, () => other.admit('key_10')));
    expect(spent).toEqual(Array(30).fill(0));
    await other.drain();
    const limiter = new SharedRateLimiter(late, 30, () => clock.ms);
    const first = limiter.admit('key_10');
    // Past the allowance and with its report held, this process admits by its own count...
    expect(await first).toBe(0);
    open();
    await limiter.drain();
    // ...and the report tells it the shared bucket is overspent: 429 with the wait.
    const after = await limiter.admit('key_10');
    expect(after).toBeGreaterThanOrEqual(2);
    clock.ms += after * 1000 - 1000;
    expect(await limiter.admit('key_10')).toBeGreaterThan(0);
    db.close();
  });
});

describe('server failures', () => {
  it('names connection failures and leaves SQL errors alone', () => {
    expect(
      connectionFailure(
        new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) }),
      ),
    ).toBe('ECONNREFUSED');
    expect(connectionFailure(new Error('Replication(PrimaryHandshakeTimeout)'))).toContain('Replication(');
    expect(
      connectionFailure(
        Object.assign(new Error('SQLITE_CONSTRAINT: UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT' }),
      ),
    ).toBeNull();
    expect(connectionFailure(new Error('no such table: x'))).toBeNull();
  });
});
