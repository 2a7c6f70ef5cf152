// `npm run bench`: throughput against the parser's own speed, per-stage cost, API latency
// under load, scale, memory and webhooks. Prints tables and writes bench/results/<date>.json.
// Figures, not tests: nothing here fails a build. BENCH_QUICK=1 runs a short version.
// BENCH_ONLY=throughput runs only (a) to (d), BENCH_REPEAT times back to back (default 2),
// printing the ratios of each round: the way to compare two versions on a noisy machine.
// BENCH_LEARNED=1 gives (c) learned extractors for the workload's frequent vendors (bench/throughput.ts).
// BENCH_ONLY=large-pdfs runs only section 13 (50 concurrent ~5 MB PDF mails over REST).
// Each ratio is to an (a) measured slice by slice between the other variant's slices
// (bench/throughput.ts says why); (d) has its own, a'.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { printExtraction, runExtraction } from './extraction.ts';
import { QUICK, ROOT, corpusWorkload, mib, table, totalBytes } from './lib.ts';
import { runHostile } from './hostile.ts';
import { runLargePdfs } from './large-pdfs.ts';
import { runCluster } from './cluster.ts';
import { runScale } from './scale.ts';
import { pairedRestIngest, runServer, startServe } from './server.ts';
import { runSmtp } from './smtp.ts';
import { runThroughput } from './throughput.ts';
import { runWebhooks } from './webhooks.ts';

const machine = {
  date: new Date().toISOString(),
  cores: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  memory_gib: +(totalmem() / 1073741824).toFixed(1),
  node: process.version,
  quick: QUICK,
};
console.log(
  `machine: ${machine.cores} cores (${machine.cpu}), ${machine.memory_gib} GiB, Node ${machine.node}${QUICK ? ', QUICK run' : ''}`,
);

function printLargePdfs(r: Awaited<ReturnType<typeof runLargePdfs>>): void {
  table(
    `13. ${r.mails} concurrent ${r.pdf_mib} MiB PDF mails over REST, default rate limit ` +
      '(targets: all 200, healthz worst < 250 ms, RSS bounded)',
    [
      {
        seconds: r.seconds,
        statuses: JSON.stringify(r.statuses),
        flags: JSON.stringify(r.flags),
        healthz_worst_ms: r.healthz.worst_ms,
        healthz_p99_ms: r.healthz.p99_ms,
        main_thread_cpu_worst_ms: r.healthz.worst_main_thread_cpu_ms,
        rss_peak_mib: r.rss_mib.peak,
        rss_after_60_s_mib: r.rss_mib.after_60_s,
        load: `${r.load_average_1min.start}-${r.load_average_1min.end}`,
      },
    ],
  );
}

if (process.env.BENCH_ONLY === 'large-pdfs') {
  const r = await runLargePdfs();
  printLargePdfs(r);
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  const file = join(ROOT, 'bench/results', `${machine.date.slice(0, 10)}-large-pdfs.json`);
  writeFileSync(file, `${JSON.stringify({ machine, large_pdfs: r }, null, 2)}\n`);
  console.log(`\nwritten: ${file}`);
  process.exit(0);
}

const workload = corpusWorkload(QUICK ? 400 : 2000);
console.log(`workload: ${workload.length} corpus messages (${mib(totalBytes(workload))} MiB)`);

if (process.env.BENCH_ONLY === 'throughput') {
  const rounds = [];
  for (let round = 0; round < Number(process.env.BENCH_REPEAT ?? 2); round++) {
    const t = await runThroughput(workload, { withSyncNormal: false });
    const s = await startServe();
    let d: Awaited<ReturnType<typeof pairedRestIngest>>;
    try {
      d = await pairedRestIngest(s, workload);
    } finally {
      s.child.kill('SIGTERM');
    }
    const row = {
      a: t.a_parse_only.per_second,
      'a*': t.a_star_parse_with_worker_blob.per_second,
      b: t.b_pure_pipeline.per_second,
      c: t.c_full_ingest.per_second,
      d: d.per_second,
      "a'": d.paired_a_per_second,
      'b/a': +(t.b_pure_pipeline.per_second / t.a_parse_only.per_second).toFixed(3),
      'c/a': t.ratio_c_over_a,
      "d/a'": +(d.per_second / d.paired_a_per_second).toFixed(3),
      'c/a*': t.ratio_c_over_a_star,
      failures: t.c_full_ingest.failures + d.failures,
      learned: t.learned_extractors_seeded,
    };
    // The untimed first passes' own rates: a service that has just started.
    const cold = {
      c_first_pass: t.c_first_pass_after_start.per_second,
      d_first_pass: d.first_pass_after_start.per_second,
    };
    // CPU ms per message (all threads; (d): the server's process tree, and the load
    // generator apart): steadier than rates on a shared machine.
    const cpu = {
      a: t.a_parse_only.cpu_ms_per_message,
      'a*': t.a_star_parse_with_worker_blob.cpu_ms_per_message,
      b: t.b_pure_pipeline.cpu_ms_per_message,
      c: t.c_full_ingest.cpu_ms_per_message,
      d: d.server_cpu_ms_per_message,
      d_client: d.client_cpu_ms_per_message,
    };
    rounds.push({
      ...row,
      cpu_ms_per_message: cpu,
      first_pass: cold,
      stage_share_of_c_percent: t.stage_share_of_c_percent,
    });
    table(`throughput, round ${round + 1} (messages/s and ratios to (a))`, [row]);
    table('first pass after start, untimed in the ratios (messages/s)', [cold]);
    table('CPU ms per message (all threads; d: the server process tree, d_client: the load generator)', [cpu]);
    table('share of (c) per stage (%)', [t.stage_share_of_c_percent]);
  }
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  const file = join(
    ROOT,
    'bench/results',
    `${machine.date.slice(0, 10)}-throughput${process.env.BENCH_LEARNED === '1' ? '-learned' : ''}${QUICK ? '-quick' : ''}.json`,
  );
  writeFileSync(file, `${JSON.stringify({ machine, rounds }, null, 2)}\n`);
  console.log(`\nwritten: ${file}`);
  process.exit(0);
}

const throughput = await runThroughput(workload);
const server = await runServer(workload);
const scale = await runScale();
const runMemory = (...args: string[]) =>
  JSON.parse(
    execFileSync(
      process.execPath,
      ['--expose-gc', join(ROOT, 'bin/run-ts.mjs'), join(ROOT, 'bench/memory.ts'), ...args],
      { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 20 },
    )
      .trim()
      .split('\n')
      .at(-1)!,
  );
const bigMessage = join(mkdtempSync(join(tmpdir(), 'svc-bench-mem-')), 'big.eml');
const memory = { ...runMemory('build', bigMessage), ...runMemory(bigMessage) };
const webhooks = await runWebhooks(QUICK ? 200 : 1000);
const hostile = await runHostile();
const smtp = await runSmtp(workload);
const extraction = await runExtraction();
const cluster = await runCluster(workload.slice(0, QUICK ? 300 : 1000));
const largePdfs = await runLargePdfs();

const results = {
  machine,
  throughput: {
    ...throughput,
    d_rest_ingest: server.d_rest_ingest,
    e_smtp_ingest: server.e_smtp_ingest,
    // Against the (a) measured slice by slice with (d) itself (bench/server.ts).
    ratio_d_over_a: +(server.d_rest_ingest.per_second / server.d_rest_ingest.paired_a_per_second).toFixed(3),
  },
  latency: server.latency,
  scale,
  memory,
  webhooks,
  hostile,
  smtp,
  extraction,
  cluster,
  large_pdfs: largePdfs,
};

table(
  '1. Ingest throughput (messages/s, MB/s)',
  [
    { run: '(a) postal-mime parse only', ...throughput.a_parse_only },
    { run: "(a*) same, with the workers' Blob", ...throughput.a_star_parse_with_worker_blob },
    { run: '(b) pure pipeline, no storage', ...throughput.b_pure_pipeline },
    { run: '(c) ingest_message via tool handler, 4 in flight', ...throughput.c_full_ingest },
    { run: "(c') same, SVC_DB_SYNC=normal", ...throughput.c_with_db_sync_normal! },
    { run: '(d) REST ingest, concurrency 8', ...server.d_rest_ingest },
    { run: '(e) SMTP ingest, 4 connections', ...server.e_smtp_ingest },
  ].map(({ run, messages, per_second, mb_per_second }) => ({ run, messages, per_second, mb_per_second })),
);
console.log(
  `ratios: (c)/(a) = ${results.throughput.ratio_c_over_a} (target >= 0.9), (d)/(a') = ${results.throughput.ratio_d_over_a} (target >= 0.8); (c)/(a*) = ${results.throughput.ratio_c_over_a_star}`,
);
table(
  '2. Share of (c) per stage (%)',
  Object.entries(throughput.stage_share_of_c_percent).map(([stage, share]) => ({ stage, share })),
);
table(
  '3. API latency under load (autocannon)',
  Object.entries(server.latency).map(([name, r]) => ({ name, ...r })),
);
table(
  '4. Scale: list_messages median ms',
  Object.entries(scale.sizes).map(([n, r]) => ({ stored: n, ...r })),
);
console.log(
  `ratios large/small: first page ${scale.ratio_first_page}, deep page ${scale.ratio_deep_page} (target < 1.5); DB bytes per ingested corpus message: ${throughput.db_bytes_per_message}`,
);
table('5. Memory', [
  {
    case: `${memory.message_mib} MiB message, ${memory.pdf_mib} MiB PDF`,
    peak_over_baseline_mib: memory.peak_over_baseline_mib,
    ratio_to_message: memory.ratio_to_message,
    seconds: memory.seconds,
  },
  {
    case: `throughput run (a) to (c), interleaved: peak ${throughput.peak_rss_mib_during_run} MiB`,
    peak_over_baseline_mib: throughput.peak_rss_growth_mib_during_run,
    ratio_to_message: '-',
    seconds: '-',
  },
]);
table('6. Webhooks', [webhooks]);
table(
  `7. Hostile mail against svc serve (baseline RSS ${hostile.baseline_rss_mib} MiB; target: healthz stall < 250 ms)`,
  hostile.cases,
);
table(
  `8. SMTP with mail authentication (DNS answers held ${smtp.dns_delay_ms} ms) against REST ingest, same workload`,
  [
    { run: 'SMTP, raw client, 4 connections', ...smtp.smtp_ingest },
    { run: 'SMTP, same, no DNS cache (sample)', ...smtp.smtp_ingest_no_dns_cache },
    { run: '(d) REST ingest, concurrency 8', ...smtp.d_rest_ingest, dns_queries: '-' },
  ].map(({ run, messages, per_second, mb_per_second, failures, dns_queries }) => ({
    run,
    messages,
    per_second,
    mb_per_second,
    failures,
    dns_queries,
  })),
);
console.log(`ratio SMTP/(d) = ${smtp.ratio_smtp_over_d} (target >= 0.5)`);
printExtraction(extraction);
table(
  '10. Cluster: REST ingest, 8 clients (messages/s)',
  Object.entries(cluster.ingest).map(([run, r]) => ({ run, ...r })),
);
table(
  '11. Cluster: get_capture latency, 4 connections',
  Object.entries(cluster.reads).map(([from, r]) => ({ from, ...r })),
);
table('12. Cluster: shared blob stores', cluster.blobs);
printLargePdfs(largePdfs);

mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const file = join(ROOT, 'bench/results', `${machine.date.slice(0, 10)}${QUICK ? '-quick' : ''}.json`);
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nwritten: ${file}`);
