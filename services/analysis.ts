// What the analysis workers (services/analysis-pool.ts) are asked to do with a message:
// read it, classify and extract it, check rules and schemas; and what is kept when a
// budget stops a read (each part read apart, at worst the top-level headers).
import { forMainThread, type BucketDefinition, type DecideJobResult, type ParseJsonResult } from '../pipeline/jobs.ts';
import type { AnalyzeOptions, AnalyzedMessage, SchemaRun } from '../pipeline/index.ts';
import {
  MAX_DOCUMENT_TEXT,
  attachmentDocuments,
  iconsWithin,
  isReadable,
  type AttachmentRead,
} from '../pipeline/documents.ts';
import { attachedMismatch } from '../pipeline/einvoice-mismatch.ts';
import { readAsOriginalSender } from '../pipeline/forwarded.ts';
import { headersOnly, type ParseRefusal } from '../pipeline/parse.ts';
import type { LearnExample, LearnField, Learned, LearnedRun, LearnSource } from '../pipeline/learn.ts';
import type { RuleOutcome } from '../pipeline/rules.ts';
import type { Document, Flag, MessageView } from '../pipeline/types.ts';
import type { AnalysisPool, HeldTurn, JobOutcome } from './analysis-pool.ts';

export type AnalyzeOutcome = { ok: true; message: AnalyzedMessage } | { ok: false; refusal: ParseRefusal };

function withLimit(message: AnalyzedMessage, note: string): AnalyzedMessage {
  const flags = [...new Set<Flag>([...message.flags, 'analysis_limit'])];
  return { ...message, flags, parsed: { ...message.parsed, notes: [...message.parsed.notes, note] } };
}

/**
 * Reads a message in a worker, when its turn comes (AnalysisPool.message: 503 when the
 * server is overloaded). When a budget stops the full read, the message is parsed
 * again without rendering anything, then its HTML body and each attachment are read as
 * jobs of their own, so whatever can be read is kept and only the part that hit a limit
 * is flagged `analysis_limit`, with a note naming the limit. When even the bare parse
 * fails, the top-level headers are kept. Never throws for hostile content.
 */
export async function analyze(
  pool: AnalysisPool,
  bytes: Uint8Array,
  options: AnalyzeOptions = {},
): Promise<AnalyzeOutcome> {
  return pool.message(bytes.byteLength, async () => {
    // Copied only now: a message waiting its turn holds no second copy.
    const raw = shared(bytes);
    const full = await pool.run({ kind: 'analyze', raw, options, keepAttachmentBytes: false });
    if (full.ok) return full.value;
    return readApart(pool, raw, options, full.limit);
  });
}

/** After a budget stopped the full read (`limit`): the bare parse, then each part alone. */
async function readApart(
  pool: AnalysisPool,
  raw: Uint8Array,
  options: AnalyzeOptions,
  limit: string,
): Promise<AnalyzeOutcome> {
  const bare = await pool.run({
    kind: 'analyze',
    raw,
    options: { ...options, documents: { readAttachments: false, renderHtml: false } },
    keepAttachmentBytes: true,
  });
  if (!bare.ok) return { ok: true, message: headersOnlyAnalysis(raw, options, bare.limit) };
  if (!bare.value.ok) return bare.value;
  let message = bare.value.message;
  if (message.parsed.html) message = await readBodyAlone(pool, message, message.parsed.html);
  message = await readAttachmentsOneByOne(pool, message);
  return {
    ok: true,
    message: withLimit(message, `analysis: ${limit}; the body and each attachment were then read apart`),
  };
}

async function readBodyAlone(pool: AnalysisPool, message: AnalyzedMessage, html: string): Promise<AnalyzedMessage> {
  const body = await pool.run({ kind: 'read_body', html });
  const [first, ...rest] = message.documents;
  if (!body.ok) {
    const documents = [
      {
        ...first!,
        unreadable: `analysis_limit: the HTML body was not rendered (${body.limit}); its text part is shown`,
      },
      ...rest,
    ];
    return {
      ...message,
      documents,
      flags: [...new Set<Flag>([...message.flags, 'analysis_limit'])],
      view: { ...message.view, documents },
    };
  }
  const text = body.value.text.slice(0, MAX_DOCUMENT_TEXT);
  const quoted = body.value.quoted ? { quoted: body.value.quoted } : {};
  const icons = iconsWithin(body.value.icons, text);
  const documents = [
    { ...first!, text, truncated: text.length < body.value.text.length, ...quoted, ...icons },
    ...rest,
  ];
  return {
    ...message,
    documents,
    hidden: [...body.value.hidden, ...message.hidden],
    flags: [...new Set<Flag>([...message.flags, ...body.value.flags])],
    view: { ...message.view, documents },
  };
}

async function readAttachmentsOneByOne(pool: AnalysisPool, message: AnalyzedMessage): Promise<AnalyzedMessage> {
  const flags = new Set<Flag>(message.flags);
  const hidden = [...message.hidden];
  const reads: Pick<AttachmentRead, 'document' | 'embedded'>[] = [];
  // Without reading, each attachment is one document, numbered after the body.
  for (const [i, attachment] of message.parsed.attachments.entries()) {
    const { index: _index, ...unread } = message.documents[i + 1]!;
    if (!isReadable(attachment)) {
      reads.push({ document: unread, embedded: [] });
      continue;
    }
    const read = await pool.run({ kind: 'read_attachment', attachment });
    if (read.ok) {
      reads.push(read.value);
      read.value.flags.forEach((f) => {
        flags.add(f);
      });
      hidden.push(...read.value.hidden);
    } else {
      reads.push({ document: { ...unread, unreadable: `analysis_limit: ${read.limit}` }, embedded: [] });
      flags.add('analysis_limit');
    }
  }
  const documents: Document[] = [message.documents[0]!, ...attachmentDocuments(reads)];
  if (attachedMismatch(documents).length > 0) flags.add('einvoice_mismatch');
  return forMainThread({ ...message, documents, hidden, flags: [...flags], view: { ...message.view, documents } });
}

/** The last resort, on the main thread: top-level headers only (a bounded, linear scan). */
function headersOnlyAnalysis(raw: Uint8Array, options: AnalyzeOptions, limit: string): AnalyzedMessage {
  const parsed = headersOnly(
    Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('latin1'),
    `analysis: ${limit}`,
  );
  const documents: Document[] = [
    {
      index: 0,
      kind: 'body',
      filename: null,
      mime_type: 'text/plain',
      size_bytes: 0,
      text: '',
      truncated: true,
      unreadable: `analysis_limit: the message could not be read within the budget (${limit})`,
    },
  ];
  const recipients = options.recipients?.length
    ? options.recipients.map((r) => r.toLowerCase())
    : parsed.to.map((t) => t.address);
  const view: MessageView = {
    from: parsed.from,
    to: parsed.to,
    cc: parsed.cc,
    replyTo: parsed.replyTo,
    subject: parsed.subject,
    headers: parsed.headers,
    recipients,
    documents,
    auth: options.auth ?? null,
  };
  // The headers' own flags too (sender_ambiguous, invisible characters in the subject or names).
  const flags = [...new Set<Flag>([...parsed.flags, 'truncated', 'analysis_limit'])];
  return { parsed, documents, hidden: [], flags, view, forwardedFrom: null };
}

/** Classification and extraction for one tenant, in a worker; a budget stop leaves it unrouted. */
export async function decide(pool: AnalysisPool, view: MessageView, buckets: BucketDefinition[]): Promise<Decided> {
  const outcome = await pool.run({ kind: 'decide', view, buckets });
  return outcome.ok ? { ...outcome.value, limit: null } : stoppedDecision(outcome.limit);
}

export type Decided = DecideJobResult & { limit: string | null };

function stoppedDecision(limit: string): Decided {
  return {
    classification: {
      bucket_id: null,
      bucket_name: null,
      decided_by: null,
      reason: `analysis_limit: classification stopped (${limit})`,
    },
    run: null,
    limit,
  };
}

/** Who may forward mail to be read as from its original sender, and who sent this one. */
export interface Forwarding {
  forwarders: string[];
  envelopeFrom: string | null;
}

/**
 * The raw message in shared memory: one copy instead of a structured clone per job (a
 * serialized copy here and another in the worker, more when a budget makes it read again).
 */
function shared(bytes: Uint8Array): Uint8Array {
  const raw = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  raw.set(bytes);
  return raw;
}

/**
 * A message for one tenant in one worker job, when its turn comes: read, read as from its
 * original sender when a trusted forwarder sent it on, classified and extracted. The same
 * outcome as analyze, readAsOriginalSender and decide one after another (each phase has
 * its own budget), with one crossing of the thread boundary each way. When a budget stops
 * the job, the phase it stopped in is done as those steps would have done it.
 */
export function analyzeAndDecide(
  pool: AnalysisPool,
  bytes: Uint8Array,
  options: AnalyzeOptions,
  forwarding: Forwarding,
  buckets: BucketDefinition[],
  held?: HeldTurn,
): Promise<{ analyzed: AnalyzeOutcome; decided: Decided | null }> {
  return pool.message(bytes.byteLength, () => readAndDecide(pool, shared(bytes), options, forwarding, buckets), held);
}

async function readAndDecide(
  pool: AnalysisPool,
  raw: Uint8Array,
  options: AnalyzeOptions,
  forwarding: Forwarding,
  buckets: BucketDefinition[],
): Promise<{ analyzed: AnalyzeOutcome; decided: Decided | null }> {
  const job = await pool.run({ kind: 'ingest', raw, options, ...forwarding, buckets });
  if (job.ok)
    return { analyzed: job.value.analyzed, decided: job.value.decided && { ...job.value.decided, limit: null } };
  // Stopped while reading: read the parts apart, then classify as a job of its own.
  // Stopped while classifying: the read itself fits the budget (a full read again), and
  // classification is left unrouted with the limit, as a decide job that stopped would be.
  const reread = job.phase === 0 ? null : await pool.run({ kind: 'analyze', raw, options, keepAttachmentBytes: false });
  const analyzed = reread?.ok
    ? reread.value
    : await readApart(pool, raw, options, reread && !reread.ok ? reread.limit : job.limit);
  if (!analyzed.ok) return { analyzed, decided: null };
  const message = readAsOriginalSender(analyzed.message, forwarding.forwarders, forwarding.envelopeFrom);
  const decided =
    job.phase === 0 || !reread?.ok ? await decide(pool, message.view, buckets) : stoppedDecision(job.limit);
  return { analyzed: { ok: true, message }, decided };
}

export async function ruleOutcomes(
  pool: AnalysisPool,
  rule: unknown,
  views: MessageView[],
): Promise<JobOutcome<RuleOutcome[]>> {
  return pool.run({ kind: 'rule', rule, views });
}

/** A learned extractor for a corrected value, derived in a worker (it reads the documents' text). */
export async function learnedFor(
  pool: AnalysisPool,
  view: MessageView,
  field: LearnField,
  value: unknown,
  earlier: LearnExample[],
  source: LearnSource = 'document',
): Promise<JobOutcome<Learned>> {
  return pool.run({ kind: 'learn', view, field, value, earlier, source });
}

export async function schemaRuns(
  pool: AnalysisPool,
  schema: unknown,
  views: MessageView[],
  learned?: LearnedRun[][],
): Promise<JobOutcome<SchemaRun[]>> {
  return pool.run({ kind: 'schema', schema, views, ...(learned ? { learned } : {}) });
}

export type { ParseJsonResult };

/**
 * A large request body's JSON, read by a worker: decoding and parsing 6.5 MiB held the main
 * thread ~26 ms (more on a busy machine), during which no other request was answered. Bytes
 * in shared memory cross without a copy. Null when the job did not run to its end (the
 * caller parses it itself then).
 */
export async function parseJsonInWorker(pool: AnalysisPool, bytes: Uint8Array): Promise<ParseJsonResult | null> {
  const outcome = await pool.run({ kind: 'parse_json', bytes });
  return outcome.ok ? outcome.value : null;
}
