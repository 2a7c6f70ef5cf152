// Dates as the page prints them. Whether 03/04/2026 is the 3rd of April or the 4th of March is
// decided from the document itself: other dates on the page that read only one way (13/04, or
// 04/13), dotted dates (day first everywhere), month names written before or after the day,
// the language of the page, and its currency. When nothing decides, the value says so in its
// confidence (at most 0.5).
//
// The issue date: its label, the title line ("Rechnung Nr. 4711 vom 05.03.2026", "Invoice
// #A-17 dated March 5, 2026"), a bare "Date" outside the parties' blocks, a letter's own date
// ("Berlin, den 05.03.2026"). The due date: its label, or a payment sentence with a deadline
// ("Bitte überweisen Sie … bis zum 19.03.2026", "entro il 9 aprile 2026", "Payment due by …").
import { dayFirstLanguage } from '../extract-reading.ts';
import { labeledCandidates } from '../extract-labels.ts';
import { parseDate } from '../validate-dates.ts';
import { cellUnder, type Line, linesOf, nextFilled } from './layout.ts';
import { underHeaderLabels } from './grid.ts';
import { datedTitlesInSentences } from './numbers.ts';
import {
  BARE_DATE,
  DUE_DATE,
  DUE_DATE_MORE,
  INVOICE_DATE,
  INVOICE_DATE_MORE,
  INVOICE_NUMBER,
  TAX_POINT,
} from './labels.ts';

const INVOICE_DATES = [...INVOICE_DATE, ...INVOICE_DATE_MORE];
const DUE_DATES = [...DUE_DATE, ...DUE_DATE_MORE];
import {
  INVOICE_TITLE,
  INVOICE_TYPE_CODES,
  ORDER_TITLE,
  PAID,
  RECEIPT_TITLE,
  TITLE_DATE_WORDS,
  TITLE_DETERMINERS,
} from './lexicon.ts';
import { US_CITY_STATE_ZIP } from './currency.ts';
import { numbersWithDates } from './numbers.ts';
import { sectionsOf } from './sections.ts';
import { firstPhrase, fold, phrases, titleAt, typeCodeAt, type Word, wordsOf } from './words.ts';
import type { PrintedCandidate, ReadableDocument } from './index.ts';

export type DateOrder = 'dmy' | 'mdy';

const NUMERIC_DATE = /(?<![\d.])(\d{1,2})[/-](\d{1,2})[/-](\d{2,4})(?![\d.])/g;
const DOTTED_DATE = /(?<![\d.])\d{1,2}\.\d{1,2}\.\d{2,4}(?![\d.])/;
const MONTH_FIRST =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}(?:st|nd|rd|th)?,\s+\d{4}/i;

export interface Order {
  order: DateOrder;
  /** Decided by dates that read one way only, dotted dates or the page's language; not only by its currency or style. */
  sure: boolean;
}

const orderCache = new WeakMap<object, Order | null>();

const DAY = 86_400_000;

/**
 * The order the mail's own date votes for: a date that reads both ways and, read one way, is
 * the day the mail was sent (the sender's calendar day) or up to three days before (an invoice
 * is sent the day it is issued or soon after) while read the other way it is weeks away. Null
 * when no date votes, or dates vote both ways.
 */
function orderBySent(text: string, today: number): DateOrder | null {
  const near = (y: number, m: number, d: number) => {
    const day = Date.UTC(y, m - 1, d) / DAY;
    return day - today >= -3 && day - today <= 0;
  };
  const far = (y: number, m: number, d: number) => Math.abs(Date.UTC(y, m - 1, d) / DAY - today) > 20;
  let dmy = 0;
  let mdy = 0;
  for (const m of text.matchAll(NUMERIC_DATE)) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const y = Number(m[3]);
    if (m[3]!.length !== 4 || a < 1 || b < 1 || a > 12 || b > 12 || a === b) continue;
    if (near(y, b, a) && far(y, a, b)) dmy++;
    else if (near(y, a, b) && far(y, b, a)) mdy++;
  }
  if (dmy > 0 && mdy === 0) return 'dmy';
  if (mdy > 0 && dmy === 0) return 'mdy';
  return null;
}

// Countries that write the day first and print "$" or their own signs: Australia and New
// Zealand (A$, NZ$, an ABN, "Pty Ltd"), India (₹, Rs., a GSTIN).
const DAY_FIRST_DOLLAR = /A\$|NZ\$|\b(?:AUD|NZD|INR|ABN|GSTIN)\b|₹|\bRs\.\s?\d|\bPty\.? Ltd\b/;

/**
 * How the document writes its dates, from its own evidence; null when nothing decides. `sentDay`
 * (the day the mail was sent, in days since 1970 on the sender's calendar) lets a page whose
 * dates all read both ways be decided by it: agreeing with the page's currency or style, or
 * alone, it decides surely; against them, it decides, not surely.
 */
export function dateOrder(key: object, text: string, sentDay: number | null = null): Order | null {
  if (orderCache.has(key)) return orderCache.get(key)!;
  let order = pageOrder(text);
  if (sentDay !== null && !order?.sure) {
    const vote = orderBySent(text, sentDay);
    if (vote) order = { order: vote, sure: !order || order.order === vote };
  }
  orderCache.set(key, order);
  return order;
}

function pageOrder(text: string): Order | null {
  let dmy = 0;
  let mdy = 0;
  for (const m of text.matchAll(NUMERIC_DATE)) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    // Only what can be a date votes: a sort code "12-34-56" is none.
    if (a < 1 || b < 1 || a > 31 || b > 31 || (m[3]!.length !== 4 && m[0].includes('-'))) continue;
    if (a > 12 && b <= 12) dmy++;
    else if (b > 12 && a <= 12) mdy++;
  }
  let order: Order | null = null;
  if (dmy > 0 && mdy === 0) order = { order: 'dmy', sure: true };
  else if (mdy > 0 && dmy === 0) order = { order: 'mdy', sure: true };
  else if (dmy === 0 && mdy === 0) {
    if (DOTTED_DATE.test(text) || dayFirstLanguage(text)) order = { order: 'dmy', sure: true };
    else if (MONTH_FIRST.test(text)) order = { order: 'mdy', sure: false };
    else if (DAY_FIRST_DOLLAR.test(text)) order = { order: 'dmy', sure: false };
    else if (/US\$|\bUSD\b|\$\s?\d/.test(text) && !/€|£|\bEUR\b|\bGBP\b/.test(text))
      order = { order: 'mdy', sure: false };
    // A US address on a page that prints no currency (a restaurant's check, a till slip).
    else if (US_CITY_STATE_ZIP.test(text) && !/€|£|\bEUR\b|\bGBP\b|\bCHF\b/.test(text))
      order = { order: 'mdy', sure: false };
    else if (/€|£|\bEUR\b|\bGBP\b|\bCHF\b/.test(text)) order = { order: 'dmy', sure: false };
  }
  return order;
}

export interface ReadDate {
  iso: string;
  /** How sure the reading is: 1, or less for a date that reads both ways on a page that barely decides. */
  certainty: number;
  start: number;
  end: number;
}

/** The first date in `text`, read in the document's order. */
export function readDate(text: string, order: Order | null): ReadDate | null {
  const found = parseDate(text);
  if (!found) return null;
  const iso = found.value as string;
  if (!found.ambiguous) return { iso, certainty: 1, start: found.start, end: found.end };
  // Read in the document's order; a page decided only by its currency or style stays below
  // the default auto-accept threshold, and a page that decides nothing at most 0.5.
  const certainty = order === null ? 0.5 : order.sure ? 1 : 0.75;
  // parseDate reads an ambiguous date day first: month first swaps day and month.
  if (order?.order === 'mdy') {
    const [y, m, d] = iso.split('-');
    return { iso: `${y}-${d}-${m}`, certainty, start: found.start, end: found.end };
  }
  return { iso, certainty, start: found.start, end: found.end };
}

interface DateCandidate {
  iso: string;
  certainty: number;
  raw: string;
  offset: number;
  document_index: number;
  strength: number;
  source: string;
}

const ISSUED_PREFIX = /^(?:emitid[ao]|expedida|emessa|émise?|issued)(?: (?:el|em|il|le|on))? /i;
const ISSUED = new Set(['emitida', 'emitido', 'expedida', 'emessa']);
const ISSUED_ON = new Set(['el', 'em', 'il']);

/** The date a title line ends with: "Rechnung Nr. 4711 vom 05.03.2026". */
function titleDates(
  lines: Line[],
  order: Order | null,
  documentIndex: number,
  titles: readonly (readonly string[])[],
  anyPlace: boolean,
  codes: ReadonlySet<string> | null,
): DateCandidate[] {
  const out: DateCandidate[] = [];
  for (const line of lines) {
    const cell = line.cells[0];
    if (!cell) continue;
    const words = wordsOf(cell.text);
    if (words.length === 0 || words.length > 24) continue;
    let title = titleAt(words, titles, TITLE_DETERMINERS);
    if (title < 0 && codes) title = typeCodeAt(words, cell.text, codes);
    if (title < 0) continue;
    // A marker word then the date, after the number (a receipt's "Ticket n° 312   14/03/2026" needs none).
    const text = anyPlace ? line.text.slice(cell.start) : cell.text;
    const tokens = [...text.matchAll(/\S+/g)];
    const titleEnd = words[title]!.end;
    // In a sentence ("Votre facture n° FM-12 du 3 mars 2026 est disponible …") the date must
    // follow the number: at most a marker, the number and a date word after the title.
    const after = tokens.findIndex((t) => t.index >= titleEnd);
    const reach = words.length > 14 ? after + 4 : tokens.length;
    // The title and its number in one cell and the date alone in the next ("Factura
    // CUR-2026-0388 | 21/03/2026"): a purchase header prints the date beside the number.
    const beside = !anyPlace && words.length <= 6 && line.cells.length === 2 ? line.cells[1]! : null;
    // "Factura NS-17 · emitida el 2 de marzo de 2026": the date after a word that says it is the issue's.
    const lead = beside ? (ISSUED_PREFIX.exec(beside.text)?.[0].length ?? 0) : 0;
    const besideDate = beside ? readDate(beside.text.slice(lead), order) : null;
    if (beside && besideDate && besideDate.start === 0 && lead + besideDate.end === beside.text.trimEnd().length) {
      out.push({
        iso: besideDate.iso,
        certainty: besideDate.certainty,
        raw: beside.text.slice(lead, lead + besideDate.end),
        offset: beside.offset + lead,
        document_index: documentIndex,
        strength: 0.8,
        source: 'title',
      });
      continue;
    }
    for (let i = 1; i < tokens.length && i <= reach; i++) {
      const previous = fold(tokens[i - 1]![0]);
      // "[Commande n°4821] (8 mars 2026)": a date in parentheses after the number.
      const parenthesised = tokens[i]![0].startsWith('(') && i >= after;
      // "Factura NS-17 · emitida el 2 de marzo de 2026", "Fatura 88 emitida em 05/03/2026".
      const issued = i >= 2 && ISSUED_ON.has(previous) && ISSUED.has(fold(tokens[i - 2]![0]));
      if (!anyPlace && !TITLE_DATE_WORDS.has(previous) && !parenthesised && !issued) continue;
      const at = tokens[i]!.index + (parenthesised ? 1 : 0);
      const date = readDate(text.slice(at), order);
      if (date && date.start === 0) {
        out.push({
          iso: date.iso,
          certainty: date.certainty,
          raw: text.slice(at, at + date.end),
          offset: cell.offset + at,
          document_index: documentIndex,
          strength: 0.85,
          source: 'title',
        });
        break;
      }
    }
  }
  return out;
}

/** The date printed alone beside (or under) the document's number with no label ("RE-2026-0117 | 05.03.2026"). */
function besideNumberDates(lines: Line[], order: Order | null, documentIndex: number): DateCandidate[] {
  const out: DateCandidate[] = [];
  for (const pair of numbersWithDates(lines)) {
    const date = readDate(pair.date.text, order);
    if (!date) continue;
    out.push({
      iso: date.iso,
      certainty: date.certainty,
      raw: pair.date.text.slice(date.start, date.end),
      offset: pair.date.offset + date.start,
      document_index: documentIndex,
      strength: 0.7,
      source: 'beside number',
    });
  }
  return out;
}

const DATED = /^(?:dated|dtd\.?)\s*[:.]?\s*/i;
const NUMBER_LABELS = INVOICE_NUMBER.map((l) => fold(l));

/**
 * "Dated" under the document's number label, as Indian (Tally-style) header boxes print them:
 * "Invoice No. SGT/25-26/1482" over "Dated 5-Mar-2026". The word dates the number above it in
 * its column, so under "Buyer's Order No." or "Delivery Note No." it dates that other document.
 * A "Dated" header beside the number's ("Invoice No.   Dated") heads the date under it.
 */
function datedUnderNumber(lines: Line[], order: Order | null, documentIndex: number): DateCandidate[] {
  const out: DateCandidate[] = [];
  const numberLabel = (text: string) => {
    const label = fold(text);
    return NUMBER_LABELS.some((l) => label.startsWith(l) && !/[\p{L}\d]/u.test(label[l.length] ?? ''));
  };
  for (const [i, line] of lines.entries()) {
    for (const [k, cell] of line.cells.entries()) {
      // "Invoice No.   Dated" over "CSP/2526/00912   11/03/2026": the header beside the number's.
      if (/^(?:dated|dtd\.?)$/i.test(cell.text) && k > 0 && numberLabel(line.cells[k - 1]!.text)) {
        const next = nextFilled(lines, i, 2);
        const below = next ? cellUnder(next, cell.start, cell.end, 2) : undefined;
        const date = below ? readDate(below.text, order) : null;
        if (below && date?.start === 0 && below.text.slice(date.end).trim() === '')
          out.push({
            iso: date.iso,
            certainty: date.certainty,
            raw: below.text.slice(date.start, date.end),
            offset: below.offset + date.start,
            document_index: documentIndex,
            strength: 0.85,
            source: 'label',
          });
        continue;
      }
      const word = DATED.exec(cell.text);
      if (!word) continue;
      const rest = cell.text.slice(word[0].length);
      const date = readDate(rest, order);
      if (date?.start !== 0 || rest.slice(date.end).trim() !== '') continue;
      const above = lines
        .slice(Math.max(0, i - 2), i)
        .reverse()
        .flatMap((l) => l.cells)
        .find((c) => Math.abs(c.start - cell.start) <= 4);
      if (!numberLabel(above?.text ?? '')) continue;
      out.push({
        iso: date.iso,
        certainty: date.certainty,
        raw: rest.slice(date.start, date.end),
        offset: cell.offset + word[0].length + date.start,
        document_index: documentIndex,
        strength: 0.85,
        source: 'label',
      });
    }
  }
  return out;
}

// What may stand between a letter's place and its date: "Berlin, den 05.03.2026", "Paris, le
// 5 mars 2026", "Kraków, dnia 05.03.2026".
const LETTER_DATE_WORDS = new Set(['den', 'am', 'le', 'il', 'el', 'dnia', 'dn.', 'the', 'on']);
const PLACE = /^\p{Lu}[\p{L}.'’\- ]{1,40}$/u;

/**
 * A letter's own date at the head of the page: a place, a comma and the date, alone in its
 * cell ("Kraków, dnia 05.03.2026", "Wrocław, 2026-03-12", "Milano, 5 marzo 2026"). It is the
 * date the document was written: its issue date, less surely than a labelled one.
 */
function letterDates(lines: Line[], order: Order | null, documentIndex: number): DateCandidate[] {
  const out: DateCandidate[] = [];
  let seen = 0;
  for (const line of lines) {
    if (line.cells.length === 0) continue;
    if (++seen > 8) break;
    for (const cell of line.cells) {
      const comma = cell.text.indexOf(', ');
      if (comma < 2 || !PLACE.test(cell.text.slice(0, comma))) continue;
      let at = comma + 2;
      const word = /^\S+/.exec(cell.text.slice(at))?.[0] ?? '';
      if (LETTER_DATE_WORDS.has(word.toLowerCase())) at += word.length + 1;
      const rest = cell.text.slice(at);
      const date = readDate(rest, order);
      if (date?.start !== 0 || rest.slice(date.end).trim() !== '') continue;
      out.push({
        iso: date.iso,
        certainty: date.certainty,
        raw: rest.slice(0, date.end),
        offset: cell.offset + at,
        document_index: documentIndex,
        strength: 0.8,
        source: 'letter',
      });
    }
  }
  return out;
}

const PAYMENT_WORDS = phrases(
  'pay',
  'payment',
  'payable',
  'remit',
  'due',
  'transfer',
  'zahlbar',
  'zahlung',
  'überweisen',
  // Swiss, French and Italian slips: "Bitte bis 31. März 2026 einzahlen", "à verser jusqu'au …".
  'einzahlen',
  'einzahlung',
  'verser',
  'versement',
  'versare',
  'versamento',
  'bezahlen',
  'begleichen',
  'fällig',
  'payer',
  'paiement',
  'règlement',
  'régler',
  'échéance',
  'pagar',
  'pago',
  'abonar',
  'vencimiento',
  'betalen',
  'betaling',
  'overmaken',
  'over te maken',
  'voldoen',
  'pagamento',
  'pagare',
  'bonifico',
  'scadenza',
  'zapłaty',
  'zapłacić',
  'płatność',
  // Czech and Slovak: "Prosíme o její zaplacení nejpozději do 7. 5. 2026", "splatné do".
  'zaplacení',
  'zaplatit',
  'úhradu',
  'uhraďte',
  'splatné',
  'zaplatenie',
  'uhradiť',
  'betala',
  'betalning',
  'betale',
  'betaling',
  // Direct debits: the date the amount is taken is when it is paid.
  'debit',
  'debited',
  'charged',
  // "We'll charge the Visa card ending in 4417 on April 1, 2026": a card on file's charge day.
  'will charge',
  'll charge',
  'abgebucht',
  'abbuchung',
  'lastschrift',
  'eingezogen',
  'prélevé',
  'prélèvement',
  'cargo',
  'cargará',
  'adeudo',
  'domiciliación',
  'addebito',
  'addebitato',
  'addebitata',
  'afgeschreven',
  // The separable verb: "Wij schrijven € 80,00 rond 23-03-2026 automatisch af".
  'afschrijven',
  'afschrijving',
  'automatisch af',
  // "Wij schrijven dit bedrag rond 18-03-2026 af van rekening …": the particle after the date.
  'af van rekening',
  'incasso',
  'geïncasseerd',
  // "We'll collect £38.47 by Direct Debit … on or after 28 April 2026"; Danish and Norwegian
  // debits ("trækkes via Betalingsservice"); the Norwegian and Danish imperative "betal".
  'collect',
  'collected',
  'collection',
  'trækkes',
  'trekkes',
  'betalingsservice',
  'betal',
  // "The balance is to be paid not later than …"; a net term's last day ("30 jours net, soit
  // jusqu'au …", "30 days net, i.e. by …").
  'be paid',
  'jours net',
  'days net',
  'tage netto',
  // Latvian, Lithuanian, Slovenian and Croatian: "Lūdzam samaksāt … līdz …", "apmokėti iki …",
  // "prosimo nakažite do …", "molimo uplatite do …".
  'samaksāt',
  'apmaksāt',
  'apmokėti',
  'sumokėti',
  'nakažite',
  'plačilo',
  'platiti',
  'uplatiti',
  'uplatite',
);
/** "à partir du 18/03/2026", "a partire dal …": a debit's first day. */
const FROM_WORDS = new Set(['du', 'dal', 'del'].map(fold));
const DEADLINE_WORDS = new Set(
  [
    'by',
    'before',
    'until',
    'due',
    'bis',
    'zum',
    'spätestens',
    'avant',
    'le',
    'jusqu',
    'antes',
    'hasta',
    'del',
    'el',
    'vóór',
    'voor',
    'uiterlijk',
    'entro',
    'il',
    'do',
    'dnia',
    'senast',
    'senest',
    'innen',
    'den',
    'on',
    'am',
    // A direct debit taken about a day: "wordt rond 12 maart afgeschreven", "omkring den 5.".
    'rond',
    'omstreeks',
    'around',
    'omkring',
    // Latvian "līdz", Lithuanian "iki": until.
    'līdz',
    'iki',
  ].map(fold),
);
// A payment that was made is no deadline: "Paiement reçu le 17/02/2026", "Payment received on …".
const PAID_WORDS = phrases(
  'payment received',
  'payments received',
  'received with thanks',
  'paiement reçu',
  'règlement reçu',
  'reçu le',
  'zahlung erhalten',
  'zahlungseingang',
  'eingegangen am',
  'betaling ontvangen',
  'ontvangen op',
  'pagamento ricevuto',
  'pago recibido',
  'pagamento recebido',
  'płatność otrzymana',
  'betalning mottagen',
  'betaling modtaget',
);
// A line ending in an amount taken off ("Règlement CB le 07/03/2026   -560,00 €"): a payment made.
const AMOUNT_OFF = /(?:^|\s)[-−] ?[€$£]? ?\d[\d.,' ]{0,12}[.,]\d{2}(?![\d]|[./]\d)/;

const ON_OR = new Set(['after', 'around', 'about']);
// The word before a day in a sentence: "am 02.03.2026", "on 2 March", "le 02/03/2026".
const SAID_ON: ReadonlySet<string> = new Set(['am', 'on', 'le', 'op', 'il', 'el']);
const NEGATIONS = new Set(
  [
    'no',
    'not',
    'keine',
    'keinen',
    'kein',
    'nicht',
    'aucun',
    'pas',
    'geen',
    'niet',
    'ningún',
    'nessun',
    'ingen',
    'nie',
    'žádnou',
  ].map(fold),
);

// "If you pay by instalments, your first instalment will be deducted on 09/05/2026": a date in a
// sentence that starts with a condition is when something happens if it applies, not the due date.
const CONDITIONAL = new Set(
  [
    'if',
    'should',
    'when',
    'wenn',
    'falls',
    'sofern',
    'si',
    'se',
    'als',
    'indien',
    'wanneer',
    'om',
    'hvis',
    'jos',
    'jeśli',
    'jeżeli',
    'pokud',
    'caso',
  ].map(fold),
);

/** Whether the sentence holding offset `at` of `text` starts with a condition word. */
function conditional(text: string, at: number): boolean {
  let start = 0;
  for (const m of text.slice(0, at).matchAll(/[.!?;]\s/g)) start = m.index + m[0].length;
  const first = wordsOf(text.slice(start, at))[0];
  return !!first && CONDITIONAL.has(first.text);
}

/** Whether the sentence holding word `i` of a line holds a payment word. */
function paymentInSentence(text: string, words: readonly Word[], i: number): boolean {
  const at = words[i]!.start;
  // A sentence ends at ".", "!" or "?" before a space and a capital (not inside "27.03.2026",
  // not after "d. h." or "i.e.", not a day's ordinal "31. März"), or at ";".
  const ends = [...text.matchAll(/(?<!(?:^|[\s(])\d{1,2})[.!?](?=\s+\p{Lu})|;(?=\s)/gu)].map((m) => m.index);
  const start = ends.filter((e) => e < at).at(-1) ?? -1;
  const end = ends.find((e) => e >= at) ?? text.length;
  const sentence = words.filter((w) => w.start > start && w.start < end);
  return firstPhrase(sentence, PAYMENT_WORDS) !== null;
}

interface Deadline {
  at: number;
  end: number;
  iso: string;
  certainty: number;
  strength: number;
}

/** The deadline in one sentence's text: a payment word, then a deadline word right before a date. */
function deadlineIn(text: string, order: Order | null): Deadline | null {
  // A deadline needs a date, and a date a digit.
  if (text.length > 400 || !/\d/.test(text)) return null;
  const words = wordsOf(text);
  const paymentAt = firstPhrase(words, PAYMENT_WORDS);
  if (!paymentAt) return null;
  const paidSaid = firstPhrase(words, PAID_WORDS);
  // "… haben wir leider keine Zahlung erhalten": a payment not received is a reminder's.
  const denied = paidSaid && paidSaid.at > 0 && NEGATIONS.has(words[paidSaid.at - 1]!.text);
  if ((paidSaid && !denied) || AMOUNT_OFF.test(text)) return null;
  for (let i = 0; i < words.length - 1; i++) {
    const from = i > 0 && FROM_WORDS.has(words[i]!.text) && words[i - 1]!.text.startsWith('partir');
    // "collected on or (just) after 20 Mar 2026", a direct debit's "on or after 28 April 2026":
    // the day the debit is taken.
    const orAfter = words[i]!.text === 'after' && words.slice(Math.max(0, i - 2), i).some((w) => w.text === 'or');
    const onOrAfter = i >= 2 && ON_OR.has(words[i]!.text) && words[i - 1]!.text === 'or' && words[i - 2]!.text === 'on';
    // "not later than 20 March 2026", "no later than …".
    const laterThan = words[i]!.text === 'than' && words[i - 1]?.text === 'later';
    if (!DEADLINE_WORDS.has(words[i]!.text) && !from && !orAfter && !onOrAfter && !laterThan) continue;
    // A payment word before the deadline, or in its sentence: "Thank you for attending on
    // 13/03/2026. … the remaining balance is now due." dates the visit, not the payment.
    if (paymentAt.at > i && !paymentInSentence(text, words, i)) continue;
    // "jusqu'au 11.04.2026": the elided "jusqu" and its "au" before the date.
    const au = words[i]!.text === 'jusqu' && words[i + 1]!.text === 'au' && i + 2 < words.length;
    const at = words[i + (au ? 2 : 1)]!.start;
    const date = readDate(text.slice(at), order);
    if (date?.start !== 0) continue;
    const strength = conditional(text, at) ? 0.5 : 0.75;
    return { at, end: at + date.end, iso: date.iso, certainty: date.certainty, strength };
  }
  return null;
}

/** Deadlines in payment sentences, line by line and in the text columns that wrap over lines. */
function paymentDeadlines(lines: Line[], order: Order | null, documentIndex: number): DateCandidate[] {
  const out: DateCandidate[] = [];
  for (const line of lines) {
    const found = deadlineIn(line.text, order);
    if (found)
      out.push({
        iso: found.iso,
        certainty: found.certainty,
        raw: line.text.slice(found.at, found.end),
        offset: line.offset + found.at,
        document_index: documentIndex,
        strength: found.strength,
        source: 'payment sentence',
      });
  }
  for (const column of wrappedColumns(lines)) {
    const found = deadlineIn(column.text, order);
    if (!found) continue;
    const from = column.offsetOf(found.at);
    const to = column.offsetOf(found.end - 1) + 1;
    out.push({
      iso: found.iso,
      certainty: found.certainty,
      raw: textBetween(lines, from, to),
      offset: from,
      document_index: documentIndex,
      strength: found.strength,
      source: 'payment sentence',
    });
  }
  return out;
}

/**
 * A column of text set beside others, one cell a line ("We'll collect this by Direct Debit
 * from" / "your account ending 66 on or after 18" / "March 2026."; "Please pay" / "$386.44" /
 * "by March 23, 2026" in a box right of an account summary): the cells joined as one text, each
 * character's document offset kept. Only a column right of the margin (the margin's lines are
 * read whole), of cells that start in one place and end their lines, lines without a cell there
 * between them.
 */
function wrappedColumns(lines: Line[]): { text: string; offsetOf: (at: number) => number }[] {
  const out: { text: string; offsetOf: (at: number) => number }[] = [];
  const used = new Set<object>();
  for (const [i, line] of lines.entries()) {
    for (const cell of line.cells) {
      if (cell.start < 8 || used.has(cell) || cell !== line.cells.at(-1)) continue;
      const cells = [cell];
      for (let n = i + 1; n < lines.length && n <= i + 8; n++) {
        const next = lines[n]!.cells.find((c) => Math.abs(c.start - cells.at(-1)!.start) <= 2);
        // A cell with another after it is a label of a row ("Acompte versé le 02/02/2026 |
        // - 1 245,60 €"), not a line of the column's text.
        if (next && next !== lines[n]!.cells.at(-1)) break;
        if (next) {
          cells.push(next);
          used.add(next);
        } else if (cellUnder(lines[n]!, cell.start, cell.end, 0)) break;
        if (cells.length >= 6) break;
      }
      if (cells.length < 2) continue;
      const starts: number[] = [];
      let text = '';
      for (const c of cells) {
        if (text) text += ' ';
        starts.push(text.length);
        text += c.text;
      }
      const offsetOf = (at: number) => {
        let k = starts.length - 1;
        while (k > 0 && starts[k]! > at) k--;
        return cells[k]!.offset + Math.min(at - starts[k]!, cells[k]!.text.length - 1);
      };
      out.push({ text, offsetOf });
    }
  }
  return out;
}

/** The document text from one offset to another, rebuilt from its lines. */
function textBetween(lines: Line[], from: number, to: number): string {
  const within = lines.filter((l) => l.offset + l.text.length >= from && l.offset < to);
  const first = within[0]?.offset ?? from;
  return within
    .map((l) => l.text)
    .join('\n')
    .slice(from - first, to - first);
}

// A time right after a date: "06.03.2026 17:41", "March 7, 2026 · 10:52 PM", "13/03/2026 22:11",
// "05/03/2026 à 13:52" (a word such as "at", "um", "kl." may stand between), or the time at the
// other end of a slip's line ("03/10/2026          08:47 PM").
const TIME_AFTER = /^[\s,·|-]{0,40}(?:(?:at|um|à|a las|alle|om|kl\.?|klo|godz\.?)\s{1,2})?\d{1,2}[:h]\d{2}(?![\d.,])/i;

/**
 * A receipt's unlabelled time stamp: a date with the time of day, as tills and apps print the
 * moment of the sale. Weaker than any label; where the page prints several (the trip, then when
 * the card was charged), the first one is the sale's, and the others make it doubtful.
 */
function timeStamps(lines: Line[], order: Order | null, documentIndex: number): DateCandidate[] {
  const out: DateCandidate[] = [];
  for (const line of lines) {
    if (line.text.length > 200 || !/\d[:h]\d\d/.test(line.text)) continue;
    let at = 0;
    for (let n = 0; n < 4 && at < line.text.length; n++) {
      const date = readDate(line.text.slice(at), order);
      if (!date) break;
      const end = at + date.end;
      if (TIME_AFTER.test(line.text.slice(end)))
        out.push({
          iso: date.iso,
          certainty: date.certainty,
          raw: line.text.slice(at + date.start, end),
          offset: line.offset + at + date.start,
          document_index: documentIndex,
          strength: 0.6,
          source: 'time stamp',
        });
      at = end;
    }
  }
  return out;
}

/**
 * A date after a middle dot, alone in its cell with its year in full ("Obrigado por viajar
 * · 28 de março de 2026" on a ride app's card): where the page prints no other date, the day of
 * the sale, though nothing labels it.
 */
function loneDates(lines: Line[], order: Order | null, documentIndex: number): DateCandidate[] {
  const out: DateCandidate[] = [];
  for (const line of lines) {
    if (line.text.length > 200) continue;
    for (const [k, cell] of line.cells.entries()) {
      if (cell.text.length > 40 || !/\d{4}/.test(cell.text)) continue;
      // After a middle dot: after a table cell, a colon or a gap it is a label's value ("Date
      // paid | March 4, 2026"), and alone on its line it may be one's under it, which the
      // starter's own labels read.
      const before = k > 0 ? line.text.slice(line.cells[k - 1]!.end, cell.start).trim() : '';
      if (before !== '·' && before !== '•') continue;
      const date = readDate(cell.text, order);
      if (date?.start !== 0 || cell.text.slice(date.end).trim() !== '') continue;
      out.push({
        iso: date.iso,
        certainty: date.certainty,
        raw: cell.text.slice(date.start, date.end),
        offset: cell.offset + date.start,
        document_index: documentIndex,
        strength: 0.5,
        source: 'alone',
      });
    }
  }
  return out;
}

function labelled(
  labels: string[],
  doc: ReadableDocument,
  order: Order | null,
  strength: (base: number) => number,
  fallback = false,
  cellStartOnly = false,
): DateCandidate[] {
  const out: DateCandidate[] = [];
  for (const c of labeledCandidates(labels, [doc], 'date', fallback)) {
    if (cellStartOnly && !c.cellStart) continue;
    const date = readDate(c.raw, order);
    if (!date) continue;
    out.push({
      iso: date.iso,
      certainty: date.certainty,
      raw: c.raw.slice(date.start, date.end),
      offset: c.offset + date.start,
      document_index: doc.doc.index,
      strength: strength(c.base),
      source: 'label',
    });
  }
  return out;
}

/**
 * Dates under a header row of labels that the label reader did not take for one ("Numero
 * documento   Data documento" over "FPR 77/26   02-03-2026", beside an "Art. 73" cell): the
 * date in the cell under its label, as surely as a table header vouches for it.
 */
function headerRowDates(
  lines: Line[],
  labels: readonly string[],
  order: Order | null,
  documentIndex: number,
): DateCandidate[] {
  const out: DateCandidate[] = [];
  for (const { value } of underHeaderLabels(lines, labels)) {
    const date = readDate(value.text, order);
    if (date?.start !== 0) continue;
    out.push({
      iso: date.iso,
      certainty: date.certainty,
      raw: value.text.slice(date.start, date.end),
      offset: value.offset + date.start,
      document_index: documentIndex,
      strength: 0.8,
      source: 'label',
    });
  }
  return out;
}

function choose(all: DateCandidate[]): PrintedCandidate[] {
  if (all.length === 0) return [];
  const byValue = new Map<string, DateCandidate[]>();
  for (const c of all) byValue.set(c.iso, [...(byValue.get(c.iso) ?? []), c]);
  const scored = [...byValue.values()].map((list) => {
    const best = list.reduce((a, b) => (b.strength > a.strength ? b : a));
    const sources = new Set(list.map((c) => c.source));
    return {
      best,
      strength: sources.size > 1 ? Math.max(best.strength, 0.92) : best.strength,
      first: Math.min(...list.map((c) => c.offset)),
    };
  });
  scored.sort((a, b) => b.strength - a.strength || a.first - b.first);
  const [top, second] = scored;
  let confidence = top!.strength;
  if (second && second.strength >= top!.strength - 0.1) confidence = Math.min(confidence, 0.7);
  confidence = Math.min(confidence, top!.best.certainty);
  return [
    {
      raw: top!.best.raw,
      parse: top!.best.iso,
      confidence: Math.round(confidence * 1000) / 1000,
      document_index: top!.best.document_index,
      offset: top!.best.offset,
      why: top!.best.source,
    },
  ];
}

function outsideParties(doc: ReadableDocument, list: DateCandidate[]): DateCandidate[] {
  const lines = linesOf(doc.doc, doc.text);
  const sections = sectionsOf(lines);
  return list.filter((c) => {
    const line = lines.find((l) => c.offset >= l.offset && c.offset <= l.offset + l.text.length);
    const cell = line?.cells.find((x) => c.offset >= x.offset && c.offset < x.offset + x.text.length);
    const role = cell ? sections.get(cell)?.role : undefined;
    return role !== 'buyer' && role !== 'delivery' && role !== 'reference';
  });
}

// An order confirmation or order summary is the receipt of its order: the day it was placed
// is its date (not the day the mail was sent, which a later summary or a forward moves).
const ORDER_DATE = [
  'Order date',
  'Order placed',
  'Ordered on',
  'Date ordered',
  'Bestelldatum',
  'Bestellt am',
  'Datum der Bestellung',
  'Date de commande',
  'Commande passée le',
  'Fecha del pedido',
  'Fecha de pedido',
  "Data dell'ordine",
  'Data ordine',
  'Besteldatum',
  'Data zamówienia',
  'Orderdatum',
  // A ticket booked online is bought on its booking day ("Buchungsdatum"), not its journey's.
  'Buchungsdatum',
  // The same in English, as coach and bus tickets print it ("Booked on  6 March 2026", "Booked").
  'Booked on',
  'Booked',
  // Dutch, as a coach booking prints it ("Geboekt op  18-05-2026").
  'Geboekt op',
  // Japanese shops: the order's, the purchase's day.
  'ご注文日',
  '注文日',
  'ご購入日',
  '購入日',
];

const REFUND_DATE = [
  'Refund date',
  'Date of refund',
  'Refunded on',
  'Refund issued',
  'Erstattungsdatum',
  'Datum der Erstattung',
  'Erstattet am',
  'Date du remboursement',
  'Date de remboursement',
  'Remboursé le',
  'Fecha del reembolso',
  'Fecha de reembolso',
  'Reembolsado el',
  'Data del rimborso',
  'Data rimborso',
  'Datum terugbetaling',
  'Terugbetaald op',
  'Data do reembolso',
  'Data zwrotu',
  'Återbetalningsdatum',
];

const RECEIPT_DATE = [
  'Date',
  'Datum',
  'Fecha',
  'Data',
  'Dato',
  'Date of purchase',
  'Kaufdatum',
  "Date d'achat",
  'Fecha de compra',
  'Aankoopdatum',
  'Data acquisto',
  'Data zakupu',
  'Köpdatum',
  'Betaaltijd',
  'Payment date',
  'Date of payment',
  'Zahlungsdatum',
  'Date de paiement',
  // A subscription renewed by direct debit is paid the day it is debited ("Date du prélèvement").
  'Date du prélèvement',
  // Japanese: the day the payment was settled ("決済日").
  '決済日',
  // A payment's confirmation: the day the money came in ("Zahlungseingang: 09.04.2026").
  'Zahlungseingang',
  'Payment received',
  'Paid on',
  // A ticket's "Purchased: Mar 6, 2026 8:20 PM", a school's "Date received" for a check.
  'Purchased',
  'Date received',
  'Betaald op',
  'Betalingsdato',
  'Betalningsdatum',
  'Betaldatum',
  'Fecha de pago',
  'Data di pagamento',
  'Data płatności',
  // A donation's receipt is dated by the gift ("Date du versement ou du don", Cerfa 11580),
  // not by a decree it cites or the day it was signed.
  'Date du versement ou du don',
  'Date du versement',
  'Date du don',
  'Date of donation',
  'Donation date',
  'Gift date',
  ...ORDER_DATE,
  ...REFUND_DATE,
];

/**
 * The day a refund was made ("Refund date", "Datum der Erstattung", "Fecha del reembolso"): a
 * refund's receipt is dated then, not on the day of the order it gives money back for.
 */
function refundDated(doc: ReadableDocument, order: Order | null, found: DateCandidate[]): DateCandidate[] {
  const refund = labelled(REFUND_DATE, doc, order, (b) => b);
  if (refund.length === 0) return found;
  const ordered = new Set(labelled(ORDER_DATE, doc, order, (b) => b).map((c) => c.offset));
  return found.filter((c) => !ordered.has(c.offset) || refund.some((r) => r.offset === c.offset));
}

// A car park paid on the way out is dated by its exit, not its entry ("Entry 03/02", "Exit 03/05");
// a rental car's final invoice by its return ("Picked up 26 Feb", "Returned 02 Mar").
const FOLIO_DEPARTURE = ['Departure', 'Exit', 'Returned'];

/** A receipt's labels, and an invoice's: a receipt that is also its invoice dates itself by both. */
const RECEIPT_DATES = [...RECEIPT_DATE, ...INVOICE_DATES];

/** What the mail says about the page: when it was sent, and whether it is a payment reminder. */
export interface PageContext {
  /** The day the mail was sent on its sender's calendar (its Date header's own offset), in days since 1970, or null. */
  sentDay: number | null;
  /** A reminder or dunning letter about an invoice (lexicon.ts REMINDER_TITLE). */
  reminder: boolean;
}

const NO_CONTEXT: PageContext = { sentDay: null, reminder: false };

/**
 * A reminder's own date in its sentence: "the following invoices are past due as of March 16,
 * 2026". The invoices it lists carry their own dates; the reminder is dated by its "as of".
 */
function asOfDates(lines: Line[], order: Order | null, documentIndex: number): DateCandidate[] {
  const out: DateCandidate[] = [];
  for (const line of lines) {
    if (line.text.length > 400) continue;
    for (const m of line.text.matchAll(/\bas of\s+/gi)) {
      const found = dateStartingAt(line, m.index + m[0].length, order, documentIndex, 0.7, 'as of');
      if (found) out.push(found);
    }
  }
  return out;
}

/** The date a line prints right at `at` (after "as of", after a title's "dated"), as a candidate; or null. */
function dateStartingAt(
  line: Line,
  at: number,
  order: Order | null,
  documentIndex: number,
  strength: number,
  source: string,
): DateCandidate | null {
  const date = readDate(line.text.slice(at), order);
  if (date?.start !== 0) return null;
  return {
    iso: date.iso,
    certainty: date.certainty,
    raw: line.text.slice(at, at + date.end),
    offset: line.offset + at,
    document_index: documentIndex,
    strength,
    source,
  };
}

/** "… the final invoice #7731 dated March 6, 2026 …": the date of a number a sentence titles (numbers.ts). */
function sentenceTitleDates(lines: Line[], order: Order | null, documentIndex: number): DateCandidate[] {
  const out: DateCandidate[] = [];
  for (const { line, dateAt } of datedTitlesInSentences(lines, INVOICE_TITLE)) {
    const found = dateStartingAt(line, dateAt, order, documentIndex, 0.8, 'title');
    if (found) out.push(found);
  }
  return out;
}

// Amounts paid ahead on account: the day of a deposit is not the day the receipt was paid.
const ADVANCES = new Set(
  [
    'deposit',
    'prepaid',
    'prepaid amount',
    'already paid',
    'anzahlung',
    'vorauszahlung',
    'geleistete anzahlung',
    'acompte',
    'déjà payé',
    'anticipo',
    'voorschot',
    'acconto',
    'zaliczka',
    'förskott',
    'forskud',
  ].map((p) =>
    wordsOf(p)
      .map((w) => w.text)
      .join(' '),
  ),
);

/**
 * A receipt's line that says what was paid and when ("Montant réglé : 86,20 € par carte … le
 * 06/03/2026", "Voldaan met Mastercard 08-03-2026  € 353,40"): the day paid, which is the
 * receipt's day (a bill mailed days later, a hotel's stay that began before).
 */
function paidOnDates(lines: Line[], order: Order | null, documentIndex: number): DateCandidate[] {
  const out: DateCandidate[] = [];
  for (const line of lines) {
    if (line.text.length > 200 || !/\d/.test(line.text)) continue;
    const paid = firstPhrase(wordsOf(line.text), PAID);
    if (paid?.at !== 0 || ADVANCES.has(paid.phrase.join(' '))) continue;
    const date = readDate(line.text, order);
    if (!date) continue;
    out.push({
      iso: date.iso,
      certainty: date.certainty,
      raw: line.text.slice(date.start, date.end),
      offset: line.offset + date.start,
      document_index: documentIndex,
      strength: 0.75,
      source: 'paid on',
    });
  }
  return out;
}

/**
 * A folio's payment posting: a row dated in its first cell whose next cell starts with a
 * payment word and which takes the amount off ("15.04.2026 | Zahlung Visa ****8812 | -234,72"):
 * the day the bill was settled, which is the receipt's day, not the first night's row above it.
 */
function paymentPostings(lines: Line[], order: Order | null, documentIndex: number): DateCandidate[] {
  const out: DateCandidate[] = [];
  for (const line of lines) {
    const [first, second] = line.cells;
    if (!second || line.text.length > 200 || !AMOUNT_OFF.test(line.text.slice(second.start))) continue;
    const date = readDate(first!.text, order);
    if (date?.start !== 0 || date.end !== first!.text.length) continue;
    if (firstPhrase(wordsOf(second.text), PAYMENT_WORDS)?.at !== 0) continue;
    out.push({
      iso: date.iso,
      certainty: date.certainty,
      raw: first!.text.slice(date.start, date.end),
      offset: first!.offset + date.start,
      document_index: documentIndex,
      strength: 0.75,
      source: 'paid on',
    });
  }
  return out;
}

// "Zahlung erhalten", "payment received": the word that says the money came in, wherever the
// sentence puts it ("wir haben Ihre Zahlung über PayPal am 02.03.2026 erhalten").
const RECEIVED_WORDS: ReadonlySet<string> = new Set(
  PAID_WORDS.filter((p) => p.length === 2 && !SAID_ON.has(p[1]!)).map((p) => p[1]!),
);

/**
 * A sentence that says a payment came in on a day: a payment word, "am"/"on"/"le" and the date,
 * and the word for received ("wir haben Ihre Zahlung am 02.03.2026 erhalten", "we received your
 * payment on 2 March 2026"): the day paid, which is a payment confirmation's day.
 */
function paymentReceivedDates(lines: Line[], order: Order | null, documentIndex: number): DateCandidate[] {
  const out: DateCandidate[] = [];
  for (const line of lines) {
    if (line.text.length > 400 || !/\d/.test(line.text)) continue;
    const words = wordsOf(line.text);
    const payment = firstPhrase(words, PAYMENT_WORDS);
    if (!payment) continue;
    const received = words.findIndex((w, k) => k > payment.at && RECEIVED_WORDS.has(w.text));
    if (received < 0 || NEGATIONS.has(words[received - 1]!.text)) continue;
    for (let i = payment.at + 1; i < received - 1; i++) {
      if (!SAID_ON.has(words[i]!.text) || !paymentInSentence(line.text, words, i)) continue;
      const found = dateStartingAt(line, words[i + 1]!.start, order, documentIndex, 0.75, 'paid on');
      if (found && found.offset - line.offset < words[received]!.start) out.push(found);
      break;
    }
  }
  return out;
}

/**
 * A receipt's order date where the page says the payment came in on another day (a shop's
 * payment confirmation for an order placed the day before): the receipt is dated by the payment.
 */
function paidOverOrdered(doc: ReadableDocument, order: Order | null, found: DateCandidate[]): DateCandidate[] {
  const paid = found.filter((c) => c.source === 'paid on');
  if (paid.length === 0) return found;
  const ordered = new Set(labelled(ORDER_DATE, doc, order, (b) => b).map((c) => c.offset));
  return found.map((c) =>
    ordered.has(c.offset) && paid.every((p) => p.iso !== c.iso) ? { ...c, strength: c.strength * 0.6 } : c,
  );
}

/**
 * A "Datum" column's header over item rows dated one by one (a hotel's nights, a statement's
 * postings): the label reader takes the first row's date for the document's, which it is not.
 */
function itemDateColumn(lines: Line[], order: Order | null, c: DateCandidate): boolean {
  if (c.source !== 'label') return false;
  const at = lines.findIndex((l) => c.offset >= l.offset && c.offset <= l.offset + l.text.length);
  if (at < 0) return false;
  const column = c.offset - lines[at]!.offset;
  // The row starts with its date: a label beside the date ("Datum vystavení  05.03.2026") is
  // no column's header, whatever date the line below prints.
  if (lines[at]!.text.slice(0, column).trim() !== '') return false;
  // Down the column while its rows start with a date: a night's postings share their day
  // ("03/03 Room", "03/03 Dinner", then "04/03 Paid"), so a later row's other day says it is a column.
  let row = at;
  for (let k = 0; k < 12; k++) {
    // An HTML table's rows come out with a blank line between them.
    const next = nextFilled(lines, row, lines[at]!.piped ? 2 : 1);
    const cell = next && cellUnder(next, column, column + c.raw.length, 0);
    if (!cell || cell.start !== column || next.text.slice(0, column).trim() !== '') return false;
    const date = readDate(cell.text, order);
    if (date?.start !== 0) return false;
    if (date.iso !== c.iso) return true;
    row = next.index;
  }
  return false;
}

/** The issue date of an invoice, or the date of a receipt (its title line may print it after the number without a marker). */
export function issueDate(
  documents: ReadableDocument[],
  kind: 'invoice' | 'receipt' = 'invoice',
  context: PageContext = NO_CONTEXT,
): PrintedCandidate[] {
  for (const doc of documents) {
    const order = dateOrder(doc.doc, doc.text, context.sentDay);
    const lines = linesOf(doc.doc, doc.text);
    const found = outsideParties(doc, [
      // A receipt that is also its invoice ("Rechnung / Quittung", a folio) dates itself by the
      // invoice's own labels too.
      ...(kind === 'invoice'
        ? labelled(INVOICE_DATES, doc, order, (b) => b)
        : refundDated(
            doc,
            order,
            labelled(RECEIPT_DATES, doc, order, (b) => b),
          )),
      ...(kind === 'invoice' ? headerRowDates(lines, INVOICE_DATES, order, doc.doc.index) : []),
      ...datedUnderNumber(lines, order, doc.doc.index),
      ...titleDates(
        lines,
        order,
        doc.doc.index,
        kind === 'invoice' ? INVOICE_TITLE : RECEIPT_TITLE,
        kind === 'receipt',
        kind === 'invoice' ? INVOICE_TYPE_CODES : null,
      ),
      ...(kind === 'receipt' ? titleDates(lines, order, doc.doc.index, ORDER_TITLE, false, null) : []),
      ...(kind === 'invoice' ? sentenceTitleDates(lines, order, doc.doc.index) : []),
      // A bare "Date" only where it starts its cell: in "Due date" or "Delivery date" it is another date's.
      ...labelled(BARE_DATE, doc, order, (b) => b * 0.85, true, true),
      ...(kind === 'invoice' ? labelled(TAX_POINT, doc, order, (b) => b * 0.85, false, true) : []),
      // A reminder's letter date is the reminder's: the invoice it reminds of is older.
      ...(kind === 'receipt'
        ? timeStamps(lines, order, doc.doc.index)
        : context.reminder
          ? asOfDates(lines, order, doc.doc.index)
          : letterDates(lines, order, doc.doc.index)),
      ...besideNumberDates(lines, order, doc.doc.index),
      ...(kind === 'receipt' ? paidOnDates(lines, order, doc.doc.index) : []),
      ...(kind === 'receipt' ? paymentReceivedDates(lines, order, doc.doc.index) : []),
      ...(kind === 'receipt' ? paymentPostings(lines, order, doc.doc.index) : []),
      // A hotel's folio settled at check-out, dated by no label of its own: its departure day.
      ...(kind === 'receipt' ? labelled(FOLIO_DEPARTURE, doc, order, (b) => b * 0.8) : []),
    ]).map((c) => (itemDateColumn(lines, order, c) ? { ...c, strength: c.strength * 0.6 } : c));
    if (found.length === 0 && kind === 'receipt')
      found.push(...outsideParties(doc, loneDates(lines, order, doc.doc.index)));
    if (found.length > 0)
      return choose(kind === 'receipt' ? paidOverOrdered(doc, order, laterGivesWay(found, context)) : found);
  }
  return [];
}

/**
 * A receipt is not issued after the mail that carries it: a date more than a day after the
 * mail (a journey's, a show's, a stay's day) is none of its, where the page prints one on or before it ("Fecha 12/03/2026"
 * over the trip, "Fecha de compra 04/03/2026" in a mail of 4 March).
 */
function laterGivesWay(found: DateCandidate[], context: PageContext): DateCandidate[] {
  if (context.sentDay === null) return found;
  const sent = context.sentDay;
  const day = (c: DateCandidate) => Date.parse(`${c.iso}T00:00:00Z`) / DAY;
  const later = (c: DateCandidate) => day(c) > sent + 1;
  // Only for a date within the year before the mail: a decree's or a founding's years ago is none either.
  return found.some((c) => !later(c) && day(c) >= sent - 366) ? found.filter((c) => !later(c)) : found;
}

/**
 * A reminder recites the invoice's due date, passed before the reminder was sent, and sets a
 * new deadline: a due date more than a day before the mail gives way to one on or after it.
 */
function pastDueGivesWay(found: DateCandidate[], context: PageContext): DateCandidate[] {
  if (!context.reminder || context.sentDay === null) return found;
  const today = context.sentDay;
  const dayOf = (c: DateCandidate) => Date.parse(`${c.iso}T00:00:00Z`) / DAY;
  const past = (c: DateCandidate) => dayOf(c) < today - 1;
  if (!found.some((c) => !past(c) && dayOf(c) <= today + 60)) return found;
  return found.map((c) => (past(c) ? { ...c, strength: c.strength * 0.6 } : c));
}

export function dueDate(documents: ReadableDocument[], context: PageContext = NO_CONTEXT): PrintedCandidate[] {
  for (const doc of documents) {
    const order = dateOrder(doc.doc, doc.text, context.sentDay);
    const lines = linesOf(doc.doc, doc.text);
    const found = outsideParties(doc, [
      ...labelled(DUE_DATES, doc, order, (b) => b),
      ...headerRowDates(lines, DUE_DATES, order, doc.doc.index),
      ...paymentDeadlines(lines, order, doc.doc.index),
    ]);
    if (found.length > 0) return choose(pastDueGivesWay(found, context));
  }
  return [];
}
