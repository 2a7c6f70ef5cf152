// The printed-page reader on HTML mail (issue 24): how table cells pair labels with values,
// title lines that carry the number and date, order confirmations read as receipts, and
// direct-debit dates. Each case is a layout real senders use, written small.
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import type { STARTERS } from '../../pipeline/starters.ts';
import { runStarter } from '../helpers/starter.ts';

async function read(
  html: string,
  starter: keyof typeof STARTERS = 'invoice',
  subject = 'Document',
): Promise<SchemaRun> {
  return runStarter(starter, { subject, html });
}

describe('HTML table cells', () => {
  it('a <th> label ending in a colon and its <td> value: the separator is no part of the value', async () => {
    const r = await read(
      '<table><tr><th>Factuurnummer:</th><td>F2026-11873</td></tr>' +
        '<tr><th>Factuurdatum:</th><td>9 maart 2026</td></tr>' +
        '<tr><th>Totaal:</th><td>€ 142,57</td></tr></table>',
    );
    expect(r.fields.invoice_number!.value).toBe('F2026-11873');
    expect(r.fields.invoice_number!.confidence).toBeGreaterThanOrEqual(0.9);
    expect(r.fields.invoice_date!.value).toBe('2026-03-09');
    expect(r.fields.total_amount!.value).toBe(142.57);
  });

  it('a header row over a value row whose trailing cell is empty: cells pair by index', async () => {
    const r = await read(
      '<p>Rechnung</p><table><tr><td>Beschreibung</td><td>Fälligkeit</td><td>Teilzahlung</td></tr>' +
        '<tr><td>30 TAGE NETTO</td><td>27.08.2016</td><td></td></tr></table>',
    );
    expect(r.fields.due_date!.value).toBe('2016-08-27');
  });

  it('a row of two labels over a row of two values, an amount and a date', async () => {
    const r = await read(
      '<table><tr><td>Numero bolletta</td><td>Data emissione</td><td>Codice cliente</td></tr>' +
        '<tr><td>502611048732</td><td>05/03/2026</td><td>7001234567</td></tr></table>' +
        '<table><tr><td>Totale da pagare</td><td>Scadenza</td></tr>' +
        '<tr><td>186,42 €</td><td>25/03/2026</td></tr></table>',
    );
    expect(r.fields.invoice_number!.value).toBe('502611048732');
    expect(r.fields.total_amount!.value).toBe(186.42);
    expect(r.fields.due_date!.value).toBe('2026-03-25');
    expect(r.fields.invoice_date!.value).toBe('2026-03-05');
  });

  it('two labels over an item row are a label and its value, not a header', async () => {
    const r = await read(
      '<table><tr><td>Invoice number</td><td>INV-77</td></tr></table>' +
        '<table><tr><td>2 x Espresso beans, 1 kg</td><td>GBP 38.00</td></tr>' +
        '<tr><td>Total due</td><td>GBP 38.00</td></tr></table>',
    );
    expect(r.fields.invoice_number!.value).toBe('INV-77');
  });

  it('a total with a tax note in parentheses', async () => {
    const r = await read(
      '<p>Commande n°4821</p><table><tr><th>Sous-total :</th><td>32,60 €</td></tr>' +
        '<tr><th>Total :</th><td>38,50 € <small>(dont 6,42 € TVA)</small></td></tr></table>',
      'receipt',
    );
    expect(r.fields.total_amount!.value).toBe(38.5);
  });
});

describe('title lines', () => {
  it("an e-invoice viewer's title: the document's name, its type code, number and date", async () => {
    const r = await read('<p>Ihre Monatsrechnung für Oktober 2017(380) Nr. 212725237644 vom 26.01.2018</p>');
    expect(r.fields.invoice_number!.value).toBe('212725237644');
    expect(r.fields.invoice_date!.value).toBe('2018-01-26');
    const bill = await read('<p>BILL(380) Nr. 924754 vom 28.07.2016</p>');
    expect(bill.fields.invoice_number!.value).toBe('924754');
    expect(bill.fields.invoice_date!.value).toBe('2016-07-28');
  });

  it('a number followed by its date inside a sentence', async () => {
    const r = await read(
      '<p>Bonjour,</p><p>Votre facture n° FM-2026-0412 du 3 mars 2026 est disponible dans votre Espace Client.</p>',
    );
    expect(r.fields.invoice_number!.value).toBe('FM-2026-0412');
    expect(r.fields.invoice_date!.value).toBe('2026-03-03');
  });

  it('a sentence that names an invoice without its date gives no title date', async () => {
    const r = await read('<p>Your invoice INV-55 is attached; it covers the services of 3 March 2026 and more.</p>');
    expect(r.fields.invoice_date!.value ?? null).not.toBe('2026-03-03');
  });

  it('"Number of invoice" is a label, not a title after an article', async () => {
    const r = await read('<p>Numéro de facture :</p><p>F-2026-17</p>');
    expect(r.fields.invoice_number!.value).toBe('F-2026-17');
    expect(r.fields.invoice_number!.confidence).toBeLessThan(0.9);
  });

  it('a class letter after the title: the number is printed under it', async () => {
    const r = await read('<p>Hotel Patagonia S.A.</p><p>Invoice Class T</p><p>1-00000001</p>');
    expect(r.fields.invoice_number!.value).toBe('1-00000001');
  });
});

describe('order confirmations as receipts', () => {
  it("the order's title gives the number, below auto-accept when nothing else names it", async () => {
    for (const [html, want] of [
      ['<h1>Il tuo ordine <span>#000184522</span></h1><p>Totale complessivo € 127,90</p>', '000184522'],
      ['<p>Thanks for your order #1042</p><p>Total $12.00</p>', '1042'],
      ['<table><tr><td>Kaffeerösterei Amsel</td><td>Bestellung #10234</td></tr></table>', '10234'],
      ['<h2>[Commande n°4821] (8 mars 2026)</h2>', '4821'],
    ] as const) {
      const r = await read(html, 'receipt');
      expect(r.fields.receipt_number!.value).toBe(want);
      expect(r.fields.receipt_number!.confidence).toBeLessThan(0.8);
    }
    const dated = await read('<h2>[Commande n°4821] (8 mars 2026)</h2>', 'receipt');
    expect(dated.fields.date!.value).toBe('2026-03-08');
  });

  it('an order number under its label is the receipt number', async () => {
    const r = await read(
      '<table><tr><td>Order number</td><td>Date</td><td>Payment</td></tr>' +
        '<tr><td>994-71023</td><td>13/03/2026</td><td>PayPal</td></tr></table>',
      'receipt',
    );
    expect(r.fields.receipt_number!.value).toBe('994-71023');
  });
});

describe('due dates of a direct debit', () => {
  it('the day the amount is taken, in a sentence or under a label', async () => {
    const fr = await read(
      '<p>Facture n° 77 du 03/03/2026</p><p>Ce montant sera prélevé sur votre compte à partir du 18/03/2026.</p>',
    );
    expect(fr.fields.due_date!.value).toBe('2026-03-18');
    const es = await read('<p>Nº de factura</p><p>ON26-1</p><p>Fecha de cargo</p><p>16 de marzo de 2026</p>');
    expect(es.fields.due_date!.value).toBe('2026-03-16');
  });

  it('the period a bill covers is not its due date', async () => {
    const r = await read('<p>Facture n° 77 du 03/03/2026</p><p>Période du 01/02/2026 au 28/02/2026</p>');
    expect(r.fields.due_date!.value ?? null).toBeNull();
  });
});
