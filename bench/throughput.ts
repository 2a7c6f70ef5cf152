// (a) bare postal-mime parse, (b) the pure pipeline, (c) full ingest through the tool
// handler into an embedded libSQL file, and the per-stage cost of (c).
import PostalMime from 'postal-mime';
import { classify } from '../pipeline/classify.ts';
import { buildDocuments } from '../pipeline/documents.ts';
import { originalSender } from '../pipeline/forwarded.ts';
import { loadHtmlLibs } from '../pipeline/html/libs.ts';
import { extractFields } from '../pipeline/extract.ts';
import { parseMessage } from '../pipeline/parse.ts';
import { effectivePolicy } from '../pipeline/policy.ts';
import { route } from '../pipeline/route.ts';
import { sanitizeBody } from '../pipeline/sanitize.ts';
import { validateFields } from '../pipeline/validate.ts';
import { callTool } from '../services/call.ts';
import { classifiable, compiledBucket } from '../services/buckets.ts';
import { listBuckets } from '../storage/buckets.ts';
import { getTenant } from '../storage/tenants.ts';
import { findTool } from '../tools/index.ts';
import { benchApp, cpuMs, dbFileBytes, peakRssBytes, rate, resetPeakRss, totalBytes } from './lib.ts';

const STAGES = ['parse', 'sanitize', 'documents', 'forwarded', 'classify', 'extract', 'validate', 'route'] as const;
/** Messages in flight during (c), as an SMTP server or REST clients would have them. */
export const INGEST_CONCURRENCY = 4;

export async function runThroughput(messages: Uint8Array[], { withSyncNormal = true } = {}) {
  const bytes = totalBytes(messages);

  const perMessage = (cpuStart: number) => +((cpuMs() - cpuStart) / messages.length).toFixed(2);
  let cpu = cpuMs();
  let t = performance.now();
  for (const m of messages) {
    try {
      await PostalMime.parse(m);
    } catch {
      /* counted like any other */
    }
  }
  const parseOnly = { ...rate(messages.length, bytes, performance.now() - t), cpu_ms_per_message: perMessage(cpu) };

  const { app, key, dir } = await benchApp();
  const tenant = (await getTenant(app.db, (await app.db.readOne('SELECT id FROM tenants'))!.id as string))!;

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
  cpu = cpuMs();
  let extraCpu = 0;
  t = performance.now();
  for (const raw of messages) {
    const parsed = await time('parse', () => parseMessage(raw));
    if (!parsed.ok) continue;
    const sanitizeCpu = cpuMs();
    await time('sanitize', () => sanitizeBody(parsed.message));
    extraCpu += cpuMs() - sanitizeCpu;
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
  const pureMs = performance.now() - t - stageMs.sanitize!;
  stageMs.documents! -= stageMs.sanitize!;
  const pipeline = { ...rate(messages.length, bytes, pureMs), cpu_ms_per_message: perMessage(cpu + extraCpu) };

  // (c) full ingest through the tool handler.
  const ingest = findTool('ingest_message')!;
  const texts = messages.map((m) => Buffer.from(m).toString('latin1'));
  // Steady state, as `svc serve` is after start-up: the workers have started and loaded
  // the pipeline (under tsx that is about a second of CPU each, a tenth of a quick run).
  for (const eml of texts.slice(0, 2 * INGEST_CONCURRENCY)) {
    await callTool(app, ingest, { token: key, args: { eml }, tenantSelector: undefined });
  }
  global.gc?.();
  resetPeakRss();
  const rssBefore = peakRssBytes();
  cpu = cpuMs();
  t = performance.now();
  let failures = 0;
  // Analysis runs in the worker pool (one job per core): several messages in flight keep
  // every worker busy while the main thread stores the ones already read.
  let next = 0;
  await Promise.all(
    Array.from({ length: INGEST_CONCURRENCY }, async () => {
      while (next < texts.length) {
        const outcome = await callTool(app, ingest, {
          token: key,
          args: { eml: texts[next++]! },
          tenantSelector: undefined,
        });
        if (!outcome.ok) failures++;
      }
    }),
  );
  const fullMs = performance.now() - t;
  const full = {
    ...rate(messages.length, bytes, fullMs),
    cpu_ms_per_message: perMessage(cpu),
    failures,
    concurrency: INGEST_CONCURRENCY,
  };
  const stageSum = Object.values(stageMs).reduce((a, b) => a + b, 0);
  const shares = Object.fromEntries([
    ...STAGES.map((s) => [s, +((100 * stageMs[s]!) / fullMs).toFixed(1)]),
    ['storage_and_rest', +((100 * Math.max(0, fullMs - stageSum)) / fullMs).toFixed(1)],
  ]);
  const dbBytes = dbFileBytes(dir);
  app.db.close();
  return {
    a_parse_only: parseOnly,
    b_pure_pipeline: pipeline,
    c_full_ingest: full,
    ratio_c_over_a: +(full.per_second / parseOnly.per_second).toFixed(3),
    stage_ms: Object.fromEntries(Object.entries(stageMs).map(([k, v]) => [k, +v.toFixed(1)])),
    stage_share_of_c_percent: shares,
    db_bytes_per_message: Math.round(dbBytes / messages.length),
    peak_rss_mib_during_c: +(peakRssBytes() / 1048576).toFixed(1),
    peak_rss_growth_mib_during_c: +((peakRssBytes() - rssBefore) / 1048576).toFixed(1),
    c_with_db_sync_normal: withSyncNormal ? await ingestWithNormalSync(messages, bytes) : null,
  };
}

/** (c) again with SVC_DB_SYNC=normal: what the per-commit fsync costs. */
async function ingestWithNormalSync(messages: Uint8Array[], bytes: number) {
  const { app, key } = await benchApp({ SVC_DB_SYNC: 'normal' });
  const ingest = findTool('ingest_message')!;
  const texts = messages.map((m) => Buffer.from(m).toString('latin1'));
  const t = performance.now();
  for (const eml of texts) await callTool(app, ingest, { token: key, args: { eml }, tenantSelector: undefined });
  const result = rate(messages.length, bytes, performance.now() - t);
  app.db.close();
  return result;
}
