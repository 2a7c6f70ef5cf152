// Labels as a reader finds them, the wrapper that is not the document, and honest
// confidence: each case is a layout of its kind, written out as mail text.
import { describe, expect, it } from 'vitest';
import { analyzeMessage, runSchema, type SchemaRun } from '../../pipeline/index.ts';
import { compileSchema } from '../../pipeline/schema.ts';
import { STARTERS } from '../../pipeline/starters.ts';
import { buildEml, type MailSpec } from '../helpers/mail.ts';

async function run(spec: MailSpec, starter: keyof typeof STARTERS = 'invoice'): Promise<SchemaRun> {
  const analyzed = await analyzeMessage(buildEml(spec));
  if (!analyzed.ok) throw new Error('refused');
  return runSchema(compileSchema(STARTERS[starter]), analyzed.message.view);
}

const doc = (text: string) => ({ filename: 'document.txt', contentType: 'text/plain', content: text });

describe('labels anywhere on a line, most specific first', () => {
  it('a label after other text on the line (two columns merged)', async () => {
    const r = await run({
      subject: 'Rechnung',
      text: 'Anbei.',
      attachments: [
        doc('Muster GmbH                Deutschland Rechnungsdatum 05.03.2013\nGuest Name: Sanjay Date: 31/12/2017\n'),
      ],
    });
    expect(r.fields.invoice_date!.value).toBe('2013-03-05');
    // Not at a cell start: counted, with less confidence than a label starting its cell.
    expect(r.fields.invoice_date!.confidence).toBeLessThan(0.9);
  });

  it('the amount payable, not the net, tax or a tax-table column', async () => {
    const fr = await run({ subject: 'Facture', text: 'Total HT : 46,68 €\nTVA 20 % : 9,34 €\nTotal TTC : 56,02 €' });
    const net = await run({ subject: 'Invoice', text: 'Total net 90.00\nTotal excl. VAT 90.00\nTotal: EUR 108.90' });
    // A bare "Total", the only one on the page: what a clerk would take, though no net + tax line confirms it.
    expect(net.fields.total_amount).toMatchObject({ value: 108.9, confidence: 0.85 });
    expect(fr.fields.total_amount!.value).toBe(56.02);
    const de = await run({
      subject: 'Rechnung',
      text: 'Gesamtbetrag der Zuschläge 0,00\nRechnungssumme netto 100,00\nZahlbetrag: 119,00 EUR',
    });
    expect(de.fields.total_amount!.value).toBe(119);
    const due = await run({ subject: 'Invoice', text: 'Subtotal $4.00\nTOTAL AMOUNT DUE ON August 3, 2014 $4.11' });
    expect(due.fields.total_amount!.value).toBe(4.11);
    const table = await run(
      { subject: 'Beleg', text: 'Steuer  Netto  MwSt  Brutto\nGesamtbetrag 8,08 0,54 8,62' },
      'receipt',
    );
    expect(table.fields.total_amount!.value).toBe(8.62);
    expect(table.fields.total_amount!.confidence).toBeLessThanOrEqual(0.6);
  });

  it('value under its label: a table header over its values', async () => {
    const r = await run({
      subject: 'Invoice',
      text: 'See attached.',
      attachments: [doc('Invoice No     Invoice Date      Due Date\nA-1001         2026-02-01        2026-03-01\n')],
    });
    expect(r.fields.invoice_number!.value).toBe('A-1001');
    expect(r.fields.invoice_date!.value).toBe('2026-02-01');
    expect(r.fields.due_date!.value).toBe('2026-03-01');
    expect(r.fields.invoice_date!.confidence).toBe(0.8);
  });

  it('a section heading is not a strong label; the first cell of a label row is not a value', async () => {
    const r = await run(
      {
        subject: 'Pedido',
        text: 'Pedido de compra\n\nNúmero | ORD-0001\nFecha | 28/01/2025\n\nCliente\n\nSample Consumer\n',
      },
      'purchase_order',
    );
    expect(r.fields.po_number!.value).toBe('ORD-0001');
    expect(r.fields.buyer!.value).toBe('Sample Consumer');
    expect(r.fields.buyer!.confidence).toBeLessThanOrEqual(0.6);
  });

  it('Dutch, Italian, Portuguese, Polish, Swedish and Danish invoices', async () => {
    const cases: [string, string][] = [
      [
        'Factuurnummer: F-1\nFactuurdatum: 12-07-2022\nVervaldatum: 26-07-2022\nTe betalen: € 81,68\nUw referentie: PO-9',
        'nl',
      ],
      [
        'Numero fattura: F-1\nData fattura: 12/07/2022\nData scadenza: 26/07/2022\nTotale documento: 81,68 €\nNumero ordine: PO-9',
        'it',
      ],
      [
        'Número da fatura: F-1\nData de emissão: 12/07/2022\nData de vencimento: 26/07/2022\nValor total: R$ 81,68\nNúmero do pedido: PO-9',
        'pt',
      ],
      [
        'Numer faktury: F-1\nData wystawienia: 12.07.2022\nTermin płatności: 26.07.2022\nDo zapłaty: 81,68 zł\nNumer zamówienia: PO-9',
        'pl',
      ],
      [
        'Fakturanummer: F-1\nFakturadatum: 2022-07-12\nFörfallodatum: 2022-07-26\nAtt betala: 81,68 SEK\nEr referens: PO-9',
        'sv',
      ],
      [
        'Fakturanummer: F-1\nFakturadato: 12.07.2022\nForfaldsdato: 26.07.2022\nAt betale: 81,68 DKK\nJeres reference: PO-9',
        'da',
      ],
    ];
    for (const [text, lang] of cases) {
      const r = await run({ subject: 'Faktura', text });
      expect({
        lang,
        number: r.fields.invoice_number!.value,
        date: r.fields.invoice_date!.value,
        due: r.fields.due_date!.value,
        total: r.fields.total_amount!.value,
        po: r.fields.po_number!.value,
      }).toEqual({ lang, number: 'F-1', date: '2022-07-12', due: '2022-07-26', total: 81.68, po: 'PO-9' });
    }
  });

  it('month names in the new languages', async () => {
    const r = await run({
      subject: 'Fattura',
      text: 'Data fattura: 3 marzo 2026\nScadenza: 2 kwietnia 2026\nTotale: 10,00 €',
    });
    expect(r.fields.invoice_date!.value).toBe('2026-03-03');
    expect(r.fields.due_date!.value).toBe('2026-04-02');
  });
});

describe('the wrapper is not the document', () => {
  it('a forward header block and the forwarder do not become invoice date and vendor', async () => {
    const r = await run({
      from: 'Petra Buchhaltung <petra@customer.example>',
      subject: 'Fwd: Rechnung',
      text:
        'Bitte buchen.\n\nViele Grüße\nPetra\n\n-------- Weitergeleitete Nachricht --------\nBetreff: Rechnung\nDatum: Mon, 2 Mar 2026 10:00:00 +0100\n' +
        'Von: Lieferant <billing@lieferant.example>\nAn: petra@customer.example\n\nRechnungsnummer: R-77\nGesamtbetrag: 50,00 EUR\n',
    });
    expect(r.fields.invoice_number!.value).toBe('R-77');
    expect(r.fields.invoice_date!.value).toBeNull();
    expect(r.fields.vendor_name!.confidence).toBeLessThanOrEqual(0.5);
    // The From of a forward is the forwarder; the forwarded From is the issuer's address.
    expect(r.fields.vendor_email).toMatchObject({ value: 'billing@lieferant.example', confidence: 0.8 });
  });

  it('the attachment is read before the covering note; quoted history and signature are not read', async () => {
    const r = await run({
      subject: 'Invoice',
      text: 'Invoice number: NOTE-1\n\n-- \nInvoice number: SIG-2',
      attachments: [doc('Invoice number: DOC-3\nTotal due: 10.00 EUR\n')],
    });
    expect(r.fields.invoice_number!.value).toBe('DOC-3');
    const quoted = await run({
      subject: 'Re: invoice',
      text: 'Thanks, paid.\n\nOn Mon, 2 Mar 2026, Vendor wrote:\n> Invoice number: OLD-9\n> Total due: 99.00',
    });
    expect(quoted.fields.invoice_number!.value).toBeNull();
    expect(quoted.fields.total_amount!.value).toBeNull();
  });

  it('the Date header is at most 0.5', async () => {
    const r = await run(
      {
        subject: 'Your receipt',
        text: 'Thank you for your purchase.\nTotal: $4.20',
        headers: { Date: 'Mon, 2 Mar 2026 10:00:00 +0000' },
      },
      'receipt',
    );
    expect(r.fields.date!.source).toEqual({ header: 'date' });
    expect(r.fields.date!.confidence).toBeLessThanOrEqual(0.5);
  });
});

describe('honest confidence', () => {
  it('a day/month date: at most 0.5 in English, day first without doubt in a day-first language', async () => {
    const en = await run({
      subject: 'Invoice',
      text: 'Please pay the invoice below.\nInvoice date: 03/04/2026\nTotal due: 10.00',
    });
    expect(en.fields.invoice_date!.confidence).toBeLessThanOrEqual(0.5);
    const es = await run({
      subject: 'Factura',
      text: 'Le enviamos su factura con el detalle de la fecha y el importe.\nFecha de factura: 03/04/2026\nTotal: 10,00 €',
    });
    expect(es.fields.invoice_date).toMatchObject({ value: '2026-04-03', confidence: 0.9 });
  });

  it('the regex fallback alone is at most 0.7; two values under one label lower it', async () => {
    const r = await run({
      subject: 'x',
      text: 'Our invoice INV-55321 is attached.\nTotal due: 10.00\nTotal due: 12.00',
    });
    expect(r.fields.invoice_number).toMatchObject({ value: 'INV-55321', confidence: 0.7 });
    expect(r.fields.total_amount!.confidence).toBeLessThan(0.7);
  });
});
