// Untrusted content is analysed off the main thread: a pool of worker threads (piscina)
// runs every pipeline job (pipeline/jobs.ts) under a wall-clock budget and a heap cap.
// A worker that exceeds either is terminated and replaced, and the main thread, which
// only does I/O, auth and storage, keeps answering every other request meanwhile.
import { Piscina } from 'piscina';
import type { AnalysisJob, JobResults } from '../pipeline/jobs.ts';
import { threadCpuMs } from '../pipeline/thread-cpu.mjs';
import { MIB, type AnalysisBudget } from './config.ts';
import { ToolError } from './errors.ts';

/** `phase`: where a stopped job was (0: reading; 1: classifying, for an ingest job). */
export type JobOutcome<T> = { ok: true; value: T } | { ok: false; limit: string; phase: number };

const RECYCLED = 'worker exited with code: 77';
/** The value of a job's start signal until a worker takes the job (then: the phase, 0 or more). */
const NOT_STARTED = -1;
/** A job's signal: the phase, the worker's thread id and its CPU time (ms) when the phase began. */
const SIGNAL_SLOTS = 3;
/**
 * The budget counts the worker thread's CPU time: on a machine busy with other work a job
 * waits for a core, and a large legitimate PDF read in 1.5 s of CPU took over 10 s of wall
 * clock (load 20 on 2 cores), was stopped, and was read twice more apart. Wall-clock time
 * still stops a job at this many budgets, whatever its CPU (a job starved that long is
 * better read apart), and is the whole budget where CPU time cannot be read (not Linux).
 */
const WALL_CLOCK_BUDGETS = 6;
/** The least wait before the CPU time is read again. */
const RECHECK_MS = 50;

/**
 * What the budget says of a phase that has run `wallMs` and used `cpuMs` of its worker's
 * CPU time (null: unknown): stop it, or look again in the returned ms (when the rest of
 * the budget could at the soonest be used up).
 */
export function budgetVerdict(budgetMs: number, wallMs: number, cpuMs: number | null): 'stop' | number {
  if (cpuMs === null || cpuMs >= budgetMs || wallMs >= budgetMs * WALL_CLOCK_BUDGETS) return 'stop';
  return Math.max(RECHECK_MS, Math.min(budgetMs - cpuMs, budgetMs * WALL_CLOCK_BUDGETS - wallMs));
}

// Atomics.waitAsync is in Node 20 (V8) but in TypeScript's lib only from ES2024.
type WaitAsync = (
  array: Int32Array,
  index: number,
  value: number,
) => { async: false; value: string } | { async: true; value: Promise<string> };
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

/**
 * What piscina needs to cancel a job when its budget runs out (an emitter with once/off):
 * cheaper to make per job than an AbortController, whose EventTarget costs more than the
 * one listener it ever has.
 */
class BudgetStop {
  aborted = false;
  private listener: (() => void) | null = null;

  once(_event: 'abort', listener: () => void): void {
    this.listener = listener;
  }

  off(): void {
    this.listener = null;
  }

  // piscina's JavaScript calls removeListener; its types name it off.
  removeListener(): void {
    this.listener = null;
  }

  abort(): void {
    this.aborted = true;
    const listener = this.listener;
    this.listener = null;
    listener?.();
  }
}

/** A message waiting for its turn to be read. */
interface Waiter {
  bytes: number;
  admit: () => void;
  /** Answers 503 once the message has waited queueWaitMs. */
  timer: NodeJS.Timeout;
}

/** A message's turn in the reading queue, taken before its bytes were read (`AnalysisPool.hold`). */
export interface HeldTurn {
  /** True once: for the message read in this turn. */
  claim(): boolean;
  release(): void;
}

/** Retry-After when nothing has been read yet to estimate from. */
const DEFAULT_RETRY_SECONDS = 5;

/**
 * A pool that runs one job per worker at a time, each under the budget; and before that, a
 * queue of messages: each waits its turn to be read, in arrival order, so at most
 * `readingAtOnce` messages are in analysis (a raw copy in shared memory, a job queued or
 * running) however many arrive together. A message waits at most `queueWaitMs`, and no
 * more than `queueMb` of them wait at once; past either it is answered 503 with a
 * Retry-After: the server is overloaded, not the client over its rate.
 */
export class AnalysisPool {
  private started: Piscina | null = null;
  private reading = 0;
  private readonly waiting: Waiter[] = [];
  private waitingBytes = 0;
  /** Bytes of messages read per second of a reading slot, smoothed: what Retry-After is estimated from. */
  private bytesPerSecond = 0;

  constructor(readonly budget: AnalysisBudget) {}

  /** One running and one ready per worker: a worker never waits for the main thread to hand it the next. */
  get readingAtOnce(): number {
    return this.budget.workers * 2;
  }

  /**
   * Runs `read` (all the jobs of one message of `bytes` raw bytes) when the message's turn
   * comes. Refused with 503 `unavailable` when too much mail waits already, or when it
   * waited `queueWaitMs`.
   */
  async message<T>(bytes: number, read: () => Promise<T>, held?: HeldTurn): Promise<T> {
    // A turn taken before the message's bytes were read (REST, `hold`) is this message's.
    if (held?.claim()) {
      try {
        return await read();
      } finally {
        held.release();
      }
    }
    await this.turn(bytes);
    const started = performance.now();
    try {
      return await read();
    } finally {
      this.finished(bytes, performance.now() - started);
    }
  }

  /**
   * Waits for a message's turn before its bytes are read (REST: a large request body stays
   * in its socket until then, rather than in memory while the queue is full), on the same
   * terms as `message`: in arrival order, a 503 `unavailable` with Retry-After past
   * `queueWaitMs` or `queueMb`. The first `message` given the turn runs in it; `release`
   * gives it back (once, whichever comes first).
   */
  async hold(bytes: number): Promise<HeldTurn> {
    await this.turn(bytes);
    const started = performance.now();
    let claimed = false;
    let released = false;
    return {
      claim: () => {
        if (claimed || released) return false;
        claimed = true;
        return true;
      },
      release: () => {
        if (released) return;
        released = true;
        this.finished(bytes, performance.now() - started);
      },
    };
  }

  /** What waits now: for tests and the bench. */
  queued(): { messages: number; bytes: number; reading: number } {
    return { messages: this.waiting.length, bytes: this.waitingBytes, reading: this.reading };
  }

  private turn(bytes: number): Promise<void> {
    if (this.reading < this.readingAtOnce && this.waiting.length === 0) {
      this.reading += 1;
      return Promise.resolve();
    }
    // One message larger than the whole queue may still wait alone; the limit bounds many.
    const limit = this.budget.queueMb * MIB;
    if (this.waiting.length > 0 && this.waitingBytes + bytes > limit) {
      return Promise.reject(
        this.overloaded(
          `${Math.ceil(this.waitingBytes / MIB)} MiB of mail is already waiting to be read ` +
            `(SVC_ANALYSIS_QUEUE_MB=${this.budget.queueMb})`,
        ),
      );
    }
    return new Promise<void>((admit, refuse) => {
      const waiter: Waiter = {
        bytes,
        admit,
        timer: setTimeout(() => {
          this.leave(waiter);
          refuse(
            this.overloaded(
              `the message waited ${+(this.budget.queueWaitMs / 1000).toFixed(1)} s for its turn to be read ` +
                `(SVC_ANALYSIS_QUEUE_WAIT_MS=${this.budget.queueWaitMs})`,
            ),
          );
        }, this.budget.queueWaitMs),
      };
      this.waiting.push(waiter);
      this.waitingBytes += bytes;
    });
  }

  private leave(waiter: Waiter): void {
    const at = this.waiting.indexOf(waiter);
    if (at < 0) return;
    this.waiting.splice(at, 1);
    this.waitingBytes -= waiter.bytes;
    clearTimeout(waiter.timer);
  }

  private finished(bytes: number, ms: number): void {
    this.reading -= 1;
    if (ms > 0) {
      const rate = (bytes / ms) * 1000;
      this.bytesPerSecond = this.bytesPerSecond === 0 ? rate : 0.8 * this.bytesPerSecond + 0.2 * rate;
    }
    while (this.reading < this.readingAtOnce && this.waiting.length > 0) {
      const next = this.waiting[0]!;
      this.leave(next);
      this.reading += 1;
      next.admit();
    }
  }

  /** 503 with the time the waiting mail should take to read, at the rate messages have been read. */
  private overloaded(why: string): ToolError {
    const rate = this.bytesPerSecond * this.readingAtOnce;
    const seconds = rate > 0 ? Math.ceil(this.waitingBytes / rate) : DEFAULT_RETRY_SECONDS;
    const retry = Math.min(300, Math.max(1, seconds));
    return new ToolError(
      'unavailable',
      `The server is reading more mail than it can take now: ${why}. Nothing was stored; send the message ` +
        `again in ${retry} s.`,
      { retry_after_seconds: retry, waiting_messages: this.waiting.length },
    );
  }

  // Started on first use: commands that never read mail (most of the CLI) start no threads.
  private get pool(): Piscina {
    this.started ??= new Piscina({
      filename: new URL('../pipeline/worker.mjs', import.meta.url).href,
      minThreads: this.budget.workers,
      maxThreads: this.budget.workers,
      // Idle workers stay (they are warm); a worker leaves when recycled or terminated.
      idleTimeout: Number.MAX_SAFE_INTEGER,
      resourceLimits: {
        maxOldGenerationSizeMb: this.budget.heapMb,
        maxYoungGenerationSizeMb: Math.min(64, this.budget.heapMb / 4),
      },
      workerData: { recycleMb: this.budget.recycleMb },
    });
    return this.started;
  }

  async run<K extends AnalysisJob['kind']>(job: AnalysisJob & { kind: K }): Promise<JobOutcome<JobResults[K]>> {
    for (let attempt = 0; ; attempt++) {
      // The budget clock starts when a worker takes the job, not while the job waits behind
      // another or for a replaced worker to start. A job with phases says when each begins;
      // each phase gets the whole budget. The worker says so in shared memory (three Int32s
      // per job: NOT_STARTED then the phase, its thread, its CPU time then), which costs less
      // per job than a MessageChannel.
      const signal = new Int32Array(new SharedArrayBuffer(4 * SIGNAL_SLOTS));
      signal[0] = NOT_STARTED;
      const stop = new BudgetStop();
      let timer: NodeJS.Timeout | undefined;
      let phase = 0;
      let phaseBegan = 0;
      let settled = false;
      const budget = this.budget.timeoutMs;
      // Read only once the wall clock says the phase is long: the worker's CPU time since it began.
      const check = (): void => {
        const thread = Atomics.load(signal, 1);
        const cpu = thread > 0 ? threadCpuMs(thread) : null;
        const verdict = budgetVerdict(
          budget,
          performance.now() - phaseBegan,
          cpu === null ? null : cpu - Atomics.load(signal, 2),
        );
        if (verdict === 'stop') stop.abort();
        else timer = setTimeout(check, verdict);
      };
      const watch = (seen: number): void => {
        const wait = waitAsync(signal, 0, seen);
        const changed = (): void => {
          if (settled) return;
          const now = Atomics.load(signal, 0);
          if (now !== seen) {
            phase = now;
            phaseBegan = performance.now();
            clearTimeout(timer);
            timer = setTimeout(check, budget);
          }
          watch(now);
        };
        if (wait.async) void wait.value.then(changed);
        else changed();
      };
      watch(NOT_STARTED);
      try {
        const value = await this.pool.run({ job, signal }, { signal: stop });
        return { ok: true, value: value as JobResults[K] };
      } catch (error) {
        const e = error as Error & { code?: string };
        // A worker that left to give its memory back may have been handed this job first.
        if (e.message === RECYCLED && attempt === 0) continue;
        if (stop.aborted) return { ok: false, limit: `time budget of ${this.budget.timeoutMs} ms exceeded`, phase };
        if (e.code === 'ERR_WORKER_OUT_OF_MEMORY')
          return { ok: false, limit: `heap budget of ${this.budget.heapMb} MiB exceeded`, phase };
        return { ok: false, limit: `analysis failed (${String(e.message).slice(0, 200)})`, phase };
      } finally {
        clearTimeout(timer);
        // Wakes the pending wait so it ends now rather than never.
        settled = true;
        Atomics.notify(signal, 0);
      }
    }
  }

  /** Starts the workers now, so the first message does not wait for them. */
  warm(): void {
    void this.pool;
  }

  async destroy(): Promise<void> {
    await this.started?.destroy();
    this.started = null;
  }
}

// One pool per process and budget: every app context of a process (tests make many) shares it.
const pools = new Map<string, AnalysisPool>();

export function analysisPool(budget: AnalysisBudget): AnalysisPool {
  const key = JSON.stringify(budget);
  let pool = pools.get(key);
  if (!pool) {
    pool = new AnalysisPool(budget);
    pools.set(key, pool);
  }
  return pool;
}
