// The document's own number. Candidates come from its labels ("Invoice number:", "Rechnungs-Nr."),
// from its title ("Rechnung Nr. 4711 vom 05.03.2026", or "Invoice" with the number printed under
// it) and, weakest, from a bare "Number" label outside any party's block. A candidate is
// dropped when it belongs to someone else: printed in the buyer's block, under a previous
// invoice, or the same value the page names with another label (a VAT id, an IBAN, a
// customer number). Agreement between a label and the title makes a value surer; two
// different values of similar strength make each one doubtful.
import { caseless } from '../caseless.ts';
import { labeledCandidates, labelOf } from '../extract-labels.ts';
import { parseDate } from '../validate-dates.ts';
import { type Cell, cellUnder, type Line, linesOf } from './layout.ts';
import {
  BOOKING_TITLE,
  INVOICE_TITLE,
  INVOICE_TYPE_CODES,
  NOT_AN_INVOICE,
  ORDER_NUMBER_WORDS,
  ORDER_TITLE,
  OTHER_NUMBER,
  RECEIPT_TITLE,
  TITLE_DATE_WORDS,
  TITLE_DETERMINERS,
} from './lexicon.ts';
import { dashedValues } from './dashed.ts';
import { cellUnderLabel, isFieldLabel } from './grid.ts';
import {
  BARE_NUMBER,
  INVOICE_NUMBER,
  INVOICE_NUMBER_MORE,
  INVOICE_NUMBER_WORLD,
  RECEIPT_NUMBER,
  RECEIPT_NUMBER_MORE,
} from './labels.ts';
import { sectionsOf } from './sections.ts';
import { findPhrase, firstPhrase, hasPhrase, phrases, REFERRING, titleAt, typeCodeAt, wordsOf } from './words.ts';
import type { PrintedCandidate, ReadableDocument } from './index.ts';

interface NumberCandidate {
  value: string;
  raw: string;
  offset: number;
  document_index: number;
  strength: number;
  source: 'label' | 'title' | 'bare';
  /** A booking's code ("Confirmation code", "Booking reference"): what a traveller's receipt is filed by. */
  booking?: boolean;
  /** A hotel's folio number: the stay's account, the receipt's number only where it prints no own one. */
  folio?: boolean;
  /** Labelled with a receipt's own word ("Receipt No.", "Bon-Nr."). */
  own?: boolean;
  /** Labelled with an invoice's word ("Tax Invoice No.", "Factura nº"): a hotel's bill is filed by it, not by the folio. */
  invoice?: boolean;
  /** The label it was read after (lower case), for a value read under a label. */
  label?: string;
  /** Read after an invoice's title on a receipt: the invoice a payment may settle. */
  invoiceTitle?: boolean;
  /** A payment's own reference ("Payment reference", "Reference" under "Your payment"). */
  payment?: boolean;
}

/** A number read as printed: a title's by default (on its line, or where the title puts it). */
function numberAt(
  code: string,
  offset: number,
  documentIndex: number,
  strength: number,
  source: NumberCandidate['source'] = 'title',
): NumberCandidate {
  return { value: code, raw: code, offset, document_index: documentIndex, strength, source };
}

const MARKERS = new Set([
  // What is left of "n°" after a title that ends with its "n".
  '°',
  'º',
  'no',
  'no.',
  'nr',
  'nr.',
  'n°',
  'nº',
  'n.',
  'n°.',
  '#',
  'number',
  'nummer',
  'numéro',
  'numero',
  'número',
  'numer',
  'nro',
  'nro.',
  'num',
  'num.',
  // Czech "č." (číslo), Greek "Αρ." (αριθμός), Portuguese "n.º".
  'č',
  'č.',
  'αρ',
  'αρ.',
  'n.º',
  // The numero sign as Cyrillic pages print it ("Рахунок № 14"); Catalan "núm.".
  '№',
  'núm',
  'núm.',
  // Croatian, Serbian and Bosnian "br." (broj): "RAČUN br. 2481/PP1/1".
  'br',
  'br.',
  // "Order ID: 1187", "Invoice ID 4711", "Order Code": the number's name, not its first part.
  'id',
  'code',
  ':',
]);

/** Whether a printed token can be a document number: a code with a digit (or letters and a dash), not a date or an amount. */
export function codeLike(text: string): boolean {
  const t = text.trim();
  if (t.length === 0 || t.length > 30) return false;
  if (/\s/.test(t) && !/^[A-Z]{1,4} \S+$/.test(t)) return false;
  if (!/\d/.test(t) && !/^[A-Z][A-Z0-9]*(?:[-/_][A-Z0-9]+)+$/.test(t)) return false;
  if (/^[\d.,\s]+$/.test(t) && /[.,]\d{2}$/.test(t)) return false;
  // An amount with its currency's sign ("€0.00", "$12.50", "4,20 €") is a price, not a number.
  if (/^(?:\p{Sc}\s?-?[\d.,]*\d[.,]\d{2}|-?[\d.,]*\d[.,]\d{2}\s?\p{Sc})$/u.test(t)) return false;
  const date = parseDate(t);
  if (date && date.end - date.start >= t.length - 1) return false;
  // An IBAN, a phone number or an email address is never a document number.
  if (/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(t.replace(/\s/g, ''))) return false;
  if (t.includes('@') || /^\+/.test(t)) return false;
  return true;
}

function trimCode(text: string): string {
  let t = text.trim();
  while (t.length > 0 && '.,;:)]'.includes(t.at(-1)!)) t = t.slice(0, -1);
  while (t.length > 0 && '#:(['.includes(t[0]!)) t = t.slice(1);
  return t;
}

/** A marker glued to its number ("n°4821", "Nr.123", "No.77"): the number alone. */
function unglue(token: string): string {
  const m = /^(?:n[°º]|nr\.|no\.|#)(?=[\p{L}\d])/iu.exec(token);
  return m ? token.slice(m[0].length) : token;
}

/**
 * Whether `rest` (what follows a title's number) starts with its date: a date word and a date
 * ("vom 05.03.2026", "du 3 mars 2026"), or a date in parentheses ("(8 mars 2026)").
 */
function datedAfterNumber(rest: string): boolean {
  const t = rest.trimStart();
  if (t.startsWith('(')) return parseDate(t.slice(1).trimStart())?.start === 0;
  const word = /^\S+/.exec(t)?.[0];
  if (!word) return false;
  if (TITLE_DATE_WORDS.has(word.toLowerCase())) return parseDate(t.slice(word.length).trimStart())?.start === 0;
  // "QWPXHLTVB passée le 04/03/2026", "#1042 placed on March 5, 2026": a participle, its date word, the date.
  const placed = /^\p{L}+\s+(\S+)\s+/u.exec(t);
  return (
    !!placed && PLACED_DATE_WORDS.has(placed[1]!.toLowerCase()) && parseDate(t.slice(placed[0].length))?.start === 0
  );
}

const PLACED_DATE_WORDS: ReadonlySet<string> = new Set([...TITLE_DATE_WORDS, 'on', 'am', 'op', 'el', 'il', 'dnia']);

/**
 * An order reference of capital letters only, as shop systems make them ("QWPXHLTVB"): a
 * number only where its date follows it, the one sign that it names the document.
 */
const LETTER_REFERENCE = /^[A-Z]{8,20}$/;

/** A lone document number in a cell (a marker before it, "#", "No.", may stay): the number, else null. */
function loneNumber(cell: Cell): string | null {
  const tokens = cell.text.trim().split(/\s+/);
  if (tokens.length > 2 || (tokens.length === 2 && !MARKERS.has(tokens[0]!.toLowerCase()))) return null;
  const value = trimCode(unglue(tokens.at(-1)!));
  // "05.03.2026 | 07:14": the time of the sale beside its date is no number.
  if (!codeLike(value) || /^\d{1,2}[:h.]\d{2}(?:[:.]\d{2})?$/.test(value)) return null;
  // "$1.210,00 | 01/02/2026": an amount with its currency's sign is no number either.
  if (!/\p{L}/u.test(value) && /[.,]\d{2}$/.test(value)) return null;
  return value;
}

/** Whether a cell holds a date and nothing else. */
function loneDate(cell: Cell): boolean {
  const found = parseDate(cell.text);
  return found?.start === 0 && found.end >= cell.text.trimEnd().length;
}

export interface NumberAndDate {
  value: string;
  number: Cell;
  date: Cell;
}

/**
 * A purchase header: the document's number alone in one cell and its date alone in the other,
 * with no title or label ("RE-2026-0117 | 05.03.2026", "BP-771203 | March 6, 2026"), as mail
 * templates print them above the items; or, at the head of a page, the number on a line of its
 * own and the date right under it in the same column (an invoice whose title the printer lost).
 * Both are read from the pairing only, so less surely than from a label or a title.
 */
export function numbersWithDates(lines: Line[]): NumberAndDate[] {
  let pairs = pairsByLines.get(lines);
  if (!pairs) {
    pairs = findNumbersWithDates(lines);
    pairsByLines.set(lines, pairs);
  }
  return pairs;
}

// The number and date readers both ask for a page's pairs: found once per page (linesOf keeps
// one lines array per document text).
const pairsByLines = new WeakMap<Line[], NumberAndDate[]>();

function findNumbersWithDates(lines: Line[]): NumberAndDate[] {
  const out: NumberAndDate[] = [];
  for (const [i, line] of lines.entries()) {
    if (line.cells.length === 2 && line.text.length <= 80) {
      for (const [n, d] of [
        [0, 1],
        [1, 0],
      ] as const) {
        const value = loneNumber(line.cells[n]!);
        if (value && loneDate(line.cells[d]!)) {
          out.push({ value, number: line.cells[n]!, date: line.cells[d]! });
          break;
        }
      }
    }
    // Stacked: only among the page's first lines, where a document prints its own.
    const next = lines[i + 1];
    if (i >= 12 || !next || line.cells.length !== 1 || next.cells.length !== 1) continue;
    const [number, date] = [line.cells[0]!, next.cells[0]!];
    const aligned = Math.abs(number.start - date.start) <= 4 || Math.abs(number.end - date.end) <= 4;
    const value = loneNumber(number);
    if (aligned && value && loneDate(date)) out.push({ value, number, date });
  }
  return out;
}

/** "for", "für", "pour", "per", "voor", "dla", "para", "för", "til": what a title's number is issued for. */
const FOR_WORDS: ReadonlySet<string> = new Set(['for', 'für', 'pour', 'per', 'voor', 'dla', 'para', 'för', 'til']);

/**
 * Whether the words after a title's number name the other document it is for ("Your Invoice
 * #000002981 for Order #000003410", "Ihre Rechnung #100004217 für Bestellung #100006630",
 * "Votre facture n° 200000731 pour la commande n° 200001152"): the title stays a title.
 */
function forAnotherNumber(after: string[]): boolean {
  if (after.length < 2 || after.length > 5 || !FOR_WORDS.has(after[0]!.toLowerCase())) return false;
  const words = wordsOf(after.slice(1, -1).join(' '));
  return firstPhrase(words, ORDER_TITLE) !== null && codeLike(trimCode(unglue(after.at(-1)!)));
}

/**
 * Whether the words after a title's number name only whom it is for ("Mobile order A-2291 for
 * Sam", "Order 118 for Ana Lopes", as an order-ahead app calls out the pickup): the number is
 * still the title's.
 */
function forPerson(after: string[]): boolean {
  return (
    after.length >= 2 &&
    after.length <= 3 &&
    FOR_WORDS.has(after[0]!.toLowerCase()) &&
    after.slice(1).every((w) => /^\p{Lu}\p{Ll}+$/u.test(w))
  );
}

/** Words that join a document's number to the document it refers to ("… zur Rechnung RE-118", "… to invoice 4410"). */
const REFERS_TO = new Set([
  'zur',
  'zu',
  'zum',
  'for',
  'to',
  'against',
  'regarding',
  'sur',
  'concernant',
  'bij',
  'op',
  'alla',
  'a',
  'à',
  'al',
  'del',
  'de',
  'do',
  'da',
  'dla',
  'till',
]);

/**
 * Whether the words after a title's number name another document and its number: "Gutschrift
 * GS-40918 zur Rechnung RE-118204", "Credit note CN-7 to invoice INV-1002", "Avoir A-12 sur
 * facture F-340". The title's number is the document's; the one after is the referred one's.
 */
function refersOnward(after: string[]): boolean {
  if (after.length < 3 || after.length > 5 || !REFERS_TO.has(after[0]!.toLowerCase())) return false;
  const last = trimCode(after.at(-1)!);
  return codeLike(last) && after.slice(1, -1).every((w) => /^\p{L}+\.?$/u.test(w));
}

const CLASS_WORDS = new Set(['class', 'type', 'tipo', 'clase', 'classe', 'typ']);

/** The number in a title cell: "Rechnung(380) Nr. 103001 vom 22.09.2015", "Invoice #A-17 dated …". */
function numberAfterTitle(rest: string): { code: string; at: number } | null | 'below' {
  const tokens = [...rest.matchAll(/\S+/g)].map((m) => ({ text: m[0], at: m.index }));
  let i = 0;
  // "(380)", a type letter ("Invoice B", "Factura A"), then the number's markers.
  while (i < tokens.length && /^\(\w{1,5}\)$/.test(tokens[i]!.text)) i++;
  // "Invoice Class T", "Factura Tipo B": the document's class, not its number.
  if (i + 1 < tokens.length && CLASS_WORDS.has(tokens[i]!.text.toLowerCase()) && /^\p{Lu}$/u.test(tokens[i + 1]!.text))
    i++;
  if (i < tokens.length && tokens.length - i === 1 && /^\p{Lu}$/u.test(tokens[i]!.text)) return 'below';
  while (i < tokens.length && MARKERS.has(tokens[i]!.text.toLowerCase().replace(/:$/, '') || ':')) i++;
  if (i >= tokens.length) return 'below';
  const token = tokens[i]!;
  let code = trimCode(unglue(trimCode(token.text)));
  const at = token.at + token.text.indexOf(code);
  // A short series prefix and its number: "FT IXTEST-01/28".
  let next = i + 1;
  // The pair is the code even where its number alone reads like a date ("FV 2026/03/044").
  if (/^[A-Z]{1,4}$/.test(code) && tokens[next] && codeLike(`${code} ${trimCode(tokens[next]!.text)}`)) {
    code = `${code} ${trimCode(tokens[next]!.text)}`;
    next++;
  }
  // A title ends with its number, or its date ("… vom 05.03.2026"); more words make it a sentence
  // ("Our invoice INV-55321 is attached").
  // A number followed by its date is the document's even inside a sentence ("Votre facture
  // n° FM-12 du 3 mars 2026 est disponible").
  const after = tokens.slice(next);
  if (
    after.length > 0 &&
    !(TITLE_DATE_WORDS.has(after[0]!.text.toLowerCase()) && after.length <= 5) &&
    !datedAfterNumber(rest.slice(after[0]!.at)) &&
    !refersOnward(after.map((t) => t.text)) &&
    !forAnotherNumber(after.map((t) => t.text)) &&
    !forPerson(after.map((t) => t.text))
  )
    return null;
  if (codeLike(code)) return { code, at };
  return LETTER_REFERENCE.test(code) && datedAfterNumber(rest.slice(token.at + token.text.length))
    ? { code, at }
    : null;
}

// Words that name another document's or party's number between a title and a marker ("Rechnung
// Kunden Nr.", "Receipt for order no."): the number is not the title's.
const NOT_THE_TITLES = [...OTHER_NUMBER, ...ORDER_TITLE, ...BOOKING_TITLE, ...INVOICE_TITLE, ...RECEIPT_TITLE];

/**
 * After a title, one to four words saying what it is for, a marker and the number alone: the
 * number. A word in capitals under a title that is not ("Factura seria PAD nr. 0018842") is the
 * number's series, not a word.
 */
function numberAfterSubject(rest: string, titleInCapitals: boolean): { code: string; at: number } | null {
  const tokens = [...rest.matchAll(/\S+/g)].map((m) => ({ text: m[0], at: m.index }));
  const word = (t: string) =>
    /^\p{L}[\p{L}'’-]*$/u.test(t) && (titleInCapitals || t.length < 2 || t !== t.toUpperCase());
  let i = 0;
  while (i < tokens.length && i < 4 && word(tokens[i]!.text)) i++;
  if (i === 0 || i === tokens.length || !MARKERS.has(tokens[i]!.text.toLowerCase())) return null;
  if (firstPhrase(wordsOf(rest.slice(0, tokens[i]!.at)), NOT_THE_TITLES)) return null;
  if (i + 2 !== tokens.length) return null;
  const token = tokens[i + 1]!;
  const code = trimCode(token.text);
  return codeLike(code) ? { code, at: token.at + token.text.indexOf(code) } : null;
}

const INVOICE_PERIOD = /^\d{2,3}年\d{1,2}-\d{1,2}月$/;

const SERIES_AND_NUMBER = /^[A-Z]{1,4} [A-Z0-9]{0,6}\d[\w/-]*$/;
// A certified program's document number: its series, a space, then the series' year or till
// and the number after a slash ("FS 1/2207", "FR 2026/1187", "FT 2026A/118").
const SERIES_SLASH = /^[A-Z]{2,4} [A-Z0-9]{1,8}\/\d{1,8}$/;

/**
 * A title inside a sentence, its number, then the number's date: "Here is the final invoice
 * #7731 dated March 6, 2026 for the sign package", "anbei unsere Rechnung Nr. 4711 vom
 * 05.03.2026". The date right after the number says the number is the document's, wherever
 * the sentence starts. Where `dateAt` is given, the date starts there in the line.
 */
export function datedTitlesInSentences(
  lines: Line[],
  titles: readonly (readonly string[])[],
): { line: Line; code: string; offset: number; dateAt: number }[] {
  // The number reader and the date reader both ask, for the same page: read it once.
  const cached = titledCache.get(lines)?.get(titles);
  if (cached) return cached;
  const out: { line: Line; code: string; offset: number; dateAt: number }[] = [];
  // "zu Rechnung RE-2026-1877 vom 02.03.2026": another document's number and date (read only
  // once a sentence names a dated number, which most pages never do).
  let others: Set<string> | undefined;
  for (const line of lines) {
    if (line.text.length > 2000 || !/\d/.test(line.text)) continue;
    const words = wordsOf(line.text);
    for (const title of titles)
      for (let k = findPhrase(words, title); k >= 0; k = findPhrase(words, title, k + 1)) {
        // "Orig. Bon 31-549870 vom 02.02.2026" on a return slip: the original sale's number and date.
        if (k >= 1 && REFERRING.has(words[k - 1]!.text)) continue;
        const titleEnd = words[k + title.length - 1]!.end;
        const rest = line.text.slice(titleEnd);
        const tokens = [...rest.slice(0, 200).matchAll(/\S+/g)];
        let i = 0;
        while (i < tokens.length && i < 2 && MARKERS.has(tokens[i]![0].toLowerCase().replace(/:$/, ''))) i++;
        const token = tokens[i];
        if (!token) continue;
        const code = trimCode(unglue(token[0]));
        if (!codeLike(code) || !/\d/.test(code)) continue;
        const after = token.index + token[0].length;
        const next = tokens[i + 1];
        if (!next || !TITLE_DATE_WORDS.has(next[0].toLowerCase())) continue;
        const dateAt =
          next.index + next[0].length + (/^\s*/.exec(rest.slice(next.index + next[0].length))?.[0].length ?? 0);
        if (!datedAfterNumber(rest.slice(after))) continue;
        others ??= otherNumbers(lines, 'invoice');
        if (others.has(normal(code))) continue;
        out.push({
          line,
          code,
          offset: line.offset + titleEnd + token.index + token[0].indexOf(code),
          dateAt: titleEnd + dateAt,
        });
      }
  }
  const byTitles = titledCache.get(lines) ?? new Map();
  byTitles.set(titles, out);
  titledCache.set(lines, byTitles);
  return out;
}

const titledCache = new WeakMap<
  Line[],
  Map<readonly (readonly string[])[], { line: Line; code: string; offset: number; dateAt: number }[]>
>();

function titleCandidates(
  lines: Line[],
  documentIndex: number,
  titles: readonly (readonly string[])[],
  codes: ReadonlySet<string> | null,
  weight: number,
): NumberCandidate[] {
  const out: NumberCandidate[] = [];
  for (const line of lines) {
    for (const cell of line.cells) {
      const words = wordsOf(cell.text);
      // A title is short; a longer cell counts only where the number is followed by its date.
      if (words.length === 0 || words.length > 24) continue;
      let last = titleAt(words, titles, TITLE_DETERMINERS);
      if (last < 0 && codes) last = typeCodeAt(words, cell.text, codes);
      if (last < 0) continue;
      let titleEnd = words[last]!.end;
      if (cell.text[titleEnd] === ')') titleEnd++;
      const found = numberAfterTitle(cell.text.slice(titleEnd));
      if (
        words.length > 10 &&
        (found === 'below' || (found && !datedAfterNumber(cell.text.slice(titleEnd + found.at + found.code.length))))
      )
        continue;
      if (found === null) {
        // "RICEVUTA IMPOSTA DI SOGGIORNO N. 2026/0442", "Reçu de course n° 260420-88413": the
        // title, what it is for, then the number's marker and the number that ends the cell.
        const title = cell.text.slice(words[0]!.start, titleEnd);
        const subject = last <= 1 ? numberAfterSubject(cell.text.slice(titleEnd), title === title.toUpperCase()) : null;
        if (subject) out.push(numberAt(subject.code, cell.offset + titleEnd + subject.at, documentIndex, 0.8 * weight));
        continue;
      }
      if (found !== 'below') {
        out.push(numberAt(found.code, cell.offset + titleEnd + found.at, documentIndex, 0.85 * weight));
        continue;
      }
      // The title alone in its cell and the number in the next ("Pedido | #GL-88214-MAD",
      // "Order | 114-7730291"): a label and its value, as a two-column table prints them.
      const beside = line.cells[line.cells.indexOf(cell) + 1];
      if (beside && words.length <= 3) {
        // "FAKTURA — DAŇOVÝ DOKLAD | č. 2026011885": the number after its marker in the next cell.
        const marked = startsWithMarker(beside.text) ? numberAfterTitle(` ${beside.text}`) : null;
        const code = marked && marked !== 'below' ? marked.code : trimCode(beside.text);
        // One word, or a short series prefix and its number ("Fatura | FT 2026/0041877", as
        // Portugal's certified programs number an invoice).
        if (codeLike(code) && (!/\s/.test(code) || SERIES_AND_NUMBER.test(code))) {
          out.push(numberAt(code, beside.offset + beside.text.indexOf(code), documentIndex, 0.8 * weight));
          continue;
        }
      }
      // The title alone on its line: the number is printed under it, in its column.
      // A title set right or centred has its number under it the same way ("FAKTÚRA" over
      // "č. 2026030117" at the right margin): a cell inside the title's span, with its marker.
      for (let n = line.index + 1; n < lines.length && n <= line.index + 3; n++) {
        const under = cellUnder(lines[n]!, cell.start, cell.start + 1, 1);
        const inSpan = under ? undefined : lines[n]!.cells.find((c) => c.start > cell.start && c.end <= cell.end + 2);
        // A title in a header row's last cell ("NIF B43882104 | FACTURA") and, on the very next
        // line, its number after a bare marker ("Núm.: F26-0214"): a mail's table rows keep no
        // columns, so the marker says what the column would.
        const nextRow =
          !under &&
          !inSpan &&
          cell === line.cells.at(-1) &&
          line.cells.length > 1 &&
          nextFilled(lines, line.index) === n &&
          startsWithMarker(lines[n]!.cells[0]?.text ?? '')
            ? lines[n]!.cells[0]
            : undefined;
        // A roll's centred title and, on the next line at the margin, its series and number
        // ("FATURA SIMPLIFICADA" over "FS 1/2207"): that form is a document's number wherever it stands.
        const series =
          !under && !inSpan && !nextRow && nextFilled(lines, line.index) === n && lines[n]!.cells.length === 1
            ? lines[n]!.cells.find((c) => SERIES_SLASH.test(c.text.trim()))
            : undefined;
        const below = under ?? inSpan ?? nextRow ?? series;
        if (!below) continue;
        const marked = numberAfterTitle(` ${below.text}`);
        const withMarker = !!marked && marked !== 'below' && /^\S+\s/.test(below.text);
        // Within a centred or right-set title's span, only a number with its marker ("N° 48213"):
        // a bare code there may be anything printed under a heading.
        if ((inSpan || nextRow) && !withMarker) break;
        const code = series ? series.text.trim() : withMarker ? marked.code : trimCode(below.text);
        // Taiwan's e-invoice prints its two-month period ("115年03-04月") between title and number.
        if (INVOICE_PERIOD.test(code)) continue;
        // "BESTELLUNG" over "2 | Apérol Spritz | 29.00": the first item's quantity, not a number.
        if (quantityOfItem(lines[n]!, below, code)) break;
        // A table's "Invoice" column listing several invoices (a reminder's, a statement's): the
        // first row's number is one of them, not the page's own.
        const nextUnder =
          under && n + 1 < lines.length ? cellUnder(lines[n + 1]!, cell.start, cell.start + 1, 1) : null;
        const listed = !!nextUnder && line.cells.length >= 3 && codeLike(trimCode(nextUnder.text));
        if (codeLike(code))
          out.push(
            numberAt(code, below.offset + below.text.indexOf(code), documentIndex, (listed ? 0.5 : 0.8) * weight),
          );
        break;
      }
    }
  }
  return out;
}

/** Whether `code` is a short count opening an item row of several cells that ends with an amount. */
function quantityOfItem(line: Line, cell: Cell, code: string): boolean {
  return (
    /^\d{1,3}$/.test(code) &&
    line.cells.length >= 3 &&
    line.cells[0] === cell &&
    /\d[.,]\d{2}$/.test(line.cells.at(-1)!.text.trim())
  );
}

/** Whether a text starts with a number's marker ("Núm.:", "No.", "N°"). */
function startsWithMarker(text: string): boolean {
  const first = /^\S+/.exec(text)?.[0] ?? '';
  return MARKERS.has(first.toLowerCase().replace(/:$/, ''));
}

/** The index of the first line after `index` that holds a cell, or -1. */
function nextFilled(lines: Line[], index: number): number {
  for (let n = index + 1; n < lines.length; n++) if (lines[n]!.cells.length > 0) return n;
  return -1;
}

/**
 * A Polish fiscal receipt ("paragon fiskalny") prints its number where the law puts it: first on
 * the line after the totals, before the till ("00077 #Kasa 1  Kasjer nr 3  15:06").
 */
function fiscalReceiptNumbers(lines: Line[], text: string, documentIndex: number): NumberCandidate[] {
  if (!/paragon\s+fiskalny/i.test(text)) return [];
  const out: NumberCandidate[] = [];
  for (const line of lines) {
    const m = /^(\d{4,8}) +#\S/.exec(line.text);
    if (m) out.push(numberAt(m[1]!, line.offset, documentIndex, 0.8));
    // Or at the end of the sale's date and time line under the title ("15-04-2026 21:40   nr 0442").
    const dated = line.text.length <= 80 ? FISCAL_DATED_NUMBER.exec(line.text) : null;
    if (dated) out.push(numberAt(dated[1]!, line.offset + line.text.lastIndexOf(dated[1]!), documentIndex, 0.75));
  }
  return out;
}

const FISCAL_DATED_NUMBER = /^\s*\d{1,4}[-.]\d{2}[-.]\d{2,4},? +\d{1,2}:\d{2}(?::\d{2})? +nr\.? ?(\d{2,8})\s*$/i;

// A ride app's trip code in a cell of its own after the trip's date ("… 2026 · Código VJ7H2K9Q |
// R$ 38,90"): letters and digits mixed, so no column header's word over a product code.
const CODE_IN_CELL = /^Código:? ([A-Z0-9]{5,20})$/u;

function codesInCells(lines: Line[], documentIndex: number): NumberCandidate[] {
  const out: NumberCandidate[] = [];
  for (const line of lines)
    for (const cell of line.cells) {
      const m = cell.text.length <= 40 ? CODE_IN_CELL.exec(cell.text) : null;
      if (m && /\d/.test(m[1]!) && /[A-Z]/.test(m[1]!))
        out.push(numberAt(m[1]!, cell.offset + cell.text.lastIndexOf(m[1]!), documentIndex, 0.6, 'bare'));
    }
  return out;
}

const ownLabelsCache = new Map<string, string[][]>();

/** The kind's own number labels as folded words ("tax invoice number", "rechnungsnummer"). */
function ownLabels(kind: keyof typeof KINDS): string[][] {
  let found = ownLabelsCache.get(kind);
  if (!found) {
    found = KINDS[kind].labels.map((l) => wordsOf(l).map((w) => w.text)).filter((w) => w.length > 0);
    ownLabelsCache.set(kind, found);
  }
  return found;
}

/**
 * Whether a label's words end with one of the document's own number labels ("Tax invoice
 * number" ends with "invoice number"): a word of another's number before it ("tax") does not
 * make the number someone else's. A one-word own label counts only as the whole label.
 */
function ownNumberLabel(words: readonly { text: string }[], kind: keyof typeof KINDS): boolean {
  const said = words.map((w) => w.text);
  return ownLabels(kind).some(
    (l) =>
      l.length <= said.length &&
      (l.length >= 2 || said.length === 1) &&
      l.every((w, k) => said[said.length - l.length + k] === w),
  );
}

/** Values the page prints under another label (a VAT id, an IBAN, a customer number). */
function otherNumbers(lines: Line[], kind: keyof typeof KINDS): Set<string> {
  const out = new Set<string>();
  for (const line of lines) {
    const cells = line.cells;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i]!;
      const colon = cell.text.search(/[:：]/);
      const labelText = colon >= 0 ? cell.text.slice(0, colon) : cell.text;
      const words = wordsOf(labelText);
      if (words.length === 0 || words.length > 5) continue;
      const other = firstPhrase(words, OTHER_NUMBER);
      if (other?.at !== 0 || ownNumberLabel(words, kind)) continue;
      // "Référence dossier", "Session reference": one of the document's own number labels.
      if (ownLabelSet(kind).has(words.map((w) => w.text).join(' '))) continue;
      // "Tax invoice | 88213": the document's title beside its number ("tax" names no tax id here).
      if (KINDS[kind].titles.some((t) => t.length === words.length && t.every((w, k) => words[k]!.text === w)))
        continue;
      // A receipt's order number is its number; a hotel invoice's folio number is the invoice's.
      if (kind === 'receipt' && firstPhrase(words, ORDER_NUMBER_WORDS)?.at === 0) continue;
      if (kind === 'invoice' && words[0]!.text === 'folio') continue;
      const value =
        colon >= 0 && cell.text.slice(colon + 1).trim() ? cell.text.slice(colon + 1) : (cells[i + 1]?.text ?? '');
      const printed = value.trim().split(/\s{2,}/)[0] ?? '';
      if (printed) out.add(normal(trimCode(printed)));
      // "zu Rechnung RE-2026-1877 vom 02.03.2026": the number before its date.
      const tokens = printed.split(/\s+/);
      const dated = tokens.findIndex((t, n) => n > 0 && TITLE_DATE_WORDS.has(t.toLowerCase()));
      if (dated > 0) out.add(normal(trimCode(tokens.slice(0, dated).join(' '))));
    }
  }
  return out;
}

// A till's bare "Bon 48817" or "Beleg 7790" is a German noun, printed capitalised; a lower-case
// "bon" is a French sentence's voucher ("virement, bon n° 7781"), not the receipt's number. A
// restaurant till's "Check 20418" names its bill the same way, a lower-case "check" a verb.
const TILL_NOUNS: ReadonlySet<string> = new Set(['bon', 'beleg', 'check', 'trans']);

/**
 * Whether the label a value at `offset` was read after names another document's number: after a
 * word that refers to the original ("Orig. Bon 14-219930" on a return slip, "Ref. Bestellnummer"),
 * or a till's noun printed in lower case inside a sentence.
 */
export function referredTo(text: string, offset: number, label: string): boolean {
  const before = text.slice(text.lastIndexOf('\n', offset - 1) + 1, offset);
  const search = caseless(before);
  const found = search.lower.lastIndexOf(label);
  if (found < 0) return false;
  const at = search.original(found);
  if (TILL_NOUNS.has(label) && /^\p{Ll}/u.test(before.slice(at))) return true;
  return at > 0 && REFERRING.has(wordsOf(before.slice(0, at)).at(-1)?.text ?? '');
}

/** The code that starts `value` when a date (and a time) is all that follows it, else null. */
function codeBeforeDate(value: string): string | null {
  const m = /^(\S+)\s+(\S.*)$/.exec(value);
  if (!m || !codeLike(trimCode(m[1]!))) return null;
  const date = parseDate(m[2]!);
  if (date?.start !== 0) return null;
  return /^(?:\s+\d{1,2}[:.h]\d{2}(?:[:.]\d{2})?)?$/.test(m[2]!.slice(date.end)) ? trimCode(m[1]!) : null;
}

/** A payment's words: "Payment reference", a "Your payment" heading. */
const PAYMENT_WORDS = phrases('payment');
const PAYMENT_HEADING = /^(?:your |card )?payment$/i;
const REFERENCE_LABEL = /^reference(?: (?:no\.?|number|#))?$/i;

/**
 * A payment's block: a heading that names it ("Your payment", "Card payment") over label and
 * value rows, one of them a bare "Reference" ("Reference | PAY-8812"). Under that heading the
 * reference is the payment's, which is what a payment's receipt is filed by.
 */
function paymentReferences(lines: Line[], documentIndex: number): NumberCandidate[] {
  const out: NumberCandidate[] = [];
  for (const line of lines) {
    if (line.cells.length !== 1 || !PAYMENT_HEADING.test(line.cells[0]!.text.trim())) continue;
    for (let n = line.index + 1; n < lines.length && n <= line.index + 8; n++) {
      const row = lines[n]!;
      if (row.cells.length === 0) {
        if (n === line.index + 1) continue;
        break;
      }
      const [label, value] = row.cells;
      if (row.cells.length !== 2 || !REFERENCE_LABEL.test(label!.text.trim())) continue;
      const code = trimCode(value!.text);
      if (!codeLike(code) || /\s/.test(code)) continue;
      out.push({
        ...numberAt(code, value!.offset + value!.text.indexOf(code), documentIndex, 0.72, 'label'),
        label: 'payment reference',
        payment: true,
      });
    }
  }
  return out;
}

const BARE_MARKERS = ['Nº', 'N°', 'No.', 'Nr.', 'N.', 'Αρ.'];

// A shop's mail names its order in a sentence: "Your order BY-40018832 is ready to collect",
// "Order W-4410 was placed on March 2, 2026 and charged to …" opening one.
const ORDER_IN_SENTENCE =
  /(?:\b[Yy]our order|(?:^|\. )Order) (?:#|no\. ?)?([A-Z0-9][A-Z0-9-]{3,24})(?= (?:is|has|was) )/;
// A letter's sentence that says what it is: "This is your receipt R/26/0418 for booking …".
const RECEIPT_IN_SENTENCE = /\b[Tt]his is your receipt (?:#|no\. ?)?([A-Z0-9][A-Z0-9/-]{3,24})(?=[ ,.;]|$)/;

/**
 * An order's number a sentence names, its verb right after: the receipt's number where the page
 * prints no other; a receipt's own number a sentence names, surer.
 */
function ordersInSentences(lines: Line[], documentIndex: number): NumberCandidate[] {
  const out: NumberCandidate[] = [];
  for (const line of lines) {
    if (line.text.length > 2000) continue;
    for (const [re, strength] of [
      [ORDER_IN_SENTENCE, 0.6],
      [RECEIPT_IN_SENTENCE, 0.7],
    ] as const) {
      const m = re.exec(line.text);
      if (!m || !codeLike(m[1]!) || !/\d/.test(m[1]!)) continue;
      const code = m[1]!;
      out.push(numberAt(code, line.offset + m.index + m[0].length - code.length, documentIndex, strength));
    }
  }
  return out;
}

/**
 * A title inside a sentence and its series and number right after it ("Segue a Fatura-Recibo FR
 * 2026/1187 (ATCUD …), emitida em 08-03-2026"): the certified form names the document, where a
 * bare code after a title in a sentence may be anything.
 */
function seriesNumbersInSentences(
  lines: Line[],
  titles: readonly (readonly string[])[],
  documentIndex: number,
): NumberCandidate[] {
  const out: NumberCandidate[] = [];
  for (const line of lines) {
    if (line.text.length > 2000 || !line.text.includes('/')) continue;
    const words = wordsOf(line.text);
    for (const title of titles)
      for (let k = findPhrase(words, title); k >= 0; k = findPhrase(words, title, k + 1)) {
        if (k >= 1 && REFERRING.has(words[k - 1]!.text)) continue;
        const titleEnd = words[k + title.length - 1]!.end;
        const m = /^\s+(\S+ [^\s,.;)]+)(?=[\s,.;)]|$)/.exec(line.text.slice(titleEnd));
        if (!m || !SERIES_SLASH.test(m[1]!)) continue;
        out.push(numberAt(m[1]!, line.offset + titleEnd + m[0].length - m[1]!.length, documentIndex, 0.75));
      }
  }
  return out;
}

// A number printed in groups after its series letters ("BR 2026 114 0872"), read only under a
// number label: without the letters (a phone number's groups) it is no code.
const SPACED_CODE = /^[A-Z]{1,4}(?: \d{2,6}){2,5}$/;

// A ticket's number as an airline prints it, its carrier's code apart from the serial ("4107
// 2318845106", "622 2190044718"), read only under a number label.
const SPACED_DIGITS = /^\d{3,4} \d{7,10}$/;
// A railway's ticket number in groups of four ("7700 4418 2093"), read only under a number label.
const DIGIT_GROUPS = /^\d{4}(?: \d{4}){2,3}$/;
// A code and a note in parentheses after it ("#4471 (split 2 of 3)"): the code.
const CODE_AND_NOTE = /^(\S+)\s+\([^()]*\)?$/;
// A till's line that goes on with another label and its count ("Docket No: 391 Table 7",
// "Check 0731 Covers 4"): the number before it.
const CODE_THEN_LABEL = /^(\S+)\s+\p{Lu}\p{Ll}{2,12}:?\s+\d{1,3}$/u;

const normal = (code: string) => code.replace(/\s+/g, '').toLowerCase();

const KINDS = {
  invoice: { labels: [...INVOICE_NUMBER, ...INVOICE_NUMBER_MORE, ...INVOICE_NUMBER_WORLD], titles: INVOICE_TITLE },
  // A simplified invoice is a receipt: its invoice number is the receipt's number.
  receipt: {
    labels: [...RECEIPT_NUMBER, ...RECEIPT_NUMBER_MORE, ...INVOICE_NUMBER],
    titles: [...RECEIPT_TITLE, ...INVOICE_TITLE],
  },
};

const ownLabelSets = new Map<string, Set<string>>();

/** The words of the document's own number labels (per kind, read once). */
function ownLabelSet(kind: keyof typeof KINDS): Set<string> {
  let set = ownLabelSets.get(kind);
  if (!set) {
    set = new Set(
      KINDS[kind].labels.map((l) =>
        wordsOf(l)
          .map((w) => w.text)
          .join(' '),
      ),
    );
    ownLabelSets.set(kind, set);
  }
  return set;
}

/** A refund's number labels: the refund's own document. */
const REFUND_NUMBER_WORDS = phrases('refund', 'erstattung', 'remboursement', 'reembolso', 'rimborso');
/** A booking's code labels' words. */
const BOOKING_WORDS = phrases(
  'booking',
  'confirmation',
  'reservation',
  'buchung',
  'buchungsnummer',
  'réservation',
  'reserva',
  'localizador',
  'prenotazione',
  'reservering',
);
/** "Document No.": the number of the document itself, beside its order's. */
const DOCUMENT_WORDS = phrases('document');

/** An airline's EMD (its receipt for a bag, a seat, a fee): "EMD number 838 2104477193". */
const EMD_WORDS = phrases('emd');

/** A payment confirmation's number of the payment ("Numer płatności"): its own number, as a receipt's is. */
const PAYMENT_NUMBER_WORDS = phrases('numer płatności');

/** A hotel folio's number labels ("Folio No.", "Folio de cuenta"). */
const FOLIO_WORDS = phrases('folio');

/** A carrier's PRO number: a freight bill's number where the page prints no invoice number. */
const PRO_WORDS = phrases('pro');

/** A receipt's number labels after its own words (order, transaction) are less its number. */
function labelWeight(kind: keyof typeof KINDS, label: string): number {
  const words = wordsOf(label);
  if (kind !== 'receipt') return firstPhrase(words, PRO_WORDS)?.at === 0 ? 0.8 : 1;
  // A bare noun ("Beleg 7790") names less surely than a number's label ("Beleg-Nr.", "Bonnummer"):
  // a card slip's "Beleg Nr. 0442" reads the same way. It only stands where nothing else does.
  if (TILL_NOUNS.has(label)) return 0.6;
  // A card processor's id for the charge ("Payment ID  LFfFPhxkpRrn" under a café's "Check #265"):
  // the receipt's number only where the page prints no other.
  if (label.toLowerCase() === 'payment id') return 0.55;
  // An invoice's own number labels, compounds too ("Factuurnummer", "Rechnungsnummer").
  return ownLabelSet('invoice').has(words.map((w) => w.text).join(' ')) ||
    firstPhrase(words, RECEIPT_TITLE) ||
    firstPhrase(words, INVOICE_TITLE) ||
    firstPhrase(words, REFUND_NUMBER_WORDS) ||
    firstPhrase(words, PAYMENT_NUMBER_WORDS)?.at === 0 ||
    firstPhrase(words, DOCUMENT_WORDS)?.at === 0
    ? 1
    : 0.8;
}

/** Whether the value at `offset` is alone on its line and the line above holds the label alone. */
function stackedUnderLabel(lines: Line[], offset: number, label: string): boolean {
  const i = lines.findIndex((l) => offset >= l.offset && offset <= l.offset + l.text.length);
  if (i < 1 || lines[i]!.cells.length !== 1) return false;
  const above = lines[i - 1]!;
  return above.cells.length === 1 && above.text.trim().toLowerCase().replace(/\s+/g, ' ') === label;
}

/** Whether `part` is one of the pieces `whole` joins with separators ("5512" of "0412-03-5512"). */
function segmentOf(part: string, whole: string): boolean {
  if (part.length === 0 || whole.length <= part.length) return false;
  return whole.split(/[^\p{L}\p{N}]/u).includes(part);
}

/** Where a document says it is no invoice ("This is not an invoice", "Dies ist keine Rechnung"), or null. */
function saysNotAnInvoice(documents: ReadableDocument[]): { document_index: number; offset: number } | null {
  for (const { doc, text } of documents)
    for (const line of linesOf(doc, text)) {
      if (line.text.length > 2000 || line.cells.length === 0) continue;
      const found = firstPhrase(wordsOf(line.text), NOT_AN_INVOICE);
      if (found) return { document_index: doc.index, offset: line.offset };
    }
  return null;
}

export function documentNumber(
  documents: ReadableDocument[],
  kind: keyof typeof KINDS = 'invoice',
): PrintedCandidate[] {
  if (kind === 'invoice') {
    // An order confirmation, a pro-forma or a quote that says it is no invoice has no invoice number.
    const none = saysNotAnInvoice(documents);
    if (none) return [{ raw: '', confidence: 0, ...none, why: 'the page says it is no invoice', absent: true }];
  }
  const { labels, titles } = KINDS[kind];
  const all: NumberCandidate[] = [];
  for (const { doc, text } of documents) {
    const lines = linesOf(doc, text);
    const sections = sectionsOf(lines);
    const others = otherNumbers(lines, kind);
    const cellAt = (offset: number) => {
      const line = lines.find((l) => offset >= l.offset && offset <= l.offset + l.text.length);
      return line?.cells.find((c) => offset >= c.offset && offset < c.offset + c.text.length);
    };
    const roleAt = (offset: number) => {
      const cell = cellAt(offset);
      return cell ? sections.get(cell)?.role : undefined;
    };
    const found: NumberCandidate[] = [
      ...labeledCandidates(labels, [{ doc, text }], 'string')
        .map((c) => ({ ...c, said: labelOf(labels, c.label) }))
        .filter((c) => !referredTo(text, c.offset, c.said))
        .map((c) => {
          const words = wordsOf(c.said);
          return {
            value: trimCode(c.raw),
            raw: c.raw,
            offset: c.offset,
            document_index: doc.index,
            strength: c.base * labelWeight(kind, c.said),
            source: 'label' as const,
            label: c.said,
            booking: hasPhrase(words, BOOKING_WORDS),
            folio: firstPhrase(words, FOLIO_WORDS)?.at === 0,
            invoice: kind === 'receipt' && firstPhrase(words, INVOICE_TITLE) !== null,
            payment: kind === 'receipt' && firstPhrase(words, PAYMENT_WORDS)?.at === 0,
            own:
              kind === 'receipt' &&
              (firstPhrase(words, RECEIPT_TITLE) !== null ||
                firstPhrase(words, EMD_WORDS)?.at === 0 ||
                firstPhrase(words, PAYMENT_NUMBER_WORDS)?.at === 0 ||
                firstPhrase(words, REFUND_NUMBER_WORDS)?.at === 0),
          };
        }),
      // "Invoice ID - #1208": a dash where the colon would be.
      ...dashedValues(lines, labels).map((d) => {
        const code = trimCode(d.raw);
        return numberAt(
          code,
          d.offset + Math.max(0, d.raw.indexOf(code)),
          doc.index,
          0.8 * labelWeight(kind, d.label),
          'label',
        );
      }),
      ...(kind === 'invoice'
        ? titleCandidates(lines, doc.index, titles, INVOICE_TYPE_CODES, 1)
        : [
            ...titleCandidates(lines, doc.index, RECEIPT_TITLE, null, 1),
            ...titleCandidates(lines, doc.index, INVOICE_TITLE, null, 1).map((c) => ({ ...c, invoiceTitle: true })),
          ]),
      ...(kind === 'receipt' ? paymentReferences(lines, doc.index) : []),
      ...datedTitlesInSentences(lines, titles).map((t) => numberAt(t.code, t.offset, doc.index, 0.8)),
      // An order confirmation's title names the order: a receipt's number, less surely than its own.
      ...(kind === 'receipt' ? titleCandidates(lines, doc.index, ORDER_TITLE, null, 0.8) : []),
      // A booking confirmed and paid: its booking number is what the receipt is filed by.
      ...(kind === 'receipt'
        ? titleCandidates(lines, doc.index, BOOKING_TITLE, null, 0.8).map((c) => ({ ...c, booking: true }))
        : []),
      ...(kind === 'receipt' ? fiscalReceiptNumbers(lines, text, doc.index) : []),
      ...(kind === 'receipt' ? codesInCells(lines, doc.index) : []),
      ...seriesNumbersInSentences(lines, titles, doc.index),
      ...(kind === 'receipt' ? ordersInSentences(lines, doc.index) : []),
      // A receipt's number after a bare marker at the start of its line ("Nº FS26-008812").
      ...(kind === 'receipt'
        ? labeledCandidates(BARE_MARKERS, [{ doc, text }], 'string', true)
            .filter((c) => c.cellStart)
            .map((c) => ({
              value: trimCode(c.raw),
              raw: c.raw,
              offset: c.offset,
              document_index: doc.index,
              strength: c.base * 0.75,
              source: 'bare' as const,
            }))
        : []),
      ...numbersWithDates(lines).map((pair) =>
        numberAt(
          pair.value,
          pair.number.offset + Math.max(0, pair.number.text.lastIndexOf(pair.value)),
          doc.index,
          0.7,
          'bare',
        ),
      ),
      ...labeledCandidates(BARE_NUMBER, [{ doc, text }], 'string', true).map((c) => ({
        value: trimCode(c.raw),
        raw: c.raw,
        offset: c.offset,
        document_index: doc.index,
        strength: c.base * 0.8,
        source: 'bare' as const,
      })),
    ];
    for (const found0 of found) {
      let c = found0;
      // "Bonnr: 3-0077162 03-03-2026 18:07": a till prints its receipt's number, date and time on
      // one line; the number is the code before its date.
      if (c.source === 'label' && !codeLike(c.value)) {
        const code = codeBeforeDate(c.value);
        if (code) c = { ...c, value: code, raw: code };
        const noted = CODE_AND_NOTE.exec(c.value);
        if (noted && codeLike(trimCode(noted[1]!))) c = { ...c, value: trimCode(noted[1]!), raw: trimCode(noted[1]!) };
        const labelled = CODE_THEN_LABEL.exec(c.value);
        if (labelled && codeLike(trimCode(labelled[1]!)))
          c = { ...c, value: trimCode(labelled[1]!), raw: trimCode(labelled[1]!) };
      }
      if (c.source === 'label' && isFieldLabel(c.value)) {
        const below = cellUnderLabel(lines, c.offset);
        const code = below ? trimCode(below.text) : '';
        if (!below || !codeLike(code)) continue;
        const offset = below.offset + below.text.indexOf(code);
        c = { ...c, value: code, raw: code, offset, strength: Math.min(c.strength, 0.8) };
      }
      // "Nº de recibo" over "REC-2026-0418", each alone on its line (an e-receipt's meta block
      // stacks label and value): as sure as a title over its number, more than a heading's value.
      // Only under the receipt's own word: another number stacked so (a booking's, a card slip's)
      // stays as weak as a heading's value.
      if (kind === 'receipt' && c.own && c.label && c.strength < 0.8 && stackedUnderLabel(lines, c.offset, c.label))
        c = { ...c, strength: 0.8 * labelWeight(kind, c.label) };
      if (!c.value || c.value.length > 40) continue;
      // A bare "Number" counts only as a code; a labelled one may be letters ("FINAL-ATT").
      if (c.source !== 'label' && !codeLike(c.value) && !(c.source === 'title' && LETTER_REFERENCE.test(c.value)))
        continue;
      if (
        c.source === 'label' &&
        !codeLike(c.value) &&
        !/^\S{1,30}$/.test(c.value) &&
        !SPACED_CODE.test(c.value) &&
        !SPACED_DIGITS.test(c.value) &&
        !DIGIT_GROUPS.test(c.value)
      )
        continue;
      const role = roleAt(c.offset);
      if (role === 'buyer' || role === 'delivery' || role === 'reference') continue;
      if (others.has(normal(c.value)) && !c.payment) continue;
      all.push(c);
    }
    // The document before its wrapper: the body counts only when no attachment has a number.
    if (all.length > 0) break;
  }
  if (all.length === 0) return [];
  // "Nikos A. – ticket no. 0012-4471882", "Eleni A. – ticket no. 0012-4471883" beside "Receipt
  // no. R-26-30418": one label giving several numbers names items of the document (its
  // passengers' tickets), where another label as strong gives one number, the document's.
  const valuesByLabel = new Map<string, Set<string>>();
  for (const c of all)
    if (c.source === 'label' && c.label)
      valuesByLabel.set(c.label, (valuesByLabel.get(c.label) ?? new Set()).add(normal(c.value)));
  const several = (c: NumberCandidate) => c.source === 'label' && !!c.label && valuesByLabel.get(c.label)!.size > 1;
  const single = all.filter((c) => c.source === 'label' && c.label && !several(c));
  for (const [i, c] of all.entries())
    if (several(c) && single.some((o) => o.strength >= c.strength))
      all[i] = { ...c, strength: c.strength * 0.8, own: false };
  // "Invoice INV-4410 · dated 01/03/2026" over "Payment reference PR-0031": a mail that is the
  // receipt for a payment is filed by the payment's reference; the invoice is what it settles.
  if (kind === 'receipt' && all.some((c) => c.payment) && !all.some((c) => c.own))
    for (const [i, c] of all.entries()) if (c.invoiceTitle) all[i] = { ...c, strength: c.strength * 0.8 };
  // "Receipt No. R-118" beside "Folio No. 88231": the receipt's own number, not the stay's account.
  const ownValues = new Set(all.filter((c) => c.own).map((c) => normal(c.value)));
  // A till's bare "Trans 4418" beside it is the sale's sequence number, no document a house files by.
  const ownBesideOthers =
    ownValues.size > 0 &&
    all.some((c) => !c.folio && c.source !== 'bare' && c.label !== 'trans' && !ownValues.has(normal(c.value)));
  // So is a tax invoice's number ("Tax Invoice No. 260312-0088" over "Folio No. 55210").
  if (all.some((c) => c.own || c.invoice)) {
    const kept = all.filter((c) => !c.folio);
    all.length = 0;
    // "Receipt # 018823" beside "Invoice # ADE-26-4471", "Refund number RF-…" beside the original
    // receipt's: the receipt's own number is what it is filed by; the others name the documents
    // it settles or refunds.
    all.push(
      ...kept.map((c) =>
        ownValues.size === 0 || ownValues.has(normal(c.value)) ? c : { ...c, strength: c.strength * 0.85 },
      ),
    );
  }
  // "PRO 482-1190375" under the title, "PRO Number  482-1190375" in the grid: the number's name
  // printed before it; the labelled form is the number.
  const labelledValues = new Set(all.filter((c) => c.source === 'label').map((c) => normal(c.value)));
  for (const [i, c] of all.entries()) {
    const named = /^([A-Z]{1,4}) (\S+)$/.exec(c.value);
    if (c.source === 'label' || !named || !labelledValues.has(normal(named[2]!))) continue;
    all[i] = { ...c, value: named[2]!, raw: named[2]!, offset: c.offset + named[1]!.length + 1 };
  }
  const byValue = new Map<string, NumberCandidate[]>();
  for (const c of all) byValue.set(normal(c.value), [...(byValue.get(normal(c.value)) ?? []), c]);
  const scored = [...byValue.values()].map((list) => {
    const best = list.reduce((a, b) => (b.strength > a.strength ? b : a));
    // A label and the title saying the same is as sure as a label with a colon; the same
    // printed number read both ways ("Order #1042" is a label and a title) is one reading.
    const labelled = list.filter((c) => c.source === 'label');
    const agree = list.some((t) => t.source === 'title' && labelled.some((l) => l.offset !== t.offset));
    const strength = agree ? Math.max(best.strength, 0.95) : best.strength;
    return {
      best,
      strength,
      first: Math.min(...list.map((c) => c.offset)),
      title: labelled.length === 0 && list.some((c) => c.source === 'title'),
      booking: labelled.some((c) => c.booking),
    };
  });
  scored.sort((a, b) => b.strength - a.strength || a.first - b.first);
  const [top, second] = scored;
  let confidence = top!.strength;
  // A rival of similar strength: at most 0.7.
  if (second && second.strength >= top!.strength - 0.1) confidence = Math.min(confidence, 0.7);
  // The receipt's own number preferred to another document's the page also prints: a house
  // may file the receipt by the other.
  if (ownBesideOthers) confidence = Math.min(confidence, 0.85);
  // A title's number, labelled nowhere, against a booking's code ("Ticket 0272121813063" under
  // "Confirmation code: IUZWKS"): the title's word may name a traveller's ticket, and the
  // booking's code is what the trip's receipt is filed by.
  if (top!.title && scored.some((c) => c !== top && c.booking && c.strength >= 0.6))
    confidence = Math.min(confidence, 0.7);
  // One number printed short and in full ("Bon 5512", "Beleg-Nr. 0412-03-5512"): the page does
  // not say which form is the document's number.
  // A till's transaction number ("Trans 4418") is a number of its own, which a receipt's long
  // number may embed ("Receipt #: 2207-03-4418-0311"): no short form of it.
  const topValue = normal(top!.best.value);
  const shortForm = (c: (typeof scored)[number]) => c.best.label !== 'trans' && top!.best.label !== 'trans';
  if (
    scored.some(
      (c) =>
        c !== top &&
        shortForm(c) &&
        (segmentOf(topValue, normal(c.best.value)) || segmentOf(normal(c.best.value), topValue)),
    )
  )
    confidence = Math.min(confidence, 0.7);
  return [
    {
      raw: top!.best.raw,
      confidence: Math.round(confidence * 1000) / 1000,
      document_index: top!.best.document_index,
      offset: top!.best.offset,
      why: top!.best.source,
    },
  ];
}
