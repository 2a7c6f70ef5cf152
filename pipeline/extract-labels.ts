// labeled_value: find a label as a reader does. A label counts anywhere on a line (not
// inside a word or a longer code); the most specific label found wins (the longest, then
// the earliest in the list). Its value is, in this order:
//   1. after it on the same line, once separators, "No." and a parenthesis are skipped,
//      when what stands there is a value (for numbers and dates nothing but a currency, a
//      gross/tax qualifier or a date phrase may come between label and value, so
//      "Total HT 46,68" is not read as the total);
//   2. below it: the text in the same column on the next lines (a table header over its
//      values, or a label alone on its line);
//   3. before it, in the cell to its left.
// A label alone on its line without a colon is a section heading: its next line is weak
// evidence. A row of several amounts after a label is a table row: the last one counts.
import {
  amountPrefix,
  blankDates,
  endsWithGap,
  labelPattern,
  trimPunctuation,
  lineValueEnds,
  valueEnd,
} from './extract-labels-text.ts';
import { REFERRING, wordsOf } from './printed/words.ts';
import { hasBoxVertical, isBoxVertical } from './text-table.ts';
import type { Document } from './types.ts';
import { coerceText, type FieldType } from './validate.ts';

export interface LabeledCandidate {
  raw: string;
  base: number;
  document_index: number;
  offset: number;
  /** Index of the label in the extractor's list; longer labels win first. */
  label: number;
  labelLength: number;
  /** The label starts a line or a cell (not preceded by a word of the same phrase, as "date" in "Due date"). */
  cellStart: boolean;
}

const MAX_MATCHES = 300;
const SEGMENT_SPLIT = /(\s[|·•]\s|[│┃║┆┇┊┋╎╏¦]|\s{3,}|\t)/;
const AFTER_LABEL =
  /^(\s*\([^)\n]{0,30}\))?\s*(?:(?:no\.?|nr\.?|n[°º]\.?|number|nummer|numero|número|#)\s*)?([:：|#=│┃║┆┇┊┋╎╏¦]|\s[-–—]\s|\s{3,}|\t)?\s*(?:[│┃║┆┇┊┋╎╏¦]\s*)?/i;
// Scripts a Latin label's translation is printed in, after a slash or a space (bilingual pages),
// before the value's colon, gap or table cell ("Invoice No. / رقم الفاتورة | INV-0093184").
const NON_LATIN_WORD =
  /[\p{Script=Arabic}\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Hebrew}]/u;
const TRANSLATION =
  /^ ?(?:\/ ?)?[\p{Script=Arabic}\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Hebrew}]+(?: [\p{Script=Arabic}\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Hebrew}]+){0,4}(?=[:：]| {2,}| ?$| \| )/u;
// A bilingual page's label in its second language, after a spaced slash, up to the value's
// colon, gap or table cell ("Trip # / Course no ..... 661804", "Tip / Pourboire  4.15"): words
// without a figure, so a code after a slash stays a value.
const LATIN_TRANSLATION = /^ \/ \p{L}[\p{L}\p{M}'’.]*(?: [\p{L}\p{M}'’.#°º]+){0,3}(?=[:：]| {2,}| ?$| \| )/u;
// Between a label and its date: a weekday with a comma, or a preposition ("due on", "fällig am",
// Ukrainian and Russian "до", "until").
const DATE_PREFIX = /^[\s:,.-]*(?:\p{L}{2,12},\s*|(?:on|am|le|el|den|vom|du|del|dia|il|op|per|by|bis|до)\s+)?$/iu;

function lineAt(text: string, at: number): { start: number; end: number } {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const end = text.indexOf('\n', at);
  return { start, end: end < 0 ? text.length : end };
}

/** Text pieces of a line separated by cell gaps, with their columns. */
function segments(line: string): { text: string; start: number; end: number }[] {
  const out: { text: string; start: number; end: number }[] = [];
  let at = 0;
  for (const part of line.split(SEGMENT_SPLIT)) {
    if (part && !SEGMENT_SPLIT.test(part) && part.trim()) {
      const lead = part.length - part.trimStart().length;
      out.push({ text: part.trim(), start: at + lead, end: at + lead + part.trim().length });
    }
    at += part.length;
  }
  return out;
}

/** Cells of an HTML table row ("a | | c"), empty ones included, so that a cell's index is its column. */
export function pipedCells(line: string): { text: string; start: number; end: number }[] {
  if (hasBoxVertical(line)) return boxCells(line);
  const out: { text: string; start: number; end: number }[] = [];
  let start = 0;
  // A row whose first cells are empty starts with "| ".
  if (line.startsWith('| ')) {
    out.push({ text: '', start: 0, end: 0 });
    start = 2;
  }
  for (;;) {
    const bar = line.indexOf(' | ', start);
    const end = bar < 0 ? line.length : bar;
    const raw = line.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    out.push({ text: raw.trim(), start: start + lead, end: start + lead + raw.trim().length });
    if (bar < 0) return out;
    start = bar + 3;
  }
}

/** Cells of a text table's row ("│ a │ │ c │"): between strokes, empty ones included; the border's outside is none. */
function boxCells(line: string): { text: string; start: number; end: number }[] {
  const bars: number[] = [];
  for (let i = 0; i < line.length; i++) if (isBoxVertical(line.charCodeAt(i))) bars.push(i);
  const edges = [line.slice(0, bars[0]).trim() ? -1 : bars[0]!, ...bars.slice(1)];
  if (line.slice(bars.at(-1)! + 1).trim()) edges.push(line.length);
  const out: { text: string; start: number; end: number }[] = [];
  for (let k = 0; k + 1 < edges.length; k++) {
    const raw = line.slice(edges[k]! + 1, edges[k + 1]);
    const lead = raw.length - raw.trimStart().length;
    const start = edges[k]! + 1 + lead;
    out.push({ text: raw.trim(), start, end: start + raw.trim().length });
  }
  return out;
}

/**
 * The cell of an HTML table's next row under the header cell at `column`: the same index,
 * counting empty cells (a row's trailing empty cells are not printed, so it may have fewer).
 */
function pipedCellUnder(
  header: string,
  row: string,
  column: number,
): { text: string; start: number; end: number } | undefined {
  const heads = pipedCells(header);
  const cells = pipedCells(row);
  const idx = heads.findIndex((s) => s.start <= column && s.end >= column);
  if (idx < 0 || cells.length > heads.length || cells.length < 2) return undefined;
  const cell = cells[idx];
  return cell?.text ? cell : undefined;
}

/**
 * Where the value read for `type` starts in `value`, or -1 when something else stands
 * before it (see AMOUNT_PREFIX / DATE_PREFIX). An amount is never read inside a date.
 */
function startOf(type: FieldType, value: string): number {
  if (type === 'number' || type === 'integer') {
    const stripped = blankDates(value);
    const c = coerceText(type, stripped);
    return c.ok && amountPrefix(stripped.slice(0, c.start)) ? c.start : -1;
  }
  const c = coerceText(type, value);
  if (!c.ok) return -1;
  if (type === 'date') return DATE_PREFIX.test(value.slice(0, c.start)) ? 0 : -1;
  return 0;
}

function readsAs(type: FieldType, value: string): boolean {
  return startOf(type, value) >= 0;
}

/**
 * A header row: several cells and none with a digit ("Invoice No   Date   Total"). A table
 * row of two cells ("Merchant | Cedar Lane Coffee") is a label and its value, not a header.
 */
function headerRow(line: string, next: string): boolean {
  const cells = segments(line);
  // "Invoice number:   FINAL-ATT" is a label and its value: a header's cells hold no colon.
  if (cells.length < 2 || !cells.every((c) => !/\d/.test(c.text) && !/[:：]/.test(c.text))) return false;
  if (!line.includes(' | ') || cells.length >= 3) return true;
  // Two table cells of words are a header when the row under them is values in both
  // ("Totale da pagare | Scadenza" over "186,42 € | 25/03/2026"), not "Date | 2026-03-01".
  // Values are short and hold a digit: "2 x House Blend, whole bean, 1 kg | GBP 38.00" is an item row.
  const below = pipedCells(next);
  return below.length === 2 && below.every((c) => /\d/.test(c.text) && c.text.split(' ').length <= 4);
}

/**
 * Whether the line with text above the line starting at `lineStart` has a label cell (words, no
 * digits, not a table row) starting at `column`: the column heading of a value found there.
 */
function labelAbove(text: string, lineStart: number, column: number): boolean {
  let end = lineStart - 1;
  for (let n = 0; n < 2 && end > 0; n++) {
    const above = lineAt(text, end - 1);
    const aboveText = text.slice(above.start, above.end);
    if (aboveText.trim()) {
      if (aboveText.includes(' | ')) return false;
      return segments(aboveText).some(
        (c) => Math.abs(c.start - column) <= 1 && /\p{L}{3}/u.test(c.text) && !/\d/.test(c.text),
      );
    }
    end = above.start - 1;
  }
  return false;
}

/** The next line with text after the line ending at `lineEnd`. */
function nextLineText(text: string, lineEnd: number): string {
  let at = lineEnd + 1;
  for (let n = 0; n < 3 && at < text.length; n++) {
    const next = lineAt(text, at);
    const line = text.slice(next.start, next.end);
    if (line.trim()) return line;
    at = next.end + 1;
  }
  return '';
}

/**
 * Whether the row after the one ending at `rowEnd` (the next line with text) has a value of
 * `type` in the header cell's column too: the header heads a column of several rows.
 */
function columnGoesOn(
  text: string,
  header: string,
  rowEnd: number,
  col: { start: number; end: number },
  piped: boolean,
  type: FieldType,
): boolean {
  const row = nextLineText(text, rowEnd);
  if (!row.trim()) return false;
  const cells = segments(row);
  if (cells.length < 2) return false;
  const cell = piped
    ? pipedCellUnder(header, row, col.start)
    : cells.find((s) => s.start < col.end + 2 && s.end > col.start - 2);
  return !!cell && !/[:：]/.test(cell.text) && readsAs(type, cell.text);
}

// Lakh grouping first ("2,21,130.00"), as parseAmount reads it.
const AMOUNT =
  /[-−]?(?:\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?|\d{1,3}(?:[ .,'\u00A0\u202F]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)/g;

/** The amounts of a text that is nothing but amounts (with currency and rates): a table row. */
function amountsIn(text: string): { text: string; start: number }[] {
  const found = [...text.matchAll(AMOUNT)].map((m) => ({ text: m[0], start: m.index! }));
  const rest = text.replace(AMOUNT, ' ');
  return /^(?:[\s%€$£¥|]|[A-Z]{3}\b|zł|kr\b)*$/u.test(rest) ? found : [];
}

// Figures multiplied or added before an "=": "3 x 6,00 €", "2 × 9.50 + 4.00".
const WORKED_OUT = /\d[\s€$£]*[x×+][\s€$£]*\d/;

// Words that make a parenthesis after a total's label say "before tax".
const NET_QUALIFIER = /\b(?:excl|exkl|excluding|exklusive|ohne|hors|sans|ht|netto|net|sin|senza|zonder|bez)\b/i;

// What a line's labels share, read once for the line: a line of many labels (a long paragraph,
// or a crafted one) would otherwise be read again to its end after each of them. Kept for one
// pass of a label list over a document, by the line's start.
interface LineRead {
  header?: boolean;
  labels: number;
  valueEnds?: (from: number) => number;
}
type LinesRead = Map<number, LineRead>;

function lineReadOf(read: LinesRead, start: number): LineRead {
  let line = read.get(start);
  if (!line) {
    line = { labels: 0 };
    read.set(start, line);
  }
  return line;
}

function headerRowAt(read: LinesRead, text: string, line: { start: number; end: number }, lineText: string): boolean {
  const at = lineReadOf(read, line.start);
  at.header ??= headerRow(lineText, nextLineText(text, line.end));
  return at.header;
}

/** Where the value starting `from` characters into the line ends (as `valueEnd`), or -1. */
function valueEndIn(read: LinesRead, start: number, lineText: string, from: number): number {
  const at = lineReadOf(read, start);
  // Most lines hold a label or two: reading on to the value's end costs less than indexing the line.
  if (!at.valueEnds && ++at.labels <= 2) return valueEnd(lineText.slice(from));
  at.valueEnds ??= lineValueEnds(lineText);
  return at.valueEnds(from);
}

function valueAt(
  read: LinesRead,
  text: string,
  labelStart: number,
  labelEnd: number,
  type: FieldType,
): { raw: string; offset: number; base: number } | null {
  const line = lineAt(text, labelStart);
  const lineText = text.slice(line.start, line.end);
  // "Invoice Date / تاريخ الفاتورة", "Date 日期:": a Latin label's translation printed after it,
  // in a script of its own, is the label's, not its value.
  if (!NON_LATIN_WORD.test(text.slice(labelStart, labelEnd))) {
    const after = text.slice(labelEnd, line.end);
    const translation = TRANSLATION.exec(after) ?? LATIN_TRANSLATION.exec(after);
    if (translation) labelEnd += translation[0].length;
  }
  const rest = text.slice(labelEnd, line.end);
  const sep = AFTER_LABEL.exec(rest)!;
  // A cell gap is a separator even where the optional spaces before the separator took it.
  const separator = sep[2]?.trim() || (sep[2] || /\s{3,}|\t/.test(sep[0]) ? 'gap' : '');
  let valueStart = labelEnd + sep[0].length;
  // "<th>Factuurnummer:</th><td>F2026-11873</td>" reads "Factuurnummer: | F2026-11873": the
  // colon ends the label and the cell separator after it is no part of the value.
  if (separator && separator !== '|' && text.startsWith('| ', valueStart)) valueStart += 2;
  const tail = text.slice(valueStart, line.end);
  const isHeader = headerRowAt(read, text, line, lineText);

  // 1. On the same line.
  if (tail.trim() && !isHeader) {
    if (type === 'number' || type === 'integer') {
      // "Importo: 3 x 6,00 € = 18,00 €": a sum worked out after the label; its result is the value.
      const equals = tail.lastIndexOf(' = ');
      if (equals > 0 && tail.length <= 120 && WORKED_OUT.test(tail.slice(0, equals))) {
        const result = tail.slice(equals + 3).trim();
        if (amountsIn(result).length === 1 && readsAs(type, result))
          return { raw: result, offset: valueStart + tail.indexOf(result, equals), base: 0.8 };
      }
      const amounts = amountsIn(tail);
      // Label, then a row of amounts (net, tax, gross): a table row, read its last column.
      if (amounts.length >= 2) {
        const last = amounts.at(-1)!;
        return { raw: last.text, offset: valueStart + last.start, base: 0.6 };
      }
    }
    const end = valueEndIn(read, line.start, lineText, valueStart - line.start);
    let value = (end >= 0 ? tail.slice(0, end) : tail).trimEnd();
    let offset = valueStart;
    // "Total € Incl. VAT      681.87": only qualifiers before a gap, the amount in the next cell.
    if ((type === 'number' || type === 'integer' || type === 'date') && end >= 0 && !/\d/.test(value)) {
      const next = segments(tail.slice(end))[0];
      if (next && readsAs(type, `${value} ${next.text}`))
        return { raw: next.text, offset: valueStart + end + next.start, base: 0.8 };
    }
    // Without a separator the label may be running text: "shipped via UPS." ends at the full stop,
    // a colon further on means the label starts a longer one ("Número de cliente:"), and a
    // string value must be a code (one token with a digit), not words ("Thanks, Vendor Ltd").
    if (!separator) value = trimPunctuation(value);
    if (!separator && type === 'string') {
      const found = /^\S*\d\S*/.exec(value)?.[0];
      const token = found !== undefined ? trimPunctuation(found) : /^\p{Lu}{2,}$/u.test(value) ? value : '';
      value = /:/.test(token) ? '' : token;
      offset = valueStart;
    }
    const at = value ? startOf(type, value) : -1;
    if (at >= 0) {
      const base = separator ? 0.9 : 0.75;
      // Two columns set as text ("Fecha de cargo      6 de marzo" under "Fecha de factura" of
      // the right column): a value after a wide gap that stands under another label of its own
      // column is that label's as much as this one's: a rival, so it is not sure.
      const underLabel = separator === 'gap' && labelAbove(text, line.start, offset + at - line.start);
      // "Grand Total (Excl. Tax)", "Gesamtsumme (exkl. MwSt.)": the label's own parenthesis says
      // the amount is before tax, so it is not the total the label's words name.
      const beforeTax = (type === 'number' || type === 'integer') && NET_QUALIFIER.test(sep[1] ?? '');
      return {
        raw: value.slice(at),
        offset: offset + at,
        base: underLabel || beforeTax ? Math.min(base, 0.6) : base,
      };
    }
  }

  // 2. Below, in the label's column (or the first cell when the label starts its line).
  const col = { start: labelStart - line.start, end: labelEnd - line.start };
  const colon = /^\s*[:：]\s*$/.test(rest);
  if (isHeader || !tail.trim() || colon) {
    let at = line.end + 1;
    let skipped = false;
    for (let n = 0; n < 3 && at < text.length; n++) {
      const next = lineAt(text, at);
      const nextText = text.slice(next.start, next.end);
      if (nextText.trim()) {
        // A row whose first cells are empty starts with "| ".
        const piped = lineText.includes(' | ') && (nextText.includes(' | ') || nextText.startsWith('| '));
        const cells = segments(nextText);
        let cell = piped
          ? pipedCellUnder(lineText, nextText, col.start)
          : cells.find((s) => s.start < col.end + 2 && s.end > col.start - 2);
        // A label at the margin takes the next line's first cell when it starts near the margin too.
        if (!cell && col.start === 0 && !piped && cells[0] && cells[0].start <= col.end + 2) cell = cells[0];
        // A multi-line table cell ("Factuurdatum<br>3 maart 2026" beside other cells) reads as
        // "… | Factuurdatum" then "3 maart 2026 | …": the label ends its line, its value starts the next.
        const lineCells = segments(lineText);
        const multiLineCell =
          lineText.includes(' | ') && !tail.trim() && lineCells.at(-1)!.start <= col.start && cells[0] !== undefined;
        if (multiLineCell && (!cell || !readsAs(type, cell.text)) && cells[0] !== cell) {
          const first = cells[0]!;
          if (!/[:：]/.test(first.text) && readsAs(type, first.text))
            return { raw: first.text, offset: next.start + first.start, base: 0.7 };
        }
        // A label that ends its line with its value alone on the next line, set right of it (a
        // value printed larger or lower than its label, "Factuurnummer" over "   7300415882"):
        // the value, but the column does not vouch for it.
        const lone = cells.length === 1 ? cells[0]! : undefined;
        if (!cell && !piped && n === 0 && !tail.trim() && lone && lone.start >= col.end && lone.start - col.end <= 40) {
          if (!/[:：]/.test(lone.text) && readsAs(type, lone.text))
            return { raw: lone.text, offset: next.start + lone.start, base: 0.6 };
        }
        // Nothing in the label's column on this line (another column's text): look further down.
        if (!cell && !piped) {
          skipped = true;
          at = next.end + 1;
          continue;
        }
        // The first cell of a "Label | value" row or a "Label:" is another label, not this one's value.
        // ... and so is a "Label: value" cell ("NIP: 9999999999" under a "Seller" heading).
        const labelCell =
          cell &&
          (/[:：]$/.test(cell.text) ||
            /^[\p{L}][\p{L} .-]{0,30}[:：]\s*\S/u.test(cell.text) ||
            (!piped && cell === cells[0] && !/\d/.test(cell.text) && /^\s*\S[^|]*\s\|\s/.test(nextText)) ||
            // Lines further down, a cell of words with a value beside it is another label's row.
            (skipped &&
              !piped &&
              !/\d/.test(cell.text) &&
              cells.some((s) => s.start > cell!.end && /\d/.test(s.text))));
        if (cell && !labelCell && readsAs(type, cell.text)) {
          // A table header or "Label:" vouches for the value below; a heading without a colon less so.
          // A header cell with more rows of amounts under it heads an item column (`Montant TTC`
          // over each line's amount): its first row is one item's, not the document's total.
          const itemColumn =
            isHeader &&
            (type === 'number' || type === 'integer') &&
            columnGoesOn(text, lineText, next.end, col, piped, type);
          const base = itemColumn ? 0.5 : isHeader || colon ? 0.8 : 0.6;
          return { raw: cell.text, offset: next.start + cell.start, base };
        }
        break;
      }
      at = next.end + 1;
    }
  }

  // 3. Before it, in the cell to its left, when nothing follows the label.
  if (!tail.trim() && !isHeader) {
    const before = segments(lineText)
      .filter((s) => s.end <= col.start)
      .at(-1);
    if (before && readsAs(type, before.text)) return { raw: before.text, offset: line.start + before.start, base: 0.6 };
  }
  return null;
}

const normalisedCache = new WeakMap<string[], string[]>();

/** The labels lower case with single spaces, each once (per list, computed once). */
function normalised(labels: string[]): string[] {
  let wanted = normalisedCache.get(labels);
  if (!wanted) {
    wanted = [...new Set(labels.map((l) => l.trim().toLowerCase().replace(/\s+/g, ' ')).filter(Boolean))];
    normalisedCache.set(labels, wanted);
  }
  return wanted;
}

/** The label a candidate's `label` index names (lower case; the list is read without repeats). */
export function labelOf(labels: string[], index: number): string {
  return normalised(labels)[index] ?? '';
}

/** Every labeled value in the documents, most specific label first. */
export function labeledCandidates(
  labels: string[],
  documents: { doc: Document; text: string }[],
  type: FieldType,
  fallback = false,
): LabeledCandidate[] {
  const wanted = normalised(labels);
  const found: LabeledCandidate[] = [];
  for (const { doc, text } of documents) {
    // Only labels whose first word occurs in the text go into the pattern; most lists have none in most mail.
    const has = occurs(doc, text);
    const present = wanted.map((l, i) => (has(l.split(' ')[0]!) ? i : -1)).filter((i) => i >= 0);
    if (present.length > 0) found.push(...inDocument(wanted, present, doc, text, type, fallback));
  }
  return found.sort(
    (a, b) =>
      b.labelLength - a.labelLength ||
      a.label - b.label ||
      Number(b.cellStart) - Number(a.cellStart) ||
      b.base - a.base,
  );
}

const occursCache = new WeakMap<Document, { text: string; seen: Map<string, boolean> }>();

/** Whether a word occurs in the document's text (lower case): each word searched once per document. */
function occurs(doc: Document, text: string): (word: string) => boolean {
  let cached = occursCache.get(doc);
  if (cached?.text !== text) {
    cached = { text, seen: new Map() };
    occursCache.set(doc, cached);
  }
  const { seen } = cached;
  const lower = lowered(doc, text);
  return (word) => {
    let hit = seen.get(word);
    if (hit === undefined) {
      hit = lower.includes(word);
      seen.set(word, hit);
    }
    return hit;
  };
}

const lowerCache = new WeakMap<Document, { text: string; lower: string }>();

function lowered(doc: Document, text: string): string {
  let cached = lowerCache.get(doc);
  if (cached?.text !== text) {
    cached = { text, lower: text.toLowerCase() };
    lowerCache.set(doc, cached);
  }
  return cached.lower;
}

// Compiling a label alternation costs more than searching a page with it, and the same lists are
// searched for every document and field: compiled patterns are kept (at most 200, oldest out).
const compiled = new Map<string, RegExp>();

function labelRegex(pattern: string): RegExp {
  let re = compiled.get(pattern);
  if (!re) {
    // A template, so the ReDoS contract test (test/contract/regex-safety.test.ts) knows `pattern`.
    re = new RegExp(`${pattern}`, 'giu');
    if (compiled.size >= 200) compiled.delete(compiled.keys().next().value!);
    compiled.set(pattern, re);
  }
  re.lastIndex = 0;
  return re;
}

function inDocument(
  wanted: string[],
  present: number[],
  doc: Document,
  text: string,
  type: FieldType,
  fallback: boolean,
): LabeledCandidate[] {
  const order = [...present].sort((a, b) => wanted[b]!.length - wanted[a]!.length || a - b);
  const pattern = labelPattern(order.map((i) => wanted[i]!));
  const re = labelRegex(pattern);
  const found: LabeledCandidate[] = [];
  const read: LinesRead = new Map();
  let matches = 0;
  for (const m of text.matchAll(re)) {
    if (++matches > MAX_MATCHES) break;
    const said = m[0].toLowerCase().replace(/\s+/g, ' ');
    const label = wanted.indexOf(said);
    const value = valueAt(read, text, m.index!, m.index! + m[0].length, type);
    if (value) {
      const before = text
        .slice(Math.max(0, m.index! - 40), m.index!)
        .split('\n')
        .at(-1)!;
      const cellStart =
        !/[\p{L}\p{N}]$/u.test(before.replace(/[ ]$/, '')) || endsWithGap(before) || before.trim() === '';
      // A label after a word of the same phrase may be part of another label ("Due date");
      // a one-word label tried after a field's specific labels ("Date", "Nummer") says less.
      // "Orig. Receipt No: 31-549870", "Ref. Invoice No. 2026-114": a label after a word that
      // refers to another document names that document's value.
      const referring = REFERRING.has(wordsOf(before).at(-1)?.text ?? '');
      const base =
        value.base * (cellStart ? 1 : 0.8) * (fallback && !/\s/.test(said) ? 0.9 : 1) * (referring ? 0.6 : 1);
      found.push({
        raw: value.raw,
        base,
        document_index: doc.index,
        offset: value.offset,
        label: label < 0 ? wanted.length : label,
        labelLength: said.length,
        cellStart,
      });
    }
  }
  return found;
}
