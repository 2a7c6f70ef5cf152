// Who a part of the page is about. A heading ("Supplier", "Käufer:", "Bill to", "Information
// about the seller") opens a section that runs down its column: past blank lines until its
// first line of text, then to the next blank line. A value read inside a buyer's section is
// the buyer's (its customer number, its name), never the document's or the vendor's.
import type { Cell, Line } from './layout.ts';
import { phrases, type Word, wordsOf } from './words.ts';

export type SectionRole = 'seller' | 'buyer' | 'delivery' | 'reference';

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
      'rechnungsadresse',
      'angaben zum käufer',
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

interface OpenSection {
  role: SectionRole;
  column: number;
  /** Whether a line of text has been seen under the heading. */
  started: boolean;
  heading: number;
}

const cache = new WeakMap<Line[], Map<Cell, SectionRole>>();

/** The section role of every cell that lies in one (cached per line list). */
export function sectionsOf(lines: Line[]): Map<Cell, SectionRole> {
  const hit = cache.get(lines);
  if (hit) return hit;
  const roles = new Map<Cell, SectionRole>();
  let open: OpenSection[] = [];
  const near = (s: OpenSection, cell: Cell) => Math.abs(cell.start - s.column) <= 3;
  for (const line of lines) {
    if (line.cells.length === 0) {
      // A blank line ends a section that has shown its text; one still waiting for text goes on.
      open = open.filter((s) => !s.started);
      continue;
    }
    for (const cell of line.cells) {
      const role = headingRole(cell);
      if (role) {
        open = open.filter((s) => !near(s, cell));
        open.push({ role, column: cell.start, started: false, heading: line.index });
        continue;
      }
      // A full-width line (one cell at the margin) belongs to a section at the margin; so does a cell in its column.
      const section = open.find((s) => near(s, cell));
      if (section) {
        section.started = true;
        roles.set(cell, section.role);
      }
    }
    // A section that waited six lines for text under its heading was not a heading.
    open = open.filter((s) => s.started || line.index - s.heading < 6);
  }
  cache.set(lines, roles);
  return roles;
}
