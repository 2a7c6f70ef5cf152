// (a) bare postal-mime parse, (b) the pure pipeline, (c) full ingest through the tool
// handler into an embedded libSQL file, and the per-stage cost of (c).
// The three are interleaved: the workload is cut into slices, and each slice is read by (a),
// then (b), then (c), a full GC before each. This machine's speed drifts by 10-25% within a
// minute (measured: (a) alone, six times back to back, 294 to 377 messages/s), so ratios
// of runs made one after the other, a minute apart, measured the drift as much as the code.
// Every variant first reads 2,000 warm-up messages, untimed (bench/lib.ts warmUpWorkload):
// throughput is a service's steady state, and each analysis worker compiles the pipeline's
// hot code for itself (in-process ingest ran at 196 messages/s over its first 500 messages
// and at 440 to 494 after 2,000). (c)'s warm-up pass is timed apart, as the first pass.
// (a*) is postal-mime with the Blob the analysis workers use (pipeline/parts-blob.ts), and
// (b) runs with it too, as the workers do: (a) stays postal-mime as published.
import PostalMime from 'postal-mime';
import { classify } from '../pipeline/classify.ts';
import { buildDocuments } from '../pipeline/documents.ts';
import { originalSender } from '../pipeline/forwarded.ts';
import { loadHtmlLibs } from '../pipeline/html/libs.ts';
import { extractFields } from '../pipeline/extract.ts';
import { ANY_LAYOUT } from '../pipeline/learn.ts';
import { PRINTED_FIELDS } from '../pipeline/printed/index.ts';
import { parseMessage } from '../pipeline/parse.ts';
import { effectivePolicy } from '../pipeline/policy.ts';
import { route } from '../pipeline/route.ts';
import { sanitizeBody } from '../pipeline/sanitize.ts';
import { validateFields } from '../pipeline/validate.ts';
import { installPartsBlob } from '../pipeline/parts-blob.ts';
import type { AppContext } from '../services/app.ts';
import { callTool } from '../services/call.ts';
import { classifiable, compiledBucket } from '../services/buckets.ts';
import { listBuckets } from '../storage/buckets.ts';
import { newId } from '../storage/ids.ts';
import { upsertLearnedStatement } from '../storage/learned.ts';
import { getTenant } from '../storage/tenants.ts';
import { findTool } from '../tools/index.ts';
import { benchApp, cpuMs, dbFileBytes, peakRssBytes, rate, resetPeakRss, totalBytes, warmUpWorkload } from './lib.ts';

const STAGES = ['parse', 'sanitize', 'documents', 'forwarded', 'classify', 'extract', 'validate', 'route'] as const;
/** Messages in flight during (c), as an SMTP server or REST clients would have them. */
export const INGEST_CONCURRENCY = 4;
/** Slices of the workload; each is read by every variant in turn. */
export const SLICES = 8;

/** The workload cut into `SLICES` runs of consecutive messages. */
export function workloadSlices<T>(items: T[]): T[][] {
  const size = Math.ceil(items.length / SLICES);
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/** Wall and CPU time summed over the slices one variant ran. */
export interface Tally {
  ms: number;
  cpu: number;
}
export const tally = (): Tally => ({ ms: 0, cpu: 0 });

/** Runs `fn` after a full GC (so one variant's garbage is not collected in another's time) and adds its times. */
export async function timed(into: Tally, fn: () => Promise<unknown>): Promise<void> {
  global.gc?.();
  const cpu = cpuMs();
  const started = performance.now();
  await fn();
  into.ms += performance.now() - started;
  into.cpu += cpuMs() - cpu;
}

/** Runs `fn` with the analysis workers' Blob standing in for Node's, as a worker runs. */
export async function asInWorkers<T>(fn: () => Promise<T>): Promise<T> {
  const native = globalThis.Blob;
  installPartsBlob();
  try {
    return await fn();
  } finally {
    globalThis.Blob = native;
  }
}

/** The raw bytes as the JSON string `eml` carries them: one character per byte. */
const latin1 = (m: Uint8Array) => Buffer.from(m).toString('latin1');

/**
 * (c): every message through ingest_message's handler, INGEST_CONCURRENCY in flight (the
 * analysis pool has a job per core; several in flight keep every worker busy while the main
 * thread stores the ones already read). Returns how many were refused.
 */
async function ingestAll(app: AppContext, key: string, emls: string[]): Promise<number> {
  const ingest = findTool('ingest_message')!;
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: INGEST_CONCURRENCY }, async () => {
      while (next < emls.length) {
        const outcome = await callTool(app, ingest, {
          token: key,
          args: { eml: emls[next++]! },
          tenantSelector: undefined,
        });
        if (!outcome.ok) failures++;
      }
    }),
  );
  return failures;
}

/** (a): each message through postal-mime alone. */
export async function parseOnly(messages: Uint8Array[]): Promise<void> {
  for (const m of messages) {
    try {
      await PostalMime.parse(m);
    } catch {
      /* counted like any other */
    }
  }
}

/**
 * BENCH_LEARNED=1: learned extractors, confirmed three times (0.9, applied by policy), for
 * every field of every bucket with a schema and each of the workload's 40 most frequent
 * sender domains, as a tenant that has corrected its vendors' mail has them: each capture of
 * those vendors then runs them, leaves its values pending and settles the previous ones'
 * (confirmation by silence), which (c) then measures.
 */
export async function seedLearned(app: AppContext, tenantId: string, messages: Uint8Array[]): Promise<number> {
  const counts = new Map<string, number>();
  for (const m of messages) {
    const head = Buffer.from(m.subarray(0, 8192)).toString('latin1');
    const domain = /^From:[^\n]*@([A-Za-z0-9.-]+)/im.exec(head)?.[1]?.toLowerCase();
    if (domain) counts.set(domain, (counts.get(domain) ?? 0) + 1);
  }
  const vendors = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40)
    .map(([d]) => d);
  const now = new Date().toISOString();
  const statements = [];
  for (const bucket of await listBuckets(app.db, tenantId)) {
    const schema = compiledBucket(bucket).schema;
    for (const field of schema?.fields ?? []) {
      const extractor =
        field.type === 'number'
          ? { kind: 'labeled_value' as const, labels: ['Total', 'Amount due', 'Gesamtbetrag'] }
          : { kind: 'labeled_value' as const, labels: [field.name.replaceAll('_', ' ')] };
      // A correction also teaches the general reader of the value (pipeline/learn.ts): the printed reader of the same name.
      const reader = PRINTED_FIELDS.find((f) => f === field.name);
      const learned = [
        { extractor, layout: '' },
        ...(reader ? [{ extractor: { kind: 'printed' as const, field: reader }, layout: ANY_LAYOUT }] : []),
      ];
      for (const vendor of vendors)
        for (const { extractor, layout } of learned)
          statements.push(
            upsertLearnedStatement({
              id: newId('lrn', Date.now()),
              tenant_id: tenantId,
              bucket_id: bucket.id,
              vendor_domain: vendor,
              field: field.name,
              extractor,
              layout,
              learned_from: 'cap_bench',
              confirmations: 3,
              corrections: 0,
              created_by: 'bench',
              created_at: now,
              updated_at: now,
            }),
          );
    }
  }
  if (statements.length > 0) await app.db.batch(statements);
  return statements.length;
}

export async function runThroughput(messages: Uint8Array[], { withSyncNormal = true } = {}) {
  const bytes = totalBytes(messages);
  const { app, key, dir } = await benchApp();
  const tenant = (await getTenant(app.db, (await app.db.readOne('SELECT id FROM tenants'))!.id as string))!;
  const learnedSeeded = process.env.BENCH_LEARNED === '1' ? await seedLearned(app, tenant.id, messages) : 0;

  // (b) the pure pipeline, stage by stage, as analyzeMessage and processAnalyzed compose it.
  // buildDocuments sanitizes the body itself: the body is sanitized once more apart to
  // time that stage, and that second run is taken out of (b)'s time and of 'documents'.
  await loadHtmlLibs();
  const stageMs: Record<string, number> = Object.fromEntries(STAGES.map((s) => [s, 0]));
  const time = async <T>(stage: (typeof STAGES)[number], fn: () => Promise<T> | T): Promise<T> => {
    const started = performance.now();
    const out = await fn();
    stageMs[stage]! += performance.now() - started;
    return out;
  };
  // Read once, as the analysis worker is handed them with the job: (b) has no storage.
  const buckets = await listBuckets(app.db, tenant.id);
  let sanitizeCpu = 0;
  const pipeline = async (slice: Uint8Array[]) => {
    for (const raw of slice) {
      const parsed = await time('parse', () => parseMessage(raw));
      if (!parsed.ok) continue;
      const cpu = cpuMs();
      await time('sanitize', () => sanitizeBody(parsed.message));
      sanitizeCpu += cpuMs() - cpu;
      const docs = await time('documents', () => buildDocuments(parsed.message));
      await time('forwarded', () => originalSender(parsed.message, docs.documents[0]?.text ?? ''));
      const view = {
        from: parsed.message.from,
        to: parsed.message.to,
        cc: parsed.message.cc,
        replyTo: parsed.message.replyTo,
        subject: parsed.message.subject,
        headers: parsed.message.headers,
        recipients: [],
        documents: docs.documents,
        auth: null,
      };
      const classification = await time('classify', () => classify(buckets.map(classifiable), view));
      const bucket = buckets.find((b) => b.id === classification.bucket_id);
      const schema = bucket ? compiledBucket(bucket).schema : null;
      const fields = schema ? await time('extract', () => extractFields(schema, view)) : null;
      const validation = schema && fields ? await time('validate', () => validateFields(schema.fields, fields)) : null;
      await time('route', () =>
        route({
          matched: Boolean(bucket),
          policy: effectivePolicy(tenant.policy, bucket?.policy as never),
          flags: docs.flags,
          dailyCapReached: false,
          hasSchema: Boolean(schema),
          requiresHuman: [],
          issues: validation?.issues ?? [],
          confidence: validation?.confidence ?? 1,
        }),
      );
    }
  };

  // (c) full ingest through the tool handler.
  const texts = messages.map(latin1);
  let failures = 0;
  const full = async (slice: string[]) => {
    failures += await ingestAll(app, key, slice);
  };

  // The warm-up pass (see the top of this file); (c)'s is timed apart, as the rate of a
  // service that has just started.
  const warmUp = warmUpWorkload();
  await parseOnly(warmUp);
  await asInWorkers(() => pipeline(warmUp));
  for (const s of STAGES) stageMs[s] = 0;
  sanitizeCpu = 0;
  const cold = tally();
  await timed(cold, () => full(warmUp.map(latin1)));

  global.gc?.();
  resetPeakRss();
  const rssBefore = peakRssBytes();
  const [a, aStar, b, c] = [tally(), tally(), tally(), tally()];
  const textSlices = workloadSlices(texts);
  for (const [i, slice] of workloadSlices(messages).entries()) {
    await timed(a, () => parseOnly(slice));
    await timed(aStar, () => asInWorkers(() => parseOnly(slice)));
    await timed(b, () => asInWorkers(() => pipeline(slice)));
    await timed(c, () => full(textSlices[i]!));
  }
  const perMessage = (cpu: number) => +(cpu / messages.length).toFixed(2);
  const parseRate = { ...rate(messages.length, bytes, a.ms), cpu_ms_per_message: perMessage(a.cpu) };
  const workerParseRate = { ...rate(messages.length, bytes, aStar.ms), cpu_ms_per_message: perMessage(aStar.cpu) };
  const pipelineRate = {
    ...rate(messages.length, bytes, b.ms - stageMs.sanitize!),
    cpu_ms_per_message: perMessage(b.cpu - sanitizeCpu),
  };
  stageMs.documents! -= stageMs.sanitize!;
  const fullRate = {
    ...rate(messages.length, bytes, c.ms),
    cpu_ms_per_message: perMessage(c.cpu),
    failures,
    concurrency: INGEST_CONCURRENCY,
  };
  const stageSum = Object.values(stageMs).reduce((x, y) => x + y, 0);
  const shares = Object.fromEntries([
    ...STAGES.map((s) => [s, +((100 * stageMs[s]!) / c.ms).toFixed(1)]),
    ['storage_and_rest', +((100 * Math.max(0, c.ms - stageSum)) / c.ms).toFixed(1)],
  ]);
  const dbBytes = dbFileBytes(dir);
  app.db.close();
  return {
    a_parse_only: parseRate,
    a_star_parse_with_worker_blob: workerParseRate,
    b_pure_pipeline: pipelineRate,
    c_full_ingest: fullRate,
    c_first_pass_after_start: {
      ...rate(warmUp.length, totalBytes(warmUp), cold.ms),
      cpu_ms_per_message: +(cold.cpu / warmUp.length).toFixed(2),
    },
    ratio_c_over_a: +(fullRate.per_second / parseRate.per_second).toFixed(3),
    ratio_c_over_a_star: +(fullRate.per_second / workerParseRate.per_second).toFixed(3),
    slices: SLICES,
    stage_ms: Object.fromEntries(Object.entries(stageMs).map(([k, v]) => [k, +v.toFixed(1)])),
    stage_share_of_c_percent: shares,
    // The database holds the warm-up messages too.
    db_bytes_per_message: Math.round(dbBytes / (messages.length + warmUp.length)),
    peak_rss_mib_during_run: +(peakRssBytes() / 1048576).toFixed(1),
    peak_rss_growth_mib_during_run: +((peakRssBytes() - rssBefore) / 1048576).toFixed(1),
    c_with_db_sync_normal: withSyncNormal ? await ingestWithNormalSync(messages, bytes) : null,
    learned_extractors_seeded: learnedSeeded,
  };
}

/** (c) again, as many in flight, with SVC_DB_SYNC=normal: what the per-commit fsync costs. */
async function ingestWithNormalSync(messages: Uint8Array[], bytes: number) {
  const { app, key } = await benchApp({ SVC_DB_SYNC: 'normal' });
  if (process.env.BENCH_LEARNED === '1')
    await seedLearned(app, (await app.db.readOne('SELECT id FROM tenants'))!.id as string, messages);
  const t = performance.now();
  const failures = await ingestAll(app, key, messages.map(latin1));
  const result = { ...rate(messages.length, bytes, performance.now() - t), failures };
  app.db.close();
  return result;
}
