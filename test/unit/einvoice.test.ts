// E-invoices read exactly: CII embedded in a PDF (Factur-X / ZUGFeRD), UBL and CII XML
// attachments from the published sample sets in ../shared/corpus/business, the mismatch
// flag when the XML and the printed PDF disagree, and XML that must not be expanded.
import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readEinvoice } from '../../pipeline/einvoice.ts';
import { analyzeMessage, runSchema, type AnalyzedMessage } from '../../pipeline/index.ts';
import { compileSchema } from '../../pipeline/schema.ts';
import { STARTERS } from '../../pipeline/starters.ts';
import { buildEml, makePdf } from '../helpers/mail.ts';

const CASES = new URL('../../../shared/corpus/business/cases/', import.meta.url);

function cii(total: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocument><ram:ID>RE-2026-0815</ram:ID><ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20260305</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty><ram:Name>Muster &amp; Söhne GmbH</ram:Name></ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Kunde AG</ram:Name></ram:BuyerTradeParty>
      <ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>B-4711</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format="102">20260404</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount>
        <ram:GrandTotalAmount>${total}</ram:GrandTotalAmount>
        <ram:DuePayableAmount>${total}</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;
}

async function facturX(printedTotal: string, xmlTotal: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  [
    'Muster & Söhne GmbH',
    'Rechnung Nr. RE-2026-0815',
    'Rechnungsdatum: 05.03.2026',
    'Zahlbar bis 04.04.2026',
    'Ihre Bestellung: B-4711',
    'Nettobetrag 100,00 EUR',
    `Gesamtbetrag ${printedTotal} EUR`,
  ].forEach((line, i) => {
    page.drawText(line, { x: 50, y: 780 - i * 18, size: 11, font });
  });
  await doc.attach(new TextEncoder().encode(cii(xmlTotal)), 'factur-x.xml', {
    mimeType: 'text/xml',
    description: 'Factur-X',
  });
  return doc.save();
}

async function analyze(eml: string | Uint8Array): Promise<AnalyzedMessage> {
  const analyzed = await analyzeMessage(eml);
  if (!analyzed.ok) throw new Error('refused');
  return analyzed.message;
}

function sourceText(m: AnalyzedMessage, source: unknown): string {
  const s = source as { document_index: number; start: number; end: number };
  return m.documents[s.document_index]!.text.slice(s.start, s.end);
}

describe('e-invoice embedded in a PDF (Factur-X / ZUGFeRD 2)', () => {
  it('fills the invoice starter from the XML at confidence 1, sources in the XML document', async () => {
    const m = await analyze(
      buildEml({
        subject: 'Rechnung',
        text: 'Anbei unsere Rechnung.',
        attachments: [
          { filename: 'rechnung.pdf', contentType: 'application/pdf', content: await facturX('119,00', '119.00') },
        ],
      }),
    );
    const xml = m.documents.find((d) => d.filename === 'factur-x.xml')!;
    expect(xml).toMatchObject({ kind: 'attachment', mime_type: 'application/xml' });
    expect(m.flags).not.toContain('einvoice_mismatch');
    const r = runSchema(compileSchema(STARTERS.invoice), m.view);
    expect(Object.fromEntries(Object.entries(r.fields).map(([k, v]) => [k, v.value]))).toMatchObject({
      invoice_number: 'RE-2026-0815',
      invoice_date: '2026-03-05',
      due_date: '2026-04-04',
      total_amount: 119,
      currency: 'EUR',
      vendor_name: 'Muster & Söhne GmbH',
      po_number: 'B-4711',
    });
    for (const f of [
      'invoice_number',
      'invoice_date',
      'due_date',
      'total_amount',
      'currency',
      'vendor_name',
      'po_number',
    ]) {
      expect(r.fields[f]!.confidence).toBe(1);
      expect((r.fields[f]!.source as { document_index: number }).document_index).toBe(xml.index);
    }
    expect(sourceText(m, r.fields.invoice_date!.source)).toBe('20260305');
    expect(sourceText(m, r.fields.vendor_name!.source)).toBe('Muster &amp; Söhne GmbH');
    expect(r.fields.total_amount!.raw).toBe('119.00');
  });

  it('flags einvoice_mismatch when the printed total is not the XML total', async () => {
    const m = await analyze(
      buildEml({
        subject: 'Rechnung',
        text: 'Anbei.',
        attachments: [
          { filename: 'rechnung.pdf', contentType: 'application/pdf', content: await facturX('406,82', '571.04') },
        ],
      }),
    );
    expect(m.flags).toContain('einvoice_mismatch');
  });
});

describe('an e-invoice XML beside a PDF rendering', () => {
  const lines = (total: string) => [
    'Muster & Söhne GmbH',
    'Rechnung Nr. RE-2026-0815',
    'Rechnungsdatum: 05.03.2026',
    'Zahlbar bis 04.04.2026',
    `Gesamtbetrag ${total} EUR`,
    'Vielen Dank für Ihren Auftrag und bis bald.',
  ];
  const mail = async (pdfLines: string[]) =>
    analyze(
      buildEml({
        subject: 'Rechnung',
        text: 'Anbei.',
        attachments: [
          { filename: 'xrechnung.xml', contentType: 'application/xml', content: cii('119.00') },
          { filename: 'rechnung.pdf', contentType: 'application/pdf', content: await makePdf(pdfLines) },
        ],
      }),
    );

  it('agreeing: no flag; disagreeing on the total: einvoice_mismatch', async () => {
    expect((await mail(lines('119,00'))).flags).not.toContain('einvoice_mismatch');
    expect((await mail(lines('191,00'))).flags).toContain('einvoice_mismatch');
  });

  it('a PDF that does not print the invoice number is another document and is not compared', async () => {
    const terms = [
      'Allgemeine Geschäftsbedingungen',
      'Zahlungen sind innerhalb von 30 Tagen ohne Abzug fällig.',
      'Stand 01.01.2020',
    ];
    expect((await mail(terms)).flags).not.toContain('einvoice_mismatch');
  });
});

describe('e-invoice XML attachments (published samples)', () => {
  const read = (name: string) => readFileSync(new URL(name, CASES));

  it('XRechnung CII (KoSIT test suite 01.07a)', async () => {
    const m = await analyze(read('xr-de-0107.eml'));
    const r = runSchema(compileSchema(STARTERS.invoice), m.view);
    expect(r.fields.invoice_number).toMatchObject({ value: 'R1234567', confidence: 1 });
    expect(r.fields.invoice_date!.value).toBe('2016-06-30');
    expect(r.fields.due_date!.value).toBe('2016-08-14');
    expect(r.fields.total_amount!.value).toBe(45.22);
  });

  it('Peppol BIS 3 / EN 16931 UBL (CEN example 9)', async () => {
    const m = await analyze(read('cen-nl-bluem.eml'));
    const r = runSchema(compileSchema(STARTERS.invoice), m.view);
    expect(r.fields.invoice_number).toMatchObject({ value: '20150483', confidence: 1 });
    expect(r.fields.total_amount!.value).toBe(177.87);
    expect(r.fields.vendor_name!.value).toBe('Bluem BV');
    expect(sourceText(m, r.fields.invoice_number!.source)).toBe('20150483');
  });

  it('an XML attachment cut at the 1 MiB text limit still gives the values before the cut', async () => {
    const m = await analyze(read('cen-it-g2g.eml'));
    expect(m.documents[1]!.truncated).toBe(true);
    const r = runSchema(compileSchema(STARTERS.invoice), m.view);
    expect(r.fields.invoice_number!.value).toBe('1316/85');
    expect(r.fields.invoice_date!.value).toBe('2020-02-13');
  });

  it('a Peppol BIS 3 UBL credit note (EN 16931 credit note example, test/fixtures/einvoice)', async () => {
    const xml = readFileSync(new URL('../fixtures/einvoice/peppol-bis3-creditnote.xml', import.meta.url), 'utf8');
    const e = readEinvoice(xml)!;
    expect(e).toMatchObject({ format: 'ubl', kind: 'credit_note' });
    expect(Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [k, v.value]))).toEqual({
      invoice_number: '018304 / 28865',
      invoice_date: '2019-09-23',
      currency: 'EUR',
      total_amount: '100.11',
      amount_due: '100.11',
      seller_name: 'My Supplier Company',
      seller_email: 'john.doole@mysuppliercompany.be',
      buyer_name: 'My Customer Company',
    });
    expect(xml.slice(e.fields.invoice_number!.start, e.fields.invoice_number!.end)).toBe('018304 / 28865');
    const m = await analyze(
      buildEml({
        subject: 'Credit note',
        text: 'Attached.',
        attachments: [{ filename: 'creditnote.xml', contentType: 'application/xml', content: xml }],
      }),
    );
    const r = runSchema(compileSchema(STARTERS.invoice), m.view);
    expect(r.fields.total_amount).toMatchObject({ value: 100.11, confidence: 1 });
  });

  it('an Order-X order fills the purchase order starter', async () => {
    const m = await analyze(read('mus-en-orderx.eml'));
    const r = runSchema(compileSchema(STARTERS.purchase_order), m.view);
    expect(r.fields.po_number!.value).toBe('PO123456789');
    expect(r.fields.order_date!.value).toBe('2020-03-31');
    expect(r.fields.delivery_date!.value).toBe('2020-04-15');
    expect(r.fields.total_amount!.value).toBe(360);
  });
});

describe('XML that is not read', () => {
  it('refuses internal entity expansion (billion laughs) instead of expanding it', () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>&b;</ID></Invoice>';
    expect(readEinvoice(bomb)).toBeNull();
  });

  it('other XML is not an e-invoice', () => {
    expect(readEinvoice('<?xml version="1.0"?><rss><channel><title>x</title></channel></rss>')).toBeNull();
    expect(readEinvoice('Invoice: <b>not xml</b>')).toBeNull();
  });
});
