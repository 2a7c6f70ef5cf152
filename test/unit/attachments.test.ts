// get_attachment: an attachment's original bytes, paged, matched to its document even when
// an earlier attachment holds files of its own (a Factur-X PDF's XML is a document too).
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildEml } from '../helpers/mail.ts';
import { useSandboxApp } from '../helpers/app.ts';

/** A minimal Factur-X (CII) invoice: what the reader takes as an e-invoice and lists as a document. */
const CII = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocument><ram:ID>RE-2026-0815</ram:ID><ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20260305</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:GrandTotalAmount>119.00</ram:GrandTotalAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;

async function pdfWithXml(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  for (let i = 0; i < 40; i++)
    page.drawText(`Line ${i}: Rechnung Nr. RE-2026-0815`, { x: 50, y: 800 - i * 18, size: 11, font });
  page.drawText('Gesamtbetrag 119,00 EUR', { x: 50, y: 60, size: 11, font });
  await doc.attach(new TextEncoder().encode(CII), 'factur-x.xml', {
    mimeType: 'text/xml',
  });
  return doc.save();
}

describe('get_attachment', () => {
  const suite = useSandboxApp();
  let pdf: Uint8Array;
  const csv = 'sku,qty\nA-1,2\nB-7,1\n';
  let documents: { id: string; index: number; filename: string | null; mime_type: string }[];

  beforeAll(async () => {
    pdf = await pdfWithXml();
    const ingested = await suite.call('ingest_message', {
      eml: buildEml({
        subject: 'Rechnung',
        text: 'Anbei.',
        attachments: [
          { filename: 'rechnung.pdf', contentType: 'application/pdf', content: pdf },
          { filename: 'lines.csv', contentType: 'text/csv', content: csv },
        ],
      }),
    });
    expect(ingested.status).toBe(200);
    documents = (await suite.call('get_message', { id: ingested.body.message_id })).body.documents;
  });

  async function readAll(id: string, maxBytes: number): Promise<{ bytes: Buffer; pages: number }> {
    const chunks: Buffer[] = [];
    let offset: number | null = 0;
    let pages = 0;
    while (offset !== null) {
      const page = await suite.call('get_attachment', { id, offset, max_bytes: maxBytes });
      expect(page.status).toBe(200);
      expect(page.body.offset).toBe(offset);
      chunks.push(Buffer.from(page.body.content_base64, 'base64'));
      offset = page.body.next_offset;
      pages++;
    }
    return { bytes: Buffer.concat(chunks), pages };
  }

  it('lists the PDF, its inner XML and the CSV as documents 1, 2, 3', () => {
    expect(documents.map((d) => [d.index, d.filename])).toEqual([
      [0, null],
      [1, 'rechnung.pdf'],
      [2, 'factur-x.xml'],
      [3, 'lines.csv'],
    ]);
  });

  it('returns the PDF byte for byte, in pages that join to the whole', async () => {
    const { bytes, pages } = await readAll(documents[1]!.id, 1024);
    expect(pages).toBe(Math.ceil(pdf.byteLength / 1024));
    expect(pages).toBeGreaterThan(1);
    expect(bytes.equals(Buffer.from(pdf))).toBe(true);
    const first = await suite.call('get_attachment', { id: documents[1]!.id });
    expect(first.body).toMatchObject({
      mime_type: 'application/pdf',
      filename: 'rechnung.pdf',
      size_bytes: pdf.byteLength,
    });
    expect(first.body.next_offset).toBeNull();
  });

  it('gives the CSV after the inner file its own bytes', async () => {
    const { bytes } = await readAll(documents[3]!.id, 65_536);
    expect(bytes.toString('utf8')).toBe(csv);
  });

  it('refuses the body, an inner file and an offset past the end with a 400 naming the fix', async () => {
    const body = await suite.call('get_attachment', { id: documents[0]!.id });
    expect(body.status).toBe(400);
    expect(body.body.error.message).toContain('get_document_text');
    const inner = await suite.call('get_attachment', { id: documents[2]!.id });
    expect(inner.status).toBe(400);
    expect(inner.body.error.message).toContain('inside another attachment');
    const past = await suite.call('get_attachment', { id: documents[1]!.id, offset: pdf.byteLength + 1 });
    expect(past.status).toBe(400);
    expect(past.body.error.details.issues[0].path).toBe('offset');
    const tooBig = await suite.call('get_attachment', { id: documents[1]!.id, max_bytes: 200_000 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.details.issues[0].path).toBe('max_bytes');
  });

  it('answers not_found for an unknown document', async () => {
    const missing = await suite.call('get_attachment', { id: 'doc_00000000000000000000000000' });
    expect(missing.status).toBe(404);
  });
});
