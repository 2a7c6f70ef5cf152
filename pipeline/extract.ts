// Stage 5: fields from the documents and headers, by each field's ordered extractors; the
// first extractor that yields a valid value wins. Every value carries a confidence in
// [0, 1], the raw text it came from and where that text is.
//
// Confidence is meant to be honest (docs/extraction.md has the calibration table):
//   1.0   an e-invoice's value, read from the element its format defines;
//   0.9   a label followed by ':' or a cell/column gap and the value;
//   0.8   a value under its label (table header, label alone with a colon);
//   0.75  a label followed by the value after a plain space;
//   0.7   a pattern (regex) match, with no label to vouch for it;
//   0.6   a section heading's next line, a value left of its label, a table row's last amount;
//   0.5   at most, for what the mail says about itself rather than the document (Date
//         header, sender name; the sender address of a forwarded mail).
// Then: x0.8 for a label after a word of its phrase (not at a line or cell start); x0.9 for
// a one-word label in a fallback list; several different values under the winning label
// x0.7; an amount such as 1,234 x0.6; a date that reads both day- and month-first, in a
// text with no day-first language, at most 0.5.
import { addressInName, domainOf } from './address.ts';
import { einvoiceOf, type EinvoiceField } from './einvoice.ts';
import { labeledCandidates } from './extract-labels.ts';
import { blankLeaders, dayFirstLanguage, forwardedBySender, maskWrapper } from './extract-reading.ts';
import { headerValues } from './parse.ts';
import { printedCandidates, type PrintedCandidate, type PrintedField } from './printed/index.ts';
import { forwardedFrom, onBehalfName, senderAddressCap } from './printed/parties.ts';
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
  /** Id of the learned extractor (a vendor's, from a correction) that read the value. */
  learned?: string;
}

interface Candidate {
  raw: string;
  /** What the field type reads when it differs from the text as written (e-invoice values). */
  parse?: string;
  base: number;
  source: FieldSource;
  /** Offset of `raw` in its document, to narrow the source to the part read. */
  offset: number | null;
  /** Candidates with the same group came from the same label. */
  group?: number;
  /** The page says it has no such value: the field stays empty, later extractors are not asked. */
  absent?: boolean;
}

const MAX_CANDIDATES = 12;

const masked = new WeakMap<Document, string>();

// A message's printed readings, per field: the schema's extractors, a vendor's learned reader
// and learning's checks may ask for the same field of the same message, and each reading
// weighs the whole page.
const printedReadings = new WeakMap<MessageView, Map<PrintedField, PrintedCandidate[]>>();

function printedOf(field: PrintedField, view: MessageView): PrintedCandidate[] {
  let readings = printedReadings.get(view);
  if (!readings) {
    readings = new Map();
    printedReadings.set(view, readings);
  }
  let found = readings.get(field);
  if (!found) {
    found = printedCandidates(field, readable(view.documents), view);
    readings.set(field, found);
  }
  return found;
}
const dayFirst = new WeakMap<Document, boolean>();

/**
 * The texts text extractors read: attachments first (the document, not its wrapper), then
 * the body with its forward header, quoted history and signature blanked. An e-invoice's
 * XML is read by the einvoice extractor instead.
 */
export function readable(documents: Document[]): { doc: Document; text: string }[] {
  const readableDocs = documents.filter((d) => d.text && !einvoiceOf(d));
  // Nothing but the body carries text (no attachment, no e-invoice): the body is the document.
  const bodyIsDocument = documents.every((d) => d.kind === 'body' || !d.text);
  const out = readableDocs.map((doc) => {
    let text = masked.get(doc);
    if (text === undefined) {
      text = blankLeaders(doc.kind === 'body' ? maskWrapper(doc.text, bodyIsDocument) : doc.text);
      masked.set(doc, text);
    }
    return { doc, text };
  });
  return [...out.filter((d) => d.doc.kind !== 'body'), ...out.filter((d) => d.doc.kind === 'body')];
}

function readsDayFirst(doc: Document | undefined): boolean {
  if (!doc) return false;
  let hint = dayFirst.get(doc);
  if (hint === undefined) {
    hint = dayFirstLanguage(doc.text);
    dayFirst.set(doc, hint);
  }
  return hint;
}

function einvoiceCandidates(field: EinvoiceField, documents: Document[]): Candidate[] {
  const found: Candidate[] = [];
  for (const doc of documents) {
    const value = einvoiceOf(doc)?.fields[field];
    if (value) {
      found.push({
        raw: doc.text.slice(value.start, value.end),
        parse: value.value,
        base: 1,
        offset: value.start,
        source: { document_index: doc.index, start: 0, end: 0 },
        group: 0,
      });
    }
  }
  return found;
}

function regexCandidates(regex: SafeRegex, documents: { doc: Document; text: string }[]): Candidate[] {
  const found: Candidate[] = [];
  for (const { doc, text } of documents) {
    let from = 0;
    while (found.length < MAX_CANDIDATES && from <= text.length) {
      const match = firstMatch(regex, text.slice(from));
      if (!match) break;
      if (match.value) {
        found.push({
          raw: match.value.text,
          base: 0.7,
          offset: from + match.value.start,
          source: { document_index: doc.index, start: 0, end: 0 },
          group: 0,
        });
      }
      from += Math.max(match.end, 1);
    }
  }
  return found;
}

function mailboxCandidates(x: Extract<CompiledExtractor, { kind: 'mailbox' }>, view: MessageView): Candidate[] {
  const forwarded = x.source === 'from' && forwardedBySender(view);
  // A forward's display name is the colleague's who passed it on: the original sender's names the issuer.
  const sender = forwarded && x.part === 'name' ? forwardedFrom(view) : view.from;
  const box = x.source === 'from' ? sender : x.source === 'to' ? view.to[0] : view.replyTo[0];
  if (!box) return [];
  // A display name that holds an address is the trick that makes x@attacker read as the bank: never a name.
  // "X via Y" is X's mail sent by a service (Y) on X's behalf: the name is X.
  const name = addressInName(box.name) === null ? onBehalfName(box.name) : '';
  const raw = x.part === 'address' ? box.address : x.part === 'name' ? name : domainOf(box.address);
  if (!raw) return [];
  // A display name is what the mail says about itself; a forward's sender is the forwarder.
  let base = x.part === 'name' || forwarded ? 0.5 : 0.95;
  // The sender's address stands for the issuer's when the page gives none; what speaks against it.
  if (x.part === 'address' && x.source === 'from') base = Math.min(base, senderAddressCap(raw));
  return [{ raw, base, offset: null, source: { header: x.source === 'reply_to' ? 'reply-to' : x.source } }];
}

function candidatesFor(x: CompiledExtractor, field: CompiledField, view: MessageView): Candidate[] {
  switch (x.kind) {
    case 'einvoice':
      return einvoiceCandidates(x.field, view.documents);
    case 'labeled_value': {
      const docs = readable(view.documents);
      // A label list after another one is a fallback (generic labels after specific ones).
      const fallback = field.compiled.indexOf(x) > field.compiled.findIndex((e) => e.kind === 'labeled_value');
      // A third list or later holds the words for any amount or number (`Betrag`, `Kwota`,
      // `Montant`): not a total's label, and nothing checks the arithmetic, so at most 0.7.
      const lastResort =
        field.compiled.slice(0, field.compiled.indexOf(x)).filter((e) => e.kind === 'labeled_value').length >= 2;
      const found = labeledCandidates(x.labels, docs, field.type, fallback).map((c) => ({
        raw: c.raw,
        base: lastResort ? Math.min(c.base, 0.7) : c.base,
        offset: c.offset,
        source: { document_index: c.document_index, start: 0, end: 0 },
        group: c.label,
      }));
      // The document before its wrapper: body values only when no attachment has one.
      const fromAttachments = found.filter((c) => view.documents[c.source.document_index]?.kind !== 'body');
      return fromAttachments.length > 0
        ? fromAttachments.concat(found.filter((c) => !fromAttachments.includes(c)))
        : found;
    }
    case 'regex':
      return regexCandidates(x.regex!, readable(view.documents));
    case 'printed':
      return printedOf(x.field, view).map((c, i) => ({
        ...(c.absent ? { absent: true } : {}),
        raw: c.raw,
        ...(c.parse !== undefined ? { parse: c.parse } : {}),
        base: c.confidence,
        offset: c.offset,
        source: { document_index: c.document_index, start: 0, end: 0 },
        group: i,
      }));
    case 'mailbox':
      return mailboxCandidates(x, view);
    case 'header': {
      const value = headerValues(view.headers, x.name)[0];
      return value ? [{ raw: value, base: 0.5, offset: null, source: { header: x.name.toLowerCase() } }] : [];
    }
    case 'constant':
      return [];
  }
}

function check(field: CompiledField, coerced: Coerced): Coerced | { ok: false; code: 'not_in_enum'; message: string } {
  if (!coerced.ok || !field.enum) return coerced;
  const member = matchEnum(coerced.value, field.enum);
  if (member === undefined) {
    return {
      ok: false,
      code: 'not_in_enum',
      message: `${JSON.stringify(coerced.value)} is not one of ${field.enum.join(', ')}`,
    };
  }
  return { ...coerced, value: member };
}

const EMPTY: FieldResult = { value: null, confidence: 0, raw: null, source: null, extractor: null, failure: null };

type Valid = { candidate: Candidate; coerced: Extract<Coerced, { ok: true }> };

function confidenceOf(field: CompiledField, best: Valid, valid: Valid[], view: MessageView): number {
  let confidence = best.candidate.base;
  const key = JSON.stringify(best.coerced.value);
  // Other labels of the field (a generic "Date" beside "Invoice date") may well name other
  // values; the same label naming two values is a real doubt.
  const sameLabel = valid.filter((v) => v.candidate.group === best.candidate.group);
  if (sameLabel.some((v) => JSON.stringify(v.coerced.value) !== key)) confidence *= 0.7;
  if (best.coerced.ambiguous) {
    const source = best.candidate.source;
    const doc = 'document_index' in source ? view.documents[source.document_index] : undefined;
    if (field.type !== 'date') confidence *= 0.6;
    else if (!readsDayFirst(doc)) confidence = Math.min(confidence, 0.5);
  }
  if (field.type === 'string' && String(best.coerced.value).length > 120) confidence *= 0.6;
  // U+FFFD stands for a character the document's text layer could not give (a PDF font
  // without a map to letters): the value is known to be misspelt, so a person looks at it.
  if (String(best.coerced.value).includes('\uFFFD')) confidence = Math.min(confidence, 0.5);
  return Math.round(confidence * 1000) / 1000;
}

export function extractField(field: CompiledField, view: MessageView): FieldResult {
  let firstFailure: FieldResult | null = null;
  for (const [i, x] of field.compiled.entries()) {
    if (x.kind === 'constant') {
      const c = check(field, coerceValue(field.type, x.value));
      if (c.ok)
        return { value: c.value, confidence: 1, raw: null, source: { constant: true }, extractor: i, failure: null };
      firstFailure ??= { ...EMPTY, extractor: i, failure: { code: c.code, message: c.message } };
      continue;
    }
    const valid: Valid[] = [];
    const found = candidatesFor(x, field, view);
    // "This is not an invoice": no extractor after it may read an invoice number from it.
    if (found.some((c) => c.absent)) return { ...EMPTY, extractor: i };
    for (const candidate of found.slice(0, MAX_CANDIDATES)) {
      const c = check(field, coerceText(field.type, candidate.parse ?? candidate.raw));
      // A value read from a normalised form (an e-invoice date) points at the whole text it came from.
      if (c.ok && candidate.parse !== undefined)
        valid.push({ candidate, coerced: { ...c, ambiguous: false, start: 0, end: candidate.raw.length } });
      else if (c.ok) valid.push({ candidate, coerced: c });
      else
        firstFailure ??= {
          ...EMPTY,
          raw: candidate.raw,
          source: withOffsets(candidate, 0, candidate.raw.length),
          extractor: i,
          failure: { code: c.code, message: c.message },
        };
    }
    const best = valid[0];
    if (!best) continue;
    const read = best.candidate.raw.slice(best.coerced.start, best.coerced.end) || best.candidate.raw;
    return {
      value: best.coerced.value,
      confidence: confidenceOf(field, best, valid, view),
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
  return {
    document_index: candidate.source.document_index,
    start: candidate.offset + start,
    end: candidate.offset + end,
  };
}

export function extractFields(schema: CompiledSchema, view: MessageView): Record<string, FieldResult> {
  return Object.fromEntries(schema.fields.map((field) => [field.name, extractField(field, view)]));
}
