// Hostile mail against `svc serve` in its own process: for each message, the longest
// /healthz stall while it is analysed (target under 250 ms), how long its ingest took,
// and the server's peak and after RSS (a recycled or terminated worker takes its heap
// with it, so memory should come back down).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ATTACHMENT_BOMBS, HOSTILE_HTML } from '../test/helpers/hostile.ts';
import { buildEml } from '../test/helpers/mail.ts';
import { mib } from './lib.ts';
import { startServe, type Serve } from './server.ts';

const CASES: [string, () => string][] = [
  ...ATTACHMENT_BOMBS,
  ...Object.entries(HOSTILE_HTML).map(
    ([name, html]) => [`HTML: ${name}`, () => buildEml({ subject: name, html })] as [string, () => string],
  ),
];

function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) * 1024;
}

/** The server's own pid: `svc serve` may run as the child of a small wrapper (bin/svc.mjs). */
function serverPid(pid: number): number {
  try {
    const child = Number(readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)[0]);
    return child > 0 ? child : pid;
  } catch {
    return pid;
  }
}

async function ingest(s: Serve, eml: string) {
  const r = await fetch(`${s.url}/v1/messages/ingest`, {
    method: 'POST',
    body: JSON.stringify({ eml }),
    headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' },
  });
  return { status: r.status, body: (await r.json()) as { flags?: string[]; error?: { code: string } } };
}

/** Polls /healthz back to back while `work` runs; returns the longest answer time. */
async function longestHealthStall<T>(s: Serve, work: () => Promise<T>): Promise<{ result: T; stall_ms: number }> {
  let running = true;
  let longest = 0;
  const poller = (async () => {
    while (running) {
      const t = performance.now();
      await fetch(`${s.url}/healthz`)
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
      longest = Math.max(longest, performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const result = await work();
  running = false;
  await poller;
  return { result, stall_ms: Math.round(longest) };
}

export async function runHostile() {
  const s = await startServe({
    SVC_ANALYSIS_TIMEOUT_MS: '5000',
    ...(process.env.SVC_ANALYSIS_RECYCLE_MB ? { SVC_ANALYSIS_RECYCLE_MB: process.env.SVC_ANALYSIS_RECYCLE_MB } : {}),
  });
  try {
    for (let i = 0; i < 3; i++) await ingest(s, buildEml({ subject: `warm-up ${i}`, text: 'hello' }));
    const pid = serverPid(s.child.pid!);
    const baseline = procStatus(pid, 'VmRSS');
    const rows = [];
    // BENCH_HOSTILE=flate runs only the cases whose name contains it (a quick re-measure).
    const only = process.env.BENCH_HOSTILE?.toLowerCase();
    for (const [name, make] of CASES.filter(([n]) => !only || n.toLowerCase().includes(only))) {
      const eml = make();
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      const started = performance.now();
      const { result, stall_ms } = await longestHealthStall(s, () => ingest(s, eml));
      const seconds = +((performance.now() - started) / 1000).toFixed(2);
      const peak = procStatus(pid, 'VmHWM');
      // Give a recycled worker time to leave and its replacement to start.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      rows.push({
        case: name,
        mail_kib: Math.round(eml.length / 1024),
        status: result.status,
        flags: (result.body.flags ?? []).join(' ') || '-',
        seconds,
        healthz_stall_ms: stall_ms,
        peak_rss_mib: mib(peak),
        after_rss_mib: mib(procStatus(pid, 'VmRSS')),
      });
    }
    return {
      baseline_rss_mib: mib(baseline),
      cases: rows,
      longest_stall_ms: Math.max(...rows.map((r) => r.healthz_stall_ms)),
    };
  } finally {
    s.child.kill('SIGTERM');
  }
}

// `node bin/run-ts.mjs bench/hostile.ts` runs this section alone and prints its JSON.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.log(JSON.stringify(await runHostile(), null, 2));
}
