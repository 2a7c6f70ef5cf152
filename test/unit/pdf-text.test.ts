// Layout-aware PDF text and the PDF reader's limits, on PDFs generated here with pdf-lib.
import { PDFArray, PDFDocument, PDFName, PDFNumber, StandardFonts, setCharacterSpacing } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { analyzeMessage, runSchema } from '../../pipeline/index.ts';
import { layoutLines, MAX_PDF_PAGES, readPdf } from '../../pipeline/pdf-text.ts';
import { compileSchema } from '../../pipeline/schema.ts';
import { STARTERS } from '../../pipeline/starters.ts';
import { buildEml } from '../helpers/mail.ts';

type Text = { text: string; x: number; y: number; size?: number };

async function pdfOf(pages: Text[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const items of pages) {
    const page = doc.addPage([595, 842]);
    for (const t of items) page.drawText(t.text, { x: t.x, y: t.y, size: t.size ?? 10, font });
  }
  return doc.save();
}

// A two-column invoice: the seller's address on the left, the invoice data on the right,
// drawn right column first so the content stream order is not the reading order.
const twoColumn: Text[] = [
  { text: 'Invoice Date:', x: 330, y: 760 },
  { text: '20-10-2015', x: 450, y: 760 },
  { text: 'Invoice No:', x: 330, y: 745 },
  { text: 'INV-2015-88', x: 450, y: 745 },
  { text: 'Muster GmbH', x: 50, y: 760 },
  { text: 'Hauptstraße 5', x: 50, y: 745 },
  { text: 'Description', x: 50, y: 650 },
  { text: 'Qty', x: 300, y: 650 },
  { text: 'Amount', x: 450, y: 650 },
  { text: 'Consulting', x: 50, y: 635 },
  { text: '2', x: 300, y: 635 },
  { text: '1,200.00', x: 450, y: 635 },
  { text: 'Total due', x: 330, y: 600 },
  { text: 'EUR 1,428.00', x: 450, y: 600 },
];

describe('layout text', () => {
  it('keeps each visual line on one line, in reading order, with cell gaps between columns', async () => {
    const { text, limited } = await readPdf(await pdfOf([twoColumn]));
    expect(limited).toBeNull();
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^Muster GmbH\s{3,}Invoice Date:\s{3,}20-10-2015$/);
    expect(lines[1]).toMatch(/^Hauptstraße 5\s{3,}Invoice No:\s{3,}INV-2015-88$/);
    // Table columns line up: the amount under its header starts at the header's column.
    const header = lines.find((l) => l.startsWith('Description'))!;
    const row = lines.find((l) => l.startsWith('Consulting'))!;
    expect(row.indexOf('1,200.00')).toBe(header.indexOf('Amount'));
    expect(row.indexOf('2')).toBe(header.indexOf('Qty'));
  });

  it('joins items of one word and spaces words from pdf.js item positions', () => {
    const lines = layoutLines([
      { str: 'Rech', x: 10, y: 100, width: 20, size: 10 },
      { str: 'nung', x: 30, y: 100.5, width: 20, size: 10 },
      { str: 'Nr.', x: 53, y: 100, width: 12, size: 10 },
      { str: 'A-1', x: 150, y: 100, width: 15, size: 10 },
      { str: 'next line', x: 10, y: 85, width: 40, size: 10 },
    ]);
    expect(lines[0]).toMatch(/^Rechnung Nr\.\s{3,}A-1$/);
    expect(lines[1]).toBe('next line');
  });

  it('a title in a large font whose words were placed one by one stays one phrase; a cell gap stays a gap', () => {
    // Body text at 10 pt sets the page's character width (~5 pt); the title is 15 pt, its
    // word spaces 9 pt wide (0.6 em), wider than 1.5 body characters but a space all the same.
    const body = Array.from({ length: 8 }, (_, i) => ({
      str: 'Pos text',
      x: 10,
      y: 600 - i * 14,
      width: 40,
      size: 10,
    }));
    const lines = layoutLines([
      { str: 'Handelsrechnung', x: 10, y: 700, width: 131, size: 15 },
      { str: 'Nr.', x: 150, y: 700, width: 26, size: 15 },
      { str: '471113 vom 13.06.2018', x: 185, y: 700, width: 184, size: 15 },
      { str: 'Total', x: 10, y: 680, width: 40, size: 15 },
      { str: '1,428.00', x: 80, y: 680, width: 60, size: 15 },
      ...body,
    ]);
    expect(lines[0]).toBe('Handelsrechnung Nr. 471113 vom 13.06.2018');
    expect(lines[1]).toMatch(/^Total\s{3,}1,428\.00$/);
  });

  it('letter-spaced headings and labels are read as words', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    const spaced = (text: string, x: number, y: number, size: number) => {
      page.pushOperators(setCharacterSpacing(size * 0.25));
      page.drawText(text, { x, y, size, font });
      page.pushOperators(setCharacterSpacing(0));
    };
    spaced('INVOICE', 50, 780, 18);
    spaced('INVOICE', 50, 750, 8);
    spaced('NUMBER', 103.5, 750, 8);
    spaced('DATE', 50, 720, 8);
    spaced('OF', 85.5, 720, 8);
    spaced('ISSUE', 107, 720, 8);
    page.drawText('INV-77812', { x: 50, y: 738, size: 10, font });
    page.drawText('March 4, 2026', { x: 50, y: 708, size: 10, font });
    page.drawText('A B', { x: 300, y: 708, size: 10, font });
    const { text } = await readPdf(await doc.save());
    const lines = text.split('\n').map((l) => l.trim());
    expect(lines).toContain('INVOICE');
    expect(lines).toContain('INVOICE NUMBER');
    expect(lines).toContain('DATE OF ISSUE');
    // Letters a font sets with ordinary spaces stay as they are.
    expect(text).toMatch(/March 4, 2026\s+A B$/m);
  });

  it('a page of 150,000 items and items with broken coordinates do not throw', () => {
    const items = Array.from({ length: 150_000 }, (_, i) => ({
      str: 'x',
      x: (i % 100) * 6,
      y: 800 - Math.floor(i / 100) * 12,
      width: 5,
      size: 10,
    }));
    items.push(
      { str: 'bad', x: Number.NaN, y: 1, width: 5, size: 10 },
      { str: 'far', x: 1e12, y: 3000, width: 5, size: 10 },
    );
    const lines = layoutLines(items.filter((i) => Number.isFinite(i.x)));
    expect(lines.length).toBe(1501);
    expect(lines.every((l) => l.length <= 420)).toBe(true);
  });

  it('a two-column PDF invoice is read by the invoice starter', async () => {
    const eml = buildEml({
      subject: 'Documents',
      text: 'Please find the attachment.',
      attachments: [{ filename: 'scan.pdf', contentType: 'application/pdf', content: await pdfOf([twoColumn]) }],
    });
    const analyzed = await analyzeMessage(eml);
    if (!analyzed.ok) throw new Error('refused');
    const r = runSchema(compileSchema(STARTERS.invoice), analyzed.message.view);
    expect(r.fields.invoice_number!.value).toBe('INV-2015-88');
    expect(r.fields.invoice_date!.value).toBe('2015-10-20');
    expect(r.fields.total_amount!.value).toBe(1428);
    expect(r.fields.currency!.value).toBe('EUR');
  });
});

describe('PDF reader limits', () => {
  it('a page tree listing one page 100,000 times is read to the page limit and reported', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([200, 200]);
    page.drawText('Invoice No: BOMB-1', { x: 10, y: 100, size: 10, font });
    const pagesRef = doc.catalog.get(PDFName.of('Pages'))!;
    const pages = doc.context.lookup(pagesRef) as unknown as { set(k: PDFName, v: unknown): void };
    const kids = PDFArray.withContext(doc.context);
    for (let i = 0; i < 100_000; i++) kids.push(page.ref);
    pages.set(PDFName.of('Kids'), kids);
    pages.set(PDFName.of('Count'), PDFNumber.of(100_000));
    const bytes = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
    expect(bytes.byteLength).toBeGreaterThan(500_000);

    const { text, limited } = await readPdf(bytes);
    expect(limited).toBe(`read the first ${MAX_PDF_PAGES} of 100000 pages`);
    expect(text.split('Invoice No: BOMB-1').length - 1).toBe(MAX_PDF_PAGES);

    const analyzed = await analyzeMessage(
      buildEml({
        subject: 'Invoice',
        text: 'Attached.',
        attachments: [{ filename: 'bomb.pdf', contentType: 'application/pdf', content: bytes }],
      }),
    );
    if (!analyzed.ok) throw new Error('refused');
    expect(analyzed.message.flags).toContain('truncated');
    expect(analyzed.message.documents[1]).toMatchObject({ truncated: true, unreadable: null });
  }, 60_000);
});
