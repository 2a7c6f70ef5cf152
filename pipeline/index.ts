// The pipeline composed: ingest, reprocess, dry runs and regression tests all call these,
// so a dry run cannot disagree with what ingest does.
import { buildDocuments, type BuildOptions } from './documents.ts';
import { forwardedOriginal } from './forwarded.ts';
import type { CompiledSchema } from './schema.ts';
import { extractField, extractFields, type FieldResult } from './extract.ts';
import {
  ANY_LAYOUT,
  isReader,
  layoutFit,
  layoutsOfView,
  learnedField,
  SAME_LAYOUT,
  withImpliedReaders,
  type LearnedRun,
} from './learn.ts';
import { loadHtmlLibs } from './html/libs.ts';
import { parseMessage, type ParseRefusal } from './parse.ts';
import type { HiddenText } from './sanitize.ts';
import type { AuthResults, Document, Flag, Mailbox, MessageView, ParsedMessage } from './types.ts';
import { validateFields, type ValidationIssue } from './validate.ts';

export interface AnalyzedMessage {
  parsed: ParsedMessage;
  documents: Document[];
  hidden: HiddenText[];
  flags: Flag[];
  view: MessageView;
  /** The original sender when this is a forward (read as such only from a trusted forwarder). */
  forwardedFrom: Mailbox | null;
  /** Why the original's From is ambiguous (flagged `sender_ambiguous` when it is read as the sender). */
  forwardedAmbiguity?: string | null;
}

export interface AnalyzeOptions {
  /** Envelope recipients; when absent, the To and Cc addresses of the message. */
  recipients?: string[];
  auth?: AuthResults | null;
  /** How much to read: everything (default), or less after a budget stopped a full read. */
  documents?: BuildOptions;
}

export function authFlags(auth: AuthResults | null | undefined): Flag[] {
  if (!auth) return [];
  const flags: Flag[] = [];
  if (auth.spf === 'fail') flags.push('spf_fail');
  if (auth.dkim === 'fail') flags.push('dkim_fail');
  if (auth.dmarc === 'fail') flags.push('dmarc_fail');
  return flags;
}

export async function analyzeMessage(
  raw: Uint8Array | string,
  opts: AnalyzeOptions = {},
): Promise<{ ok: true; message: AnalyzedMessage } | { ok: false; refusal: ParseRefusal }> {
  const parsed = await parseMessage(raw);
  if (!parsed.ok) return parsed;
  const m = parsed.message;
  // Loaded as ES modules before the first HTML is read (see html/libs.ts for why); a
  // bare read (no rendering, no attachments) needs none of them.
  const readsHtml = (opts.documents?.renderHtml ?? true) && m.html !== null;
  if (readsHtml || ((opts.documents?.readAttachments ?? true) && m.attachments.length > 0)) await loadHtmlLibs();
  const docs = await buildDocuments(m, opts.documents);
  const recipients = opts.recipients?.length
    ? opts.recipients.map((r) => r.toLowerCase())
    : [...m.to, ...m.cc].map((x) => x.address).filter(Boolean);
  const flags = [...new Set<Flag>([...m.flags, ...docs.flags, ...authFlags(opts.auth)])];
  const view: MessageView = {
    from: m.from,
    to: m.to,
    cc: m.cc,
    replyTo: m.replyTo,
    subject: m.subject,
    headers: m.headers,
    recipients,
    documents: docs.documents,
    auth: opts.auth ?? null,
  };
  const original = await forwardedOriginal(m, docs.documents[0]?.text ?? '');
  return {
    ok: true,
    message: {
      parsed: m,
      documents: docs.documents,
      hidden: docs.hidden,
      flags,
      view,
      forwardedFrom: original?.from ?? null,
      forwardedAmbiguity: original?.ambiguity ?? null,
    },
  };
}

export interface SchemaRun {
  fields: Record<string, FieldResult>;
  issues: ValidationIssue[];
  confidence: number;
}

/**
 * Extraction with the schema, the vendor's learned extractors first: a field a learned
 * extractor reads takes that value with the learned record's confidence (the schema's own,
 * when it is higher and the schema reads the same value); the others (and a field whose
 * learned extractor finds nothing) are read by the schema's own extractors.
 */
export function runSchema(schema: CompiledSchema, view: MessageView, learned: LearnedRun[] = []): SchemaRun {
  const fields = extractFields(schema, view);
  // A vendor with several layouts has one extractor per field and layout: an e-invoice
  // element's first (it reads nothing from a message without the XML), then those whose
  // layout is this message's, best fit first; then the general reader (layout-free), before
  // the labels of the vendor's other layouts, which this page may print for another value.
  learned = withImpliedReaders(learned);
  // Fingerprinting the message's pages is only needed when a learned extractor belongs to a layout.
  const layouts = learned.some((l) => l.layout && l.layout !== ANY_LAYOUT) ? layoutsOfView(view) : [];
  const fit = new Map(learned.map((l) => [l, layoutFit(l.layout ?? '', layouts)]));
  // A reader edited into a label (update_learned_extractor) keeps the reader's place: it was for every layout.
  const rank = (l: LearnedRun) =>
    l.extractor.kind === 'einvoice'
      ? 3
      : isReader(l.extractor) || l.layout === ANY_LAYOUT
        ? 1
        : fit.get(l)! >= SAME_LAYOUT || !l.layout
          ? 2
          : 0;
  const ordered = [...learned].sort((a, b) => rank(b) - rank(a) || fit.get(b)! - fit.get(a)!);
  const decided = new Set<string>();
  for (const l of ordered) {
    if (decided.has(l.field)) continue;
    const field = schema.fields.find((f) => f.name === l.field);
    if (!field) continue;
    const result = extractField(learnedField(field, l.extractor), view);
    if (result.value === null || result.failure) continue;
    decided.add(l.field);
    // The schema's own extractors reading the same value vouch for it too: the surer of the two counts.
    const own = fields[field.name];
    const agrees = own?.value !== null && JSON.stringify(own?.value) === JSON.stringify(result.value);
    // A reader's value is as sure as the reader says (a close rival on the page lowers it) and as its record allows.
    const learnedConfidence = isReader(l.extractor) ? Math.min(l.confidence, result.confidence) : l.confidence;
    const confidence = agrees ? Math.max(own!.confidence, learnedConfidence) : learnedConfidence;
    fields[field.name] = { ...result, confidence, extractor: null, learned: l.id };
  }
  const { issues, confidence } = validateFields(schema.fields, fields);
  return { fields, issues, confidence };
}

function encodeWord(text: string): string {
  // RFC 2047 only when needed; plain ASCII headers stay readable.
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

/**
 * "Jörg <j@x.example>": only the display name is an encoded word (an encoded word is a word
 * of a phrase, never an address), so an RFC 5322 parser reads the mailbox.
 */
function encodeMailboxes(value: string): string {
  const trimmed = value.trim();
  const open = trimmed.lastIndexOf('<');
  if (/^[\x20-\x7e]*$/.test(value) || open < 0 || !trimmed.endsWith('>')) return encodeWord(value);
  const address = trimmed.slice(open + 1, -1);
  let name = trimmed.slice(0, open).trim();
  if (name.startsWith('"') && name.endsWith('"') && name.length >= 2) name = name.slice(1, -1);
  if (/[<>"]/.test(name) || /[<>]/.test(address) || address === '') return encodeWord(value);
  return `${encodeWord(name)} <${address}>`;
}

/** Wraps an HTML body (ingest or dry run without `eml`) as an RFC 822 message. */
export function htmlToEml(input: { html: string; from?: string; to?: string; subject?: string; date?: Date }): string {
  const headers = [
    input.from ? `From: ${encodeMailboxes(input.from)}` : '',
    input.to ? `To: ${encodeMailboxes(input.to)}` : '',
    `Subject: ${encodeWord(input.subject ?? '')}`,
    input.date ? `Date: ${input.date.toUTCString()}` : '',
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
  ].filter(Boolean);
  const body = Buffer.from(input.html, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');
  return `${headers.join('\r\n')}\r\n\r\n${body}\r\n`;
}
