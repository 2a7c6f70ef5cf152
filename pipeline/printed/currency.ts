// The document's currency. A "Currency" label names it best (as a code, "Argentine Peso
// (ARS)", or a name in the page's language, mapped to its ISO 4217 code through the ICU data
// Node ships: Intl.DisplayNames); then ISO codes printed beside the amounts; then symbols. A
// symbol several currencies share says little alone: "$" is the US dollar only when nothing
// on the page says otherwise, "kr" is Swedish, Danish or Norwegian by the page's language.
import { linesOf } from './layout.ts';
import { fold, wordsOf } from './words.ts';
import type { PrintedCandidate, ReadableDocument } from './index.ts';

const CODES = new Set(Intl.supportedValuesOf('currency'));

const LANGUAGES = ['en', 'de', 'fr', 'es', 'nl', 'it', 'pt', 'pl', 'sv', 'da', 'nb'];

let names: Map<string, string> | null = null;

/** Currency names in the languages the starters read, folded, to their codes ("schweizer franken" -> CHF). */
function currencyNames(): Map<string, string> {
  if (names) return names;
  names = new Map();
  for (const lang of LANGUAGES) {
    const display = new Intl.DisplayNames([lang], { type: 'currency' });
    for (const code of CODES) {
      const name = display.of(code);
      if (name && name !== code)
        names.set(
          wordsOf(name)
            .map((w) => w.text)
            .join(' '),
          code,
        );
    }
  }
  // Names invoices print that ICU spells otherwise.
  names.set('euro', 'EUR');
  names.set('euros', 'EUR');
  names.set('us dollar', 'USD');
  names.set('us dollars', 'USD');
  names.set('pound sterling', 'GBP');
  names.set('pounds sterling', 'GBP');
  names.set('zloty', 'PLN');
  names.set('zlotych', 'PLN');
  names.set('kronor', 'SEK');
  names.set('kroner', 'DKK');
  // Peru's sol as its invoices print the currency ("Moneda: SOLES").
  names.set('soles', 'PEN');
  return names;
}

/** The ISO code a text names: a code in it, or its whole text as a currency name. */
export function currencyNamed(text: string): { code: string; at: number; length: number } | null {
  for (const m of text.matchAll(/(?<![A-Za-z])[A-Z]{3}(?![A-Za-z])/g)) {
    if (CODES.has(m[0])) return { code: m[0], at: m.index, length: 3 };
  }
  const words = wordsOf(text);
  const map = currencyNames();
  // The longest run of words that is a currency name ("United States Dollar", "Euro").
  for (let len = Math.min(4, words.length); len >= 1; len--) {
    for (let i = 0; i + len <= words.length; i++) {
      const code = map.get(
        words
          .slice(i, i + len)
          .map((w) => w.text)
          .join(' '),
      );
      if (code) return { code, at: words[i]!.start, length: words[i + len - 1]!.end - words[i]!.start };
    }
  }
  return null;
}

const CURRENCY_LABELS = ['Currency', 'Währung', 'Devise', 'Monnaie', 'Moneda', 'Divisa', 'Valuta', 'Waluta', 'Moeda'];

/** Where a sign is printed as a sign: a country's letters start it ("A$" is not the end of "CA$"). */
function signAt(text: string, sign: string): number {
  for (let at = text.indexOf(sign); at >= 0; at = text.indexOf(sign, at + 1))
    if (!/[A-Z]/.test(sign[0]!) || at === 0 || !/\p{L}/u.test(text[at - 1]!)) return at;
  return -1;
}

const SIGNS: [string, string][] = [
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['zł', 'PLN'],
  ['₹', 'INR'],
  ['₽', 'RUB'],
  ['₺', 'TRY'],
  ['₪', 'ILS'],
  ['Kč', 'CZK'],
  ['US$', 'USD'],
  ['R$', 'BRL'],
  // "CA$16.50" on a Canadian app's receipt: Canada's dollar, not "A$" inside it.
  ['CA$', 'CAD'],
  ['A$', 'AUD'],
  ['C$', 'CAD'],
  ['S$', 'SGD'],
  ['NZ$', 'NZD'],
  ['HK$', 'HKD'],
  ['MX$', 'MXN'],
  ['NT$', 'TWD'],
  ['CHF', 'CHF'],
  ['Fr.', 'CHF'],
  // Signs only one currency uses.
  ['₦', 'NGN'],
  ['₱', 'PHP'],
  ['₫', 'VND'],
  ['฿', 'THB'],
  ['₴', 'UAH'],
  ['₸', 'KZT'],
  ['₵', 'GHS'],
  ['₲', 'PYG'],
  ['₡', 'CRC'],
  ['৳', 'BDT'],
  ['₮', 'MNT'],
  ['₼', 'AZN'],
  ['₾', 'GEL'],
  ['KSh', 'KES'],
];

// What only one of the three krone countries prints: its business register, its direct debit
// and its card or mobile payment schemes ("CVR 41182290", "Betalingsservice", "Org.nr. 924 118
// 207 MVA", "KID", "Bankgiro 5432-1098", "Swish").
const KRONE_SIGNS: [RegExp, 'sv' | 'da' | 'no'][] = [
  [/\b(?:Bankgiro|Plusgiro|Swish)\b|\bOrg\.?\s?nr\.?:?\s?\d{6}-\d{4}\b/, 'sv'],
  [/\b(?:CVR|Betalingsservice|MobilePay|Dankort)\b/, 'da'],
  [/\b(?:MVA|KID|Vipps|BankAxept)\b/, 'no'],
];

/**
 * Swedish, Danish or Norwegian kronor by the page's words (as written: Swedish "för" is not
 * Danish "for") and its country's signs, each worth three words.
 */
function kroneOf(text: string): string | null {
  const words = new Set(
    text
      .slice(0, 200_000)
      .toLowerCase()
      .match(/\p{L}+/gu)
      ?.slice(0, 3000) ?? [],
  );
  const count = (list: string[]) => list.filter((w) => words.has(w)).length;
  const score = {
    sv: count(['och', 'att', 'för', 'faktura', 'moms', 'betala', 'summa', 'kvitto']),
    da: count(['og', 'at', 'faktura', 'moms', 'betale', 'beløb', 'kvittering']) + (/\bi alt\b/i.test(text) ? 1 : 0),
    no: count(['og', 'å', 'faktura', 'mva', 'betale', 'beløp', 'kvittering']),
  };
  for (const [sign, lang] of KRONE_SIGNS) if (sign.test(text)) score[lang] += 3;
  const best = Math.max(score.sv, score.da, score.no);
  if (best < 2) return null;
  return best === score.sv ? 'SEK' : best === score.da ? 'DKK' : 'NOK';
}

interface Found {
  code: string;
  raw: string;
  offset: number;
  document_index: number;
  strength: number;
}

const CURRENCY_LABEL_WORDS = new Set(CURRENCY_LABELS.map((l) => fold(l)));

/** "Currency: EUR", "- Currency Argentine Peso (ARS)", or a "Currency" header over its value. */
function labelled(doc: ReadableDocument): Found[] {
  const out: Found[] = [];
  const folded = fold(doc.text.length > 200_000 ? doc.text.slice(0, 200_000) : doc.text);
  if (![...CURRENCY_LABEL_WORDS].some((w) => folded.includes(w))) return out;
  const lines = linesOf(doc.doc, doc.text);
  for (const line of lines) {
    if (line.text.length > 300) continue;
    for (const word of wordsOf(line.text)) {
      if (!CURRENCY_LABEL_WORDS.has(word.text)) continue;
      // The value after the label and its separator, up to the next cell.
      const rest = line.text.slice(word.end, word.end + 60);
      const lead = rest.length - rest.replace(/^[\s:：|=-]+/, '').length;
      const value = rest.slice(lead).split(/\s{3,}| \| |\t/)[0] ?? '';
      const named = currencyNamed(value);
      // The value starts the text after the label ("Currency: EUR", "Currency Argentine Peso
      // (ARS)"); "Dynamic currency conversion: cardholder chose to pay EUR 552.08" names the
      // card's conversion, a word after "currency", not the page's currency.
      const before = named ? value.slice(0, named.at) : '';
      let cut = before.length;
      while (cut > 0 && (before[cut - 1] === '(' || /\s/.test(before[cut - 1]!))) cut--;
      const lead0 = before.slice(0, cut);
      // "United States Dollar (USD)": a name and its code in parentheses.
      if (named && (lead0 === '' || currencyNamed(lead0)?.at === 0 || /\p{L} ?\($/u.test(before))) {
        const at = word.end + lead;
        out.push({
          code: named.code,
          raw: named.code,
          offset: line.offset + at + named.at,
          document_index: doc.doc.index,
          strength: 0.95,
        });
        break;
      }
      // A header: the value in the same column on one of the next lines. Only a header cell that
      // starts with the label ("Currency", "Currency code"): "Dynamic Currency Conversion" heads
      // a card slip's block, not a column.
      const cell = line.cells.find((c) => c.start <= word.start && c.end >= word.end);
      const cellWords = cell ? wordsOf(cell.text) : [];
      if (cellWords.length > 2 || cellWords[0]?.text !== word.text) continue;
      const column = word.start;
      // A table's header row over its value row ("FECHA | VENCIMIENTO | MONEDA" over
      // "02/03/2026 | 16/03/2026 | UYU"): the cell in the same place, wherever its text starts.
      const headIndex = line.piped ? line.cells.findIndex((c) => c.start <= column && c.end > column) : -1;
      for (let n = line.index + 1; n < lines.length && n <= line.index + 3; n++) {
        const row = lines[n]!;
        const cell =
          headIndex >= 0 && row.piped && row.cells.length === line.cells.length
            ? row.cells[headIndex]
            : row.cells.find((c) => c.start <= column + 2 && c.end > column);
        if (!cell) continue;
        const below = currencyNamed(cell.text);
        if (below)
          out.push({
            code: below.code,
            raw: below.code,
            offset: cell.offset + below.at,
            document_index: doc.doc.index,
            strength: 0.9,
          });
        break;
      }
      if (out.length > 0) break;
    }
  }
  return out;
}

// Signs that name one currency, or one family ("$" any dollar, "kr" any krone). A sign no
// word spells counts anywhere on the page (`Prezzo(€)` over the items); one that may be part
// of a word or a name only beside an amount.
const SIGN_FAMILIES: [RegExp, string[]][] = [
  [/€/, ['EUR']],
  [/£/, ['GBP']],
  [/\d\s?zł/, ['PLN']],
  [/₹/, ['INR']],
  [/₺/, ['TRY']],
  [/₪/, ['ILS']],
  [/\d\s?TL\b/, ['TRY']],
  [/\d\s?Ft\b/, ['HUF']],
  [/\d\s?Kč/, ['CZK']],
  [/\$\s?\d|\d\s?\$/, ['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'MXN', 'BRL', 'TWD']],
  [/\d\s?kr\b|\bkr\.?\s?\d/, ['SEK', 'DKK', 'NOK', 'ISK']],
];

// A Chilean issuer's RUT ("RUT 76.118.204-3", "R.U.T.: 76.118.204-3" as the SII's printed
// invoice spells it) and an Argentine one's CUIT ("CUIT 30-71188204-7"): their "$" is the peso.
const CHILEAN = /(?:\bRUT|\bRut|\bR\.U\.T\.?):? ?\d{1,2}\.\d{3}\.\d{3}-[\dkK]\b/;
const ARGENTINE = /\bCUIT:? ?\d{2}-\d{8}-\d\b/;

// An Australian issuer: the company form "Pty Ltd" (South Africa's is "(Pty) Ltd") or an ABN.
const AUSTRALIAN = /\bPty\.? Ltd\b|\bABN:? ?\d{2} ?\d{3}/;
// What only one dollar country prints: New Zealand's NZBN, IRD or GST number (12-345-678) and
// bank account (06-0501-0884172-00); Canada's GST/HST, QST or TPS/TVQ and its postal code
// (K1P 5G4); Singapore's UEN and six-digit postcode; Hong Kong's name; Mexico's RFC.
const NEW_ZEALAND = /\bNZBN\b|\bIRD\b|\bGST(?: No\.?| number)?:? ?\d{2,3}-\d{3}-\d{3}\b|\b\d{2}-\d{4}-\d{7}-\d{2,3}\b/;
const CANADIAN = /\bGST\/HST\b|\bHST\b|\bQST\b|\bTVQ\b|\b[A-CEGHJ-NPR-TVXY]\d[A-Z] \d[A-Z]\d\b/;
const SINGAPOREAN = /\bUEN\b|\bSingapore \d{6}\b/;
const HONG_KONG = /\bHong Kong\b|\bKowloon\b/;
const MEXICAN = /\bRFC:? ?[A-ZÑ&]{3,4}\d{6}/;

// A "$" page's country, by what it prints, in this order where it prints several.
const DOLLAR_COUNTRIES: [RegExp, string][] = [
  [AUSTRALIAN, 'AUD'],
  [CHILEAN, 'CLP'],
  [ARGENTINE, 'ARS'],
  [NEW_ZEALAND, 'NZD'],
  [CANADIAN, 'CAD'],
  [SINGAPOREAN, 'SGD'],
  [HONG_KONG, 'HKD'],
  [MEXICAN, 'MXN'],
];

const CODE_APART = /(?<![A-Za-z0-9])([A-Z]{3}) {2,}-?\d[\d.,' ]{0,14}\d *$/;

/**
 * The currencies (each a family) the page names besides its codes beside amounts: signs, and
 * codes printed apart from their amount ("Summe EUR      5,87").
 */
function otherCurrencies(doc: ReadableDocument): string[][] {
  const out = SIGN_FAMILIES.filter(([sign]) => sign.test(doc.text)).map(([, family]) => family);
  // A code with nothing after it but its amount at the line's end, apart by a gap.
  for (const line of linesOf(doc.doc, doc.text)) {
    if (line.text.length > 300) continue;
    const m = CODE_APART.exec(line.text);
    if (m && CODES.has(m[1]!)) out.push([m[1]!]);
  }
  return out;
}

function inDocument(doc: ReadableDocument): Found[] {
  const out: Found[] = labelled(doc);
  if (out.length > 0) return out;
  // Codes printed with the amounts ("EUR 1.234,50", "8,336.00 SEK", "Total (EUR)"): the most
  // frequent, sure when it is the only one. A code elsewhere may be a word ("CRC Porto").
  const counts = new Map<string, { n: number; offset: number; converted: boolean }>();
  for (const line of linesOf(doc.doc, doc.text)) {
    // A label over its amount names the code in parentheses ("Amount due (USD)" over "$2,760.00").
    if (!/\d/.test(line.text) && !/\([A-Z]{3}\)/.test(line.text)) continue;
    for (const m of line.text.matchAll(/(?<![A-Za-z0-9])[A-Z]{3}(?![A-Za-z0-9])/g)) {
      if (!CODES.has(m[0])) continue;
      const before = line.text.slice(Math.max(0, m.index - 2), m.index);
      const after = line.text.slice(m.index + 3, m.index + 5);
      if (!/\d\s?$/.test(before) && !/^\s?\d/.test(after) && !/\($/.test(before)) continue;
      // "(≈ GBP 10,52)", "approx. USD 12.40": an amount converted for the reader, not the sale's.
      const converted = /(≈|~|approx\.?|ca\.|env\.)\s?$/i.test(
        line.text.slice(Math.max(0, m.index - 9), m.index).trimEnd(),
      );
      const seen = counts.get(m[0]);
      counts.set(m[0], {
        n: (seen?.n ?? 0) + 1,
        offset: seen?.offset ?? line.offset + m.index,
        converted: (seen?.converted ?? true) && converted,
      });
    }
  }
  if (counts.size > 0) {
    const ranked = [...counts.entries()].sort((a, b) => b[1].n - a[1].n);
    const [[code, top], second] = [ranked[0]!, ranked[1]];
    // Another currency on the page (`12,50 €` and `(≈ GBP 10,52)`, a total converted): two
    // currencies, and the code may be the conversion's.
    const otherSign = otherCurrencies(doc).some((family) => !family.includes(code));
    out.push({
      code,
      raw: code,
      offset: top.offset,
      document_index: doc.doc.index,
      // A code printed only beside a converted amount says what the reader may pay in, not what
      // the page is in: a guess, held for review.
      strength: Math.min(
        second ? (top.n >= 2 * second[1].n ? 0.75 : 0.55) : 0.9,
        otherSign ? 0.6 : 1,
        top.converted ? 0.6 : 1,
      ),
    });
    return out;
  }
  for (const [sign, code] of SIGNS) {
    const at = signAt(doc.text, sign);
    if (at >= 0) {
      out.push({
        code,
        raw: sign,
        offset: at,
        document_index: doc.doc.index,
        strength: sign.length > 1 && sign !== 'zł' ? 0.8 : 0.85,
      });
      return out;
    }
  }
  // Signs one currency writes: yen, won, the Saudi riyal, Peru's sol; yuan and yen share "¥",
  // told apart by the page's script (kana is Japanese, Han alone Chinese).
  for (const [sign, code] of ASIAN_SIGNS) {
    const m = sign.exec(doc.text);
    const named = code ?? (m ? yuanOrYen(doc.text) : null);
    if (m && named) {
      out.push({ code: named, raw: m[0].trim(), offset: m.index, document_index: doc.doc.index, strength: 0.85 });
      return out;
    }
  }
  // "Amount (Rs)", "Rs. 450.00": the rupee, India's where the page says no more (Pakistan, Sri
  // Lanka and Nepal print it too), so no surer than a country's inference.
  const rupee = /(?<![\p{L}])Rs\.?(?=\s?\d|\)|\/)/u.exec(doc.text);
  if (rupee) {
    out.push({ code: 'INR', raw: rupee[0], offset: rupee.index, document_index: doc.doc.index, strength: 0.6 });
    return out;
  }
  // Romanian lei after an amount ("780,00 lei"); South African rand before it, on more than one
  // amount ("R 4,199.60"), a single "R 5" may be anything.
  const lei = /\d\s?lei\b/i.exec(doc.text);
  if (lei) {
    out.push({ code: 'RON', raw: 'lei', offset: lei.index, document_index: doc.doc.index, strength: 0.85 });
    return out;
  }
  const rand = [...doc.text.slice(0, 200_000).matchAll(/(?<![\p{L}\d$])R ?\d{1,3}(?:[ ,]\d{3})*\.\d{2}(?!\d)/gu)];
  if (rand.length >= 2) {
    out.push({ code: 'ZAR', raw: 'R', offset: rand[0]!.index, document_index: doc.doc.index, strength: 0.75 });
    return out;
  }
  // Signs printed after the amount that only one currency uses: the Angolan kwanza ("28.500,00 Kz"),
  // the Mozambican metical ("18 212,00 MT"), the Moroccan dirham ("3 096,00 DH"), the hryvnia
  // ("4 500,00 грн"), the lev ("88,80 лв."), the Serbian dinar ("5.364,00 дин."), the tenge
  // ("31 500,00 тг"), the dong ("300.000 đ"), the baht ("645.91 บาท"); the rupiah and ringgit before it.
  for (const [sign, code] of AFTER_AMOUNT) {
    const m = sign.exec(doc.text);
    if (m) {
      out.push({
        code,
        raw: m[0].replace(/^[\d\s]+/, ''),
        offset: m.index,
        document_index: doc.doc.index,
        strength: 0.85,
      });
      return out;
    }
  }
  // Hungarian forint as receipts print it after a whole amount: "3304 Ft".
  const forint = /\d\s?Ft\b/.exec(doc.text);
  if (forint) {
    out.push({ code: 'HUF', raw: 'Ft', offset: forint.index, document_index: doc.doc.index, strength: 0.85 });
    return out;
  }
  // Turkish lira as receipts print it after the amount: "185,00 TL".
  const lira = /\d\s?TL\b/.exec(doc.text);
  if (lira) {
    out.push({ code: 'TRY', raw: 'TL', offset: lira.index, document_index: doc.doc.index, strength: 0.85 });
    return out;
  }
  const kr = /\d\s?kr\b|\bkr\.?\s?\d/i.exec(doc.text);
  if (kr) {
    const code = kroneOf(doc.text);
    if (code) out.push({ code, raw: 'kr', offset: kr.index, document_index: doc.doc.index, strength: 0.65 });
    return out;
  }
  const dollar = doc.text.indexOf('$');
  if (dollar >= 0) {
    // "$" beside amounts and one dollar's code or name elsewhere on the page ("Balance due CAD",
    // "All amounts in Canadian dollars", "Total AUD"): the two agree on which dollar.
    const named = dollarNamed(doc.text);
    if (named) {
      out.push({ code: named, raw: '$', offset: dollar, document_index: doc.doc.index, strength: 0.85 });
      return out;
    }
    // An Australian company's page (its "Pty Ltd", its ABN) prints Australian dollars as "$";
    // still only as sure as any "$" (0.6), and less where the page prints signs of two
    // countries (a foreign customer's address).
    const page = doc.text.length > 200_000 ? doc.text.slice(0, 200_000) : doc.text;
    const countries = DOLLAR_COUNTRIES.filter(([probe]) => probe.test(page)).map(([, code]) => code);
    const code = countries[0] ?? 'USD';
    const strength = countries.length > 1 ? 0.5 : 0.6;
    out.push({ code, raw: '$', offset: dollar, document_index: doc.doc.index, strength });
  }
  return out;
}

const AFTER_AMOUNT: [RegExp, string][] = [
  [/\d\s?Kz(?![\p{L}])/u, 'AOA'],
  [/\d\s?MT(?![\p{L}])/u, 'MZN'],
  [/\d\s?DH(?![\p{L}])/u, 'MAD'],
  [/\d\s?грн(?![\p{L}])/u, 'UAH'],
  [/\d\s?лв(?![\p{L}])/u, 'BGN'],
  [/\d\s?дин(?![\p{L}])/u, 'RSD'],
  [/\d\s?(?:тг|тенге)(?![\p{L}])/u, 'KZT'],
  [/\d\s?(?:đ|đồng|VNĐ)(?![\p{L}])/u, 'VND'],
  [/\d\s?บาท/u, 'THB'],
  [/(?<![\p{L}])Rp\.?\s?\d/u, 'IDR'],
  [/(?<![\p{L}])RM\s?\d/u, 'MYR'],
];

const ASIAN_SIGNS: [RegExp, string | null][] = [
  [/\d\s?円/, 'JPY'],
  [/₩\s?\d|\d\s?원/, 'KRW'],
  [/\d\s?ر\.\s?س/, 'SAR'],
  [/(?<![A-Za-z])S\/\s?\d/, 'PEN'],
  [/[¥￥]\s?\d|\d\s?元/, null],
];

// A Japanese qualified invoice's registration number, in Japanese or in an English receipt's
// words ("Registration No. T4120001187265"): the page is Japanese, whatever its Han title.
const JAPANESE_REGISTRATION = /(?:登録番号|\bRegistration No\.?)\s?:?\s?T\d{13}\b/u;

function yuanOrYen(text: string): string | null {
  const page = text.length > 200_000 ? text.slice(0, 200_000) : text;
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(page) || JAPANESE_REGISTRATION.test(page)) return 'JPY';
  return /\p{Script=Han}/u.test(page) ? 'CNY' : null;
}

/** A US address's "City, ST 12345": the page is from the United States. */
export const US_CITY_STATE_ZIP =
  /\b[A-Z][a-z]+,\s(?:A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY])\s\d{5}\b/;

// A dollar's code beside a "$" amount ("Balance due CAD   $0.00", "$1,278.20 AUD") or after
// "in" ("All amounts in CAD"); a code among words ("CAD drawings") says nothing.
const DOLLAR_CODES = [
  /(?<![A-Za-z0-9])(USD|CAD|AUD|NZD|SGD|HKD)[):]? {1,40}-?\$ ?\d/g,
  /\$ ?\d[\d,.]{0,15} ?(USD|CAD|AUD|NZD|SGD|HKD)(?![A-Za-z0-9])/g,
  /\b(?:[Ii]n|[Cc]urrency:?) (USD|CAD|AUD|NZD|SGD|HKD)(?![A-Za-z0-9])/g,
];
const DOLLAR_NAME: [RegExp, string][] = [
  [/\b(?:US|U\.S\.|United States) dollars?\b/i, 'USD'],
  [/\bCanadian dollars?\b/i, 'CAD'],
  [/\bAustralian dollars?\b/i, 'AUD'],
  [/\bNew Zealand dollars?\b/i, 'NZD'],
  [/\bSingapore dollars?\b/i, 'SGD'],
  [/\bHong Kong dollars?\b/i, 'HKD'],
];

/** The one dollar a page names by code or name; none when it names two or none. */
function dollarNamed(text: string): string | null {
  const page = text.length > 200_000 ? text.slice(0, 200_000) : text;
  const codes = new Set<string>();
  for (const code of DOLLAR_CODES) for (const m of page.matchAll(code)) codes.add(m[1]!);
  for (const [name, code] of DOLLAR_NAME) if (name.test(page)) codes.add(code);
  return codes.size === 1 ? [...codes][0]! : null;
}

// The currency of the country a page is from, when it prints none: a receipt or folio whose
// amounts stand bare. Read from what only that country prints: its tax-id labels, an IBAN's
// country, a US "City, ST 12345" address. An inference, so never above 0.6.
const EURO_IBAN = new Set([
  'DE',
  'AT',
  'FR',
  'IT',
  'ES',
  'NL',
  'BE',
  'PT',
  'IE',
  'FI',
  'LU',
  'GR',
  'SK',
  'SI',
  'EE',
  'LV',
  'LT',
  'MT',
  'CY',
  'HR',
]);
const IBAN_CURRENCY: Record<string, string> = {
  GB: 'GBP',
  PL: 'PLN',
  CH: 'CHF',
  SE: 'SEK',
  DK: 'DKK',
  NO: 'NOK',
  CZ: 'CZK',
  HU: 'HUF',
};
const COUNTRY_PROBES: [RegExp, (m: RegExpExecArray) => string | null][] = [
  [/\bIBAN:?\s?([A-Z]{2})\d{2}/, (m) => (EURO_IBAN.has(m[1]!) ? 'EUR' : (IBAN_CURRENCY[m[1]!] ?? null))],
  [
    /\b(?:USt-?Id(?:Nr)?\.?|Steuernummer|P\.\s?IVA|Partita IVA|SIRET|SIREN|N° TVA|TVA intracommunautaire|KvK|CIF|NIF)\b/,
    () => 'EUR',
  ],
  // Tax ids only one country prints: Finland's Y-tunnus, Greece's ΑΦΜ (euro); Czechia's IČO
  // and DIČ; Norway's "Org.nr. … MVA"; Turkey's tax office and VKN ("Kadıköy V.D.").
  [/\bY-tunnus\b|ΑΦΜ/u, () => 'EUR'],
  // Belgium's enterprise number as its VAT id ("TVA BE 0614.328.570", "BTW BE0614328570").
  [/\bBE ?0\d{3}\.?\d{3}\.?\d{3}\b/, () => 'EUR'],
  // Italy's codice fiscale (the FatturaPA courtesy copy's "Identificativo fiscale ai fini IVA"),
  // Portugal's ATCUD; India's GSTIN; Switzerland's UID (CHE-123.456.789); Sweden's Bankgiro; a
  // Japanese qualified invoice's registration number (T + 13 digits). Not Poland's KSeF number:
  // a KSeF print states its currency ("17 115,45PLN"), which a later extractor reads at 0.7.
  [/\b(?:Codice fiscale|Identificativo fiscale|ATCUD)\b/, () => 'EUR'],
  [/\bGSTIN\b/, () => 'INR'],
  // A UK VAT number after its label ("VAT No. GB 221 5541 02", "VAT reg GB 604 1182 73").
  [/\bVAT\b[^\n\d]{0,12}\bGB ?\d{3} ?\d{4} ?\d{2}\b/, () => 'GBP'],
  // An Australian company's "Pty Ltd" or ABN, a New Zealand GST number, on a page of bare amounts.
  [AUSTRALIAN, () => 'AUD'],
  [NEW_ZEALAND, () => 'NZD'],
  [/\bCHE-\d{3}\.\d{3}\.\d{3}\b/, () => 'CHF'],
  [/\bBankgiro\b/, () => 'SEK'],
  [/登録番号\s?T\d{13}/u, () => 'JPY'],
  [/\b(?:IČO|DIČ)\b/u, () => 'CZK'],
  [/\bOrg\.?\s?nr\.?\s?\d{3}\s?\d{3}\s?\d{3}\s?MVA\b/, () => 'NOK'],
  [/\bV\.D\.|\bVKN\b/, () => 'TRY'],
  // Taiwan's uniform e-invoice (電子發票) and its sellers' unified business number (統一編號).
  [/電子發票|統一編號/u, () => 'TWD'],
  [US_CITY_STATE_ZIP, () => 'USD'],
];

function countryCurrency(doc: ReadableDocument): Found[] {
  // A code apart from its amount ("I alt DKK      10.495,00") is printed, so surer than a country.
  for (const line of linesOf(doc.doc, doc.text)) {
    if (!/\d/.test(line.text) || line.text.length > 300) continue;
    for (const m of line.text.matchAll(/(?<![A-Za-z0-9])[A-Z]{3}(?![A-Za-z0-9])/g))
      if (CODES.has(m[0]) && m[0] !== 'ALL')
        return [{ code: m[0], raw: m[0], offset: line.offset + m.index, document_index: doc.doc.index, strength: 0.7 }];
  }
  const text = doc.text.length > 200_000 ? doc.text.slice(0, 200_000) : doc.text;
  const hits: { code: string; at: number; raw: string }[] = [];
  for (const [probe, currencyOf] of COUNTRY_PROBES) {
    const m = probe.exec(text);
    const code = m ? currencyOf(m) : null;
    if (m && code) hits.push({ code, at: m.index, raw: m[0] });
  }
  if (hits.length === 0) return [];
  const first = hits.reduce((a, b) => (b.at < a.at ? b : a));
  // Signs of two countries (a foreign buyer's address, a foreign bank): the page does not say.
  const agree = hits.every((h) => h.code === first.code);
  return [
    { code: first.code, raw: first.raw, offset: first.at, document_index: doc.doc.index, strength: agree ? 0.6 : 0.4 },
  ];
}

export function documentCurrency(documents: ReadableDocument[]): PrintedCandidate[] {
  // A currency printed in any document (the covering mail's "DKK") before one inferred from a country.
  for (const read of [inDocument, countryCurrency]) {
    for (const doc of documents) {
      const found = read(doc);
      if (found.length === 0) continue;
      const top = found.reduce((a, b) => (b.strength > a.strength ? b : a));
      const rival = found.some((f) => f.code !== top.code && f.strength >= top.strength - 0.1);
      return [
        {
          raw: top.raw,
          parse: top.code,
          confidence: rival ? Math.min(0.6, top.strength) : top.strength,
          document_index: top.document_index,
          offset: top.offset,
          why: read === countryCurrency ? "currency of the issuer's country" : 'currency',
        },
      ];
    }
  }
  return [];
}
