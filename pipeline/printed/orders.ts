// The buyer's order number an invoice refers to (its purchase order, "your order", "Ihre
// Bestellung"), not the seller's own order or job number ("Sales order", "Auftragsnummer",
// "Our reference"). A label names it on its line, after a colon or in the next cell, or over
// it in a header row; a label broken over two lines ("Purchase order refe-" / "rence:") is
// read whole. Labels that name the buyer's order count most; a bare "Order" or a reference
// that may be anything, less.
import { parseDate } from '../validate-dates.ts';
import { codeLike } from './numbers.ts';
import { pipedCells } from '../extract-labels.ts';
import { cellUnder, type Cell, type Line, linesOf } from './layout.ts';
import { firstPhrase, phrases, wordsOf } from './words.ts';
import type { PrintedCandidate, ReadableDocument } from './index.ts';

const BUYER_ORDER = phrases(
  'purchase order',
  'purchase order number',
  'purchase order no',
  'purchase order reference',
  'purchase order ref',
  'po',
  'po number',
  'po no',
  'po ref',
  'p o',
  'p o number',
  'p o no',
  'your po',
  'your po number',
  'your order',
  'your order number',
  'your order no',
  'your order ref',
  'your purchase order',
  'customer order',
  'customer order no',
  'customer order number',
  'customer po',
  'buyer order',
  'buyer order reference',
  'ihre bestellung',
  'ihre bestellnummer',
  'ihre bestell nr',
  'bestellnummer',
  'bestell nr',
  'bestellnr',
  'bestellung',
  'bestellzeichen',
  'ihre auftragsnummer',
  'ihr auftrag',
  'bon de commande',
  'n bon de commande',
  'votre commande',
  'votre bon de commande',
  'référence commande',
  'reference commande',
  'orden de compra',
  'su pedido',
  'pedido de compra',
  'referencia de pedido',
  'pedido del cliente',
  'inkooporder',
  'inkoopordernummer',
  'uw bestelling',
  'uw ordernummer',
  'uw bestelnummer',
  'ordine d acquisto',
  'vostro ordine',
  'riferimento ordine',
  'rif ordine',
  'ordem de compra',
  'zamówienie',
  'numer zamówienia',
  'nr zamówienia',
  'zamówienie nr',
  'beställningsnummer',
  'ert ordernr',
  'ert ordernummer',
  'er beställning',
  'inköpsorder',
  'deres ordrenr',
  'deres ordrenummer',
  'jeres ordrenr',
  'indkøbsordre',
  'rekvisitionsnummer',
  // Czech and Slovak: "Vaše objednávka: 118/2026 ze dne 20. 2. 2026".
  'vaše objednávka',
  'vaša objednávka',
  // Slovenian, Croatian, Portuguese and Greek: the customer's order, "your requisition".
  'naročilo kupca',
  'vaše naročilo',
  'narudžba kupca',
  'vaša narudžba',
  'v requisição',
  'vossa requisição',
  'sua requisição',
  'αρ παραγγελίας πελάτη',
  'αριθμός παραγγελίας πελάτη',
  'παραγγελία πελάτη',
);

// References that are often the buyer's order, but not always.
const MAYBE_ORDER = phrases(
  'order reference',
  'order ref',
  'order number',
  'order no',
  'your reference',
  'your ref',
  'customer reference',
  'ihre referenz',
  'ihr zeichen',
  'votre référence',
  'votre reference',
  'numéro de commande',
  'su referencia',
  'referencia del cliente',
  'número de pedido',
  'uw referentie',
  'numero ordine',
  'nº do pedido',
  'número do pedido',
  'sua referência',
  'er referens',
  'jeres reference',
  'order',
);

// Words that make an order the seller's own: "Sales order", "Our reference", "Unsere Auftragsnummer".
const SELLER_SIDE = new Set([
  'sales',
  'our',
  'unsere',
  'unser',
  'notre',
  'nuestra',
  'nuestro',
  'onze',
  'nostro',
  'nostra',
  'vår',
  'vores',
  'vor',
  'auftragsbestätigung',
  'auftragsbestatigung',
  'delivery',
  'despatch',
  'dispatch',
  'previous',
]);

interface Found {
  value: string;
  offset: number;
  document_index: number;
  strength: number;
}

/** The label a cell starts with (a hyphenated label continued on the next line is joined): its words and where its value starts. */
function labelOf(lines: Line[], line: Line, cell: Cell): { words: string[]; rest: string; restOffset: number } {
  const text = cell.text;
  const colon = text.search(/[:：]/);
  let label = colon >= 0 ? text.slice(0, colon) : text;
  let rest = colon >= 0 ? text.slice(colon + 1) : '';
  // "Orden de Compra (801)": a document type's code in parentheses is the label's, not its value.
  if (colon < 0) label = label.replace(/\s\(\d{1,4}\)$/, '');
  const restOffset = cell.offset + (colon >= 0 ? colon + 1 : text.length);
  if (colon < 0 && /\p{L}-$/u.test(text)) {
    const next = lines[line.index + 1];
    const continued = next ? cellUnder(next, cell.start, cell.start + 1, 1) : undefined;
    if (continued && /^\p{Ll}/u.test(continued.text)) {
      label = text.slice(0, -1) + continued.text.replace(/[:：]\s*$/, '');
      rest = '';
    }
  }
  const words = wordsOf(label).map((w) => w.text);
  return { words, rest: rest.trim(), restOffset: restOffset + (rest.length - rest.trimStart().length) };
}

function strengthOf(words: string[]): number {
  const ws = words.map((text) => ({ text, start: 0, end: 0 }));
  const buyer = firstPhrase(ws, BUYER_ORDER);
  const maybe = firstPhrase(ws, MAYBE_ORDER);
  const found = buyer ?? maybe;
  if (!found || found.at > 1) return 0;
  // A label has no numbers in it: "PO 55-2031" is a label and its value, not a label.
  if (words.some((w) => /\d/.test(w))) return 0;
  // "PO Box 5510" is an address.
  if (words.includes('box')) return 0;
  // The label must be the cell's label, not words in a sentence.
  if (words.length > found.phrase.length + 2) return 0;
  if (words.slice(0, found.at + found.phrase.length).some((w) => SELLER_SIDE.has(w))) return 0;
  if (buyer) return 0.9;
  return found.phrase.length === 1 ? 0.6 : 0.75;
}

function valueLike(text: string): boolean {
  const t = text.trim();
  if (codeLike(t)) return true;
  return t.length <= 40 && /\d/.test(t) && t.split(/\s+/).length <= 5 && !/[:：]/.test(t);
}

/** The cell of `row` under header cell `index` of `header`, counting empty cells. */
function cellAtIndex(header: Line, row: Line, index: number): Cell | undefined {
  const heads = pipedCells(header.text);
  const cells = pipedCells(row.text);
  if (cells.length > heads.length) return undefined;
  // `index` counts the header's printed cells; find the same cell among all of them.
  const head = header.cells[index]!;
  const k = heads.findIndex((h) => h.start === head.start);
  const cell = k >= 0 ? cells[k] : undefined;
  return cell?.text
    ? { text: cell.text, offset: row.offset + cell.start, start: cell.start, end: cell.end }
    : undefined;
}

/** "118/2026 ze dne 20. 2. 2026", "4500-17 vom 02.03.2026": the order's number, without the date it was placed. */
function withoutDate(value: string): string {
  const m = /\s(?:ze dne|z dnia|vom|dated|du|del|dd\.?)\s/iu.exec(value);
  if (!m || m.index === 0) return value;
  return parseDate(value.slice(m.index + m[0].length))?.start === 0 ? value.slice(0, m.index) : value;
}

function inDocument(doc: ReadableDocument): Found[] {
  const lines = linesOf(doc.doc, doc.text);
  const out: Found[] = [];
  for (const line of lines) {
    for (const [i, cell] of line.cells.entries()) {
      if (!/\p{L}/u.test(cell.text)) continue;
      const { words, rest, restOffset } = labelOf(lines, line, cell);
      if (words.length === 0 || words.length > 6) continue;
      let strength = strengthOf(words);
      let value = rest;
      let offset = restOffset;
      if (strength === 0 && !rest) {
        // The label and its value in one cell: "Order PO-2024-001", "PO 4711".
        const tokens = cell.text.trim().split(/\s+/);
        const code = tokens.at(-1) ?? '';
        const labelWords = wordsOf(cell.text.slice(0, cell.text.lastIndexOf(code))).map((w) => w.text);
        strength = labelWords.length > 0 && codeLike(code) ? strengthOf(labelWords) * 0.9 : 0;
        value = code;
        offset = cell.offset + cell.text.lastIndexOf(code);
      }
      if (strength === 0) continue;
      if (!value) {
        const next = line.cells[i + 1];
        if (next && !/[:：]$/.test(next.text) && valueLike(next.text)) {
          value = next.text;
          offset = next.offset;
        } else {
          // A header over its value.
          for (let n = line.index + 1; n < lines.length && n <= line.index + 2; n++) {
            // An HTML table's header cell is over the cell of the same index.
            const below =
              line.piped && lines[n]!.piped
                ? cellAtIndex(line, lines[n]!, i)
                : cellUnder(lines[n]!, cell.start, cell.end, 2);
            if (!below) continue;
            if (valueLike(below.text)) {
              value = below.text;
              offset = below.offset;
              strength *= 0.9;
            }
            break;
          }
        }
      }
      const gap = value.search(/\s\s/);
      value = withoutDate((gap >= 0 ? value.slice(0, gap) : value).trim());
      if (!value || !valueLike(value)) continue;
      out.push({ value, offset, document_index: doc.doc.index, strength });
    }
  }
  return out;
}

export function orderNumber(documents: ReadableDocument[]): PrintedCandidate[] {
  for (const doc of documents) {
    const found = inDocument(doc);
    if (found.length === 0) continue;
    const byValue = new Map<string, Found>();
    for (const f of found) {
      const key = f.value.replace(/\s+/g, '').toLowerCase();
      const seen = byValue.get(key);
      if (!seen || f.strength > seen.strength) byValue.set(key, f);
    }
    const ranked = [...byValue.values()].sort((a, b) => b.strength - a.strength || a.offset - b.offset);
    const [top, second] = ranked;
    const confidence = second && second.strength >= top!.strength - 0.1 ? Math.min(0.7, top!.strength) : top!.strength;
    return [
      {
        raw: top!.value,
        confidence: Math.round(confidence * 1000) / 1000,
        document_index: top!.document_index,
        offset: top!.offset,
        why: 'order label',
      },
    ];
  }
  return [];
}
