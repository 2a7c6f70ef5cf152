// The printed-page reader on what a second wave of open-source billing, ERP and POS templates
// prints (issue 24, the second measurement on real templates, kept outside the project): a
// document's numbered title centred under the party boxes, the moment an invoice was "issued
// at", a shop's or till's own names for its order number, a till slip's count of items under a
// total's word, and German billing systems' word-for-word "Total due" and "Issue date". Each
// case is written small, in the structure those templates print, with invented values.
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import type { STARTERS } from '../../pipeline/starters.ts';
import { runStarter } from '../helpers/starter.ts';

/** A page as pdf.js gives it: columns kept by position, cells apart by three spaces or more. */
async function readText(
  text: string[],
  starter: keyof typeof STARTERS = 'invoice',
  from = 'Shop <shop@vendor.example>',
): Promise<SchemaRun> {
  return runStarter(starter, { subject: 'Document', from, text: text.join('\n') });
}

async function readHtml(
  html: string,
  starter: keyof typeof STARTERS = 'receipt',
  from = 'Shop <orders@vendor.example>',
): Promise<SchemaRun> {
  return runStarter(starter, { subject: 'Your order', from, html });
}

/** Two boxes side by side under their headings, then the document's title centred below them. */
const boxesThenTitle = (buyer: string, seller: string, title: string) => [
  '                                                                        Issued at: 2026-03-04 11:20:37',
  `${buyer.padEnd(64)}${seller}`,
  `Eli Navarro${' '.repeat(53)}Harbour Lane Outfitters Ltd`,
  `415 Rose Ave${' '.repeat(52)}12 Quay Street`,
  `Los Angeles 90066${' '.repeat(47)}Bristol BS1 4DJ`,
  `${' '.repeat(40)}${title}`,
  'No.   Name                  Quantity    Unit net price    Net value    Gross value',
  '1     Canvas tote           2           12.00             24.00        28.80',
  '                                                   Net total:      24.00',
  '                                                   Taxes total:     4.80',
  '                                                   Total:          28.80',
];

describe('a numbered title centred under the party boxes', () => {
  it("is the document's number, not a line of the buyer's box above it", async () => {
    const r = await readText(boxesThenTitle('Buyer', 'Seller', 'Invoice #2026/03/000000041'));
    expect(r.fields.invoice_number!.value).toBe('2026/03/000000041');
    expect(r.fields.invoice_number!.confidence).toBe(0.85);
  });

  it('in German too ("Käufer", "Verkäufer", "Rechnung #…")', async () => {
    const r = await readText(boxesThenTitle('Käufer', 'Verkäufer', 'Rechnung #2026/02/000000309'));
    expect(r.fields.invoice_number!.value).toBe('2026/02/000000309');
    expect(r.fields.invoice_number!.confidence).toBe(0.85);
  });
});

describe('the moment an invoice was issued', () => {
  it('"Issued at: 2026-03-04 11:20:37" is the invoice date', async () => {
    const r = await readText(boxesThenTitle('Buyer', 'Seller', 'Invoice #2026/03/000000041'));
    expect(r.fields.invoice_date!.value).toBe('2026-03-04');
    expect(r.fields.invoice_date!.confidence).toBe(0.9);
  });

  it('"Ausgabedatum" (a word-for-word "Issue date") with "05. März 2026"', async () => {
    const r = await readText([
      'Rechnung',
      'Rechnungsnummer   WTC-2086-001-011',
      'Ausgabedatum      05. März 2026',
      'Zahlungsfrist     14 Tage',
      '',
      'Artikel                       Units   Stückpreis   Betrag',
      'Einrichtung Monitoring        1       €1.200,00    €1.200,00',
      'Zwischensumme (ohne Steuern)                       €1.200,00',
      'MwSt. (19%)                                        €228,00',
      'Insgesamt fällig                                   €1.428,00',
    ]);
    expect(r.fields.invoice_date!.value).toBe('2026-03-05');
    expect(r.fields.invoice_date!.confidence).toBe(0.9);
    // "Insgesamt fällig" is the amount payable, and net + tax agree with it.
    expect(r.fields.total_amount!.value).toBe(1428);
    expect(r.fields.total_amount!.confidence).toBe(0.95);
  });
});

describe("a shop's or a till's own name for its order number", () => {
  it('"Order ID: 1187" is the number 1187, not "ID 1187"', async () => {
    const r = await readHtml(
      '<h2>Woolly Mammoth Yarns</h2><table><tr><td><b>Order ID:</b> 1187<br/><b>Date Added:</b> 05/03/2026<br/>' +
        '<b>Payment Method:</b> Bank Transfer</td><td><b>E-mail:</b> jess@mailbox.example</td></tr></table>' +
        '<table><tr><td>Merino DK 50g</td><td>6</td><td>£6.50</td><td>£39.00</td></tr>' +
        '<tr><td colspan="3"><b>Total:</b></td><td>£39.00</td></tr></table>',
    );
    expect(r.fields.receipt_number!.value).toBe('1187');
    expect(r.fields.receipt_number!.confidence).toBe(0.72);
  });

  it('"Sale ID: POS 1042" on a till’s emailed receipt', async () => {
    const r = await readHtml(
      '<div style="text-align:center"><div>Miller Street Hardware</div><div>Sales Receipt</div><div>03/06/2026 10:42:17</div></div>' +
        '<div>Sale ID: POS 1042</div><div>Employee: Dana Whitfield</div>' +
        '<table><tr><td>Claw hammer</td><td>$18.99</td><td>1</td><td>$18.99</td></tr>' +
        '<tr><td colspan="3">Total</td><td>$18.99</td></tr><tr><td colspan="3">Cash</td><td>-$20.00</td></tr></table>',
    );
    expect(r.fields.receipt_number!.value).toBe('POS 1042');
    expect(r.fields.receipt_number!.confidence).toBe(0.72);
  });

  it('"Order Code" above its code in a column of its own', async () => {
    const r = await readHtml(
      '<p>Dear Sam, thank you for your order!</p><table><tr>' +
        '<td><div><strong>Order Code</strong></div><div>W6KR3XD8TJ2QH1BA</div></td>' +
        '<td><div><strong>Order Date</strong></div><div>Thu Mar 05 2026 18:30:44</div></td>' +
        '<td><div><strong>Total Price</strong></div><div>$63.45</div></td></tr></table>',
    );
    expect(r.fields.receipt_number!.value).toBe('W6KR3XD8TJ2QH1BA');
    expect(r.fields.receipt_number!.confidence).toBe(0.64);
  });
});

describe("a till slip's count under a total's word", () => {
  // A POS print format: each item's code and quantity, its amount on a line of its own, then
  // its name and unit price; the totals; the number of items sold last.
  const slip = (count: string) => [
    '                Harbor Street Deli LLC',
    '                       Invoice',
    'Receipt No: ACC-PSINV-2026-00412',
    'Date: 03-06-2026',
    '             Item                    Qty      Amount',
    'SAND-RB                                2',
    '                                              $ 27.00',
    'Reuben Sandwich                @ $ 13.50',
    'BEV-ICT                                2',
    '                                              $ 6.50',
    'Iced Tea                       @ $ 3.25',
    '                                   Total      $ 33.50',
    '                     Sales Tax 8.875%         $ 2.97',
    '                             Grand Total      $ 36.47',
    `                               ${count}      4`,
  ];

  it('"Total Qty 4" is no amount: the grand total is', async () => {
    const r = await readText(slip('Total Qty'), 'receipt', 'Harbor Street Deli <pos@deli.example>');
    expect(r.fields.total_amount!.value).toBe(36.47);
    // The net and the tax above it add up to it.
    expect(r.fields.total_amount!.confidence).toBe(0.9);
  });

  it('nor "Total items 4"', async () => {
    const r = await readText(slip('Total items'), 'receipt', 'Harbor Street Deli <pos@deli.example>');
    expect(r.fields.total_amount!.value).toBe(36.47);
    expect(r.fields.total_amount!.confidence).toBe(0.9);
  });
});

describe('a dash where the colon would be', () => {
  const page = (invoiceId: string) => [
    '                                                                    Invoice',
    'Spokes & Sprockets Ltd',
    '11 Parnell Street',
    'D01 F5K7 Dublin',
    'Contact Number: +353 1 555 0170',
    'Vat Number: IE 3344556LH',
    `Invoice ID - ${invoiceId}`,
    'Order ID - #3377',
    'Order Date - 12-03-2026',
    '',
    '  SKU                   Product Name              Price     Qty    Subtotal',
    '  SS-HELM-M             Commuter Helmet M         €79.00    1      €79.00',
    '                                                              Grand Total   -   €79.00',
  ];

  it('"Invoice ID - #1208" is the invoice number 1208 (not the contact number, not the order id)', async () => {
    const r = await readText(page('#1208'), 'invoice', 'Spokes & Sprockets <shop@spokes.example>');
    expect(r.fields.invoice_number!.value).toBe('1208');
    expect(r.fields.invoice_number!.confidence).toBe(0.8);
  });

  it('a code after the dash is kept whole ("INV-IN-0450")', async () => {
    const r = await readText(page('#INV-IN-0450'), 'invoice', 'Spokes & Sprockets <shop@spokes.example>');
    expect(r.fields.invoice_number!.value).toBe('INV-IN-0450');
    expect(r.fields.invoice_number!.confidence).toBe(0.8);
  });
});

describe('"$" on an Australian company’s page', () => {
  const mail = (company: string) =>
    `<div><p>Dear Harbourview Physiotherapy,<br><br>Here is your invoice <span style="font-weight:bold;">INV/2026/00519</span> ` +
    `amounting in <span style="font-weight:bold;">$ 990.00</span> from ${company}. This invoice is already paid.</p></div>`;

  it('is the Australian dollar when the issuer is a "Pty Ltd", no surer than any "$"', async () => {
    const r = await readHtml(mail('Coastline IT Pty Ltd'), 'invoice', 'Coastline IT <billing@coastline-it.example>');
    expect(r.fields.currency!.value).toBe('AUD');
    expect(r.fields.currency!.confidence).toBe(0.6);
  });

  it('stays the US dollar, at 0.6, without such a sign', async () => {
    const r = await readHtml(mail('Coastline IT LLC'), 'invoice', 'Coastline IT <billing@coastline-it.example>');
    expect(r.fields.currency!.value).toBe('USD');
    expect(r.fields.currency!.confidence).toBe(0.6);
  });
});
