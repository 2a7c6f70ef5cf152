// The entry point of an analysis worker thread (see services/analysis-pool.ts). Workers start
// without the main thread's module hooks, so tsx's loader is registered here before the
// TypeScript job module is loaded.
import { register } from 'tsx/esm/api';
import { getHeapStatistics } from 'node:v8';
import { workerData } from 'node:worker_threads';
import { ownCpuClock, ownThreadId } from './thread-cpu.mjs';

register();
// postal-mime reads every decoded part back through a Blob; Node's costs more than half of a
// parse (pipeline/parts-blob.ts). This thread runs only the pipeline, so it uses one of bytes.
(await import('./parts-blob.ts')).installPartsBlob();
const { runJob } = await import('./jobs.ts');
// The HTML and CSS libraries are loaded now, at start-up, rather than inside the first job
// that reads HTML: under tsx, loading them takes long enough to eat into a job's budget.
await (await import('./html/libs.ts')).loadHtmlLibs();

/** Exit code of a worker that leaves by itself to give its memory back. */
const RECYCLE_EXIT = 77;
const recycleBytes = (workerData?.recycleMb ?? 0) * 1024 * 1024;
let recycling = false;
/**
 * A worker left larger than half the recycle mark by its last job (a large PDF leaves its
 * heap near 100 MB, ordinary mail under 60, and the thread holds about twice its heap in
 * RSS) leaves once it has had no job for this long: after a burst of large mail the memory
 * comes back, and only a pool with nothing to do pays for the new worker's start.
 */
const IDLE_RECYCLE_MS = 10_000;
let idleRecycle = null;
// The pool counts a job's budget in this thread's CPU time where it can read it (Linux).
const threadId = ownThreadId();
const cpuClock = threadId === null ? null : ownCpuClock();

export default async function run({ job, signal }) {
  clearTimeout(idleRecycle);
  // Tells the pool the job has begun: its time budget is counted from here. A job with two
  // phases (read, then classify) says when the second begins: it gets a budget of its own.
  // The thread and its CPU time so far go first (slots 1 and 2), then the phase (slot 0),
  // which the pool waits on.
  const begin = (phase) => {
    const cpu = cpuClock?.();
    if (cpu != null) {
      Atomics.store(signal, 1, threadId);
      Atomics.store(signal, 2, Math.floor(cpu));
    }
    Atomics.store(signal, 0, phase);
    Atomics.notify(signal, 0);
  };
  begin(0);
  const result = await runJob(job, { phase: begin });
  // A worker that grew past the recycle mark leaves once its answer is out: a new one
  // starts small, so the process's memory comes back down after a large message.
  // The heap's statistics, not process.memoryUsage(): that one also reads the process's RSS
  // from the kernel, which cost about 0.15 ms a job.
  const heap = getHeapStatistics();
  const size = heap.total_heap_size + heap.external_memory;
  if (!recycling && recycleBytes > 0 && size > recycleBytes) {
    recycling = true;
    setImmediate(() => process.exit(RECYCLE_EXIT));
  } else if (!recycling && recycleBytes > 0 && size > recycleBytes / 2) {
    // A job handed over in the instant it leaves is retried once on another (analysis-pool.ts).
    idleRecycle = setTimeout(() => {
      recycling = true;
      process.exit(RECYCLE_EXIT);
    }, IDLE_RECYCLE_MS);
  }
  return result;
}
