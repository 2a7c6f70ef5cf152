// The printed-page reader on what the shipped templates of open-source shop and billing systems
// print (issue 24, the measurement on real templates kept outside the project): a purchase
// header that prints the document's number and date with no title or label, a carrier under a
// supplier's word, and prepayment named as the means of payment. Each case is written small, in
// the structure those templates use, with invented values.
import { describe, expect, it } from 'vitest';
import { analyzeMessage, runSchema, type SchemaRun } from '../../pipeline/index.ts';
import { compileSchema } from '../../pipeline/schema.ts';
import { STARTERS } from '../../pipeline/starters.ts';
import { buildEml } from '../helpers/mail.ts';
import { runStarter } from '../helpers/starter.ts';

async function read(
  html: string,
  starter: keyof typeof STARTERS = 'invoice',
  from = 'Billing <billing@vendor.example>',
): Promise<SchemaRun> {
  return runStarter(starter, { subject: 'Document', from, html });
}

/** A purchase table whose header row holds `left` and `right` in two cells, as <h3>s. */
const purchase = (left: string, right: string, rows: [string, string][]) =>
  `<table class="purchase"><tr><td><h3>${left}</h3></td><td><h3 align="right">${right}</h3></td></tr>` +
  '<tr><td colspan="2"><table><tr><th><p>Description</p></th><th><p>Amount</p></th></tr>' +
  rows.map(([d, a]) => `<tr><td><span>${d}</span></td><td><span>${a}</span></td></tr>`).join('') +
  '</table></td></tr></table>';

describe('a purchase header: the number and the date with no title or label', () => {
  it('reads an invoice’s number and date from the two cells, below a label’s strength', async () => {
    const r = await read(
      '<h1>Hi Ana,</h1><p>This is an invoice for your recent purchase.</p>' +
        '<p><strong>Amount Due:</strong> 1.190,00 €</p>' +
        purchase('QX-2026-0417', '05.03.2026', [
          ['Beratung März', '1.000,00 €'],
          ['USt. 19 %', '190,00 €'],
          ['Total', '1.190,00 €'],
        ]) +
        '<p>Nordlicht Beratung GmbH<br>Elbchaussee 4<br>22763 Hamburg</p>',
    );
    expect(r.fields.invoice_number!.value).toBe('QX-2026-0417');
    expect(r.fields.invoice_number!.confidence).toBe(0.7);
    expect(r.fields.invoice_date!.value).toBe('2026-03-05');
    expect(r.fields.invoice_date!.confidence).toBe(0.7);
  });

  it('reads a receipt’s number after a marker, and its date, from the header row', async () => {
    const r = await read(
      '<p>Thanks for your purchase. No payment is due.</p>' +
        purchase('#KD-88120', 'March 6, 2026', [
          ['Pottery course, 4 evenings', '$180.00'],
          ['Total', '$180.00'],
        ]),
      'receipt',
      'Kiln & Dune <receipts@kilndune.example>',
    );
    expect(r.fields.receipt_number!.value).toBe('KD-88120');
    expect(r.fields.receipt_number!.confidence).toBe(0.7);
    expect(r.fields.date!.value).toBe('2026-03-06');
  });

  it('takes no date from a cell of words beside a date, nor a number from a sentence beside one', async () => {
    const r = await read(
      '<table><tr><td>Delivered on</td><td>05.03.2026</td></tr>' +
        '<tr><td>Your order of last week</td><td>06.03.2026</td></tr></table>' +
        '<p>Total: 80,00 €</p>',
    );
    expect(r.fields.invoice_date?.value ?? null).toBeNull();
    expect(r.fields.invoice_number?.value ?? null).toBeNull();
  });

  it('takes neither the time of a sale nor an amount beside a date for the number', async () => {
    const slip = await read(
      '<table><tr><td>05.03.2026</td><td>07:14</td></tr><tr><td>Super E10</td><td>62,40 €</td></tr>' +
        '<tr><td>Summe</td><td>62,40 €</td></tr></table>',
      'receipt',
    );
    expect(slip.fields.receipt_number?.value ?? null).toBeNull();
    const invoice = await read('<table><tr><td>$1.210,00</td><td>01/02/2026</td></tr></table><p>Total: $1.210,00</p>');
    expect(invoice.fields.invoice_number?.value ?? null).toBeNull();
  });

  it('leaves two such rows (a list of invoices) doubtful', async () => {
    const r = await read(
      '<p>These invoices are overdue:</p>' +
        '<table><tr><td>INV-0101</td><td>02.02.2026</td></tr><tr><td>INV-0107</td><td>09.02.2026</td></tr></table>' +
        '<p>Total: 240,00 €</p>',
    );
    expect(r.fields.invoice_number!.confidence).toBeLessThanOrEqual(0.7);
    expect(r.fields.invoice_date!.confidence).toBeLessThanOrEqual(0.7);
  });
});

describe('a number and a date stacked at the head of the page with no label (Crater’s invoice2 as printed)', () => {
  const page = (head: string[], at = 0) =>
    [
      'Kestrel Web Studio Inc.',
      ...Array.from({ length: at }, (_, i) => `Line of text ${i + 1}`),
      ...head,
      '210 Water St, Vancouver                 Bill To,',
      '                                        Blue Bay Kayaks',
      '#   Items                         Quantity        Price          Amount',
      '1   Booking system integration    1               $2,800.00      $2,800.00',
      'Subtotal                          $2,800.00',
      'Total                             $2,800.00',
    ].join('\n');

  it('reads the number and the date under it, both at the strength of a pairing', async () => {
    const analyzed = await analyzeMessage(
      buildEml({
        subject: 'Document',
        text: page([
          '                                                          KW-0093',
          '                                                        2026-03-12',
        ]),
      }),
    );
    if (!analyzed.ok) throw new Error('refused');
    const r = runSchema(compileSchema(STARTERS.invoice), analyzed.message.view);
    expect(r.fields.invoice_number!.value).toBe('KW-0093');
    expect(r.fields.invoice_number!.confidence).toBe(0.7);
    expect(r.fields.invoice_date!.value).toBe('2026-03-12');
    expect(r.fields.invoice_date!.confidence).toBe(0.7);
  });

  it('not when the two are far apart on their lines, nor far down the page', async () => {
    for (const text of [
      page(['KW-0093', '                                                        2026-03-12']),
      page(
        [
          '                                                          KW-0093',
          '                                                        2026-03-12',
        ],
        14,
      ),
    ]) {
      const analyzed = await analyzeMessage(buildEml({ subject: 'Document', text }));
      if (!analyzed.ok) throw new Error('refused');
      const r = runSchema(compileSchema(STARTERS.invoice), analyzed.message.view);
      expect(r.fields.invoice_number?.value ?? null).toBeNull();
      expect(r.fields.invoice_date?.value ?? null).toBeNull();
    }
  });
});

describe('a carrier under a supplier’s word (PrestaShop’s German “Lieferant:”)', () => {
  const order = (carrierLine: string) =>
    '<table><tr><td>Hallo <strong>Jan Berg</strong>, danke für Ihren Einkauf bei <strong>Teehaus Ostwind</strong>.</td></tr>' +
    '<tr><td>Bestellung: <strong>#004711 vorgenommen am 10.03.2026</strong><br>Zahlung: <strong>PayPal</strong></td></tr>' +
    '<tr><td><table><tr><td>Produkte</td><td>39,80 €</td></tr><tr><td>Insgesamt bezahlt</td><td>44,70 €</td></tr></table></td></tr>' +
    `<tr><td>Versand</td></tr><tr><td>${carrierLine}</td></tr>` +
    '<tr><td>Teehaus Ostwind GmbH · Hafenweg 2 · 24103 Kiel</td></tr></table>';

  it('does not take the carrier for the merchant', async () => {
    const r = await read(
      order('Lieferant: <strong>DHL Paket</strong>'),
      'receipt',
      'Teehaus Ostwind <shop@teehaus-ostwind.example>',
    );
    expect(r.fields.merchant!.value).toBe('Teehaus Ostwind GmbH');
  });

  it('still reads a supplier that is no carrier', async () => {
    const r = await read(
      '<table><tr><td>Lieferant:</td><td>Holzbau Meier GmbH</td></tr></table>' +
        '<p>Rechnung Nr. 2026-118 vom 04.03.2026</p><p>Gesamtbetrag: 1.250,00 €</p>',
      'invoice',
      'Buchhaltung <rechnung@holzbau-meier.example>',
    );
    expect(r.fields.vendor_name!.value).toBe('Holzbau Meier GmbH');
    expect(r.fields.vendor_name!.confidence).toBeGreaterThanOrEqual(0.8);
  });
});

describe('prepayment as the means of payment', () => {
  it('reads “Vorkasse (Überweisung)” as Vorkasse, the means the shop names first', async () => {
    const r = await read(
      '<p>Bestellung: #002291 vom 10.03.2026<br>Zahlung: <strong>Vorkasse (Überweisung)</strong></p><p>Insgesamt bezahlt: 63,20 €</p>',
      'receipt',
      'Rösterei <shop@roesterei.example>',
    );
    expect(r.fields.payment_method!.value).toBe('Vorkasse');
    expect(r.fields.payment_method!.confidence).toBe(0.9);
  });
});
