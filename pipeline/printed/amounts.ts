// Amounts as a page prints them: a cell that is nothing but an amount (with its currency),
// and the labelled amounts of a document with the role their label gives them.
import { pipedCells } from '../extract-labels.ts';
import { parseAmount } from '../validate-dates.ts';
import { type Cell, cellUnder, type Line, nextFilled } from './layout.ts';
import {
  AMOUNT_IN_SENTENCE,
  type AmountRole,
  COUNT,
  GROSS,
  GROSS_NAMED_TAX,
  HELD_BALANCE,
  INCLUDING,
  NET,
  PAID,
  PAYABLE,
  TAX,
  TAX_ABSENT,
  TIP,
  TOTAL,
} from './lexicon.ts';
import { findPhrase, firstPhrase, hasPhrase, phrases, type Word, wordsOf } from './words.ts';

const CURRENCY_WORDS = new Set([
  'eur',
  'usd',
  'gbp',
  'chf',
  'jpy',
  'cad',
  'aud',
  'sek',
  'nok',
  'dkk',
  'pln',
  'czk',
  'huf',
  'mxn',
  'brl',
  'inr',
  'cny',
  'nzd',
  'sgd',
  'hkd',
  'zar',
  'ron',
  'bgn',
  'try',
  'isk',
  'ars',
  'cop',
  'clp',
  'pen',
  'sar',
  'aed',
  'kr',
  'zł',
  'zl',
  'kč',
  'tl',
  'fr',
  'sfr',
  'ft',
  'ksh',
  'kč',
  'lei',
  'r',
  // Signs of the kwanza, metical, Moroccan dirham, hryvnia, lev, dinar, tenge, dong, baht,
  // rupiah and ringgit as pages print them beside the amount.
  'kz',
  'mt',
  'dh',
  'грн',
  'лв',
  'дин',
  'тг',
  'đ',
  'vnđ',
  'บาท',
  'rp',
  'rm',
  // The rupee as an Indian slip prints it: "Amount (Rs)", "Rs. 450.00".
  'rs',
  // Yen, yuan and won written after the amount: "23,650円", "129.00元", "86,500원".
  '円',
  '元',
  '원',
]);
// Any ISO 4217 code printed in capitals beside an amount ("KES 16,820.00", "PHP 10,450.00"),
// but codes that are also words or units a page prints beside numbers ("ALL 3", "12 AWG").
const ISO_CODE_WORDS = new Set(
  Intl.supportedValuesOf('currency').filter(
    (c) => !['ALL', 'TOP', 'CUP', 'MAD', 'SOS', 'AWG', 'SVC', 'XDR', 'XSU'].includes(c),
  ),
);
const CURRENCY_SIGNS = '€$£¥₹₽₺₩₪';
const NUMBER_CHARS = "0123456789 .,'\u00a0\u202f-−–+()";

export interface PrintedAmount {
  value: number;
  /** The amount as printed, and where. */
  raw: string;
  offset: number;
  /** 1,234 read as a thousand: it could be a decimal. */
  ambiguous: boolean;
}

const WHOLE_DOTTED = /[₫đ]|VN[DĐ]|\bRp|\bIDR\b/u;
const STAR_BEFORE_DIGIT = /(?<!\*)\*(?=\d)/g;
const DOLLAR_PREFIX = /^\s*(?:A|AU|US|C|CA|NZ|HK|S|SG|NT|MX)\$/;
// Signs spelled with a slash or a dot: Peru's sol ("S/ 722.16"), the Saudi riyal ("1,897.50 ر.س").
const SPELLED_SIGN = /(?<![A-Za-z])S\/(?=\s?\d)|ر\.\s?س\.?/g;

/**
 * The amount a text holds when it holds nothing else but a currency ("€ 1.234,50",
 * "8,336.00 SEK", "(12.00)"); a rate ("19 %") or a date is not an amount.
 */
export function amountIn(printed: string, offset: number): PrintedAmount | null {
  // Turkish tills print a star before each amount ("*1.845,76", "-*71,63"); a masked card
  // number ("**** 7302") keeps its other stars and is no amount.
  let text = printed.includes('*') ? printed.replace(STAR_BEFORE_DIGIT, ' ') : printed;
  // "A$39.40", "US$12.00", "NZ$8.50": the dollar's country is part of its sign.
  const dollar = DOLLAR_PREFIX.exec(text);
  if (dollar) text = ' '.repeat(dollar[0].length - 1) + text.slice(dollar[0].length - 1);
  if (text.includes('/') || text.includes('ر')) text = text.replace(SPELLED_SIGN, (sign) => ' '.repeat(sign.length));
  let digits = 0;
  let letters = '';
  const words: string[] = [];
  for (const c of text) {
    if (c >= '0' && c <= '9') digits++;
    if (NUMBER_CHARS.includes(c) || CURRENCY_SIGNS.includes(c)) {
      if (letters) words.push(letters);
      letters = '';
      continue;
    }
    if (/\p{L}/u.test(c)) {
      letters += c;
      continue;
    }
    // A sign the list above lacks: another currency's (₫, ₱, ฿), or one a PDF's text layer
    // gave in place of the currency ("542,61 ¬" where the page shows €, "1 254,00 \uFFFD").
    if (/[\p{Sc}\p{Sm}\p{So}]/u.test(c) && c !== '°') {
      if (letters) words.push(letters);
      letters = '';
      continue;
    }
    return null;
  }
  if (letters) words.push(letters);
  if (digits === 0 || words.some((w) => !CURRENCY_WORDS.has(w.toLowerCase()) && !ISO_CODE_WORDS.has(w))) return null;
  const found = parseAmount(text);
  if (!found) return null;
  // One amount and nothing else: "3, 2014 $4.11" holds three numbers.
  if (/\d/.test(text.slice(0, found.start)) || /\d/.test(text.slice(found.end))) return null;
  // A date such as 12.03.2026 reads as an amount of three groups; an amount has at most one decimal part.
  const token = text.slice(found.start, found.end);
  if (/^\d{1,2}[./]\d{1,2}[./]\d{2,4}$/.test(token.trim())) return null;
  // "0931", "007": digits after a leading zero are a code (a card's last four), not an amount.
  if (/^0\d+$/.test(token.trim())) return null;
  // The dong and the rupiah have no cents either, and group thousands with dots: "300.000 đ",
  // "Rp388.500" are three hundred thousand and more.
  if (/^\d{1,3}(?:\.\d{3})+$/.test(token.trim()) && WHOLE_DOTTED.test(text))
    return { value: Number(token.replace(/\D/g, '')), raw: token, offset: offset + found.start, ambiguous: false };
  return {
    value: found.value as number,
    raw: token,
    offset: offset + found.start,
    // Yen and won have no cents: "23,650円" is twenty-three thousand.
    // Nor with their codes: "KRW 59,800". Nor "¥27,000": yen and yuan alike group thousands with commas.
    ambiguous: found.ambiguous && !/[円원₩¥￥]|\bKRW\b/.test(text),
  };
}

export interface RoleAmount extends PrintedAmount {
  role: AmountRole;
  line: number;
  /** The label's words, folded. */
  label: string;
  /** The last of several amounts after one label: a table row, whose columns the label does not name. */
  row?: boolean;
}

// The qualifiers that say "including" and nothing more: "brutto", "gross" and "TTC" name the
// gross amount itself ("Brutto inkl. MwSt" is the gross).
const INCLUDING_ONLY = INCLUDING.filter((p) => !['brutto', 'gross', 'ttc'].includes(p.join(' ')));

/**
 * "incl. 21% btw", "Steuer (inkl.)", "IVA incluído (23%)": the words for including and for
 * tax (as whole phrases), a rate, and nothing else. A word for the amount ("Total", "Importe",
 * "Summe") makes it the gross the tax is part of.
 */
function includedTax(words: readonly Word[]): boolean {
  const covered = words.map((w) => /^\d+$/.test(w.text));
  for (const list of [INCLUDING_ONLY, TAX])
    for (const p of list)
      for (let at = findPhrase(words, p); at >= 0; at = findPhrase(words, p, at + 1))
        for (let k = at; k < at + p.length; k++) covered[k] = true;
  return covered.every(Boolean);
}

const ARTICLES = new Set(['el', 'la', 'the', 'le', 'o', 'a', 'il', 'der', 'die', 'de']);
// The tax words a sentence about the tax starts with; not "total", whose tax-inclusive sum is the gross.
const TAX_FIRST = phrases('iva', 'vat', 'tva', 'mwst', 'gst', 'igv');
const TOTAL_FIRST = phrases('total', 'totale', 'importe', 'monto', 'montant', 'amount');

/** What a label's words say the amount beside it is, or null when it names no total. */
export function roleOf(words: readonly Word[]): AmountRole | null {
  if (words.length === 0 || words.length > 8) return null;
  // "Total Qty 5": how many were sold, not what they cost.
  if (hasPhrase(words, COUNT) || hasPhrase(words, HELD_BALANCE)) return null;
  if (hasPhrase(words, PAYABLE)) return 'payable';
  // "Subscription payable €858.00", "Premium payable": a short label ending in "payable" names
  // what is to be paid (a department, "Accounts payable", names no amount).
  if (words.length <= 3 && words.at(-1)!.text === 'payable' && words[0]!.text !== 'accounts') return 'payable';
  const tax = hasPhrase(words, TAX) && !hasPhrase(words, TAX_ABSENT);
  if (tax && hasPhrase(words, GROSS_NAMED_TAX) && !hasPhrase(words, TOTAL)) return 'tax';
  // "Total incl. VAT", "Importe (IVA 21% incl.)" are the gross; "incl. 21% btw", "inkl. 19 %
  // MwSt." (nothing but the words for including and tax, and a rate) is the tax the total includes.
  // "El IVA incluido en esta boleta es de $4.150", "The VAT included is …": a sentence whose
  // subject is the tax names the tax, whatever it is included in.
  const lead = words.length > 1 && ARTICLES.has(words[0]!.text) ? 1 : 0;
  if (tax && firstPhrase(words, TAX_FIRST)?.at === lead && !hasPhrase(words, TOTAL_FIRST)) return 'tax';
  // "incl. SF parking tax 25%", "including state sales tax": a line that starts with the word
  // for including and names no total is the tax the amount above includes, whatever tax it names.
  const leadsIncluding = firstPhrase(words, INCLUDING_ONLY)?.at === 0 && !hasPhrase(words, TOTAL);
  if (tax && hasPhrase(words, INCLUDING)) return includedTax(words) || leadsIncluding ? 'tax' : 'gross';
  if (hasPhrase(words, NET)) return 'net';
  if (tax) return 'tax';
  // "Tip", "Pourboire": not a total ("Total incl. tip" is one).
  if (hasPhrase(words, TIP) && !hasPhrase(words, TOTAL) && !hasPhrase(words, GROSS)) return 'tip';
  if (hasPhrase(words, PAID)) return 'paid';
  if (hasPhrase(words, GROSS) || hasPhrase(words, INCLUDING)) return 'gross';
  if (hasPhrase(words, TOTAL)) return 'total';
  // A slip's "Amount (Rs)", as "Betrag" on a German one: the one amount it charged. With its
  // currency only: "Discount amount" names another, and a card slip's bare "AMOUNT" is the sum
  // before the tip its "TOTAL" adds.
  if (
    words.length > 1 &&
    words[0]!.text === 'amount' &&
    words.slice(1).every((w) => CURRENCY_WORDS.has(w.text) || ISO_CODE_WORDS.has(w.text.toUpperCase()))
  )
    return 'total';
  return null;
}

/**
 * Whether `text[i]` continues a number or a code: the year of a date ("Paid 14/02/2026") and
 * a code's digits ("Tax Invoice FLA-260309") are no amount's start.
 */
function inNumber(text: string, i: number): boolean {
  return (
    i >= 1 && (/\d/.test(text[i - 1]!) || (i >= 2 && /[./-]/.test(text[i - 1]!) && /[\p{L}\d]/u.test(text[i - 2]!)))
  );
}

/**
 * Where a label ends and the amount in the same cell starts: the first word, after the
 * label's letters, from which the rest of the cell is one amount ("Total: EUR 12,50",
 * "Gesamt 1.234,00 €"). "VAT 19%" and "Total (EUR)": a rate or a code is part of the label.
 * Tried at word starts only, so a long cell costs its words, not its characters squared.
 */
function splitLabel(cell: Cell): { label: string; rest: string; restOffset: number } {
  const text = cell.text;
  // A note needs " (", "（" or ", <letter>" after the amount; a cell without either has no suffix
  // with one, so the note's search is skipped for each of its amounts.
  const mayHaveNote = text.includes(' (') || text.includes('（') || NOTE_AFTER_COMMA.test(text);
  let seenLetter = false;
  let wordStart = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const c = text[i]!;
    const space = code === 32 || code === 9 || code === 0xa0;
    const letter = (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code > 0x7f && /\p{L}/u.test(c));
    // A sign starts an amount only at a word's start: "FLA-260309" is a code, not minus 260309.
    const startsAmount =
      (code >= 48 && code <= 57) || CURRENCY_SIGNS.includes(c) || ((c === '-' || c === '−') && wordStart);
    // A longer rest is more than one amount, or the amount and a note after it.
    if (seenLetter && (wordStart || !letter) && startsAmount && !inNumber(text, i)) {
      const rest = text.slice(i);
      if ((rest.length <= AMOUNT_MAX_CHARS && amountIn(rest, 0)) || (mayHaveNote && amountBeforeNote(rest, 0)))
        return { label: text.slice(0, i), rest, restOffset: cell.offset + i };
    }
    if (letter) seenLetter = true;
    wordStart = space || c === ':' || c === '(';
  }
  return { label: text, rest: '', restOffset: cell.offset + text.length };
}

const MASK_CHARS = '•*●∙·xX.';
const CARD_ENDING = phrases(
  'ending',
  'ending in',
  'ends in',
  'ending with',
  'terminada en',
  'terminant par',
  'endet auf',
  'eindigend op',
  'termina con',
  'termina in',
  'slutar på',
  'kończąca się na',
);

/**
 * Whether a label ends where a card's last digits follow: a mask ("Charged to •••• 4421",
 * "Visa ****1180") or the words for a card's ending ("Visa ending in 4421"). Those digits are
 * no amount.
 */
function cardDigitsAfter(label: string): boolean {
  const t = label.trimEnd();
  let masks = 0;
  for (let i = t.length - 1; i >= 0 && MASK_CHARS.includes(t[i]!); i--) masks++;
  if (masks >= 2) return true;
  const words = wordsOf(t);
  return CARD_ENDING.some((p) => p.length <= words.length && findPhrase(words, p, words.length - p.length) >= 0);
}

// "Charged to AMEX ending 3008 on Mar 4, 2026.": the year of a date written with its month's
// name, not an amount.
const MONTH_DAY_BEFORE = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2},\s*$/i;
const YEAR = /^(?:19|20)\d{2}\.?$/;

// The payable words but the bare "balance", which also names a service ("Mount & balance").
const PAYABLE_NOT_BARE = PAYABLE.filter((p) => p.join(' ') !== 'balance');

/**
 * "Amount paid   : KRW 59,800": a text receipt aligns its labels' colons in a column of their
 * own, so the value's cell starts with the colon; the amount is what follows it.
 */
function afterAlignedColon(cell: Cell, first: boolean): Cell {
  const colon = first ? /^[:：]\s*/.exec(cell.text) : null;
  return colon ? { ...cell, text: cell.text.slice(colon[0].length), offset: cell.offset + colon[0].length } : cell;
}

/** The labelled amounts on one line: a label naming a total, then amounts only; the last amount counts. */
export function amountsOnLine(line: Line): RoleAmount[] {
  const out: RoleAmount[] = [];
  const cells = line.cells;
  // An amount has a digit: most lines of a page have none or no label (cheap tests first).
  if (cells.length === 0 || !/\d/.test(line.text)) return out;
  // "MwSt A 19 %: Netto 13,95 MwSt 2,65 | Brutto 16,60": one rate's row of the tax table, whose
  // gross is that rate's part of the total.
  const lineWords = /\d\s?%/.test(line.text) ? wordsOf(line.text) : [];
  const rateRow = hasPhrase(lineWords, NET) && hasPhrase(lineWords, TAX);
  let counted = false;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    if (!/\p{L}/u.test(cell.text)) continue;
    const { label, rest, restOffset } = splitLabel(cell);
    const words = wordsOf(label);
    const role = roleOf(words);
    // "Points earned 40 · Balance 1,240": a bare balance after a count of points is the card's
    // count of them, not money owed.
    const countsBalance = counted && words.length === 1 && words[0]!.text === 'balance';
    if (hasPhrase(words, COUNT)) counted = true;
    if (!role || countsBalance || (role === 'gross' && rateRow && i > 0)) continue;
    const amounts: PrintedAmount[] = [];
    const inCell =
      rest && !cardDigitsAfter(label) ? (amountIn(rest, restOffset) ?? amountBeforeNote(rest, restOffset)) : null;
    if (inCell && !(YEAR.test(inCell.raw) && MONTH_DAY_BEFORE.test(label))) amounts.push(inCell);
    let j = i + 1;
    for (; j < cells.length; j++) {
      const next = afterAlignedColon(cells[j]!, j === i + 1 && !rest);
      const amount = amountIn(next.text, next.offset) ?? amountBeforeNote(next.text, next.offset);
      if (amount) amounts.push(amount);
      else if (isRate(next.text) || isCurrency(next.text)) continue;
      else break;
    }
    const last = amounts.at(-1);
    // "Mount & balance | 4 | $24.95 | $99.80": an item's row of count, price and amount, its
    // "balance" a service's name; a balance owed prints one amount.
    if (role === 'payable' && amounts.length > 2 && !hasPhrase(words, PAYABLE_NOT_BARE)) {
      i = j - 1;
      continue;
    }
    // "Gesamtbetrag 8,08 0,54 8,62": amounts in the label's own text, or several cells of them.
    const row = amounts.length > 1 || words.some((w) => /^\d+$/.test(w.text) && !/\d\s?%/.test(label));
    if (last)
      out.push({ ...last, role, line: line.index, label: words.map((w) => w.text).join(' '), ...(row ? { row } : {}) });
    i = j - 1;
  }
  return out;
}

/**
 * A label wrapped in its cell over two lines, its amount set on the line between ("BALANCE DUE
 * ON" / "$38,722.08" / "DELIVERY", as a browser prints a narrow table cell): a label line with
 * no amount of its own, a line whose last cell, right of the label's start, is an amount no
 * label on that line claims, and the label's last words ending the line after.
 */
export function amountsUnderWrappedLabels(lines: Line[]): RoleAmount[] {
  const out: RoleAmount[] = [];
  for (const line of lines) {
    const cell = line.cells.at(-1);
    if (!cell || /\d/.test(cell.text) || cell.text.length > 40) continue;
    const words = wordsOf(cell.text);
    const role = roleOf(words);
    if (!role) continue;
    // Only a total's bare word ("Bedrag", "Total"): a paid or tip label stacked over an amount
    // may head a card whose amount is a part of the bill, not what it came to.
    const stacked = role === 'total' ? stackedAmount(lines, line) : null;
    if (stacked) {
      out.push({ ...stacked, role, line: line.index + 1, label: words.map((w) => w.text).join(' ') });
      continue;
    }
    const next = lines[line.index + 1];
    const last = next?.cells.at(-1);
    if (!next || !last || last.start <= cell.start || amountsOnLine(next).length > 0) continue;
    const rest = lines[line.index + 2]?.cells.at(-1);
    if (!rest || rest.start < cell.start - 2 || /\d/.test(rest.text) || wordsOf(rest.text).length > 3) continue;
    const amount = amountIn(last.text, last.offset);
    if (amount) out.push({ ...amount, role, line: next.index, label: words.map((w) => w.text).join(' ') });
  }
  return out;
}

/**
 * A total's box drawn beside other columns: the label ends its line with no amount, and the
 * amount stands alone under it, a line or two down, the column between them empty ("Total to
 * pay" over "£222.31", "Please pay" over "$386.44" right of an account summary). An item table's
 * "Total" head is no such label: the cell under it shares its line with other amounts, and
 * more amounts follow in its column.
 */
export function amountsUnderBoxLabels(lines: Line[]): RoleAmount[] {
  const out: RoleAmount[] = [];
  for (const line of lines) {
    const cell = line.cells.at(-1);
    if (!cell || /\d/.test(cell.text) || cell.text.length > 30) continue;
    const words = wordsOf(cell.text);
    const role = roleOf(words);
    if (role !== 'payable' && role !== 'gross') continue;
    for (let n = line.index + 1; n < lines.length && n <= line.index + 3; n++) {
      const under = cellUnder(lines[n]!, cell.start, cell.end);
      if (!under) continue;
      const amount = amountIn(under.text, under.offset);
      const alone = lines[n]!.cells.every((c) => c === under || !/\d/.test(c.text));
      const next = nextFilled(lines, n, 2);
      const below = next ? cellUnder(next, cell.start, cell.end) : undefined;
      if (amount && alone && !(below && amountIn(below.text, 0)))
        out.push({ ...amount, role, line: n, label: words.map((w) => w.text).join(' ') });
      break;
    }
  }
  return out;
}

/**
 * A payment confirmation's headline: "You paid" (or "Payment accepted") alone on its line over
 * the amount alone on the next, as an app prints its first card. Read only where the page
 * names no total, paid or payable amount on a line of its own: a paid label stacked so may
 * also head a card whose amount is a part of the bill.
 */
export function paidUnderItsLabel(lines: Line[]): RoleAmount[] {
  const out: RoleAmount[] = [];
  for (const line of lines) {
    // "Charging complete · paid": the label may end a line of a status's words.
    const cell = line.cells.at(-1);
    if (!cell || /\d/.test(line.text) || cell.text.length > 40) continue;
    const words = wordsOf(cell.text);
    if (roleOf(words) !== 'paid') continue;
    // The next line that prints anything (a paragraph's blank line may come between).
    const next = nextFilled(lines, line.index, 2);
    const under = next?.cells.length === 1 ? amountIn(next.cells[0]!.text, next.cells[0]!.offset) : null;
    if (under) out.push({ ...under, role: 'paid', line: next!.index, label: words.map((w) => w.text).join(' ') });
  }
  return out;
}

/**
 * An e-receipt's label and value stacked, each alone on its line ("Bedrag" over "€ 35,00", as a
 * definition list or a card of rows prints them): the amount under a label line of one cell.
 */
function stackedAmount(lines: Line[], line: Line): PrintedAmount | null {
  if (line.cells.length !== 1) return null;
  const next = lines[line.index + 1];
  if (next?.cells.length !== 1) return null;
  const cell = next.cells[0]!;
  return amountIn(cell.text, cell.offset);
}

/**
 * What the item lines above the first total add up to: lines of two or more cells whose first
 * cell is words naming no total and whose last cell is an amount ("2 x Harbor Blend | GBP
 * 38.00"). Null unless there are two such lines: one line equal to the total proves nothing,
 * it may be the total under a label the lexicon does not know.
 */
export function itemLinesSum(lines: Line[], labelled: RoleAmount[]): number | null {
  const firstTotal = labelled.reduce((first, a) => Math.min(first, a.line), Number.POSITIVE_INFINITY);
  let sum = 0;
  let count = 0;
  for (const line of lines) {
    if (line.index >= firstTotal) break;
    const cells = line.cells;
    if (cells.length < 2 || !/\d/.test(line.text)) continue;
    const first = cells[0]!;
    if (!/\p{L}/u.test(first.text) || roleOf(wordsOf(splitLabel(first).label))) continue;
    const amount = amountIn(cells.at(-1)!.text, cells.at(-1)!.offset);
    if (!amount || amount.ambiguous) continue;
    sum += amount.value;
    count++;
  }
  return count >= 2 ? Math.round(sum * 100) / 100 : null;
}

// An amount with its currency is short: "EUR 1.234.567,89", "12.500.000 đồng".
const AMOUNT_MAX_CHARS = 40;
const NOTE_AFTER_COMMA = /,\s+\p{L}/u;
const NOTE_AFTER_COMMA_AT = /,\s+\p{L}/uy;

/**
 * The amount before a note: in parentheses ("38,50 € (dont 6,42 € TVA)", "€61.40 (includes
 * €5.58 VAT)", the sum in words "4 500,00 грн (чотири тисячі …)"), then at most words without
 * a figure (", без ПДВ"); or words after a comma ("1 200,00 EUR, VAT exempt").
 */
function amountBeforeNote(text: string, offset: number): PrintedAmount | null {
  const cut = noteStart(text);
  if (cut < 1) return null;
  let after = text.slice(cut);
  if (text.startsWith(' (', cut)) {
    const close = after.indexOf(')');
    if (close < 0 || after.indexOf('(', 2) >= 0) return null;
    after = after.slice(close + 1);
  } else if (text.startsWith('（', cut)) {
    const close = after.indexOf('）');
    if (close < 0 || after.indexOf('（', 1) >= 0) return null;
    after = after.slice(close + 1);
  }
  if (/\d/.test(after)) return null;
  // A sum in words follows a sum of money: cents or a currency, never a bare figure ("RIB … 42 (Name)").
  const head = text.slice(0, cut);
  if (!/\d[.,]\d\d(?!\d)/.test(head) && !/[\p{L}\p{Sc}]/u.test(head)) return null;
  return amountIn(head, offset);
}

/**
 * Where a note starts after an amount: the first " (", "（" or ", <letter>" (the earlier of the two,
 * a parenthesis at the very start not counting), or -1. Only within an amount's length of the
 * start: the head before the note is one amount, and an amount with its currency is short.
 * Bounded so that trying it at every amount of a long cell stays linear.
 */
function noteStart(text: string): number {
  const head = text.slice(0, AMOUNT_MAX_CHARS + 2);
  // A Japanese note opens a full-width parenthesis right after the amount: "¥8,400（税込）".
  const spaced = head.indexOf(' (');
  const wide = head.indexOf('（');
  const open = wide >= 1 && (spaced < 1 || wide < spaced) ? wide : spaced;
  let comma = -1;
  for (let at = text.indexOf(','); at >= 0 && at <= AMOUNT_MAX_CHARS; at = text.indexOf(',', at + 1)) {
    NOTE_AFTER_COMMA_AT.lastIndex = at;
    if (NOTE_AFTER_COMMA_AT.test(text)) {
      comma = at;
      break;
    }
  }
  return open >= 1 && (comma < 1 || open < comma) ? open : comma;
}

// A tax rate printed in a header's label ("USt 10 %"): part of the label, not a value.
const RATE_IN_LABEL = /\b\d{1,2}(?:[.,]\d{1,2})? ?%/g;

/**
 * A table's header row naming totals over the row of their amounts ("Totale da pagare |
 * Scadenza" over "186,42 € | 25/03/2026", "Amount paid | Date paid" over "$96.00 | …"):
 * each amount under the header cell of the same index.
 */
export function amountsUnderHeaders(lines: Line[]): RoleAmount[] {
  const out: RoleAmount[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const line = lines[i]!;
    // A tax rate is part of its label ("Netto | USt 10 % | Gesamtbetrag"); other digits make a row of values.
    if (!line.piped || line.cells.length < 2 || /\d/.test(line.text.replace(RATE_IN_LABEL, ''))) continue;
    const next = lines.slice(i + 1, i + 3).find((l) => l.cells.length > 0);
    if (!next?.piped || !/\d/.test(next.text)) continue;
    const heads = pipedCells(line.text);
    const values = pipedCells(next.text);
    if (values.length > heads.length) continue;
    // A header over several rows of the same cells is an item table's ("Reference | Product |
    // Unit price | Qty | Total price"): its "Total" column holds each line's, not the document's.
    const after = lines.slice(lines.indexOf(next) + 1, lines.indexOf(next) + 3).find((l) => l.cells.length > 0);
    if (after?.piped && pipedCells(after.text).length === values.length && /\d/.test(after.text)) continue;
    for (const [k, head] of heads.entries()) {
      const words = wordsOf(head.text);
      const role = roleOf(words);
      const value = values[k];
      if (!role || !value?.text) continue;
      const amount = amountIn(value.text, next.offset + value.start);
      if (amount) out.push({ ...amount, role, line: next.index, label: words.map((w) => w.text).join(' ') });
    }
  }
  return out;
}

// The two boxes of a payment slip's amount field, currency then amount: the Swiss QR-bill's
// "Währung | Betrag" (fr "Monnaie | Montant", it "Valuta | Importo", en "Currency | Amount"),
// the Austrian Zahlschein's and the SEPA transfer form's "EUR | Betrag".
const SLIP_CURRENCY_HEADS = new Set(['währung', 'waehrung', 'monnaie', 'valuta', 'currency', 'eur']);
const SLIP_AMOUNT_HEADS = new Set(['betrag', 'montant', 'importo', 'amount']);

/**
 * A payment slip's amount grid: a currency box and an amount box side by side, their labels
 * on one line and a currency code and the amount under them on the next. The slip is filled
 * in for the amount the payer owes: its amount is the payable. An item table's "Betrag"
 * column is not one (no currency box beside it, and more rows of amounts under it).
 */
export function amountsInSlipGrid(lines: Line[]): RoleAmount[] {
  const out: RoleAmount[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const line = lines[i]!;
    if (line.piped || line.cells.length < 2) continue;
    for (let k = 0; k + 1 < line.cells.length; k++) {
      const head = line.cells[k]!;
      const amountHead = line.cells[k + 1]!;
      if (!SLIP_CURRENCY_HEADS.has(head.text.toLowerCase()) || !SLIP_AMOUNT_HEADS.has(amountHead.text.toLowerCase()))
        continue;
      const next = nextFilled(lines, i, 2);
      if (!next) continue;
      const currency = cellUnder(next, head.start, head.end);
      const value = cellUnder(next, amountHead.start, amountHead.end);
      if (!currency || !value || currency === value || !CURRENCY_WORDS.has(currency.text.toLowerCase())) continue;
      const amount = amountIn(value.text, value.offset);
      if (amount) out.push({ ...amount, role: 'payable', line: next.index, label: amountHead.text.toLowerCase() });
    }
  }
  return out;
}

function isRate(text: string): boolean {
  return /^[\d.,\s]+%$/.test(text.trim());
}

function isCurrency(text: string): boolean {
  const t = text.trim().toLowerCase();
  return CURRENCY_WORDS.has(t) || (t.length === 1 && CURRENCY_SIGNS.includes(t)) || /^\([a-z]{3}\)$/.test(t);
}

/**
 * Labels printed in one column and their amounts in a later run of lines ("Net / VAT /
 * Total" then "100.00 / 19.00 / 119.00", as some PDFs give them): a run of label-only
 * lines followed by as many amount-only lines, paired in order.
 */
export function amountsInColumns(lines: Line[]): RoleAmount[] {
  const out: RoleAmount[] = [];
  let i = 0;
  while (i < lines.length) {
    const labels: { line: Line; role: AmountRole; label: string }[] = [];
    let j = i;
    while (j < lines.length) {
      const cells = lines[j]!.cells;
      // A label line: one short cell (cheap tests before reading its words).
      if (cells.length !== 1 || cells[0]!.text.length > 60) break;
      const words = wordsOf(cells[0]!.text);
      const role = roleOf(words);
      if (!role || amountIn(cells[0]!.text, 0)) break;
      labels.push({ line: lines[j]!, role, label: words.map((w) => w.text).join(' ') });
      j++;
    }
    if (labels.length >= 2) {
      const values: PrintedAmount[] = [];
      let k = j;
      while (k < lines.length && values.length < labels.length) {
        const cells = lines[k]!.cells;
        const amount = cells.length === 1 ? amountIn(cells[0]!.text, cells[0]!.offset) : null;
        if (!amount) break;
        values.push(amount);
        k++;
      }
      if (values.length === labels.length) {
        for (const [n, l] of labels.entries())
          out.push({ ...values[n]!, role: l.role, line: lines[j + n]!.index, label: l.label });
        i = k;
        continue;
      }
    }
    i = Math.max(j, i + 1);
  }
  return out;
}

/** Whether an amount's text names its currency (a sign or a code): a bare number in a sentence is a count. */
function namesCurrency(text: string): boolean {
  for (const c of text) if (CURRENCY_SIGNS.includes(c)) return true;
  return wordsOf(text).some((w) => CURRENCY_WORDS.has(w.text));
}

/** A token of an amount as a sentence prints it: digits and separators, a sign or a currency code. */
function amountToken(token: string): boolean {
  for (const c of token)
    if (!NUMBER_CHARS.includes(c) && !CURRENCY_SIGNS.includes(c)) return CURRENCY_WORDS.has(token.toLowerCase());
  return true;
}

/** The amount tokens at the start of `text` (digits, separators, a sign or a code): where they end, or -1. */
function amountTokensEnd(text: string): number {
  let last = -1;
  for (const m of text.matchAll(/\S+/g)) {
    if (!amountToken(m[0])) break;
    last = m.index + m[0].length;
  }
  return last;
}

/**
 * A label, a colon and the amount, then the sentence goes on ("Montant réglé : 86,20 € par carte
 * American Express le 06/03/2026"): the amount right after the label's colon, with its currency.
 */
function amountAfterColon(cell: Cell, lineIndex: number): RoleAmount | null {
  const colon = cell.text.indexOf(':');
  if (colon < 2 || colon > 40) return null;
  const words = wordsOf(cell.text.slice(0, colon));
  const role = roleOf(words);
  if (!role) return null;
  const start = colon + 1 + (cell.text.slice(colon + 1).length - cell.text.slice(colon + 1).trimStart().length);
  const end = amountTokensEnd(cell.text.slice(start));
  // Words must follow: an amount alone after its label is the line reader's.
  if (end < 0 || !/^\s+\p{L}/u.test(cell.text.slice(start + end))) return null;
  const printed = cell.text.slice(start, start + end);
  if (!namesCurrency(printed)) return null;
  const amount = amountIn(printed, cell.offset + start);
  return amount ? { ...amount, role, line: lineIndex, label: words.map((w) => w.text).join(' ') } : null;
}

/**
 * The amount a sentence names as the document's ("Here is your invoice INV/2026/00087
 * amounting in $ 1,234.00", "d'un montant de 1 452,00 €", "voor een bedrag van € 2.117,50"):
 * billing systems' mails print the total only there. Only an amount with its currency.
 */
export function amountsInProse(line: Line): RoleAmount[] {
  const out: RoleAmount[] = [];
  for (const cell of line.cells) {
    if (cell.text.length < 16 || !/\d/.test(cell.text)) continue;
    const afterColon = amountAfterColon(cell, line.index);
    if (afterColon) out.push(afterColon);
    const words = wordsOf(cell.text);
    for (const wanted of AMOUNT_IN_SENTENCE) {
      for (let at = findPhrase(words, wanted); at >= 0; at = findPhrase(words, wanted, at + 1)) {
        const end = words[at + wanted.length - 1]!.end;
        let first = -1;
        let last = -1;
        for (const m of cell.text.slice(end).matchAll(/\S+/g)) {
          let token = m[0];
          // A sentence goes on after the amount: "1 452,00 €." ends with its full stop.
          while (token.length > 1 && '.,;:'.includes(token.at(-1)!) && !/\d/.test(token.at(-2)!))
            token = token.slice(0, -1);
          if (!amountToken(token)) break;
          if (first < 0) first = end + m.index;
          last = end + m.index + token.length;
          if (token !== m[0]) break;
        }
        if (first < 0) continue;
        const printed = cell.text.slice(first, last);
        if (!namesCurrency(printed)) continue;
        const amount = amountIn(printed, cell.offset + first);
        if (amount) out.push({ ...amount, role: 'gross', line: line.index, label: wanted.join(' ') });
      }
    }
  }
  return out;
}
