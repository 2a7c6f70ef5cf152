// The printed-page reader on receipt mails (issue 24, the dev half of layouts-fresh-receipts10:
// receipts of staff abroad, Asia-Pacific, India, Africa, the Gulf and Latin America): an English
// Japanese receipt's yen, item lines priced with their tax, a date's year that is no amount, a
// legal name a slip wrapped before its form, Hong Kong's and Malaysia's means of payment, a
// ride's "Trip no.". Each case is written small, with invented names and values.
import { describe, expect, it } from 'vitest';
import { confidence, readReceiptHtml as readHtml, readReceiptText as readText, value } from '../helpers/starter.ts';

describe('currency and total', () => {
  it("an English Japanese receipt's ¥ under a Han title is yen, by its registration number", async () => {
    const r = await readHtml(
      '<p>Receipt (領収書)</p><table><tr><td>Receipt No.</td><td>1188-0042</td></tr>' +
        '<tr><td>Total</td><td>¥9,800</td></tr></table>' +
        '<p>Minato Inn Co., Ltd. · Registration No. T7010401234567</p>',
    );
    expect(value(r, 'currency')).toBe('JPY');
    expect(value(r, 'total_amount')).toBe(9800);
    expect(confidence(r, 'total_amount')).toBeGreaterThanOrEqual(0.8);
  });

  it('item lines priced with their tax add up to the total below them', async () => {
    const r = await readHtml(
      '<table><tr><td>Receipt No.</td><td>7731-0009</td></tr>' +
        '<tr><td>Twin room 3 nights (tax incl.)</td><td>¥31,500</td></tr>' +
        '<tr><td>Parking x3 (tax incl.)</td><td>¥4,500</td></tr>' +
        '<tr><td>Total received</td><td>¥36,000</td></tr>' +
        '<tr><td>Consumption tax 10% included</td><td>¥3,272</td></tr></table>',
    );
    expect(value(r, 'total_amount')).toBe(36000);
  });

  it("a payment line's date is no amount paid", async () => {
    const r = await readHtml(
      '<table><tr><td>Subtotal</td><td>118.00</td></tr><tr><td>Shipping</td><td>6.00</td></tr>' +
        '<tr><td>Total payable (RM)</td><td>124.00</td></tr></table>' +
        '<p>Payment: online banking · Paid 09/03/2026</p><p>Amount received RM 124.00</p>',
    );
    expect(value(r, 'total_amount')).toBe(124);
    expect(confidence(r, 'total_amount')).toBeGreaterThanOrEqual(0.8);
  });

  it('a net the item lines add up to, its tax and their sum are one chain, not rivals', async () => {
    const r = await readText(
      [
        'Facture 2026/0077',
        'Date de facture 03/03/2026',
        'Description   Qté   Total HTVA',
        'Peinture murale   1   600,00',
        'Main d oeuvre (h)   4   200,00',
        'Total HTVA   800,00',
        'TVA 21%   168,00',
        'Total TVAC   € 968,00',
      ].join('\n'),
    );
    expect(value(r, 'total_amount')).toBe(968);
    expect(confidence(r, 'total_amount')).toBeGreaterThanOrEqual(0.85);
  });

  it('a subtotal and the charges after it add up to a sum under an unknown label, weakly', async () => {
    const r = await readHtml(
      '<ul><li>2 × Egg tart | HK$28.00</li><li>1 × Lemon tea | HK$22.00</li></ul>' +
        '<p>Subtotal | HK$50.00</p><p>Service charge 10% | HK$5.00</p><p>Amount | HK$55.00</p>',
    );
    expect(value(r, 'total_amount')).toBe(55);
    expect(confidence(r, 'total_amount')).toBeLessThan(0.8);
  });
});

describe('date', () => {
  it("a rental car's final invoice is dated by its return, not its pick-up", async () => {
    const r = await readHtml(
      '<table><tr><td>Tax invoice</td><td>40117</td></tr><tr><td>Picked up</td><td>12 Feb 2026 09:10</td></tr>' +
        '<tr><td>Returned</td><td>15 Feb 2026 17:40</td></tr><tr><td>Total charged</td><td>$240.00</td></tr></table>',
    );
    expect(value(r, 'date')).toBe('2026-02-15');
  });
});

describe('merchant', () => {
  it('a legal name a narrow slip wrapped before its form is the brand spelt out', async () => {
    const r = await readText(
      [
        '          KOWLOON BYTES',
        '      Shop 118, 1/F Example Centre',
        '           INVOICE / RECEIPT',
        'No.                        KB-0311-0042',
        'Date                    03/03/2026 12:10',
        'Keyboard                         320.00',
        'TOTAL                        HK$320.00',
        'VISA ****2231                    320.00',
        'Kowloon Bytes Computer Trading Company',
        'Limited   BR No. 12345678',
      ].join('\n'),
      'Thank you for shopping at Kowloon Bytes',
    );
    expect(value(r, 'merchant')).toBe('Kowloon Bytes Computer Trading Company Limited');
  });
});

describe('how it was paid', () => {
  it('"Paid via FPS"', async () => {
    const r = await readHtml(
      '<table><tr><td>Meter fare</td><td>HK$88.00</td></tr><tr><td>Total</td><td>HK$88.00</td></tr></table>' +
        '<p>Paid via FPS</p><p>Reference FPS2603031234</p>',
    );
    expect(value(r, 'payment_method')).toBe('FPS');
  });

  it('an "Octopus card" line under the bill', async () => {
    const r = await readHtml(
      '<p>Subtotal | HK$60.00</p><p>Total | HK$60.00</p><p>Octopus card</p><p>Remaining value on the reader.</p>',
    );
    expect(String(value(r, 'payment_method'))).toMatch(/^Octopus/);
  });

  it('"FPX online banking" after a payment label', async () => {
    const r = await readHtml(
      '<table><tr><td>Total payable (RM)</td><td>88.00</td></tr></table>' +
        '<p>Payment: FPX online banking (Bank2u) · Paid 02/03/2026</p>',
    );
    expect(value(r, 'payment_method')).toBe('FPX');
  });

  it('an EFTPOS slip, not the card surcharge line above it', async () => {
    const r = await readHtml(
      '<table><tr><td>Subtotal</td><td>20.00</td></tr><tr><td>Card surcharge 1.5%</td><td>0.30</td></tr>' +
        '<tr><td>TOTAL</td><td>$20.30</td></tr></table>' +
        '<p>EFTPOS PURCHASE<br>CARD XXXXXXXXXXXX1234 (C)<br>PURCHASE AUD20.30<br>APPROVED 00</p>',
    );
    expect(value(r, 'payment_method')).toBe('EFTPOS');
  });
});

describe("a receipt's number", () => {
  it('a ride\'s "Trip no."', async () => {
    const r = await readHtml(
      '<p>Trip completed</p><p>Tue 3 Mar 2026 · Trip no. RD-4410277 | AED 41.00</p>' +
        '<p>Amount charged | AED 41.00</p>',
    );
    expect(value(r, 'receipt_number')).toBe('RD-4410277');
  });

  it('"Tax invoice" beside its number is the title, not a tax id\'s label', async () => {
    const r = await readHtml(
      '<table><tr><td>Rental agreement</td><td>RA 1180244</td></tr><tr><td>Tax invoice</td><td>55120</td></tr>' +
        '<tr><td>Total charged</td><td>NZ$212.00</td></tr></table>',
    );
    expect(value(r, 'receipt_number')).toBe('55120');
  });

  it('a DANFE NFC-e\'s "NFC-e nº" over its number', async () => {
    const r = await readHtml(
      '<p>DANFE NFC-e</p><p>NFC-e nº<br>000.011.402 | Série<br>002 | Emissão<br>04/02/2026 10:12:05</p>' +
        '<p>Valor a pagar R$ | 42,50</p>',
    );
    expect(value(r, 'receipt_number')).toBe('000.011.402');
  });

  it('a ride\'s "Código" and its code in a cell of their own, weakly', async () => {
    const r = await readHtml(
      '<p>quarta-feira, 4 de março de 2026 · Código QK4M8T2Z | R$ 27,40</p><p>Total | R$ 27,40</p>',
    );
    expect(value(r, 'receipt_number')).toBe('QK4M8T2Z');
    expect(confidence(r, 'receipt_number')).toBeLessThan(0.8);
  });
});
