// Untrusted content is analysed off the main thread: a pool of worker threads (piscina)
// runs every pipeline job (pipeline/jobs.ts) under a wall-clock budget and a heap cap.
// A worker that exceeds either is terminated and replaced, and the main thread, which
// only does I/O, auth and storage, keeps answering every other request meanwhile.
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { withoutBytes, type AnalysisJob, type BucketDefinition, type DecideJobResult, type JobResults } from '../pipeline/jobs.ts';
import type { AnalyzeOptions, AnalyzedMessage, SchemaRun } from '../pipeline/index.ts';
import { MAX_DOCUMENT_TEXT, attachmentDocuments, isReadable, type AttachmentRead } from '../pipeline/documents.ts';
import { attachedMismatch } from '../pipeline/einvoice.ts';
import { headersOnly, type ParseRefusal } from '../pipeline/parse.ts';
import type { RuleOutcome } from '../pipeline/rules.ts';
import type { Document, Flag, MessageView } from '../pipeline/types.ts';
import type { AnalysisBudget } from './config.ts';

export type JobOutcome<T> = { ok: true; value: T } | { ok: false; limit: string };

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
      resourceLimits: { maxOldGenerationSizeMb: this.budget.heapMb, maxYoungGenerationSizeMb: Math.min(64, this.budget.heapMb / 4) },
      workerData: { recycleMb: this.budget.recycleMb },
    });
    return this.started;
  }

  async run<K extends AnalysisJob['kind']>(job: AnalysisJob & { kind: K }): Promise<JobOutcome<JobResults[K]>> {
    for (let attempt = 0; ; attempt++) {
      // The budget clock starts when a worker takes the job (it says so on this port), not
      // while the job waits behind another or for a replaced worker to start.
      const { port1: started, port2: startedPort } = new MessageChannel();
      const abort = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      started.once('message', () => { timer = setTimeout(() => abort.abort(), this.budget.timeoutMs); });
      try {
        const value = await this.pool.run({ job, started: startedPort }, { signal: abort.signal, transferList: [startedPort] });
        return { ok: true, value: value as JobResults[K] };
      } catch (error) {
        const e = error as Error & { code?: string };
        // A worker that left to give its memory back may have been handed this job first.
        if (e.message === RECYCLED && attempt === 0) continue;
        if (abort.signal.aborted) return { ok: false, limit: `time budget of ${this.budget.timeoutMs} ms exceeded` };
        if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') return { ok: false, limit: `heap budget of ${this.budget.heapMb} MiB exceeded` };
        return { ok: false, limit: `analysis failed (${String(e.message).slice(0, 200)})` };
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

export type AnalyzeOutcome = { ok: true; message: AnalyzedMessage } | { ok: false; refusal: ParseRefusal };

function withLimit(message: AnalyzedMessage, note: string): AnalyzedMessage {
  const flags = [...new Set<Flag>([...message.flags, 'analysis_limit'])];
  return { ...message, flags, parsed: { ...message.parsed, notes: [...message.parsed.notes, note] } };
}

/**
 * Reads a message in a worker. When a budget stops the full read, the message is parsed
 * again without rendering anything, then its HTML body and each attachment are read as
 * jobs of their own, so whatever can be read is kept and only the part that hit a limit
 * is flagged `analysis_limit`, with a note naming the limit. When even the bare parse
 * fails, the top-level headers are kept. Never throws for hostile content.
 */
export async function analyze(pool: AnalysisPool, bytes: Uint8Array, options: AnalyzeOptions = {}): Promise<AnalyzeOutcome> {
  // One copy into shared memory instead of a structured clone per job (a serialized copy
  // here and another in the worker, twice more when the budget makes it read again).
  const raw = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  raw.set(bytes);
  const full = await pool.run({ kind: 'analyze', raw, options, keepAttachmentBytes: false });
  if (full.ok) return full.value;
  const bare = await pool.run({
    kind: 'analyze', raw, options: { ...options, documents: { readAttachments: false, renderHtml: false } }, keepAttachmentBytes: true,
  });
  if (!bare.ok) return { ok: true, message: headersOnlyAnalysis(raw, options, bare.limit) };
  if (!bare.value.ok) return bare.value;
  let message = bare.value.message;
  if (message.parsed.html) message = await readBodyAlone(pool, message, message.parsed.html);
  message = await readAttachmentsOneByOne(pool, message);
  return { ok: true, message: withLimit(message, `analysis: ${full.limit}; the body and each attachment were then read apart`) };
}

async function readBodyAlone(pool: AnalysisPool, message: AnalyzedMessage, html: string): Promise<AnalyzedMessage> {
  const body = await pool.run({ kind: 'read_body', html });
  const [first, ...rest] = message.documents;
  if (!body.ok) {
    const documents = [{ ...first!, unreadable: `analysis_limit: the HTML body was not rendered (${body.limit}); its text part is shown` }, ...rest];
    return { ...message, documents, flags: [...new Set<Flag>([...message.flags, 'analysis_limit'])], view: { ...message.view, documents } };
  }
  const text = body.value.text.slice(0, MAX_DOCUMENT_TEXT);
  const documents = [{ ...first!, text, truncated: text.length < body.value.text.length }, ...rest];
  return {
    ...message, documents, hidden: [...body.value.hidden, ...message.hidden],
    flags: [...new Set<Flag>([...message.flags, ...body.value.flags])], view: { ...message.view, documents },
  };
}

async function readAttachmentsOneByOne(pool: AnalysisPool, message: AnalyzedMessage): Promise<AnalyzedMessage> {
  const flags = new Set<Flag>(message.flags);
  const hidden = [...message.hidden];
  const reads: Pick<AttachmentRead, 'document' | 'embedded'>[] = [];
  // Without reading, each attachment is one document, numbered after the body.
  for (const [i, attachment] of message.parsed.attachments.entries()) {
    const { index: _index, ...unread } = message.documents[i + 1]!;
    if (!isReadable(attachment)) { reads.push({ document: unread, embedded: [] }); continue; }
    const read = await pool.run({ kind: 'read_attachment', attachment });
    if (read.ok) {
      reads.push(read.value);
      read.value.flags.forEach((f) => flags.add(f));
      hidden.push(...read.value.hidden);
    } else {
      reads.push({ document: { ...unread, unreadable: `analysis_limit: ${read.limit}` }, embedded: [] });
      flags.add('analysis_limit');
    }
  }
  const documents: Document[] = [message.documents[0]!, ...attachmentDocuments(reads)];
  if (attachedMismatch(documents).length > 0) flags.add('einvoice_mismatch');
  return withoutBytes({ ...message, documents, hidden, flags: [...flags], view: { ...message.view, documents } });
}

/** The last resort, on the main thread: top-level headers only (a bounded, linear scan). */
function headersOnlyAnalysis(raw: Uint8Array, options: AnalyzeOptions, limit: string): AnalyzedMessage {
  const parsed = headersOnly(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('latin1'), `analysis: ${limit}`);
  const documents: Document[] = [{
    index: 0, kind: 'body', filename: null, mime_type: 'text/plain', size_bytes: 0, text: '', truncated: true,
    unreadable: `analysis_limit: the message could not be read within the budget (${limit})`,
  }];
  const recipients = options.recipients?.length ? options.recipients.map((r) => r.toLowerCase()) : parsed.to.map((t) => t.address);
  const view: MessageView = {
    from: parsed.from, to: parsed.to, cc: parsed.cc, replyTo: parsed.replyTo, subject: parsed.subject, headers: parsed.headers,
    recipients, documents, auth: options.auth ?? null,
  };
  return { parsed, documents, hidden: [], flags: ['truncated', 'analysis_limit'], view, forwardedFrom: null };
}

/** Classification and extraction for one tenant, in a worker; a budget stop leaves it unrouted. */
export async function decide(pool: AnalysisPool, view: MessageView, buckets: BucketDefinition[]): Promise<DecideJobResult & { limit: string | null }> {
  const outcome = await pool.run({ kind: 'decide', view, buckets });
  if (outcome.ok) return { ...outcome.value, limit: null };
  return {
    classification: { bucket_id: null, bucket_name: null, decided_by: null, reason: `analysis_limit: classification stopped (${outcome.limit})` },
    run: null,
    limit: outcome.limit,
  };
}

export async function ruleOutcomes(pool: AnalysisPool, rule: unknown, views: MessageView[]): Promise<JobOutcome<RuleOutcome[]>> {
  return pool.run({ kind: 'rule', rule, views });
}

export async function schemaRuns(pool: AnalysisPool, schema: unknown, views: MessageView[]): Promise<JobOutcome<SchemaRun[]>> {
  return pool.run({ kind: 'schema', schema, views });
}
