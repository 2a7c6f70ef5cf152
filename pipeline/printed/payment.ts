// How a receipt was paid, as it prints it: the value of a "Paid with" / "Zahlungsart" /
// "Règlement" / "Betalt med" line, else a means of payment named on the page ("Geg. EC-Cash",
// "Payment - Visa ending 1881", "Bar"). A card number or an amount beside the name is not
// part of it.
import { labeledCandidates } from '../extract-labels.ts';
import { type Cell, linesOf } from './layout.ts';
import { INVOICE_TITLE, PAYABLE, RECEIPT_TITLE, TOTAL } from './lexicon.ts';
import { findPhrase, phrases, type Word, wordsOf } from './words.ts';
import type { PrintedCandidate, ReadableDocument } from './index.ts';

export const PAYMENT_LABELS = [
  'Payment method',
  'Paid with',
  'Paid by',
  // A ride app's "Paid via FPS".
  'Paid via',
  // A US garage's monthly debit: "Paid from: Bank account (ACH) ending 0091".
  'Paid from',
  'Payment type',
  // A visa centre's "Mode of payment   Card (Mastercard)".
  'Mode of payment',
  'Payment',
  'Zahlungsart',
  'Zahlungsmethode',
  'Bezahlt mit',
  'Zahlung',
  'Moyen de paiement',
  'Mode de paiement',
  'Mode de règlement',
  'Règlement',
  'Paiement',
  'Método de pago',
  'Forma de pago',
  'Pagado con',
  'Pago',
  'Betaalmethode',
  'Betaalwijze',
  'Betaald met',
  'Metodo di pagamento',
  'Modalità di pagamento',
  'Pagamento',
  'Forma de pagamento',
  'Método de pagamento',
  'Metoda płatności',
  'Forma płatności',
  'Sposób płatności',
  'Płatność',
  'Betalningsmetod',
  'Betalningssätt',
  'Betalt med',
  'Betalingsmetode',
  'Betalingsform',
  'Betalt med',
  'Meio de pagamento',
  'Pago com',
  'Reembolso',
  'Zaplaceno',
  'Platba',
  'Způsob platby',
  'Maksettu',
  'Maksutapa',
  'Betalt',
  'Betalningsmedel',
  'Ödeme',
  'Ödeme şekli',
  'Zwrot środków',
  'Refund to',
  // Catalan: "Forma de pagament   Efectiu".
  'Forma de pagament',
  'Mètode de pagament',
  'Pagament',
  // Hungarian: "Fizetés módja" over "Bankkártya (Mastercard)".
  'Fizetés módja',
  // Japanese: "決済方法：クレジットカード（Visa）".
  '決済方法',
];

// Card schemes by name (a slip's "VISA", "Maestro", "Mastercard ****5530").
const CARD_SCHEMES = [
  'visa',
  'visa debit',
  // A British card's kind as a council's or a shop's confirmation prints it ("Visa Credit ending 4412").
  'visa credit',
  'visa electron',
  'v pay',
  'mastercard',
  'master card',
  'debit mastercard',
  'maestro',
  'american express',
  'amex',
  'discover',
  'diners club',
  'jcb',
  'unionpay',
  // Brazil's own scheme, as an NFC-e names the card's brand ("Bandeira: ELO").
  'elo',
];

// Means of payment as receipts print them; the longest name found wins ("Visa Debit" over "Visa").
const MEANS = phrases(
  ...CARD_SCHEMES,
  'ec cash',
  'ec karte',
  'girocard',
  'electronic cash',
  'kartenzahlung',
  'karte',
  'bar',
  'barzahlung',
  'bargeld',
  'cash',
  'espèces',
  'carte bancaire',
  'carte bleue',
  'cb',
  'bancontact',
  'ideal',
  'pin',
  'pinnen',
  'contant',
  'dankort',
  'mobilepay',
  'swish',
  'vipps',
  'blik',
  'karta płatnicza',
  'karta',
  'gotówka',
  'kontant',
  'kontanter',
  'efectivo',
  'tarjeta',
  'tarjeta de crédito',
  'tarjeta de débito',
  'bizum',
  'twint',
  'postfinance',
  'postfinance card',
  'satispay',
  'payconiq',
  'contanti',
  'contante',
  'bancomat',
  // Austria's debit card, as tills print it ("Bankomat   22,81", "Bankomatkarte").
  'bankomat',
  'bankomatkarte',
  'carta di credito',
  'pagamento elettronico',
  'paypal',
  // A shop's own credit or a gift card paid for the order ("Billed To: Store Credit").
  'store credit',
  'gift card',
  'apple pay',
  'google pay',
  'klarna',
  'sofort',
  'sepa lastschrift',
  'lastschrift',
  'direct debit',
  'bank transfer',
  // A US bank debit ("Bank account (ACH)").
  'ach',
  'überweisung',
  'banküberweisung',
  // Baltic slips' card and cash: Lithuanian "kortele", Latvian "karte", Estonian "kaart".
  'kortele',
  'kortelė',
  'grynieji',
  'skaidra nauda',
  'sularaha',
  // Prepayment and cash on delivery as German shops name them ("Zahlung: Vorkasse (Überweisung)").
  'vorkasse',
  'nachnahme',
  'virement',
  'virement bancaire',
  'transferencia',
  'transferencia bancaria',
  'bonifico',
  'bonifico bancario',
  'credit card',
  'debit card',
  'card',
  'multibanco',
  'mb way',
  'cartão',
  'numerário',
  'dinheiro',
  'bankaxept',
  'kort',
  'kortti',
  'korttimaksu',
  'käteinen',
  'platba kartou',
  'hotově',
  'hotovost',
  'kredi kartı',
  'banka kartı',
  'nakit',
  'bankkártya',
  'készpénz',
  // A Slovak eKasa slip's card line: "Platobná karta   15,72".
  'platobná karta',
  // India's UPI and bank transfers, Australia's EFTPOS, Brazil's Pix, Canada's Interac.
  'upi',
  'rupay',
  'neft',
  'imps',
  'eftpos',
  'pix',
  'interac',
  // Catalan cash and card; mobile wallets of Asia ("LINE Pay", "PayPay", "Alipay").
  'efectiu',
  'targeta',
  'line pay',
  'paypay',
  'alipay',
  'wechat pay',
  'samsung pay',
  // A US school's or office's receipt for a paper check: "Paid by   Check #1042".
  'check',
  // Kenya's mobile money ("Paid by M-PESA (Till 5523071)", "M-PESA Paybill"), Saudi Arabia's
  // debit network ("mada   83.00"), Singapore's ("NETS   S$164.00").
  'm-pesa',
  'mada',
  'nets',
  // Hong Kong's stored-value card ("Octopus card"), Malaysia's online banking ("FPX online
  // banking"). Not Hong Kong's "FPS", which Latin pharmacies print for a sunscreen's factor
  // ("PROTETOR SOLAR FPS50"): a payment label's value names it ("Paid via FPS").
  'octopus card',
  'fpx',
);

// Means named only as a payment label's value: "Check 1182" heads a restaurant's bill.
const LABELLED_ONLY = new Set(['check', 'ach']);

// Words that name a means only where a payment is printed (an amount on the line): "Bar" is
// also a bar, "PIN" a code, "Karte" a map.
const GENERIC = new Set([
  'bankomat',
  'elo',
  'nets',
  'mada',
  'bar',
  'pin',
  'card',
  'karte',
  'karta',
  'cb',
  'cash',
  'kontant',
  'kort',
  'kortti',
]);

// Kinds of payment rather than a named means: a scheme on the same line ("Kartenzahlung
// girocard", "Card: Visa") says more.
const KINDS = new Set(
  [
    'kartenzahlung',
    'karte',
    'card',
    'credit card',
    'debit card',
    'tarjeta',
    'karta',
    'karta płatnicza',
    'kortele',
    'kortelė',
    'carta di credito',
    'pagamento elettronico',
    'cartão',
    'kort',
    'kortti',
    'korttimaksu',
    'platba kartou',
    'kredi kartı',
    'banka kartı',
    'bankkártya',
    'platobná karta',
  ].map((k) =>
    wordsOf(k)
      .map((w) => w.text)
      .join(' '),
  ),
);

// Card schemes, as a card slip names them under the till's kind of payment ("Kartenzahlung" …
// "VISA", "PIN" … "Maestro", "Karta płatnicza" … "Mastercard ****5530").
const SCHEMES = new Set(
  [
    ...CARD_SCHEMES,
    // Germany's debit card scheme: "Kartenzahlung" then "girocard" on a terminal slip; and
    // Australia's, whose slip prints "EFTPOS PURCHASE" beside a "Card surcharge" line.
    'girocard',
    'eftpos',
  ].map((k) =>
    wordsOf(k)
      .map((w) => w.text)
      .join(' '),
  ),
);

// Kinds of card payment a till prints for any scheme: the scheme on the slip says which card.
const CARD_KINDS = new Set(
  [
    ...KINDS,
    'pin',
    'pinnen',
    'cb',
    'carte bancaire',
    'carte bleue',
    'ec karte',
    'tarjeta de crédito',
    'tarjeta de débito',
    // Austria's debit card by its network's name: the slip's scheme says which card.
    'bankomat',
    'bankomatkarte',
  ].map((k) =>
    wordsOf(k)
      .map((w) => w.text)
      .join(' '),
  ),
);

const key = (raw: string) =>
  wordsOf(raw)
    .map((w) => w.text)
    .join(' ');

/**
 * The means a page names when nothing labels it. A card scheme named once beside kinds of card
 * payment only is the card that paid ("Kartenzahlung" then "VISA" on the slip): 0.7. Else the
 * first means, 0.7 when the page names one only, 0.5 when it names several.
 */
function namedMeans(found: { raw: string; offset: number; paid: boolean }[]): {
  raw: string;
  offset: number;
  confidence: number;
} {
  const distinct = new Set(found.map((f) => key(f.raw)));
  if (distinct.size === 1) return { ...found[0]!, confidence: 0.7 };
  const schemes = [...distinct].filter((k) => SCHEMES.has(k));
  const rest = [...distinct].filter((k) => !SCHEMES.has(k));
  if (schemes.length === 1 && rest.every((k) => CARD_KINDS.has(k)))
    return { ...found.find((f) => key(f.raw) === schemes[0])!, confidence: 0.7 };
  // One means on a line that says it paid ("Pagamento Visa 19/03 -423,50"), others on item
  // lines (a folio's "Bar 14,00"): the payment's line names it.
  const paying = new Set(found.filter((f) => f.paid).map((f) => key(f.raw)));
  if (paying.size === 1) return { ...found.find((f) => f.paid)!, confidence: 0.7 };
  return { ...found[0]!, confidence: 0.5 };
}

// A card scheme's two-letter code before the card's masked number, as a ferry's or an airline's
// form of payment prints it ("MC ****2209", "VI XXXXXXXXXXXX4417", "VI ...2210"): the scheme.
const SCHEME_CODE = /(?<![\p{L}\d])(VI|MC)\s?[•*●∙·xX.]{2,16}\s?\d{4}(?!\d)/u;

/** The means of payment named in a text, as printed there. */
function meansIn(text: string, needsAmount = false): { raw: string; at: number } | null {
  const words = wordsOf(text);
  let best: { at: number; end: number; len: number; named: number } | null = null;
  const amount = /\d[.,]\d{2}(?!\d)/.test(text);
  for (const p of MEANS) {
    const at = findPhrase(words, p);
    if (at < 0) continue;
    if (needsAmount && !amount && p.length === 1 && GENERIC.has(p[0]!)) continue;
    if (needsAmount && p.length === 1 && LABELLED_ONLY.has(p[0]!)) continue;
    const end = at + p.length - 1;
    // A named means before a kind of payment, a card's scheme before the till's word for any
    // card ("Carte bancaire (Visa)", "CB VISA"), then the longer phrase, then the earlier one.
    const phrase = p.join(' ');
    const named = KINDS.has(phrase) ? 0 : CARD_KINDS.has(phrase) ? 1 : 2;
    const better =
      !best || (named !== best.named ? named > best.named : p.length !== best.len ? p.length > best.len : at < best.at);
    if (better) best = { at, end, len: p.length, named };
  }
  if (!best) {
    const coded = SCHEME_CODE.exec(text);
    return coded ? { raw: coded[1]!, at: coded.index } : null;
  }
  const first: Word = words[best.at]!;
  const last: Word = words[best.end]!;
  return { raw: text.slice(first.start, last.end), at: first.start };
}

const SPACE_IN_AMOUNT = /(\d) (?=\d{3}(?!\d))/g;

// "Payment ID  LFfFPhxkpRrn", "Payment reference", "Payment No.": a payment label's word followed
// by an identifier's word is a longer label, and its value is a code, not how it was paid.
const IDENTIFIER_WORD = /^(?:id|no|nr|number|ref|reference|code|#)\b/i;
const LABEL_WORDS = phrases(...PAYMENT_LABELS);

/** Whether a value is a document's title word ("PAYMENT RECEIPT" is a heading, not "Payment: RECEIPT"). */
function isTitle(value: string): boolean {
  const words = key(value);
  return [...RECEIPT_TITLE, ...INVOICE_TITLE].some((p) => p.join(' ') === words);
}

/**
 * A slip's line "Betaald met      V PAY": a payment label in its first cell and a means in the
 * next; or a label of two words or more and its means in the first cell, the amount in the next
 * ("Paid by PayPal      £36.40"). Two cells of words read as a table's header to the label
 * reader, which then takes the line below ("Kaartnr.") as the value.
 */
function labelBesideMeans(doc: ReadableDocument): PrintedCandidate | null {
  for (const line of linesOf(doc.doc, doc.text)) {
    if (line.cells.length !== 2 || line.text.length > 120) continue;
    const [label, value] = line.cells as [Cell, Cell];
    const words = wordsOf(label.text);
    const phrase = LABEL_WORDS.find((p) => p.length <= words.length && p.every((w, i) => words[i]!.text === w));
    if (!phrase) continue;
    // "Paid by PayPal      £36.40": the label and its means in one cell, the amount paid beside.
    const inCell = phrase.length < words.length;
    if (inCell && (phrase.length < 2 || !/\d/.test(value.text))) continue;
    const from = inCell ? words[phrase.length]!.start : 0;
    const means = meansIn((inCell ? label : value).text.slice(from));
    // In the label's cell, only a named means: a kind of card ("Paid by card") leaves the scheme to the slip.
    if (means && !(inCell && CARD_KINDS.has(key(means.raw))))
      return {
        raw: means.raw,
        confidence: 0.9,
        document_index: doc.doc.index,
        offset: (inCell ? label : value).offset + from + means.at,
        why: 'label',
      };
  }
  return null;
}

/** Whether every amount on a line is zero ("Rückgeld 0,00", "Pagamento contante 0,00"). */
function paidNothing(text: string): boolean {
  // "Hotově   1 000,00": digits grouped by spaces are one amount.
  const amounts = text
    .replace(SPACE_IN_AMOUNT, '$1')
    .split(' ')
    .filter((t) => /^\d[\d.,']*[.,]\d\d$/.test(t));
  return amounts.length > 0 && amounts.every((a) => !/[1-9]/.test(a));
}

// A card's last digits as receipts mask them: "•••• 4242", "**** 4242", "ending with 4242",
// "endet auf 4242", "se terminant par 4242", "– 4242" alone on its line.
const MASKED_CARD =
  /(?:[•*●∙·xX]{3,8} ?\d{4}\b|\b(?:ending|endet|endend|terminant|terminada|terminando|termina|eindigend|eindigt|slutter|slutar)\b[^\d\n]{0,12}\d{4}\b|^[–—-] ?\d{4}$)/u;

/** Inline images whose alt text names a means of payment that is not a mere kind of payment ("Visa", "Apple Pay"). */
function iconMeans(doc: ReadableDocument): { raw: string; offset: number }[] {
  const out: { raw: string; offset: number }[] = [];
  for (const icon of doc.doc.icons ?? []) {
    const means = meansIn(icon.alt);
    if (means && !KINDS.has(key(means.raw))) out.push({ raw: means.raw, offset: icon.offset });
  }
  return out;
}

/**
 * A card scheme's logo where the page prints how it was paid (Stripe's "Payment method" then
 * [Visa] "– 4242", Shopify's [Mastercard] "ending with 8841"): the image's alt names the means
 * the text only shows as an image. Within a payment label's value, or before a masked card number.
 */
function meansByIcon(doc: ReadableDocument, labelled: { offset: number; value: string }[]): PrintedCandidate | null {
  const icons = iconMeans(doc);
  if (icons.length === 0) return null;
  for (const v of labelled) {
    const icon = icons.find((i) => i.offset >= v.offset && i.offset <= v.offset + v.value.length);
    if (icon)
      return {
        raw: icon.raw,
        confidence: 0.85,
        document_index: doc.doc.index,
        offset: icon.offset,
        why: 'label, icon',
      };
  }
  for (const line of linesOf(doc.doc, doc.text)) {
    const icon = icons.find((i) => i.offset >= line.offset && i.offset < line.offset + line.text.length);
    if (icon && MASKED_CARD.test(line.text))
      return {
        raw: icon.raw,
        confidence: 0.8,
        document_index: doc.doc.index,
        offset: icon.offset,
        why: 'icon before a card number',
      };
  }
  return null;
}

/**
 * A till's kind of card payment under its label, then the card slip's scheme on the next lines
 * ("Bankomatkarte  65,37" over "Debit Mastercard  **** 2207"): the scheme says which card paid.
 * One scheme only, printed right below: a scheme named elsewhere (a footer's accepted cards) is not the slip's.
 */
function schemeBelow(doc: ReadableDocument, offset: number): PrintedCandidate | null {
  const lines = linesOf(doc.doc, doc.text);
  const at = lines.findIndex((l) => offset >= l.offset && offset <= l.offset + l.text.length);
  if (at < 0) return null;
  const named = lines
    .slice(at + 1, at + 3)
    .map((l) => ({ l, means: meansIn(l.text) }))
    .filter((x) => x.means && SCHEMES.has(key(x.means.raw)));
  if (new Set(named.map((x) => key(x.means!.raw))).size !== 1) return null;
  const { l, means } = named[0]!;
  return {
    raw: means!.raw,
    confidence: 0.8,
    document_index: doc.doc.index,
    offset: l.offset + means!.at,
    why: 'label, card slip',
  };
}

/** A folio's "Balance Due" under its "Payment (623.48)": the next totals line, not how it was paid. */
function totalsLabel(value: string): boolean {
  const words = wordsOf(value);
  return [...PAYABLE, ...TOTAL].some((p) => findPhrase(words, p) >= 0);
}

// A scheme printed by its code before a masked card ("MC ****2209") or by its short name
// ("AMEX", "Amex"): read as the scheme's name, the one an expense system files, whichever form
// the till prints.
const SCHEME_NAMES: Record<string, string> = { vi: 'Visa', mc: 'Mastercard', amex: 'American Express' };

/** The means of payment the documents name, a scheme's code or short name read as its name. */
export function paymentMethod(documents: ReadableDocument[]): PrintedCandidate[] {
  return paymentMeans(documents).map((c) => {
    const name = SCHEME_NAMES[key(c.raw)];
    return name ? { ...c, parse: name } : c;
  });
}

function paymentMeans(documents: ReadableDocument[]): PrintedCandidate[] {
  for (const doc of documents) {
    const beside = labelBesideMeans(doc);
    if (beside) return [beside];
    // A label's value: the means it names, else the value as printed when it is a short phrase.
    const candidates = labeledCandidates(PAYMENT_LABELS, [doc], 'string').map((c) => {
      // The value up to the next cell gap.
      const gap = c.raw.search(/\s\s/);
      const value = (gap >= 0 ? c.raw.slice(0, gap) : c.raw).trim();
      return { offset: c.offset, value, means: meansIn(value) };
    });
    // A card's logo says more than a value that names no means or only a kind of card.
    const icon = meansByIcon(
      doc,
      candidates.filter((c) => !c.means || CARD_KINDS.has(key(c.means.raw))),
    );
    if (icon) return [icon];
    // A value of plain words that names no means ("Online Citation Payment" over "Payment
    // Receipt": a value that repeats a payment label, or a document's title, is a heading).
    const plainWords = (value: string) =>
      /^\p{L}[\p{L} .-]{1,30}$/u.test(value) &&
      !/\d/.test(value) &&
      !IDENTIFIER_WORD.test(value) &&
      !LABEL_WORDS.some((p) => findPhrase(wordsOf(value), p) >= 0) &&
      !isTitle(value) &&
      !totalsLabel(value);
    // A label's value that names a means comes before another's words (a "Payment" heading over
    // a fare's line, "Paid by PayPal" below it); where such words come first the page gives two
    // answers, and the means is not sure.
    let firstWords: (typeof candidates)[number] | undefined;
    for (const candidate of candidates) {
      const { offset, value, means } = candidate;
      const slip = means && CARD_KINDS.has(key(means.raw)) ? schemeBelow(doc, offset) : null;
      if (slip) return [slip];
      if (means) {
        const confidence = firstWords ? 0.7 : 0.9;
        return [{ raw: means.raw, confidence, document_index: doc.doc.index, offset: offset + means.at, why: 'label' }];
      }
      if (!firstWords && plainWords(value)) firstWords = candidate;
    }
    if (firstWords)
      return [
        {
          raw: firstWords.value,
          confidence: 0.75,
          document_index: doc.doc.index,
          offset: firstWords.offset,
          why: 'label',
        },
      ];
    // A means named on a line with an amount or a payment word: "Geg. EC-Cash EUR 28,94".
    const found: { raw: string; offset: number; paid: boolean }[] = [];
    for (const line of linesOf(doc.doc, doc.text)) {
      if (line.text.length > 200) continue;
      // "Pagamento contante 0,00": a means that paid nothing is not how the receipt was paid.
      if (paidNothing(line.text)) continue;
      const means = meansIn(line.text, true);
      if (means) {
        const words = wordsOf(line.text);
        const paid = LABEL_WORDS.some((p) => findPhrase(words, p) >= 0);
        found.push({ raw: means.raw, offset: line.offset + means.at, paid });
      }
    }
    if (found.length > 0) {
      const means = namedMeans(found);
      return [
        {
          raw: means.raw,
          confidence: means.confidence,
          document_index: doc.doc.index,
          offset: means.offset,
          why: 'named on the page',
        },
      ];
    }
  }
  return [];
}
