// CPU of the analysis worker's whole job for one message against the bare postal-mime
// parse, single-threaded, in the same process (the reference (a) of bench/throughput.ts).
// The job runs with the workers' Blob (pipeline/parts-blob.ts), as in a worker.
// Run: node --expose-gc bin/run-ts.mjs bench/job-cpu.ts [messages] [rounds]
// (add --cpu-prof --cpu-prof-dir=DIR to profile the job loop).
import PostalMime from 'postal-mime';
import { loadHtmlLibs } from '../pipeline/html/libs.ts';
import { runJob } from '../pipeline/jobs.ts';
import { bucketDefinitions } from '../services/process-analyzed.ts';
import { listBuckets } from '../storage/buckets.ts';
import { benchApp, corpusWorkload, cpuMs } from './lib.ts';
import { asInWorkers } from './throughput.ts';

const count = Number(process.argv[2] ?? 2000);
const rounds = Number(process.argv[3] ?? 3);
const only = process.env.JOB_CPU_ONLY; // 'parse' | 'job': profile one loop alone
const messages = corpusWorkload(count);
await loadHtmlLibs();
// The sandbox tenant's buckets, as ingest classifies a sandbox's mail.
const { app } = await benchApp();
const tenantId = (await app.db.readOne('SELECT id FROM tenants'))!.id as string;
const buckets = bucketDefinitions(await listBuckets(app.db, tenantId));
app.db.close();

async function perMessage(fn: (m: Uint8Array) => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  global.gc?.();
  const cpu = cpuMs();
  const t = performance.now();
  for (const m of messages) {
    try {
      await fn(m);
    } catch {
      /* counted like any other */
    }
  }
  return { wall: (performance.now() - t) / messages.length, cpu: (cpuMs() - cpu) / messages.length };
}

const parse = (m: Uint8Array) => PostalMime.parse(m);
const job = (m: Uint8Array) =>
  runJob({
    kind: 'ingest',
    raw: m,
    options: { recipients: [], auth: null },
    forwarders: [],
    envelopeFrom: null,
    buckets,
  });

for (let round = 0; round < rounds; round++) {
  const a = only === 'job' ? null : await perMessage(parse);
  const b = only === 'parse' ? null : await asInWorkers(() => perMessage(job));
  const f = (x: { wall: number; cpu: number } | null) =>
    x ? `${x.wall.toFixed(2)} ms wall, ${x.cpu.toFixed(2)} ms CPU` : '-';
  console.log(
    `round ${round + 1}: parse ${f(a)}; job ${f(b)}${a && b ? `; job/parse CPU ${(b.cpu / a.cpu).toFixed(2)}` : ''}`,
  );
}
