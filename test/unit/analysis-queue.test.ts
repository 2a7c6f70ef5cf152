// The queue in front of the analysis workers (services/analysis-pool.ts): messages wait
// their turn in arrival order, at most `readingAtOnce` are read at once, and only an
// overloaded server (too much mail waiting, or waiting too long) answers 503.
import { describe, expect, it } from 'vitest';
import { cpuMsOfStat, ownCpuClock, ownThreadId, threadCpuMs } from '../../pipeline/thread-cpu.mjs';
import { budgetVerdict } from '../../services/analysis-pool.ts';
import { loadConfig } from '../../services/config.ts';
import { analyze } from '../../services/analysis.ts';
import { ToolError } from '../../services/errors.ts';
import { buildEml } from '../helpers/mail.ts';
import { testPools } from '../helpers/pools.ts';

const KIB = 1024;

/** A read that finishes when the test says so. */
function controlled() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
}

describe('the analysis queue', () => {
  const pool = testPools();

  it('reads at most two messages per worker at once, the rest in arrival order, and every one', async () => {
    const p = pool({ workers: 2 });
    expect(p.readingAtOnce).toBe(4);
    const reads = Array.from({ length: 50 }, () => controlled());
    const started: number[] = [];
    let reading = 0;
    let most = 0;
    const all = reads.map((r, i) =>
      p.message(100 * KIB, async () => {
        started.push(i);
        reading += 1;
        most = Math.max(most, reading);
        await r.done;
        reading -= 1;
        return i;
      }),
    );
    expect(p.queued()).toEqual({ messages: 46, bytes: 46 * 100 * KIB, reading: 4 });
    // Finish them out of order: the next to start is always the longest waiting.
    for (const i of [2, 0, 3, 1]) reads[i]!.finish();
    for (let i = 4; i < 50; i++) reads[i]!.finish();
    expect(await Promise.all(all)).toEqual(reads.map((_, i) => i));
    expect(started).toEqual(reads.map((_, i) => i));
    expect(most).toBe(4);
    expect(p.queued()).toEqual({ messages: 0, bytes: 0, reading: 0 });
  });

  it('answers 503 with a Retry-After when more mail would wait than SVC_ANALYSIS_QUEUE_MB', async () => {
    const p = pool({ workers: 1, queueMb: 1 });
    const reads = Array.from({ length: 4 }, () => controlled());
    const size = 400 * KIB;
    const running = reads.map((r) => p.message(size, () => r.done));
    // Two read, two wait (800 KiB); one more would make 1,200 KiB.
    expect(p.queued()).toEqual({ messages: 2, bytes: 2 * size, reading: 2 });
    const refused = await p.message(size, async () => 'read').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ToolError);
    const error = refused as ToolError;
    expect(error.code).toBe('unavailable');
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/1 MiB of mail is already waiting to be read \(SVC_ANALYSIS_QUEUE_MB=1\)/);
    expect(error.message).toMatch(/Nothing was stored; send the message again in \d+ s\.$/);
    expect(error.details).toEqual({ retry_after_seconds: expect.any(Number), waiting_messages: 2 });
    expect(error.details.retry_after_seconds).toBeGreaterThanOrEqual(1);
    for (const r of reads) r.finish();
    await Promise.all(running);
    // With nothing waiting, a message larger than the whole queue still waits its turn alone.
    const big = reads.map(() => controlled());
    const first = [p.message(10, () => big[0]!.done), p.message(10, () => big[1]!.done)];
    const huge = p.message(5 * 1024 * KIB, async () => 'read');
    expect(p.queued().messages).toBe(1);
    for (const r of big) r.finish();
    await Promise.all(first);
    expect(await huge).toBe('read');
  });

  it('answers 503 to a message that waited SVC_ANALYSIS_QUEUE_WAIT_MS, and forgets it', async () => {
    const p = pool({ workers: 1, queueWaitMs: 200 });
    const reads = [controlled(), controlled()];
    const running = reads.map((r) => p.message(KIB, () => r.done));
    const waited = await p.message(KIB, async () => 'read').catch((e: unknown) => e);
    expect((waited as ToolError).code).toBe('unavailable');
    expect((waited as ToolError).message).toMatch(
      /the message waited 0.2 s for its turn to be read \(SVC_ANALYSIS_QUEUE_WAIT_MS=200\)/,
    );
    expect(p.queued()).toEqual({ messages: 0, bytes: 0, reading: 2 });
    for (const r of reads) r.finish();
    await Promise.all(running);
    expect(await p.message(KIB, async () => 'read')).toBe('read');
  });

  it("a turn held before the bytes are read is the message's: it runs at once, and the turn is given back once", async () => {
    const p = pool({ workers: 1 });
    const held = [await p.hold(2 * 1024 * KIB), await p.hold(2 * 1024 * KIB)];
    expect(p.queued()).toEqual({ messages: 0, bytes: 0, reading: 2 });
    // A third message, with no turn held, waits.
    const third = controlled();
    const waiting = p.message(KIB, () => third.done.then(() => 'third'));
    expect(p.queued()).toEqual({ messages: 1, bytes: KIB, reading: 2 });
    // The holder's message starts now, in its own turn: nothing else is taken.
    const first = controlled();
    let started = false;
    const reading = p.message(
      KIB,
      async () => {
        started = true;
        await first.done;
        return 'first';
      },
      held[0],
    );
    expect(started).toBe(true);
    expect(p.queued()).toEqual({ messages: 1, bytes: KIB, reading: 2 });
    // A turn is one message's: a second message given it waits like any other.
    const again = p.message(KIB, async () => 'again', held[0]);
    expect(p.queued()).toEqual({ messages: 2, bytes: 2 * KIB, reading: 2 });
    first.finish();
    expect(await reading).toBe('first');
    // Its end gave the turn to the longest waiting; the holder's own release changes nothing.
    held[0]!.release();
    expect(p.queued()).toEqual({ messages: 1, bytes: KIB, reading: 2 });
    // A turn never used (the request was refused before analysis) is given back by its holder.
    held[1]!.release();
    held[1]!.release();
    expect(await again).toBe('again');
    third.finish();
    expect(await waiting).toBe('third');
    expect(p.queued()).toEqual({ messages: 0, bytes: 0, reading: 0 });
  });

  it('a turn waited for too long is refused with 503, before any byte is read', async () => {
    const p = pool({ workers: 1, queueWaitMs: 200 });
    const held = [await p.hold(KIB), await p.hold(KIB)];
    const refused = await p.hold(KIB).catch((e: unknown) => e);
    expect((refused as ToolError).code).toBe('unavailable');
    expect((refused as ToolError).details.retry_after_seconds).toBeGreaterThanOrEqual(1);
    for (const turn of held) turn.release();
    expect(p.queued()).toEqual({ messages: 0, bytes: 0, reading: 0 });
  });

  it('reads real messages through the workers in turn', async () => {
    const p = pool({ workers: 1 });
    const messages = Array.from({ length: 12 }, (_, i) =>
      new TextEncoder().encode(buildEml({ subject: `Invoice ${i}`, text: `Amount due: ${i}.00 EUR` })),
    );
    const outcomes = await Promise.all(messages.map((m) => analyze(p, m)));
    expect(outcomes.map((o) => (o.ok ? o.message.parsed.subject : null))).toEqual(
      messages.map((_, i) => `Invoice ${i}`),
    );
    expect(p.queued()).toEqual({ messages: 0, bytes: 0, reading: 0 });
  });
});

describe('the time budget, in CPU time', () => {
  it('stops a phase at its budget of CPU, or at six budgets of wall clock, and otherwise looks again', () => {
    // A phase that waited for a core: 5 s of wall clock, 1.2 s of CPU.
    expect(budgetVerdict(5000, 5000, 1200)).toBe(3800);
    expect(budgetVerdict(5000, 8800, 4990)).toBe(50);
    expect(budgetVerdict(5000, 5000, 5000)).toBe('stop');
    expect(budgetVerdict(5000, 29_000, 1200)).toBe(1000);
    expect(budgetVerdict(5000, 30_000, 1200)).toBe('stop');
    // Where CPU time cannot be read, the wall clock is the budget, as before.
    expect(budgetVerdict(5000, 5000, null)).toBe('stop');
  });

  it('reads a thread CPU time from /proc, its own through the clock the workers use', () => {
    expect(cpuMsOfStat('4242 (node worker (x)) S 1 2 3 4 5 6 7 8 9 10 250 31 0 0 20')).toBe(2810);
    expect(cpuMsOfStat('garbage')).toBeNull();
    const tid = ownThreadId();
    if (tid === null) return; // not Linux: the budget is wall-clock there
    const clock = ownCpuClock()!;
    const before = clock()!;
    let x = 0;
    for (let i = 0; i < 3e7; i++) x += i % 7;
    expect(x).toBeGreaterThan(0);
    const after = clock()!;
    expect(after).toBeGreaterThan(before);
    // /proc counts in 10 ms ticks; the clock may be finer.
    expect(Math.abs(threadCpuMs(tid)! - after)).toBeLessThanOrEqual(20);
  });
});

describe('SVC_ANALYSIS_QUEUE_MB and SVC_ANALYSIS_QUEUE_WAIT_MS', () => {
  it('default to 512 MiB and 240 s, and refuse a value that is not a positive integer', () => {
    expect(loadConfig({}).analysis).toMatchObject({ queueMb: 512, queueWaitMs: 240_000 });
    expect(loadConfig({ SVC_ANALYSIS_QUEUE_MB: '64', SVC_ANALYSIS_QUEUE_WAIT_MS: '5000' }).analysis).toMatchObject({
      queueMb: 64,
      queueWaitMs: 5000,
    });
    expect(() => loadConfig({ SVC_ANALYSIS_QUEUE_MB: '0' })).toThrow(
      'SVC_ANALYSIS_QUEUE_MB=0 is not an integer >= 1; fix or unset it',
    );
  });
});
