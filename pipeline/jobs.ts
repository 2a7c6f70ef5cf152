// The work that runs inside analysis workers (services/analysis-pool.ts owns the pool). Each
// job takes plain data and returns plain data, so it crosses the thread boundary by
// structured clone. Everything that reads untrusted content is here: parsing, HTML,
// attachments, and the tenant's regexes in classification and extraction.
import { classify, type Classification } from './classify.ts';
import { readAttachment, type AttachmentRead } from './documents.ts';
import { loadHtmlLibs } from './html/libs.ts';
import { readAsOriginalSender } from './forwarded.ts';
import { analyzeMessage, runSchema, type AnalyzeOptions, type AnalyzedMessage, type SchemaRun } from './index.ts';
import { compileRule, type CompiledRule, type RuleOutcome } from './rules.ts';
import {
  learnExtractor,
  vendorDomainOf,
  type LearnExample,
  type LearnField,
  type Learned,
  type LearnedRun,
  type LearnSource,
} from './learn.ts';
import { compileSchema, type CompiledSchema } from './schema.ts';
import { sanitizeHtml, type Sanitized } from './sanitize.ts';
import { starterByRef } from './starters.ts';
import { parseMessage, type ParseRefusal } from './parse.ts';
import type { MessageView, ParsedAttachment } from './types.ts';

/** A bucket as classification needs it: stored definitions, compiled in the worker. */
export interface BucketDefinition {
  id: string;
  name: string;
  priority: number;
  enabled: boolean;
  rule: unknown;
  schema: unknown;
  /** The bucket's learned extractors, each for one vendor domain (none when learning is off). */
  learned?: VendorLearnedRun[];
}

export type VendorLearnedRun = LearnedRun & { vendor_domain: string };

export type AnalysisJob =
  | { kind: 'analyze'; raw: Uint8Array; options: AnalyzeOptions; keepAttachmentBytes: boolean }
  | { kind: 'read_attachment'; attachment: ParsedAttachment }
  | { kind: 'read_body'; html: string }
  | { kind: 'decide'; view: MessageView; buckets: BucketDefinition[] }
  /**
   * A whole message for one tenant in one job (read, then read as from the original sender
   * when a trusted forwarder sent it on, then classify and extract): the message crosses
   * the thread boundary once each way instead of twice.
   */
  | {
      kind: 'ingest';
      raw: Uint8Array;
      options: AnalyzeOptions;
      forwarders: string[];
      envelopeFrom: string | null;
      buckets: BucketDefinition[];
    }
  | { kind: 'rule'; rule: unknown; views: MessageView[] }
  /** `learned`: per view, the learned extractors of its vendor to run first. */
  | { kind: 'schema'; schema: unknown; views: MessageView[]; learned?: LearnedRun[][] }
  /** An extractor for a corrected value (pipeline/learn.ts), checked on the earlier examples of its vendor. */
  | {
      kind: 'learn';
      view: MessageView;
      field: LearnField;
      value: unknown;
      earlier: LearnExample[];
      source?: LearnSource;
    }
  /** The attachment parts of a stored message, bytes and all (get_attachment): parsed as ingest parsed them. */
  | { kind: 'attachment_parts'; raw: Uint8Array }
  /** A large request body's JSON (REST), read here rather than on the thread that answers every request. */
  | { kind: 'parse_json'; bytes: Uint8Array };

/** The body's value, or JSON.parse's message for a body that is not JSON. */
export type ParseJsonResult = { ok: true; value: unknown } | { ok: false; error: string };

/** One attachment part of a message, in message order (documents 1.. are read from these). */
export interface AttachmentPart {
  mime_type: string;
  bytes: Uint8Array;
}

export type AnalyzeJobResult = { ok: true; message: AnalyzedMessage } | { ok: false; refusal: ParseRefusal };
export interface DecideJobResult {
  classification: Classification;
  run: SchemaRun | null;
  /** Whether the bucket chosen has learned extractors for the message's vendor (then its earlier captures may wait for it). */
  vendorLearned?: boolean;
}
/** `decided` is null when the message was refused (nothing to classify). */
export interface IngestJobResult {
  analyzed: AnalyzeJobResult;
  decided: DecideJobResult | null;
}

/** What a job may tell the pool while it runs: `phase(1)` when an ingest job starts to classify. */
export interface JobHooks {
  phase?: (phase: number) => void;
}

export interface JobResults {
  analyze: AnalyzeJobResult;
  read_attachment: AttachmentRead;
  read_body: Sanitized;
  decide: DecideJobResult;
  ingest: IngestJobResult;
  rule: RuleOutcome[];
  schema: SchemaRun[];
  attachment_parts: AttachmentPart[] | null;
  learn: Learned;
  parse_json: ParseJsonResult;
}

// Definitions were checked when saved (or just now, by the dry run's caller), so compiling
// here cannot fail for a reason the caller has not already reported; each distinct one is
// compiled once per worker.
const compiled = new Map<string, CompiledRule | CompiledSchema | null>();

function cachedCompile<T extends CompiledRule | CompiledSchema>(kind: string, definition: unknown, build: () => T): T {
  const key = `${kind}\u0000${JSON.stringify(definition)}`;
  let entry = compiled.get(key) as T | undefined;
  if (!entry) {
    if (compiled.size > 2000) compiled.clear();
    entry = build();
    compiled.set(key, entry);
  }
  return entry;
}

function ruleOf(rule: unknown): CompiledRule | null {
  return rule === null || rule === undefined ? null : cachedCompile('rule', rule, () => compileRule(rule, 'rule'));
}

function schemaOf(schema: unknown): CompiledSchema | null {
  if (schema === null || schema === undefined) return null;
  return cachedCompile('schema', schema, () => {
    const definition = typeof schema === 'string' ? starterByRef(schema) : schema;
    if (!definition) throw new Error(`unknown starter ${String(schema)}`);
    return compileSchema(definition, 'schema');
  });
}

/**
 * What the main thread reads of a message: not the attachment bytes (the bulk of a message)
 * nor the raw text and HTML bodies (their text is documents[0]; ingest stores the raw MIME
 * and no reader on the main thread opens the parts again), so they do not cross the thread
 * boundary. The bare read that precedes reading the parts apart keeps both.
 */
export function forMainThread(message: AnalyzedMessage): AnalyzedMessage {
  const empty = new Uint8Array(0);
  const attachments = message.parsed.attachments.map((a) => ({ ...a, bytes: empty }));
  return { ...message, parsed: { ...message.parsed, text: null, html: null, attachments } };
}

function decideFor(definitions: BucketDefinition[], view: MessageView): DecideJobResult {
  const buckets = definitions.map((b) => ({ ...b, rule: ruleOf(b.rule) }));
  const classification = classify(buckets, view);
  const bucket = definitions.find((b) => b.id === classification.bucket_id);
  const schema = bucket ? schemaOf(bucket.schema) : null;
  const vendor = vendorDomainOf(view);
  const learned = (bucket?.learned ?? []).filter((l) => l.vendor_domain === vendor);
  return { classification, run: schema ? runSchema(schema, view, learned) : null, vendorLearned: learned.length > 0 };
}

export async function runJob(job: AnalysisJob, hooks: JobHooks = {}): Promise<JobResults[AnalysisJob['kind']]> {
  // HTML readers load their libraries as ES modules, not by require (html/libs.ts); in a
  // worker they are loaded at start-up already.
  if (job.kind === 'read_body' || job.kind === 'read_attachment') await loadHtmlLibs();
  switch (job.kind) {
    case 'analyze': {
      const result = await analyzeMessage(job.raw, job.options);
      return result.ok && !job.keepAttachmentBytes ? { ok: true, message: forMainThread(result.message) } : result;
    }
    case 'read_attachment':
      return readAttachment(job.attachment);
    case 'read_body':
      return sanitizeHtml(job.html);
    case 'decide':
      return decideFor(job.buckets, job.view);
    case 'ingest': {
      const result = await analyzeMessage(job.raw, job.options);
      if (!result.ok) return { analyzed: result, decided: null };
      const message = readAsOriginalSender(forMainThread(result.message), job.forwarders, job.envelopeFrom);
      // Classification has a budget of its own, as it had as a job of its own.
      hooks.phase?.(1);
      return { analyzed: { ok: true, message }, decided: decideFor(job.buckets, message.view) };
    }
    case 'rule': {
      const rule = ruleOf(job.rule);
      return job.views.map((view) =>
        rule ? rule(view) : { matched: false, decided_by: 'rule', reason: 'no rule: matches nothing' },
      );
    }
    case 'schema': {
      const schema = schemaOf(job.schema)!;
      return job.views.map((view, i) => runSchema(schema, view, job.learned?.[i] ?? []));
    }
    case 'learn':
      return learnExtractor(job.view, job.field, job.value, job.earlier, job.source);
    case 'parse_json':
      try {
        const bytes = job.bytes;
        // Decoded as the main thread decodes a body (Buffer's UTF-8), shared memory and all.
        return {
          ok: true,
          value: JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')),
        };
      } catch (error) {
        return { ok: false, error: (error as Error).message };
      }
    case 'attachment_parts': {
      const parsed = await parseMessage(job.raw);
      return parsed.ok ? parsed.message.attachments.map((a) => ({ mime_type: a.mimeType, bytes: a.bytes })) : null;
    }
  }
}
