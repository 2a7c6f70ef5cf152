// Who a part of the page is about. A heading ("Supplier", "Käufer:", "Bill to", "Information
// about the seller") opens a section that runs down its column: past blank lines until its
// first line of text, then to the next blank line. A value read inside a buyer's section is
// the buyer's (its customer number, its name), never the document's or the vendor's.
import {
  BARE_DATE,
  DUE_DATE,
  DUE_DATE_MORE,
  INVOICE_DATE,
  INVOICE_DATE_MORE,
  INVOICE_NUMBER,
  INVOICE_NUMBER_MORE,
  INVOICE_NUMBER_WORLD,
} from './labels.ts';
import { amountIn } from './amounts.ts';
import type { Cell, Line } from './layout.ts';
import { INVOICE_TITLE, RECEIPT_TITLE } from './lexicon.ts';
import { firstPhrase, fold, phrases, type Word, wordsOf } from './words.ts';

export type SectionRole = 'seller' | 'buyer' | 'delivery' | 'reference' | 'other';

const HEADINGS: [SectionRole, string[][]][] = [
  [
    'seller',
    phrases(
      'supplier',
      'seller',
      'vendor',
      'sold by',
      'issued by',
      'bill from',
      'billed by',
      'from',
      'information about the seller',
      'seller information',
      'supplier information',
      'lieferant',
      'verkäufer',
      'rechnungssteller',
      'leistungserbringer',
      'angaben zum verkäufer',
      'informationen zum verkäufer',
      'fournisseur',
      'vendeur',
      'émetteur',
      'prestataire',
      'proveedor',
      'vendedor',
      'emisor',
      'leverancier',
      'verkoper',
      'cedente prestatore',
      'cedente',
      'prestatore',
      'fornitore',
      'venditore',
      'fornecedor',
      'emitente',
      'prestador',
      'sprzedawca',
      'wystawca',
      'leverantör',
      'säljare',
      'leverandør',
      'sælger',
      // Baltic, Slovak and Czech, Slovenian, Croatian, Romanian and Greek sellers' blocks.
      'pardavėjas',
      'tiekėjas',
      'pārdevējs',
      'piegādātājs',
      'müüja',
      'dodávateľ',
      'predávajúci',
      'dodavatel',
      'prodávající',
      'prodajalec',
      'dobavitelj',
      'izdajatelj',
      'prodavatelj',
      'dobavljač',
      'izdavatelj',
      'furnizor',
      'vânzător',
      'προμηθευτής',
      'πωλητής',
      'εκδότης',
      // Ukrainian, Russian, Bulgarian and Serbian Cyrillic; Vietnamese, Thai, Indonesian and Malay.
      'постачальник',
      'продавець',
      'виконавець',
      'поставщик',
      'продавец',
      'исполнитель',
      'доставчик',
      'изпълнител',
      'продавач',
      'đơn vị bán hàng',
      'người bán',
      'ผู้ขาย',
      'penjual',
    ),
  ],
  [
    'buyer',
    phrases(
      'customer',
      'buyer',
      'client',
      'bill to',
      'billed to',
      'invoice to',
      'invoiced to',
      'sold to',
      'recipient',
      'information about the buyer',
      'buyer information',
      'customer information',
      'kunde',
      'käufer',
      'rechnungsempfänger',
      'abweichender rechnungsempfänger',
      'leistungsempfänger',
      'auftraggeber',
      // A tax adviser's or a lawyer's client.
      'mandant',
      'rechnungsadresse',
      'angaben zum käufer',
      'informationen zum käufer',
      'acheteur',
      'destinataire',
      'facturé à',
      'adresse de facturation',
      'cliente',
      'comprador',
      'facturar a',
      'destinatario',
      'klant',
      'afnemer',
      'koper',
      'factuuradres',
      'cessionario committente',
      'cessionario',
      'committente',
      'acquirente',
      'nabywca',
      'odbiorca',
      'kupujący',
      'kund',
      'köpare',
      'køber',
      // Greek: the customer's block ("ΠΕΛΑΤΗΣ").
      'πελάτης',
      // Ukrainian, Russian, Bulgarian and Serbian Cyrillic; Vietnamese, Thai, Indonesian and Malay.
      'покупець',
      'замовник',
      'платник',
      'покупатель',
      'заказчик',
      'плательщик',
      'получател',
      'купувач',
      'купац',
      'người mua',
      'đơn vị mua hàng',
      'khách hàng',
      'ผู้ซื้อ',
      'ลูกค้า',
      'pembeli',
      'pelanggan',
      // Hungarian, Peruvian and Hebrew buyer's blocks ("Vevő:", "Señor(es)", "לכבוד").
      'vevő',
      'señor(es)',
      'לכבוד',
      // The same languages' buyers' blocks (the Estonian payer's, "Maksja").
      'pirkėjas',
      'pircējs',
      'maksātājs',
      'ostja',
      'maksja',
      'odberateľ',
      'kupujúci',
      'odběratel',
      'kupující',
      'kupec',
      'naročnik',
      'kupac',
      'cumpărător',
      'beneficiar',
      'αγοραστής',
      'στοιχεία πελάτη',
    ),
  ],
  [
    'delivery',
    phrases(
      'ship to',
      'deliver to',
      'delivery address',
      'delivery information',
      'shipping address',
      'lieferadresse',
      'lieferanschrift',
      'abweichender warenempfänger',
      'warenempfänger',
      'adresse de livraison',
      'livré à',
      'dirección de entrega',
      'afleveradres',
      'indirizzo di consegna',
      'adres dostawy',
      'leveransadress',
      'leveringsadresse',
    ),
  ],
  [
    'reference',
    phrases(
      'previous invoice',
      'previous invoices',
      'preceding invoice',
      'preceding invoices',
      'original invoice',
      'referenced invoice',
      'related invoice',
      'vorherige rechnung',
      'vorherige rechnungen',
      'vorausgegangene rechnung',
      'vorausgegangene rechnungen',
      'ursprüngliche rechnung',
      'rechnungsbezug',
      'facture d origine',
      'facture précédente',
      'factures précédentes',
      'factura original',
      'factura rectificada',
      'oorspronkelijke factuur',
      'fattura originale',
      'faktura korygowana',
    ),
  ],
  [
    // Headings of the document's own parts: they end a party's block.
    'other',
    phrases(
      'overview',
      'übersicht',
      'invoice data',
      'invoice details',
      'rechnungsdaten',
      'invoice totals',
      'rechnungssummen',
      'totals',
      'summary',
      'lines',
      'details',
      'positions',
      'positionen',
      'taxes',
      'notes',
      'payment',
      'payment data',
      'payment details',
      'payment information',
      'zahlungsdaten',
      'zahlungsinformationen',
      'bank details',
      'bankverbindung',
      'supplements',
      'zusätze',
      'information about the contract',
      'informationen zum vertrag',
    ),
  ],
];

/** The role a heading cell names, when the whole cell (less a colon) is a heading. */
export function headingRole(cell: Cell): SectionRole | null {
  const words = wordsOf(cell.text);
  if (words.length === 0 || words.length > 5) return null;
  // The heading is the whole cell: "Customer" or "Käufer:", not "Customer number: 4711".
  if (/\d/.test(cell.text) || /[:：]\s*\S/.test(cell.text)) return null;
  const said = words.map((w: Word) => w.text).join(' ');
  for (const [role, list] of HEADINGS) if (list.some((p) => p.join(' ') === said)) return role;
  return null;
}

/**
 * The role of a heading a text ends with, before its colon ("… Datum: 11.03.2026 Mandant: "):
 * what follows in the same line is that party's, as under a heading of its own.
 */
export function roleBeforeColon(text: string): SectionRole | null {
  const trimmed = text.trimEnd();
  if (!/[:：]$/.test(trimmed)) return null;
  const words = wordsOf(trimmed.slice(-60)).map((w: Word) => w.text);
  for (let n = Math.min(4, words.length); n >= 1; n--) {
    const said = words.slice(-n).join(' ');
    for (const [role, list] of HEADINGS) if (list.some((p) => p.join(' ') === said)) return role;
  }
  return null;
}

// The labels of the document's own facts: a cell that starts with one is the document's
// details box printed beside a party's block ("Bill to" left, "Invoice # / Invoice Date"
// right), never part of that party's block.
const FACT_LABELS = [
  ...INVOICE_NUMBER,
  ...INVOICE_NUMBER_MORE,
  ...INVOICE_NUMBER_WORLD,
  ...INVOICE_DATE,
  ...INVOICE_DATE_MORE,
  ...DUE_DATE,
  ...DUE_DATE_MORE,
].map((l) => fold(l));

const BARE_DATE_WORDS = new Set(BARE_DATE.map((l) => fold(l)));

function isFactLabel(cell: Cell): boolean {
  const text = fold(cell.text);
  return FACT_LABELS.some((label) => {
    if (!text.startsWith(label)) return false;
    const next = text.charCodeAt(label.length);
    // "Invoice date" ends at a space, a colon or the cell's end, not inside "Invoice dates".
    return Number.isNaN(next) || !/[\p{L}\d]/u.test(text[label.length]!);
  });
}

const DOCUMENT_TITLES = [...INVOICE_TITLE, ...RECEIPT_TITLE];

/**
 * A line that is the document's title and number and nothing else ("Rechnung #2026/02/000000309",
 * "Invoice No. 4711"), printed away from the margin (centred under the party boxes): it is
 * no party's line, and it ends a block that runs down the margin above it.
 */
function isTitleLine(line: Line): boolean {
  const cell = line.cells[0];
  if (line.cells.length !== 1 || !cell || cell.start <= 3 || !/\d/.test(cell.text)) return false;
  const words = wordsOf(cell.text);
  return words.length >= 2 && words.length <= 6 && firstPhrase(words, DOCUMENT_TITLES)?.at === 0;
}

// The words an item table's column heads start with: a row of them ends every party's block
// above it (a Writer or Chromium page prints no blank line between the addresses and the table).
const COLUMN_HEADS = new Set(
  [
    'description',
    'item',
    'items',
    'qty',
    'quantity',
    'price',
    'rate',
    'amount',
    'total',
    'unit',
    'hours',
    'product',
    'service',
    'charge',
    'beschreibung',
    'bezeichnung',
    'artikel',
    'leistung',
    'menge',
    'anzahl',
    'einzelpreis',
    'preis',
    'betrag',
    'gesamt',
    'gesamtpreis',
    'designation',
    'qte',
    'quantite',
    'prix',
    'montant',
    'prestation',
    'produit',
    'concepto',
    'descripcion',
    'cantidad',
    'cant',
    'precio',
    'importe',
    'uds',
    'omschrijving',
    'aantal',
    'prijs',
    'bedrag',
    'totaal',
    'descrizione',
    'quantita',
    'qta',
    'prezzo',
    'importo',
    'totale',
    'articolo',
    'descricao',
    'quantidade',
    'qtd',
    'preco',
    'valor',
    'nazwa',
    'ilosc',
    'cena',
    'wartosc',
    'benamning',
    'beskrivning',
    'antal',
    'pris',
    'belopp',
    'summa',
    'beskrivelse',
    'belob',
    'polozka',
    'mnozstvi',
    'kuvaus',
    'maara',
    'hinta',
  ].map(fold),
);

/** An item table's header row: three cells or more, no digit, two of them column heads or more. */
function isColumnHeads(line: Line): boolean {
  if (line.cells.length < 3 || /\d/.test(line.text)) return false;
  let heads = 0;
  for (const cell of line.cells) if (COLUMN_HEADS.has(wordsOf(cell.text)[0]?.text ?? '')) heads++;
  return heads >= 2;
}

interface OpenSection {
  id: number;
  role: SectionRole;
  column: number;
  /** Whether a line of text has been seen under the heading. */
  started: boolean;
  heading: number;
}

export interface Placement {
  role: SectionRole;
  /** Which section (in page order), so the first cell of each is known. */
  section: number;
}

const cache = new WeakMap<Line[], Map<Cell, Placement>>();

/**
 * The section of every cell that lies in one (cached per line list). A section under a
 * heading at the margin takes whole lines (a two-column block of "Name: … / ZIP: …"); one
 * under an indented heading takes the cells of its column only (a letterhead's right column).
 */
export function sectionsOf(lines: Line[]): Map<Cell, Placement> {
  const hit = cache.get(lines);
  if (hit) return hit;
  const roles = new Map<Cell, Placement>();
  let open: OpenSection[] = [];
  let count = 0;
  const near = (s: OpenSection, cell: Cell) => Math.abs(cell.start - s.column) <= 3;
  // Where the line above printed its first fact label (a details box's column), if it did.
  let factsAbove = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    if (line.cells.length === 0) {
      // A blank line ends a section that has shown its text; one still waiting for text goes on.
      open = open.filter((s) => !s.started);
      continue;
    }
    // An item table's heads end the blocks above it, and so does a row of five cells or more: a
    // table's row whose heads are not known ("DOS | Accession # | Patient | CPT | Test | Fee").
    if (isColumnHeads(line) || line.cells.length >= 5) {
      open = open.filter((s) => !s.started);
      continue;
    }
    if (isTitleLine(line)) {
      open = open.filter((s) => !(s.started && s.column <= 3 && s.role !== 'reference'));
      if (!open.some((s) => s.role === 'reference' && s.started)) continue;
    }
    // A row that ends in an amount ("Subtotal | $5,922.54") is the bill's, not an address's:
    // a party's block at the margin that has shown its lines ends before it (an HTML mail
    // prints no blank line between its "Bill to" block, its items and its footer).
    if (line.cells.length >= 2 && amountIn(line.cells.at(-1)!.text, 0))
      open = open.filter((s) => !(s.started && s.column <= 3 && (s.role === 'buyer' || s.role === 'delivery')));
    // A row that starts at the margin with the document's own number, date or due date
    // ("Invoice Number | LLB-INV-004471" under "Customer | … / Customer ID | …" in one
    // key/value table) is the document's, not the party's above it: the block ends. A
    // previous invoice's block keeps its own number and date.
    if (line.cells[0]!.start <= 3 && isFactLabel(line.cells[0]!))
      open = open.filter((s) => !(s.started && s.column <= 3 && s.role !== 'reference'));
    let wholeLine: OpenSection | undefined;
    // From a document-fact label on, the line's cells are the details box beside the block.
    let factsFrom = Number.POSITIVE_INFINITY;
    for (const [i, cell] of line.cells.entries()) {
      // The row under a row of fact labels holds their values ("Datum vystavení" over "2. 3. 2026").
      // A bare "Fecha" with its date beside it, at the first cell of a line set far right of the
      // block ("Fecha   06/03/2026" under "Factura nº" beside the customer's address): the box's too.
      const datedBare = i === 0 && cell.start > 20 && BARE_DATE_WORDS.has(fold(cell.text)) && line.cells.length === 2;
      if (i < factsFrom && cell.start > 3 && (isFactLabel(cell) || datedBare || cell.start >= factsAbove - 2))
        factsFrom = i;
      const role = headingRole(cell);
      if (role) {
        open = open.filter((s) => !near(s, cell) && !(s.column <= 3 && cell.start <= 3));
        if (role !== 'other') open.push({ id: count++, role, column: cell.start, started: false, heading: line.index });
        wholeLine = undefined;
        continue;
      }
      // A block under a margin heading takes whole lines, its right column too ("E-Mail-Adresse:" beside nothing).
      const marginBlock = open.find((s) => s.started && s.column <= 3);
      // A previous invoice's block prints its own number and date: those stay in it.
      const apart = (s: OpenSection | undefined) => i >= factsFrom && s !== undefined && s.role !== 'reference';
      const section =
        (i > 0 && !apart(wholeLine) ? wholeLine : undefined) ??
        open.find((s) => near(s, cell) && !(apart(s) && s.column <= 3)) ??
        (i === 0 && !apart(marginBlock) ? marginBlock : undefined);
      if (section) {
        section.started = true;
        roles.set(cell, { role: section.role, section: section.id });
        if (i === 0 && section.column <= 3) wholeLine = section;
      }
    }
    // A section that waited six lines for text under its heading was not a heading.
    open = open.filter((s) => s.started || line.index - s.heading < 6);
    const factLabel = line.cells.find((c) => c.start > 3 && isFactLabel(c));
    factsAbove = factLabel ? factLabel.start : Number.POSITIVE_INFINITY;
  }
  cache.set(lines, roles);
  return roles;
}
