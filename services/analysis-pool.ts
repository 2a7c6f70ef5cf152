// Untrusted content is analysed off the main thread: a pool of worker threads (piscina)
// runs every pipeline job (pipeline/jobs.ts) under a wall-clock budget and a heap cap.
// A worker that exceeds either is terminated and replaced, and the main thread, which
// only does I/O, auth and storage, keeps answering every other request meanwhile.
import { Piscina } from 'piscina';
import type { AnalysisJob, JobResults } from '../pipeline/jobs.ts';
import type { AnalysisBudget } from './config.ts';

/** `phase`: where a stopped job was (0: reading; 1: classifying, for an ingest job). */
export type JobOutcome<T> = { ok: true; value: T } | { ok: false; limit: string; phase: number };

const RECYCLED = 'worker exited with code: 77';
/** The value of a job's start signal until a worker takes the job (then: the phase, 0 or more). */
const NOT_STARTED = -1;

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

/** A pool that runs one job per worker at a time, each under the budget. */
export class AnalysisPool {
  private started: Piscina | null = null;

  constructor(readonly budget: AnalysisBudget) {}

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
      // each phase gets the whole budget. The worker says so in shared memory (one Int32 per
      // job: NOT_STARTED, then the phase), which costs less per job than a MessageChannel.
      const signal = new Int32Array(new SharedArrayBuffer(4));
      signal[0] = NOT_STARTED;
      const stop = new BudgetStop();
      let timer: NodeJS.Timeout | undefined;
      let phase = 0;
      let settled = false;
      const watch = (seen: number): void => {
        const wait = waitAsync(signal, 0, seen);
        const changed = (): void => {
          if (settled) return;
          const now = Atomics.load(signal, 0);
          if (now !== seen) {
            phase = now;
            clearTimeout(timer);
            timer = setTimeout(() => stop.abort(), this.budget.timeoutMs);
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
