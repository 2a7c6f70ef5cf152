// Stage 5: fields from the sanitized documents and headers, by each field's ordered
// extractors; the first extractor that yields a valid value wins. Every value carries a
// confidence in [0, 1], the raw text it came from and where that text is.
//
// Confidence is meant to be honest: a label directly followed by ':' or a table cell is
// strong evidence (0.9); a value on the next line or after a bare label is weaker; an
// ambiguous number or date, several different values for the same label, or an overlong
// string lower it further, so a doubtful value is held for review instead of applied.
import { looksLikeEinvoice, readEinvoice, type Einvoice, type EinvoiceField } from './einvoice.ts';
import { headerValues } from './parse.ts';
import { firstMatch, type SafeRegex } from './regex.ts';
import type { CompiledExtractor, CompiledField, CompiledSchema } from './schema.ts';
import type { Document, MessageView } from './types.ts';
import { coerceText, coerceValue, matchEnum, type Coerced, type IssueCode } from './validate.ts';

export type FieldSource =
  | { document_index: number; start: number; end: number }
  | { header: string }
  | { constant: true };

export interface FieldResult {
  value: unknown;
  confidence: number;
  raw: string | null;
  source: FieldSource | null;
  /** Index of the extractor that produced the value (or the failed attempt). */
  extractor: number | null;
  /** Why the text found could not be used, when no extractor gave a valid value. */
  failure: { code: IssueCode; message: string } | null;
}

interface Candidate {
  raw: string;
  /** What the field type reads when it differs from the text as written (e-invoice values). */
  parse?: string;
  base: number;
  source: FieldSource;
  /** Offset of `raw` in its document, to narrow the source to the part read. */
  offset: number | null;
}

const MAX_CANDIDATES = 6;

/** Lower-cases without changing string length, so offsets stay valid. */
function lowerSameLength(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  return text.replace(/[\s\S]/g, (c) => {
    const l = c.toLowerCase();
    return l.length === 1 ? l : c;
  });
}

function cells(line: string): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  let start = 0;
  for (const part of line.split(' | ')) {
    const lead = part.length - part.trimStart().length;
    out.push({ text: part.trim(), start: start + lead });
    start += part.length + 3;
  }
  return out;
}

// A value ends at the next cell, a wide gap, or where the next "Label:" starts.
const VALUE_END = /\s\|\s|\s{3,}|\t|\s+\p{Lu}[\p{L}.#°º ]{1,30}:\s/u;
const AFTER_LABEL = /^(\s*\([^)\n]{0,30}\))?\s*(?:(no\.?|nr\.?|n[°º]\.?|number)\s*)?([:：|#=]|\s[-–—]\s)?\s*/i;

/**
 * Labels are tried in the order given (most specific first); the first label found
 * anywhere decides, and several different values under that same label make the value
 * ambiguous.
 */
function labeledCandidates(labels: string[], documents: Document[]): Candidate[] {
  const wanted = [...new Set(labels.map((l) => lowerSameLength(l.trim())))];
  const texts = documents.filter((d) => d.text).map((doc) => ({
    doc, lines: doc.text.split('\n'), lowerLines: lowerSameLength(doc.text).split('\n'),
  }));
  for (const label of wanted) {
    const found: Candidate[] = [];
    for (const { doc, lines, lowerLines } of texts) {
      let lineStart = 0;
      for (let li = 0; li < lines.length && found.length < MAX_CANDIDATES; li++) {
        const lower = lowerLines[li]!;
        let at = lower.indexOf(label);
        while (at >= 0) {
          const before = lower.slice(0, at);
          const after = lower[at + label.length];
          const leftOk = /^[\s\-*•>·]*$/.test(before) || /(\|\s*|\s{2,}|\t)$/.test(before);
          const rightOk = after === undefined || !/[\p{L}\p{N}]/u.test(after);
          if (leftOk && rightOk) {
            const candidate = valueAfterLabel(doc, lines, li, lineStart, at + label.length, label);
            if (candidate) found.push(candidate);
            break;
          }
          at = lower.indexOf(label, at + 1);
        }
        lineStart += lines[li]!.length + 1;
      }
    }
    if (found.length > 0) return found;
  }
  return [];
}

function valueAfterLabel(doc: Document, lines: string[], li: number, lineStart: number, labelEnd: number, label: string): Candidate | null {
  const line = lines[li]!;
  const rest = line.slice(labelEnd);
  const sep = AFTER_LABEL.exec(rest)!;
  const valueStart = labelEnd + sep[0].length;
  const separator = sep[3]?.trim();
  const row = cells(line);
  // A header row ("Invoice No | Date | Total") over a row of values: read the column.
  // Two-cell rows are "Label | value" pairs, so a column needs three cells or more.
  if (row.length >= 3) {
    const next = lines[li + 1] ? cells(lines[li + 1]!) : [];
    const column = row.findIndex((c) => c.text.toLowerCase().startsWith(label));
    if (next.length === row.length && column >= 0 && next[column]!.text) {
      const nextStart = lineStart + line.length + 1;
      return { raw: next[column]!.text, base: 0.8, offset: nextStart + next[column]!.start,
        source: { document_index: doc.index, start: 0, end: 0 } };
    }
  }
  const tail = line.slice(valueStart);
  const end = tail.search(VALUE_END);
  const value = (end >= 0 ? tail.slice(0, end) : tail).trim();
  if (value) {
    const lead = tail.indexOf(value);
    return {
      raw: value,
      base: separator ? 0.9 : 0.7,
      offset: lineStart + valueStart + lead,
      source: { document_index: doc.index, start: 0, end: 0 },
    };
  }
  // Label alone on its line: the value is on the next non-empty line.
  let offset = lineStart + line.length + 1;
  for (let next = li + 1; next < Math.min(lines.length, li + 3); next++) {
    const text = lines[next]!;
    const first = cells(text)[0]!;
    if (first.text) {
      return { raw: first.text, base: 0.75, offset: offset + first.start, source: { document_index: doc.index, start: 0, end: 0 } };
    }
    offset += text.length + 1;
  }
  return null;
}

function regexCandidates(regex: SafeRegex, documents: Document[]): Candidate[] {
  const found: Candidate[] = [];
  for (const doc of documents) {
    let from = 0;
    while (found.length < MAX_CANDIDATES && from <= doc.text.length) {
      const match = firstMatch(regex, doc.text.slice(from));
      if (!match) break;
      if (match.value) {
        found.push({ raw: match.value.text, base: 0.85, offset: from + match.value.start,
          source: { document_index: doc.index, start: 0, end: 0 } });
      }
      from += Math.max(match.end, 1);
    }
  }
  return found;
}

function mailboxCandidates(x: Extract<CompiledExtractor, { kind: 'mailbox' }>, view: MessageView): Candidate[] {
  const box = x.source === 'from' ? view.from : x.source === 'to' ? view.to[0] : view.replyTo[0];
  if (!box) return [];
  const raw = x.part === 'address' ? box.address : x.part === 'name' ? box.name : box.address.split('@')[1] ?? '';
  if (!raw) return [];
  return [{ raw, base: x.part === 'name' ? 0.85 : 0.95, offset: null,
    source: { header: x.source === 'reply_to' ? 'reply-to' : x.source } }];
}

const einvoices = new WeakMap<Document, Einvoice | null>();

/** The e-invoice a document is (XML attachment or embedded in a PDF), parsed once per document. */
export function einvoiceOf(doc: Document): Einvoice | null {
  if (doc.kind !== 'attachment' || !doc.text) return null;
  let found = einvoices.get(doc);
  if (found === undefined) {
    found = looksLikeEinvoice(doc.text) ? readEinvoice(doc.text, doc.truncated) : null;
    einvoices.set(doc, found);
  }
  return found;
}

function einvoiceCandidates(field: EinvoiceField, documents: Document[]): Candidate[] {
  const found: Candidate[] = [];
  for (const doc of documents) {
    const value = einvoiceOf(doc)?.fields[field];
    if (value) {
      found.push({ raw: doc.text.slice(value.start, value.end), parse: value.value, base: 1, offset: value.start,
        source: { document_index: doc.index, start: 0, end: 0 } });
    }
  }
  return found;
}

/** Text extractors read what people read; an e-invoice's XML is read by the einvoice extractor. */
function readable(documents: Document[]): Document[] {
  return documents.filter((d) => !einvoiceOf(d));
}

function candidatesFor(x: CompiledExtractor, view: MessageView): Candidate[] {
  switch (x.kind) {
    case 'einvoice': return einvoiceCandidates(x.field, view.documents);
    case 'labeled_value': return labeledCandidates(x.labels, readable(view.documents));
    case 'regex': return regexCandidates(x.regex!, readable(view.documents));
    case 'mailbox': return mailboxCandidates(x, view);
    case 'header': {
      const value = headerValues(view.headers, x.name)[0];
      return value ? [{ raw: value, base: 0.9, offset: null, source: { header: x.name.toLowerCase() } }] : [];
    }
    case 'constant': return [];
  }
}

function check(field: CompiledField, coerced: Coerced): Coerced | { ok: false; code: 'not_in_enum'; message: string } {
  if (!coerced.ok || !field.enum) return coerced;
  const member = matchEnum(coerced.value, field.enum);
  if (member === undefined) {
    return { ok: false, code: 'not_in_enum', message: `${JSON.stringify(coerced.value)} is not one of ${field.enum.join(', ')}` };
  }
  return { ...coerced, value: member };
}

const EMPTY: FieldResult = { value: null, confidence: 0, raw: null, source: null, extractor: null, failure: null };

export function extractField(field: CompiledField, view: MessageView): FieldResult {
  let firstFailure: FieldResult | null = null;
  for (const [i, x] of field.compiled.entries()) {
    if (x.kind === 'constant') {
      const c = check(field, coerceValue(field.type, x.value));
      if (c.ok) return { value: c.value, confidence: 1, raw: null, source: { constant: true }, extractor: i, failure: null };
      firstFailure ??= { ...EMPTY, extractor: i, failure: { code: c.code, message: c.message } };
      continue;
    }
    const valid: { candidate: Candidate; coerced: Extract<Coerced, { ok: true }> }[] = [];
    for (const candidate of candidatesFor(x, view)) {
      const c = check(field, coerceText(field.type, candidate.parse ?? candidate.raw));
      // A value read from a normalised form (an e-invoice date) points at the whole text it came from.
      if (c.ok && candidate.parse !== undefined) valid.push({ candidate, coerced: { ...c, ambiguous: false, start: 0, end: candidate.raw.length } });
      else if (c.ok) valid.push({ candidate, coerced: c });
      else firstFailure ??= { ...EMPTY, raw: candidate.raw, source: withOffsets(candidate, 0, candidate.raw.length), extractor: i,
        failure: { code: c.code, message: c.message } };
    }
    const best = valid[0];
    if (!best) continue;
    let confidence = best.candidate.base;
    if (best.coerced.ambiguous) confidence *= 0.6;
    const distinct = new Set(valid.map((v) => JSON.stringify(v.coerced.value)));
    if (distinct.size > 1) confidence *= 0.7;
    if (field.type === 'string' && String(best.coerced.value).length > 120) confidence *= 0.6;
    const read = best.candidate.raw.slice(best.coerced.start, best.coerced.end) || best.candidate.raw;
    return {
      value: best.coerced.value,
      confidence: Math.round(confidence * 1000) / 1000,
      raw: read,
      source: withOffsets(best.candidate, best.coerced.start, best.coerced.end || best.candidate.raw.length),
      extractor: i,
      failure: null,
    };
  }
  return firstFailure ?? EMPTY;
}

function withOffsets(candidate: Candidate, start: number, end: number): FieldSource {
  if (candidate.offset === null || !('document_index' in candidate.source)) return candidate.source;
  return { document_index: candidate.source.document_index, start: candidate.offset + start, end: candidate.offset + end };
}

export function extractFields(schema: CompiledSchema, view: MessageView): Record<string, FieldResult> {
  return Object.fromEntries(schema.fields.map((field) => [field.name, extractField(field, view)]));
}
