// Shared pieces of the benchmarks: the corpus as a workload, timing, percentiles, tables.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
export const CORPUS = resolve(ROOT, '../shared/corpus');
export const QUICK = process.env.BENCH_QUICK === '1';

/** Every corpus message, repeated until there are about `target` of them. */
export function corpusWorkload(target: number): Uint8Array[] {
  const paths = readFileSync(join(CORPUS, 'INDEX.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t')[0]!);
  const files = paths.map((p) => new Uint8Array(readFileSync(join(CORPUS, p))));
  const out: Uint8Array[] = [];
  while (out.length < target) out.push(...files);
  return out.slice(0, target);
}

/**
 * Messages that bring a service to its steady state before it is timed: 2,000 corpus
 * messages (whatever the workload's size) under a header of their own, so they are new
 * bytes and the measured pass still stores every blob it would have. In-process ingest ran
 * at 196, 316, 339, 401, 440, 448, 482 and 494 messages/s over its first eight runs of 500
 * messages: each analysis worker compiles the pipeline's hot code for itself.
 */
export function warmUpWorkload(): Uint8Array[] {
  const header = new TextEncoder().encode('X-Bench-Warm-Up: 1\r\n');
  return corpusWorkload(2000).map((m) => {
    const copy = new Uint8Array(header.byteLength + m.byteLength);
    copy.set(header);
    copy.set(m, header.byteLength);
    return copy;
  });
}

export function totalBytes(messages: Uint8Array[]): number {
  return messages.reduce((n, m) => n + m.byteLength, 0);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function rate(count: number, bytes: number, ms: number) {
  return {
    messages: count,
    seconds: +(ms / 1000).toFixed(3),
    per_second: +(count / (ms / 1000)).toFixed(1),
    mb_per_second: +(bytes / 1048576 / (ms / 1000)).toFixed(2),
  };
}

export function table(title: string, rows: Record<string, unknown>[]): void {
  console.log(`\n${title}`);
  if (rows.length === 0) return;
  const keys = Object.keys(rows[0]!);
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(line(keys));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(keys.map((k) => String(r[k]))));
}

export const mib = (bytes: number) => +(bytes / 1048576).toFixed(1);

import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createAppContext, type AppContext } from '../services/app.ts';
import { createSandbox } from '../services/accounts.ts';
import { loadConfig } from '../services/config.ts';

/** A real service context on an embedded libSQL file and the fs blob store, with a sandbox key. */
export async function benchApp(
  env: Record<string, string> = {},
): Promise<{ app: AppContext; key: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  const app = await createAppContext(
    loadConfig({ SVC_DATA_DIR: dir, SVC_RATE_LIMIT_PER_MINUTE: '1000000000', ...env }),
  );
  const { key } = await createSandbox(app, 'operator');
  return { app, key, dir };
}

export function dbFileBytes(dir: string): number {
  let total = 0;
  for (const name of ['svc.db', 'svc.db-wal']) {
    try {
      total += statSync(join(dir, name)).size;
    } catch {
      /* not there */
    }
  }
  return total;
}

/**
 * Peak resident memory since the last reset, from /proc (Linux): writing 5 to clear_refs
 * resets the high-water mark, so start-up (the TypeScript loader) does not count.
 */
export function resetPeakRss(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    /* not Linux */
  }
}

export function peakRssBytes(): number {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    /* not Linux */
  }
  return process.resourceUsage().maxRSS * 1024;
}

/**
 * CPU time a process has used (all its threads: analysis workers included), in ms. On a
 * shared machine wall-clock rates swing with other load; CPU per message does not, much.
 * `pid` reads another process from /proc (Linux; clock ticks of 10 ms).
 */
export function cpuMs(pid?: number): number {
  if (pid === undefined) {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
