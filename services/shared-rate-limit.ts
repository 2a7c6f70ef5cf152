// The per-key rate limit shared by every process on one database (several `svc serve`
// nodes, `svc mcp` over stdio): a token bucket per key in the database (storage/rate.ts).
// `take` stays synchronous and never waits for the database: each process answers from
// its own view of the shared bucket and reports what it spent (at once for a key it has
// not seen, then every ALLOWANCE/2 calls or FLUSH_MS), learning the others' spending in
// the answer. A process runs ahead of the database by at most `allowance` calls, so
// together P processes admit at most P x allowance calls above the budget in a burst,
// and the long-run rate is exact: overspending drives the shared bucket negative, and
// every process waits until the refill covers it.
import type { Db } from '../storage/db.ts';
import { spendShared } from '../storage/rate.ts';

const FLUSH_MS = 100;
/**
 * How long a call over the allowance waits for the report in flight before it is decided
 * from this process's own count. A report is a database write: on a local file it goes
 * through the writer thread and a durable commit (a few ms; the thread's start, or a main
 * thread busy with a burst of large mail, some hundreds), and refusing every call of a
 * burst meanwhile answered 429 to calls well within the budget (measured: 90 of a burst of
 * 100 at 600 a minute; after a one-second wait, still 5 of 20 with large mail arriving).
 */
export const REPORT_WAIT_MS = 1000;

interface KeyState {
  /** This process's view of the shared bucket. */
  tokens: number;
  at: number;
  /** Spent here and not yet reported / being reported. */
  pending: number;
  inflight: number;
  reporting: Promise<void> | null;
  /** The last report failed (the database is slow or unreachable): do not wait on the next. */
  failed: boolean;
  known: boolean;
  timer: NodeJS.Timeout | null;
}

/** Calls a process may make before the database has heard of them: a second's worth, at least 10. */
export function allowanceFor(perMinute: number): number {
  return Math.max(10, Math.ceil(perMinute / 60));
}

export class SharedRateLimiter {
  private readonly keys = new Map<string, KeyState>();
  private readonly perMs: number;
  readonly allowance: number;

  constructor(
    private readonly db: Db,
    private readonly perMinute: number,
    private readonly nowMs: () => number,
  ) {
    this.perMs = perMinute / 60_000;
    this.allowance = allowanceFor(perMinute);
  }

  /** Takes a token; returns 0 when allowed, else the seconds to wait for the next token. */
  take(key: string): number {
    const verdict = this.decide(key);
    return verdict === 'ahead' ? 1 : verdict;
  }

  /**
   * `take` for a call that can wait: over the allowance, it waits for the report in flight
   * (REPORT_WAIT_MS at most) and decides again, rather than refusing a call the budget
   * allows. A report still late after that wait is no reason to refuse: the call is then
   * decided from this process's own count of the bucket, which never admits more than the
   * budget here, and what the other processes spent arrives with the next report (a real
   * overrun then waits, with the seconds to the next token). A failed report ends the wait:
   * with the database unreachable it refuses at once, as `take` does.
   */
  async admit(key: string): Promise<number> {
    const started = performance.now();
    for (;;) {
      const verdict = this.decide(key);
      if (verdict !== 'ahead') return verdict;
      const state = this.keys.get(key)!;
      if (!state.reporting || state.failed) return 1;
      const left = REPORT_WAIT_MS - (performance.now() - started);
      if (left <= 0) return this.decideLocally(key, state);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([state.reporting, new Promise<void>((r) => (timer = setTimeout(r, left)))]);
      clearTimeout(timer);
    }
  }

  /**
   * A call past the allowance whose report is late: 0 and a token taken from this
   * process's view of the bucket (reported with the rest), or the seconds to the next token.
   */
  private decideLocally(key: string, state: KeyState): number {
    if (state.tokens < 1) return Math.max(1, Math.ceil((1 - state.tokens) / this.perMs / 1000));
    state.tokens -= 1;
    state.pending += 1;
    this.later(key, state);
    return 0;
  }

  /** 0 and a token taken; seconds to wait for a token; or 'ahead' of the database by the allowance. */
  private decide(key: string): number | 'ahead' {
    const now = this.nowMs();
    let state = this.keys.get(key);
    if (!state) {
      state = {
        tokens: this.perMinute,
        at: now,
        pending: 0,
        inflight: 0,
        reporting: null,
        failed: false,
        known: false,
        timer: null,
      };
      this.keys.set(key, state);
    }
    state.tokens = Math.min(this.perMinute, state.tokens + Math.max(0, now - state.at) * this.perMs);
    state.at = now;
    if (state.tokens < 1) return Math.max(1, Math.ceil((1 - state.tokens) / this.perMs / 1000));
    if (state.pending + state.inflight >= this.allowance) {
      // The database has not answered yet (slow or unreachable): stop running ahead.
      this.flush(key, state);
      return 'ahead';
    }
    state.tokens -= 1;
    state.pending += 1;
    if (!state.known || state.pending >= Math.ceil(this.allowance / 2)) this.flush(key, state);
    else this.later(key, state);
    return 0;
  }

  /** Reports everything spent so far and waits for the answers (shutdown, tests). */
  async drain(): Promise<void> {
    for (const [key, state] of this.keys) {
      // A few rounds at most: with the database unreachable the spending stays unreported.
      for (let round = 0; round < 3 && (state.reporting || state.pending > 0); round++) {
        if (!state.reporting) this.flush(key, state);
        await state.reporting;
      }
    }
  }

  private flush(key: string, state: KeyState): void {
    if (state.inflight > 0 || state.pending === 0) return;
    if (state.timer) {
      clearTimeout(state.timer);
      state.timer = null;
    }
    const spent = state.pending;
    const at = this.nowMs();
    state.pending = 0;
    state.inflight = spent;
    state.reporting = spendShared(this.db, key, spent, this.perMinute, this.perMs, at)
      .then(
        (left) => {
          // The shared bucket as of `at`, less what this process spent since.
          state.tokens = left - state.pending;
          state.at = at;
          state.known = true;
          state.failed = false;
          return true;
        },
        () => {
          state.pending += spent;
          state.failed = true;
          return false;
        },
      )
      .then((reported) => {
        state.inflight = 0;
        state.reporting = null;
        // After a failure, wait before trying again rather than spin against a dead server.
        if (reported && state.pending >= Math.ceil(this.allowance / 2)) this.flush(key, state);
        else if (state.pending > 0) this.later(key, state);
      });
  }

  private later(key: string, state: KeyState): void {
    if (state.timer) return;
    state.timer = setTimeout(() => {
      state.timer = null;
      this.flush(key, state);
    }, FLUSH_MS);
    state.timer.unref();
  }
}
