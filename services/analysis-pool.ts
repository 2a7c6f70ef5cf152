// Untrusted content is analysed off the main thread: a pool of worker threads (piscina)
// runs every pipeline job (pipeline/jobs.ts) under a wall-clock budget and a heap cap.
// A worker that exceeds either is terminated and replaced, and the main thread, which
// only does I/O, auth and storage, keeps answering every other request meanwhile.
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { AnalysisJob, JobResults } from '../pipeline/jobs.ts';
import type { AnalysisBudget } from './config.ts';

/** `phase`: where a stopped job was (0: reading; 1: classifying, for an ingest job). */
export type JobOutcome<T> = { ok: true; value: T } | { ok: false; limit: string; phase: number };

const RECYCLED = 'worker exited with code: 77';

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
      // The budget clock starts when a worker takes the job (it says so on this port), not
      // while the job waits behind another or for a replaced worker to start. A job with
      // phases says when each begins; each phase gets the whole budget.
      const { port1: started, port2: startedPort } = new MessageChannel();
      const abort = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      let phase = 0;
      started.on('message', (p: number) => {
        phase = p;
        clearTimeout(timer);
        timer = setTimeout(() => abort.abort(), this.budget.timeoutMs);
      });
      try {
        const value = await this.pool.run(
          { job, started: startedPort },
          { signal: abort.signal, transferList: [startedPort] },
        );
        return { ok: true, value: value as JobResults[K] };
      } catch (error) {
        const e = error as Error & { code?: string };
        // A worker that left to give its memory back may have been handed this job first.
        if (e.message === RECYCLED && attempt === 0) continue;
        if (abort.signal.aborted)
          return { ok: false, limit: `time budget of ${this.budget.timeoutMs} ms exceeded`, phase };
        if (e.code === 'ERR_WORKER_OUT_OF_MEMORY')
          return { ok: false, limit: `heap budget of ${this.budget.heapMb} MiB exceeded`, phase };
        return { ok: false, limit: `analysis failed (${String(e.message).slice(0, 200)})`, phase };
      } finally {
        clearTimeout(timer);
        started.close();
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
