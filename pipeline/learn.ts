// Learning from a correction: where a corrected value is printed in a message's documents,
// and an extractor in the schema's own language that reads it from there. Pure: the caller
// stores what is learned (storage/learned.ts) and decides whether it may be used.
//
// A value is looked for as the document may spell it (dates 05.03.2026, 5 March 2026,
// 2026-03-05, 03/05/2026; amounts 1.234,50, 1,234.50, 1234.50; text case-insensitively):
// every date- or number-shaped piece of text is read with the field's type and kept when it
// reads as the corrected value. Each place found suggests, in this order:
//   1. labeled_value with the text printed before the value on its line (its last cell);
//   2. labeled_value with the text above it in its column (a table header);
//   3. regex: the text before the value on its line, then a value of its kind (anchored on
//      its cell, on the line above too, on the stable words before it with anything between
//      them and the value, on the words before it across cell gaps, and on the line above
//      for a value alone at the start of its line);
//   4. regex: for a text field, the value itself (a vendor prints its own name the same way):
//      first for a value in words, after every place's anchors for an id or code.
// A regex's value group is the value's kind where the next value may differ in shape (an
// amount of any grouping and sign, an id as one token of its characters). An e-invoice
// element that holds the value comes before all of these (einvoice extractor). The first
// suggestion that gives back the corrected value when run through extract.ts on this message
// (and on the earlier examples given) is the one learned, unless a later one (within a bounded
// look) has a label naming the field and it has not: a value printed under two labels.
import { domainOf } from './address.ts';
import { caseless } from './caseless.ts';
import { EINVOICE_FIELDS, einvoiceOf } from './einvoice.ts';
import { extractField, readable } from './extract.ts';
import { PRINTED_FIELDS } from './printed/index.ts';
import type { CompiledField, Extractor } from './schema.ts';
import { compileSchema } from './schema.ts';
import type { Document, MessageView } from './types.ts';
import { coerceText, coerceValue, findEmail, matchEnum, type FieldType } from './validate.ts';

/** The types a learned extractor is derived for; others are not learned (booleans, lists, datetimes). */
const LEARNABLE: readonly FieldType[] = ['string', 'number', 'integer', 'date', 'email'];

export interface LearnField {
  name: string;
  type: FieldType;
  enum?: (string | number | boolean)[] | undefined;
}

/** A message whose value for the field is known: the one corrected, or an earlier correction of that vendor. */
export interface LearnExample {
  view: MessageView;
  value: unknown;
}

export type Learned =
  | {
      ok: true;
      extractor: Extractor;
      /** Where the value was found: the document and the text read. */
      found: { document_index: number; raw: string };
      /** Whether the extractor also reads every earlier example right (false: it contradicts them). */
      agrees_with_earlier: boolean;
      /** The layout of the document it was found in (layoutOf); '' for an e-invoice's XML, which has no page layout; ANY_LAYOUT for a general reader. */
      layout: string;
    }
  | { ok: false; reason: string };

/** The vendor of a message: its sender's domain (the original sender's, for a trusted forwarder's mail). */
export function vendorDomainOf(view: MessageView): string | null {
  const domain = domainOf(view.from?.address ?? '').toLowerCase();
  return domain || null;
}

/** Whether an extracted value is the expected one, read with the field's type (amounts to the cent). */
export function sameFieldValue(field: LearnField, expected: unknown, actual: unknown): boolean {
  if (expected === null || expected === undefined) return actual === null || actual === undefined;
  const read = coerceValue(field.type, expected);
  let want: unknown = read.ok ? read.value : expected;
  if (field.enum) want = matchEnum(want, field.enum) ?? want;
  if (typeof want === 'number' && typeof actual === 'number') return Math.abs(want - actual) < 0.005;
  if (typeof want === 'string' && typeof actual === 'string')
    return want.trim().toLowerCase() === actual.trim().toLowerCase();
  return JSON.stringify(want) === JSON.stringify(actual ?? null);
}

interface Place {
  doc: Document;
  text: string;
  start: number;
  end: number;
}

const DATE_SHAPES = [
  /\d{4}-\d{1,2}-\d{1,2}/g,
  /\d{1,2}[./-]\d{1,2}[./-]\d{2,4}/g,
  /\d{1,2}\.?\s{1,3}\p{L}{3,12}\.?,?\s{1,3}\d{4}/gu,
  /\p{L}{3,12}\.?\s{1,3}\d{1,2}(?:st|nd|rd|th)?,?\s{1,3}\d{4}/gu,
];
const NUMBER_SHAPES = [/\d(?:[.,'’]?\d)*/g, /\d{1,3}(?:[ \u00a0]\d{3})+(?:[.,]\d{1,2})?/g];
const MAX_PLACES = 20;

function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/** Every place in the documents where the value is printed, attachments first. */
export function placesOf(view: MessageView, field: LearnField, value: unknown): Place[] {
  const places: Place[] = [];
  const add = (doc: Document, text: string, start: number, end: number) => {
    if (places.length < MAX_PLACES && !places.some((p) => p.doc === doc && p.start === start))
      places.push({ doc, text, start, end });
  };
  for (const { doc, text } of readable(view.documents)) {
    if (field.type === 'date' || field.type === 'number' || field.type === 'integer') {
      for (const shape of field.type === 'date' ? DATE_SHAPES : NUMBER_SHAPES) {
        shape.lastIndex = 0;
        for (let m = shape.exec(text); m; m = shape.exec(text)) {
          // Digits inside a longer run of digits or letters are part of something else (an IBAN, a code).
          const before = text[m.index - 1] ?? ' ';
          const after = text[m.index + m[0].length] ?? ' ';
          if (/[\p{L}\d]/u.test(before) || /\d/.test(after)) continue;
          const read = coerceText(field.type, m[0]);
          if (read.ok && sameFieldValue(field, value, read.value)) add(doc, text, m.index, m.index + m[0].length);
        }
      }
    } else if (field.type === 'email') {
      for (let at = 0; at < text.length; ) {
        const found = findEmail(text.slice(at));
        if (!found) break;
        const start = at + found.index;
        if (found.text.toLowerCase() === String(value).toLowerCase()) add(doc, text, start, start + found.text.length);
        at = start + found.text.length;
      }
    } else {
      const wanted = String(value).trim().toLowerCase();
      if (!wanted) continue;
      const { lower, original } = caseless(text);
      for (let found = lower.indexOf(wanted); found >= 0; found = lower.indexOf(wanted, found + 1)) {
        const at = original(found);
        const end = original(found + wanted.length);
        const before = text[at - 1] ?? ' ';
        const after = text[end] ?? ' ';
        // Whole words only: "AB-12" inside "AB-123" is another value.
        if (/[\p{L}\d]/u.test(before) || /[\p{L}\d]/u.test(after)) continue;
        add(doc, text, at, end);
      }
    }
  }
  return places;
}

const GAP = /\s\|\s|[│┃║┆┇┊┋╎╏¦]|\s{3,}|\t/;

function lineBounds(text: string, at: number): { start: number; end: number } {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const end = text.indexOf('\n', at);
  return { start, end: end < 0 ? text.length : end };
}

/**
 * The text without white space and `marks` at its ends (or only its end). A loop: a
 * `[…]+$` search restarts at every run of them and is quadratic on a long one.
 */
function trimSeparators(text: string, marks: string, ends: 'both' | 'end' = 'both'): string {
  const separator = (c: string) => marks.includes(c) || /\s/u.test(c);
  let start = 0;
  let end = text.length;
  while (end > start && separator(text[end - 1]!)) end--;
  if (ends === 'both') while (start < end && separator(text[start]!)) start++;
  return text.slice(start, end);
}

/** A label is words: some letters, no digits (a date or number beside a value is no stable anchor). */
function asLabel(text: string): string | null {
  const label = trimSeparators(text, ':：#=|.-–—').trim();
  if (label.length < 2 || label.length > 60 || /\d/.test(label) || !/\p{L}{2}/u.test(label)) return null;
  // At most the last five words: a long line before the value is text, not a label.
  const words = label.split(/\s+/);
  return words.length > 5 ? null : label;
}

// A currency sign or code between a label and its amount ("Sum | $300,00", "Total EUR 12,00").
const CURRENCY_BEFORE = /(?:[$€£¥₹]|\b[A-Z]{3}|\bkr\.?|\bzł|\bFr\.)\s*$/u;

/** The cell before the value on its line (the one before a gap when the value starts a cell), currency left out. */
function cellBefore(place: Place): string {
  const line = lineBounds(place.text, place.start);
  const cells = place.text.slice(line.start, place.start).replace(CURRENCY_BEFORE, '').split(GAP);
  const last = cells[cells.length - 1] ?? '';
  return last.trim() === '' && cells.length > 1 ? (cells[cells.length - 2] ?? '') : last;
}

/** The last cell of the line before the value. */
function labelBefore(place: Place): string | null {
  return asLabel(cellBefore(place));
}

/** The last cell before the value with only spaces and colons trimmed. */
function labelAsPrinted(place: Place): string | null {
  const label = trimSeparators(cellBefore(place), ':：', 'end').trim();
  return label.endsWith('.') ? label : null;
}

/** The text above the value in its column, on the nearest non-empty line within three lines. */
function labelAbove(place: Place): string | null {
  const line = lineBounds(place.text, place.start);
  const column = place.start - line.start;
  let end = line.start - 1;
  for (let i = 0; i < 3 && end > 0; i++) {
    const above = lineBounds(place.text, end);
    const text = place.text.slice(above.start, above.end);
    if (text.trim()) {
      // The cell of that line that overlaps the value's column.
      let at = 0;
      for (const cell of text.split(/(\s\|\s|\s{3,}|\t)/)) {
        const from = at;
        at += cell.length;
        if (GAP.test(cell) || !cell.trim()) continue;
        const lead = cell.length - cell.trimStart().length;
        const cellStart = from + lead;
        const cellEnd = from + cell.trimEnd().length;
        if (cellStart <= column + (place.end - place.start) && cellEnd >= column) return asLabel(cell);
      }
      return null;
    }
    end = above.start - 1;
  }
  return null;
}

/** A pattern of the value's shape: runs of digits and letters, other characters as printed. */
function shapeOf(raw: string): string {
  let out = '';
  for (const run of raw.match(/\d+|\p{L}+|\s+|./gu) ?? []) {
    if (/^\d/.test(run)) out += '\\d+';
    else if (/^\p{L}/u.test(run)) out += '\\p{L}+';
    else if (/^\s/.test(run)) out += '\\s+';
    else out += escapeRegex(run);
  }
  return out;
}

/** A code or id: one token with a digit, or without lower-case letters ("FINAL-ATT"); not words. */
function isCode(raw: string): boolean {
  return !/\s/.test(raw) && (/\d/.test(raw) || !/\p{Ll}/u.test(raw));
}

/**
 * A pattern for the value's kind rather than its exact shape, where a vendor's next value
 * differs in shape: an amount any grouping ("591,75" after "1.012,70"), an identifier one
 * token of its characters ("FINAL-002" after "FINAL-ATT", "INV000013" after "7023708").
 * Values with spaces (a name, "FT IXTEST-01/28") and dates keep their shape.
 */
function looseShapeOf(field: LearnField, raw: string): string {
  const amount = /^\d/.test(raw) && !/[^\d.,'’]/.test(raw);
  // A sign when the next one is a credit note ("-10,000.00" after "10,000.00").
  if ((field.type === 'number' || field.type === 'integer') && amount) return "-?\\d[\\d.,'’]*\\d|-?\\d";
  if (field.type === 'string' && isCode(raw)) {
    // Its characters: upper-case letters only when it has no lower-case ("FINAL-ATT"), digits, its marks.
    const letters = /\p{Ll}/u.test(raw) ? '\\p{L}' : '\\p{Lu}';
    const marks = [...new Set(raw.replace(/[\p{L}\d]/gu, ''))].map((c) => escapeRegex(c).replace('-', '\\-'));
    const token = `[${letters}\\d${marks.join('')}]`;
    // With a digit when it has one: a word of the page ("Customer") is no id.
    return /\d/.test(raw) ? `${token}*\\d${token}*` : `[${letters}\\d]${token}*`;
  }
  return shapeOf(raw);
}

/** The text before the value on its line as a pattern: its last cell, words as printed, spaces loose. */
function anchorBefore(place: Place): string | null {
  // The words right before the value, after the last one with a digit ("... RE-2014/9 of the 28.06.2014").
  const words = cellBefore(place).trim().split(/\s+/);
  const lastWithDigit = words.findLastIndex((w) => /\d/.test(w));
  const anchor = words.slice(lastWithDigit + 1).slice(-5);
  if (anchor.length === 0 || !anchor.some((w) => /\p{L}{2}/u.test(w)) || anchor.join(' ').length > 60) return null;
  return anchor.map(escapeRegex).join('\\s+');
}

/**
 * The words right before the value on its line, across the gaps between cells (a label with
 * its value far to the right, "displayed!        /FINAL-DD01"): after the last word with a
 * digit, at most five, spaces loose. The stable part of the line, where its last cell is only
 * punctuation or a label that varies in a number.
 */
function anchorOnLine(place: Place, skipping = false): string | null {
  const line = lineBounds(place.text, place.start);
  const words = place.text.slice(line.start, place.start).replace(CURRENCY_BEFORE, '').trim().split(/\s+/);
  // Skipping: the last words with letters and no digit, whatever follows them up to the value (a code, a VAT id).
  const lastWithDigit = skipping
    ? words.findLastIndex((w, i) => /\d/.test(w) && words.slice(i + 1).some((x) => /\p{L}{2}/u.test(x)))
    : words.findLastIndex((w) => /\d/.test(w));
  let tail = words.slice(lastWithDigit + 1);
  if (skipping) {
    const lastWord = tail.findLastIndex((w) => /\p{L}{2}/u.test(w) && !/\d/.test(w));
    tail = tail.slice(0, lastWord + 1);
  }
  const anchor = tail.slice(-5);
  if (anchor.length === 0 || !anchor.some((w) => /\p{L}{2}/u.test(w)) || anchor.join(' ').length > 80) return null;
  return anchor.map(escapeRegex).join('\\s+');
}

/** The leading words of the nearest non-empty line above the value's (up to a number): a second anchor. */
function anchorAbove(place: Place): string | null {
  const line = lineBounds(place.text, place.start);
  let end = line.start - 1;
  while (end > 0) {
    const above = lineBounds(place.text, end);
    const words = place.text.slice(above.start, above.end).trim().split(/\s+/);
    if (words.join('')) {
      const firstWithDigit = words.findIndex((w) => /\d/.test(w));
      const anchor = words.slice(0, firstWithDigit < 0 ? words.length : firstWithDigit).slice(0, 5);
      if (anchor.length === 0 || !anchor.some((w) => /\p{L}{2}/u.test(w))) return null;
      return anchor.map(escapeRegex).join('\\s+');
    }
    end = above.start - 1;
  }
  return null;
}

/** Whether the value starts its line (nothing but spaces before it). */
function startsLine(place: Place): boolean {
  const line = lineBounds(place.text, place.start);
  return place.text.slice(line.start, place.start).trim() === '';
}

function suggestions(field: LearnField, place: Place): { anchored: Extractor[]; literal: Extractor[] } {
  const raw = place.text.slice(place.start, place.end);
  const shape = looseShapeOf(field, raw);
  // The value ends at a space, a cell bar or the end of the text: a longer token is another value.
  const ends = '(?:[\\s|]|$)';
  const out: Extractor[] = [];
  const before = labelBefore(place);
  // As printed first ("Our ref."), then without its closing dot.
  const printed = before && labelAsPrinted(place);
  if (printed && printed !== before) out.push({ kind: 'labeled_value', labels: [printed] });
  if (before) out.push({ kind: 'labeled_value', labels: [before] });
  const above = labelAbove(place);
  if (above && above !== before) out.push({ kind: 'labeled_value', labels: [above] });
  const anchor = anchorBefore(place);
  // Between the anchor and the value: separators and a currency sign or code, as printed on the page.
  if (anchor)
    out.push({
      kind: 'regex',
      pattern: `${anchor}[ \\t\u00a0:：#|]*(?:[^\\s\\d-]{1,3}[ \\t\u00a0]*)?(?<value>${shape})`,
    });
  // A label printed twice with different values ("Gesamtsumme" of a sub-total and of the total): the line above tells them apart.
  const above2 = anchor ? anchorAbove(place) : null;
  if (anchor && above2)
    out.push({
      kind: 'regex',
      pattern: `${above2}[^\\n]*\\n[ \\t\u00a0]*${anchor}[ \\t\u00a0:：#|]*(?:[^\\s\\d-]{1,3}[ \\t\u00a0]*)?(?<value>${shape})`,
    });
  const onLine = anchorOnLine(place);
  const anchoredOnLine: Extractor[] =
    onLine && onLine !== anchor ? [{ kind: 'regex', pattern: `${onLine}[ \\t\u00a0:：#|/]*(?<value>${shape})` }] : [];
  // The stable words before the value on its line, with anything between them and the value
  // ("displayed!   SE1234/20180112" after "displayed!   /FINAL-ATT"): the first token of the
  // value's kind after a separator.
  const skipped = anchorOnLine(place, true);
  if (skipped)
    anchoredOnLine.unshift({
      kind: 'regex',
      pattern: `${skipped}[^\\n]*?[\\s/|:：#=](?<value>${shape})${ends}`,
    });
  // A value alone at the start of its line, under stable text (a heading, "Invoice", a label line above).
  const heading = startsLine(place) ? anchorAbove(place) : null;
  if (heading) anchoredOnLine.push({ kind: 'regex', pattern: `${heading}[^\\n]*\\n\\s*(?<value>${shape})${ends}` });
  const literal: Extractor[] =
    field.type === 'string' || field.type === 'email'
      ? [{ kind: 'regex', pattern: `(?<value>${raw.split(/\s+/).map(escapeRegex).join('\\s+')})` }]
      : [];
  // A value in words (a name, an address) is the vendor's own and printed the same each time:
  // the value itself first. An id or code changes: its place on the page first.
  const changes = /\d/.test(raw) || isCode(raw);
  out.push(...(changes ? anchoredOnLine : [...literal, ...anchoredOnLine]));
  // An id printed as itself reads only itself on the next document: tried after every place's anchors.
  return { anchored: out, literal: changes ? literal : [] };
}

/** The field with only this extractor, compiled as a schema's would be (with the schema's regex budget). */
export function fieldWith(field: LearnField, extractor: Extractor): CompiledField {
  const compiled = compileSchema({
    name: 'learned',
    fields: { [field.name]: { type: field.type, ...(field.enum ? { enum: field.enum } : {}), extract: [extractor] } },
  });
  return compiled.fields[0]!;
}

/** Whether the extractor reads `value` from the message, run as extraction runs it. */
export function readsValue(field: LearnField, extractor: Extractor, example: LearnExample): boolean {
  const result = extractField(fieldWith(field, extractor), example.view);
  return result.value !== null && sameFieldValue(field, example.value, result.value);
}

/**
 * What a correction is learned from: `document`, an e-invoice element that holds the value,
 * else the labels and patterns around it on the page (one layout); `page`, the page only (the
 * companion of an element, for the vendor's documents without their XML); `reader`, a general
 * reader that gives the value on this document (the companion for the vendor's other layouts).
 */
export type LearnSource = 'document' | 'page' | 'reader';

/**
 * The layout a general reader is kept under: it fits every layout, and is kept apart from an
 * e-invoice element's ('') as one per vendor and field. No sketch has it (sketches are hex hashes).
 */
export const ANY_LAYOUT = 'any';

/** Whether a learned extractor is a general reader (layout-free): the printed reader of a field or the sender's mailbox. */
export function isReader(extractor: Extractor): boolean {
  return extractor.kind === 'printed' || extractor.kind === 'mailbox';
}

/** Whether a schema's extractor (as written, any key order) runs the same general reader. */
export function sameReader(written: unknown, reader: Extractor): boolean {
  if (typeof written !== 'object' || written === null) return false;
  const x = written as Record<string, unknown>;
  if (reader.kind === 'printed') return x.kind === 'printed' && x.field === reader.field;
  if (reader.kind === 'mailbox') return x.kind === 'mailbox' && x.source === reader.source && x.part === reader.part;
  return false;
}

/**
 * The general readers a correction may teach, in the order tried: the printed reader of the
 * same-named field, of the other fields, then the sender's mailbox (its address for an email
 * field; also its name and domain for text).
 */
function readersOf(field: LearnField): Extractor[] {
  const printed = [...PRINTED_FIELDS].sort((a, b) => Number(b === field.name) - Number(a === field.name));
  const parts =
    field.type === 'email'
      ? (['address'] as const)
      : field.type === 'string'
        ? (['name', 'address', 'domain'] as const)
        : [];
  return [
    ...printed.map((f): Extractor => ({ kind: 'printed', field: f })),
    ...(['from', 'reply_to'] as const).flatMap((source) =>
      parts.map((part): Extractor => ({ kind: 'mailbox', source, part })),
    ),
  ];
}

/**
 * A general reader that gives the corrected value on this message (and the earlier examples):
 * what the value is, in the reader's terms ("this vendor's `Betrag` is the printed total"),
 * which holds on the vendor's documents of every layout, where a label holds on one.
 */
function learnReader(view: MessageView, field: LearnField, value: unknown, earlier: LearnExample[]): Learned {
  let fallback: Learned | null = null;
  for (const extractor of readersOf(field)) {
    const result = extractField(fieldWith(field, extractor), view);
    if (result.value === null || !sameFieldValue(field, value, result.value)) continue;
    const where = result.source && 'document_index' in result.source ? result.source.document_index : 0;
    const found = { document_index: where, raw: result.raw ?? String(result.value) };
    if (earlier.every((e) => readsValue(field, extractor, e)))
      return { ok: true, extractor, found, agrees_with_earlier: true, layout: ANY_LAYOUT };
    fallback ??= { ok: true, extractor, found, agrees_with_earlier: false, layout: ANY_LAYOUT };
  }
  return fallback ?? { ok: false, reason: `no general reader gives ${JSON.stringify(value)} on this message` };
}

/**
 * An extractor for `field` that reads the corrected `value` from `view`, preferring one that
 * also reads every earlier example of the same vendor right. Nothing when the value is not
 * printed in the documents, or when no suggestion gives it back.
 */
export function learnExtractor(
  view: MessageView,
  field: LearnField,
  value: unknown,
  earlier: LearnExample[] = [],
  source: LearnSource = 'document',
): Learned {
  if (value === null || value === undefined)
    return { ok: false, reason: 'the field was cleared: no value to look for' };
  if (!LEARNABLE.includes(field.type))
    return { ok: false, reason: `fields of type ${field.type} are not learned (only ${LEARNABLE.join(', ')})` };
  if (source === 'reader') return learnReader(view, field, value, earlier);
  let fallback: Learned | null = null;
  // An e-invoice's XML carries the value in a known element: the einvoice reader of the
  // element that holds it is the extractor (same-named first), for every layout of the vendor.
  const xml = source === 'page' ? undefined : view.documents.find((d) => einvoiceOf(d));
  if (xml) {
    const named = EINVOICE_FIELDS.filter((f) => f === field.name);
    for (const element of [...named, ...EINVOICE_FIELDS.filter((f) => f !== field.name)]) {
      const extractor: Extractor = { kind: 'einvoice', field: element };
      if (!readsValue(field, extractor, { view, value })) continue;
      const found = { document_index: xml.index, raw: `${element} of the e-invoice` };
      if (earlier.every((e) => readsValue(field, extractor, e)))
        return { ok: true, extractor, found, agrees_with_earlier: true, layout: '' };
      fallback ??= { ok: true, extractor, found, agrees_with_earlier: false, layout: '' };
    }
  }
  const places = placesOf(view, field, value);
  if (places.length === 0)
    return (
      fallback ?? {
        ok: false,
        reason: `${JSON.stringify(value)} is not printed in the message's documents in any usual spelling${xml ? ', nor held by an element of its e-invoice' : ''}`,
      }
    );
  const suggested = places.map((place) => ({ place, ...suggestions(field, place) }));
  const tried = [
    ...suggested.flatMap((s) => s.anchored.map((extractor) => ({ place: s.place, extractor }))),
    ...suggested.flatMap((s) => s.literal.map((extractor) => ({ place: s.place, extractor }))),
  ];
  // The same value printed twice (a due date equal to the tax point date): the label that names
  // the field ("Due date" for due_date) is the one that reads the next document's value.
  const words = field.name
    .toLowerCase()
    .split(/[_\s-]/)
    .filter((w) => w.length >= 3);
  const naming = (x: Extractor) => {
    const text = (x.kind === 'labeled_value' ? x.labels.join(' ') : x.kind === 'regex' ? x.pattern : '').toLowerCase();
    return words.filter((w) => text.includes(w)).length;
  };
  let best: { learned: Learned; naming: number } | null = null;
  let looked = 0;
  for (const { place, extractor } of tried) {
    // A bounded look for a better-named one once one reads the value.
    if (best && (best.naming === words.length || ++looked > 40)) break;
    let works: boolean;
    try {
      works = readsValue(field, extractor, { view, value });
    } catch {
      // A suggestion the schema grammar refuses (too costly a pattern) is skipped.
      continue;
    }
    if (!works) continue;
    const found = { document_index: place.doc.index, raw: place.text.slice(place.start, place.end) };
    const agrees = earlier.every((e) => readsValue(field, extractor, e));
    const layout = layoutOf(place.text);
    if (agrees && (!best || naming(extractor) > best.naming))
      best = { learned: { ok: true, extractor, found, agrees_with_earlier: true, layout }, naming: naming(extractor) };
    if (!agrees) fallback ??= { ok: true, extractor, found, agrees_with_earlier: false, layout };
  }
  if (best) return best.learned;
  return (
    fallback ?? {
      ok: false,
      reason: `${JSON.stringify(value)} is printed in the documents, but no label or pattern around it reads it back`,
    }
  );
}

/**
 * The confidence of a learned extractor's value, from its record: 0.75 when new (held for
 * review under the default min_confidence 0.8, value filled in), +0.05 per confirmation up to
 * 0.95 (0.9 after three), then x0.8 per correction it has had.
 */
export function learnedConfidence(confirmations: number, corrections: number): number {
  const base = Math.min(0.95, 0.75 + 0.05 * Math.max(0, confirmations));
  return Math.round(base * 0.8 ** Math.max(0, corrections) * 1000) / 1000;
}

/** A learned extractor as extraction runs it: the vendor's, for one field and layout, with its record's confidence. */
export interface LearnedRun {
  id: string;
  field: string;
  extractor: Extractor;
  confidence: number;
  /** layoutOf the document it was learned from; '' or absent fits any. */
  layout?: string;
}

/**
 * The vendor's learned extractors as extraction runs them: what a correction showed a field
 * to be holds in both forms of a document. An e-invoice element's extractor also stands for
 * the printed reader of the same element (a field shown to be the XML's `total_amount` is the
 * page's total too) on the vendor's documents without their XML, unless a reader was learned
 * for the field from a page; a printed reader learned from a page also stands for the element
 * of the same name on the vendor's documents that carry XML, unless an element was learned.
 */
export function withImpliedReaders(learned: LearnedRun[]): LearnedRun[] {
  const has = (test: (x: Extractor) => boolean) =>
    new Set(learned.filter((l) => test(l.extractor)).map((l) => l.field));
  const readerOf = has(isReader);
  const elementOf = has((x) => x.kind === 'einvoice');
  const implied: LearnedRun[] = [];
  for (const l of learned) {
    const x = l.extractor;
    if (x.kind === 'einvoice' && !readerOf.has(l.field)) {
      const printed = PRINTED_FIELDS.find((f) => f === x.field);
      if (printed) implied.push({ ...l, extractor: { kind: 'printed', field: printed }, layout: ANY_LAYOUT });
    }
    if (x.kind === 'printed' && !elementOf.has(l.field)) {
      const element = EINVOICE_FIELDS.find((f) => f === x.field);
      if (element) implied.push({ ...l, extractor: { kind: 'einvoice', field: element }, layout: '' });
    }
  }
  return implied.length > 0 ? [...learned, ...implied] : learned;
}

// A layout is told by its stable lines: label lines and headings, each as its words before
// the first one with a digit (the value, a date, a number change from one document to the next). Kept as a bottom-k sketch
// (the LAYOUT_SKETCH smallest line hashes), which estimates the overlap of two documents'
// line sets without storing them.
const LAYOUT_SKETCH = 48;
/** Two documents whose stable lines overlap this much (Jaccard, estimated) are one layout. */
export const SAME_LAYOUT = 0.4;

function lineHash(line: string): string {
  // FNV-1a, 32 bits: stable across processes and versions, and short.
  let h = 0x811c9dc5;
  for (let i = 0; i < line.length; i++) h = Math.imul(h ^ line.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** The layout fingerprint of a document's text: the sketch of its stable lines, space-separated hashes. */
export function layoutOf(text: string): string {
  const hashes = new Set<string>();
  for (const line of text.split('\n')) {
    // The words before the first one with a digit: a label, not the value (or date) after it.
    const words = line.toLowerCase().trim().split(/\s+/);
    const firstDigit = words.findIndex((w) => /\d/.test(w));
    words.length = firstDigit < 0 ? words.length : firstDigit;
    if (!words.some((w) => /\p{L}{2}/u.test(w))) continue;
    hashes.add(lineHash(words.join(' ')));
  }
  return [...hashes].sort().slice(0, LAYOUT_SKETCH).join(' ');
}

/** The estimated overlap (0..1) of two layouts' stable lines; 0 when either is unknown (''). */
export function layoutSimilarity(a: string, b: string): number {
  if (!a || !b) return 0;
  const x = a.split(' ');
  const y = new Set(b.split(' '));
  // Bottom-k estimate: among the k smallest hashes of the union, the share in both.
  const union = [...new Set([...x, ...y])].sort().slice(0, LAYOUT_SKETCH);
  const inX = new Set(x);
  return union.filter((h) => inX.has(h) && y.has(h)).length / union.length;
}

/** The layouts of a message's readable documents, for choosing among a vendor's learned extractors. */
export function layoutsOfView(view: MessageView): string[] {
  return readable(view.documents).map(({ text }) => layoutOf(text));
}

/** How well a learned extractor's layout fits a message: its best overlap with one of the documents. */
export function layoutFit(layout: string, layouts: string[]): number {
  return Math.max(0, ...layouts.map((l) => layoutSimilarity(layout, l)));
}

const compiledLearned = new Map<string, CompiledField>();

/** The schema's field with the learned extractor alone (compiled once per distinct one). */
export function learnedField(field: CompiledField, extractor: Extractor): CompiledField {
  const key = JSON.stringify([field.name, field.type, field.enum ?? null, extractor]);
  let compiled = compiledLearned.get(key);
  if (!compiled) {
    if (compiledLearned.size > 2000) compiledLearned.clear();
    compiled = fieldWith(field, extractor);
    compiledLearned.set(key, compiled);
  }
  return compiled;
}
