// The printed-page reader on receipt mails (issue 24, the dev half of layouts-fresh-receipts11:
// receipts from staff abroad, Australia and New Zealand, Asia, India, Africa, the Gulf and Latin
// America): a folio's nights dated in a column, the means of payment those countries name, a
// rupee slip's bare amount, aligned colons, bilingual labels, and the numbers and names their
// tills and apps print. Each case is written small, with invented names and values.
import { describe, expect, it } from 'vitest';
import {
  confidence,
  rows,
  value,
  readReceiptText as readText,
  readReceiptHtml as readHtml,
} from '../helpers/starter.ts';

describe("a hotel folio's day", () => {
  it("the nights dated alike in the Date column are not the folio's date: the departure is", async () => {
    const r = await readText(
      [
        'HARBOUR VIEW LODGE',
        '                                                Invoice No  HVL-1180',
        'Kestrel Lodging Limited',
        '                                                Arrival     01/02/2026',
        '                                                Departure   02/02/2026',
        '',
        ' Date            Description                    Charges (KES)      Payments (KES)',
        ' 01/02/2026      Room                                 9,000.00',
        ' 01/02/2026      Dinner                               2,400.00',
        ' 02/02/2026      M-PESA Paybill 5512                                   11,400.00',
        '                                                Total              11,400.00',
      ].join('\n'),
    );
    expect(value(r, 'date')).toBe('2026-02-02');
  });
});

describe('how it was paid', () => {
  it("an NFC-e's debit card: the brand under it ('Bandeira: ELO')", async () => {
    const r = await readText(
      [
        'FARMACIA PINHAL LTDA',
        'VALOR A PAGAR R$                   40,10',
        'FORMA DE PAGAMENTO            VALOR PAGO',
        'Cartao de Debito                   40,10',
        '  Bandeira: ELO   Aut: 550123',
      ].join('\n'),
    );
    expect(String(value(r, 'payment_method')).toLowerCase()).toBe('elo');
  });

  it('"Balance Due" under a folio\'s "Payment (…)" is no means: the settlement line names the card', async () => {
    const r = await readText(
      [
        'Lotus Bay Hospitality Pte. Ltd.',
        ' 02/02/2026        Room Charge                       300.00',
        ' 03/02/2026        American Express                                     300.00',
        '                                              Total          300.00',
        '                                              Payment       (300.00)',
        '                                              Balance Due      0.00',
      ].join('\n'),
    );
    expect(value(r, 'payment_method')).toBe('American Express');
  });

  it("Kenya's M-PESA, Saudi Arabia's mada and Singapore's NETS", async () => {
    const mpesa = await readHtml(
      `<p>Acacia Beans Limited</p>${rows([
        ['Total KES', '450.00'],
        ['Paid by', 'M-PESA (Till 771204)'],
      ])}`,
    );
    expect(value(mpesa, 'payment_method')).toBe('M-PESA');
    const mada = await readHtml(
      `<p>Qahwa House</p>${rows([
        ['Total incl. VAT (SAR)', '46.00'],
        ['mada', '46.00'],
      ])}`,
    );
    expect(value(mada, 'payment_method')).toBe('mada');
    const nets = await readHtml(
      `<p>Orchid Cameras Pte. Ltd.</p>${rows([
        ['Total (GST inclusive)', 'S$88.00'],
        ['NETS', 'S$88.00'],
      ])}`,
    );
    expect(value(nets, 'payment_method')).toBe('NETS');
  });
});

describe('the amount and its currency', () => {
  it('a text receipt\'s aligned colon before the amount ("Amount paid   : KRW 12,300")', async () => {
    const r = await readText(
      ['[Saebyeol Bus] Payment receipt', 'Ticket no.    : 5521-0203', 'Amount paid   : KRW 12,300'].join('\n'),
    );
    expect(value(r, 'total_amount')).toBe(12300);
  });

  it('a pump slip\'s bare "Amount (Rs)" is its total, in rupees', async () => {
    const r = await readText(
      [
        'GANESH FUEL POINT',
        'Receipt No                          7731',
        'Rate (Rs/L)                       101.20',
        'Volume (L)                         12.35',
        'Amount (Rs)                     1,249.82',
        'Mode                                 UPI',
      ].join('\n'),
    );
    expect(value(r, 'total_amount')).toBe(1249.82);
    expect(value(r, 'currency')).toBe('INR');
    expect(confidence(r, 'currency')).toBeLessThan(0.8);
  });

  it("an Australian company's or a New Zealand GST number's bare amounts", async () => {
    const au = await readText(
      ['BOTTLEBRUSH TOOLS', 'Bottlebrush Tools Pty Ltd', 'ABN 11 222 333 444', 'TOTAL 45.10', 'EFTPOS 45.10'].join(
        '\n',
      ),
    );
    expect(value(au, 'currency')).toBe('AUD');
    const nz = await readText(
      [
        'THE TUI ROOM',
        'GST 111-222-333',
        'TOTAL DUE                          31.00',
        'EFTPOS                             31.00',
      ].join('\n'),
    );
    expect(value(nz, 'currency')).toBe('NZD');
  });
});

describe("the receipt's number and its seller", () => {
  it('a bilingual label before its table cell ("Invoice No. / رقم الفاتورة | …")', async () => {
    const r = await readHtml(
      `<p>Dar Al Hail Bakery</p>${rows([
        ['Invoice No. / رقم الفاتورة', 'INV-JED-55102'],
        ['Total incl. VAT (SAR)', '23.00'],
      ])}`,
    );
    expect(value(r, 'receipt_number')).toBe('INV-JED-55102');
  });

  it("a docket's number with the table after it, a bar's tab, a Brazilian ride's \"Nº do recibo\", an NFC-e's number", async () => {
    const docket = await readText(['KARAKA KITCHEN', 'Docket No: 118 Table 4', 'TOTAL NZD 22.00'].join('\n'));
    expect(value(docket, 'receipt_number')).toBe('118');
    const tab = await readText(
      ['THE ANCHOR', 'Tab 3301                      01/03/2026', 'TOTAL DUE 40.00'].join('\n'),
    );
    expect(value(tab, 'receipt_number')).toBe('3301');
    const ride = await readHtml(
      `<p>Vai Logo</p>${rows([
        ['Total', 'R$ 21,40'],
        ['Nº do recibo', '7710-3321-02'],
      ])}`,
    );
    expect(value(ride, 'receipt_number')).toBe('7710-3321-02');
    const nfce = await readText(
      ['DROGARIA SERRA LTDA', 'VALOR A PAGAR R$   12,00', 'NFC-e n 55214   Serie 002', 'Emissao: 01/03/2026'].join(
        '\n',
      ),
    );
    expect(value(nfce, 'receipt_number')).toBe('55214');
  });

  it("a hawker app's stall, without its unit number, and a Gulf trading establishment", async () => {
    const stall = await readHtml(
      `<p>chopeat</p><p>Your order has been collected.</p>${rows([
        ['Paid', 'S$6.20'],
        ['Stall', 'Mei Ling Noodle House (#02-11)'],
        ['Order', '#KX-20114'],
      ])}`,
    );
    expect(value(stall, 'merchant')).toBe('Mei Ling Noodle House');
    const est = await readHtml(
      `<p>Sahara Dates Trading Est. / مؤسسة</p><p>Jeddah</p>${rows([
        ['Invoice No.', 'SD-4410'],
        ['Total incl. VAT (SAR)', '57.50'],
      ])}`,
    );
    expect(value(est, 'merchant')).toBe('Sahara Dates Trading Est.');
  });
});

describe("a receipt's day where nothing labels it", () => {
  it("a ride card's date alone after its greeting, not the mail's day", async () => {
    const r = await readHtml(
      `<p>Vai Logo</p><p>R$ 18,20</p><p>Obrigado por viajar, Ana · 1 de março de 2026</p>${rows([
        ['Total', 'R$ 18,20'],
      ])}`,
    );
    expect(value(r, 'date')).toBe('2026-03-01');
  });
});
