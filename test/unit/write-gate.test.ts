// The per-process write gate in front of a libSQL server: one write at a time, in arrival
// order, and a write that waits past the bound is refused without ever running.
import { describe, expect, it } from 'vitest';
import { WriteGate, WriteWaitExceeded } from '../../storage/write-gate.ts';

const later = () => {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
};

describe('WriteGate', () => {
  it('runs writes one at a time in arrival order', async () => {
    const gate = new WriteGate(5_000);
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const write = (name: string, ms: number) =>
      gate.run(async () => {
        running++;
        most = Math.max(most, running);
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`end ${name}`);
        running--;
        return name;
      });
    expect(await Promise.all([write('a', 30), write('b', 5), write('c', 10)])).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('without a bound (a local file), a write waits as long as the one before it takes', async () => {
    const gate = new WriteGate(null);
    const first = later();
    const held = gate.run(() => first.promise);
    let secondRan = false;
    const second = gate.run(async () => {
      secondRan = true;
      return 'second';
    });
    await new Promise((r) => setTimeout(r, 60));
    expect(secondRan).toBe(false);
    expect(gate.queued).toBe(1);
    first.release();
    await held;
    expect(await second).toBe('second');
    expect(gate.queued).toBe(0);
  });

  it('passes on after a write that failed', async () => {
    const gate = new WriteGate(5_000);
    const failed = gate.run(async () => {
      throw new Error('constraint');
    });
    const next = gate.run(async () => 'next');
    await expect(failed).rejects.toThrow('constraint');
    expect(await next).toBe('next');
  });

  it('refuses a write that waited past the bound, never runs it, and serves the rest', async () => {
    const gate = new WriteGate(50);
    const held = later();
    const first = gate.run(() => held.promise.then(() => 'first'));
    let ran = false;
    const starved = gate.run(async () => {
      ran = true;
    });
    expect(gate.queued).toBe(1);
    const error = await starved.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriteWaitExceeded);
    expect((error as Error).message).toMatch(/earlier writes held the database for more than 0.05 s/);
    expect(gate.queued).toBe(0);
    held.release();
    expect(await first).toBe('first');
    expect(ran).toBe(false);
    expect(await gate.run(async () => 'after')).toBe('after');
  });
});
