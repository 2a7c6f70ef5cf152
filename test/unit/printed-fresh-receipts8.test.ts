// The printed-page reader on receipt mails (issue 24, the dev half of layouts-fresh-receipts8:
// US retail, food and service receipts as an expense inbox receives them): what was paid beside
// the bill's other sums (a fee charged on top, a balance left, an insurer's part), a tax named
// with an including word, a year read as an amount, a Canadian dollar sign, a paper check, and
// the numbers and days tills and portals print under their own words. Each case is written
// small, with invented names and values.
import { describe, expect, it } from 'vitest';
import {
  confidence,
  rows,
  value,
  readReceiptText as readText,
  readReceiptHtml as readHtml,
} from '../helpers/starter.ts';

describe('what was paid, beside the bill', () => {
  it('"gross receipts tax" is a tax, not a gross amount', async () => {
    const r = await readText(
      [
        'Mesa Lock & Key',
        'Invoice #: 5120',
        'Date: 01/12/2026',
        'Lockout service                     $80.00',
        'Subtotal                            $80.00',
        'NM gross receipts tax 7.5%           $6.00',
        'TOTAL PAID                          $86.00',
        'Paid by: VISA xxxx1234',
      ].join('\n'),
    );
    expect(value(r, 'total_amount')).toBe(86);
  });

  it('the year of a date after the card is no amount', async () => {
    const r = await readHtml(
      `<p>Tidewash</p>${rows([
        ['Order', '#TW-55012'],
        ['Wash & fold', '$24.00'],
        ['Laundry', '$24.00'],
        ['Service fee', '$2.00'],
        ['Driver tip', '$3.00'],
        ['You paid', '$29.00'],
      ])}<p>Charged to VISA ending 1234 on Jan 9, 2026.</p><p>Tidewash Services LLC</p>`,
    );
    expect(value(r, 'total_amount')).toBe(29);
  });

  it('"Wheel & balance" on an item row of count, price and amount is no balance owed', async () => {
    const r = await readHtml(
      `<p>Ridge Tire Ltd.</p>${rows([
        ['Invoice', '5521'],
        ['Snow tire 205/55R16 | 4 | $120.00', '$480.00'],
      ])}<table><tr><td>Wheel &amp; balance</td><td>4</td><td>$20.00</td><td>$80.00</td></tr></table>${rows([
        ['Subtotal', '$560.00'],
        ['GST 5%', '$28.00'],
        ['Total (CAD)', '$588.00'],
      ])}<p>Interac Debit</p>`,
    );
    expect(value(r, 'total_amount')).toBe(588);
  });

  it("a prepaid card's new balance is not what was charged", async () => {
    const r = await readText(
      [
        'WASHLAND',
        'Trans #   00571',
        'Value added                       $10.00',
        'Bonus value                        $1.00',
        'New card balance                  $13.50',
        '',
        'AMOUNT CHARGED                    $10.00',
        'VISA ************1111',
      ].join('\n'),
    );
    expect(value(r, 'total_amount')).toBe(10);
  });

  it('the amount due and the fee charged on top: the total charged', async () => {
    const r = await readText(
      [
        'Fairview Township Court',
        'Payment Receipt',
        '- Fine: $80.00',
        '- Court costs: $20.00',
        '- Total due to court: $100.00',
        '- Convenience fee (3%): $3.00',
        '- Total charged: $103.00',
      ].join('\n'),
    );
    expect(value(r, 'total_amount')).toBe(103);
    expect(confidence(r, 'total_amount')).toBeGreaterThanOrEqual(0.8);
  });

  it('a payment and the balance remaining after it: the payment, held for review', async () => {
    const r = await readText(
      [
        'Lakeshore Technical College',
        'Payment Confirmation',
        '- Confirmation Number: LTC-20931',
        '- Payment Amount: $250.00',
        '- Remaining balance: $500.00',
      ].join('\n'),
    );
    expect(value(r, 'total_amount')).toBe(250);
    expect(confidence(r, 'total_amount')).toBeLessThanOrEqual(0.7);
  });

  it("the total less an insurer's part: the patient's payment", async () => {
    const r = await readText(
      [
        'Harbor Eye Clinic          Receipt R-2201',
        'Eye exam                             $150.00',
        'Retinal imaging                       $50.00',
        '             Total fees              $200.00',
        '             Insurance portion       $150.00',
        '             Patient portion paid     $50.00',
        '             Payment              Mastercard',
      ].join('\n'),
    );
    expect(value(r, 'total_amount')).toBe(50);
    expect(confidence(r, 'total_amount')).toBeLessThanOrEqual(0.7);
  });
});

describe('currency and means of payment', () => {
  it('"CA$" is the Canadian dollar, not "A$"', async () => {
    const r = await readHtml(
      `<p>Maple Bites</p>${rows([
        ['Order #', '4410'],
        ['Food', 'CA$20.00'],
        ['HST', 'CA$2.60'],
        ['Total', 'CA$22.60'],
      ])}`,
    );
    expect(value(r, 'currency')).toBe('CAD');
  });

  it('a check under "Paid by" is the means', async () => {
    const r = await readText(
      ['Pinecrest School', 'Receipt No.  2026-0042', 'Amount received   $900.00', 'Paid by    Check #551'].join('\n'),
    );
    expect(value(r, 'payment_method')).toBe('Check');
  });

  it('a title that repeats the payment label is no means', async () => {
    const r = await readText(
      [
        'Online Citation Payment',
        'Payment Receipt',
        '- Receipt #: 2026-5501',
        '- Total charged: $50.00',
        '- Card: Mastercard xxxx-xxxx-xxxx-1111',
      ].join('\n'),
    );
    expect(value(r, 'payment_method')).not.toBe('Payment Receipt');
  });
});

describe("a receipt's own number and day under a till's or a portal's words", () => {
  it('"Sale", "RO#" and "Acknowledgment" head the number', async () => {
    const sale = await readText(
      ['Sale K7-001942', '01/20/2026 3:15 PM', 'Box   $5.00', 'Amount due  $5.00'].join('\n'),
    );
    expect(value(sale, 'receipt_number')).toBe('K7-001942');
    const ro = await readText(['RO# 40511', 'Date: 01/21/2026', 'Total   $90.00'].join('\n'));
    expect(value(ro, 'receipt_number')).toBe('40511');
    const ack = await readText(['January 5, 2026', 'Acknowledgment WT-26-0105', 'Total received  $60.00'].join('\n'));
    expect(value(ack, 'receipt_number')).toBe('WT-26-0105');
  });

  it('the day purchased, not the show, and the day a check was received', async () => {
    const ticket = await readText(
      [
        'Starline Cinemas',
        'Friday, February 6, 2026 7:00 PM',
        'Purchased: Feb 5, 2026 6:10 PM',
        'Order total $30.00',
      ].join('\n'),
    );
    expect(value(ticket, 'date')).toBe('2026-02-05');
    const check = await readText(
      [
        'Payment Receipt',
        'Receipt No.     2026-0099',
        'Date received   January 7, 2026',
        'Amount received   $900.00',
      ].join('\n'),
    );
    expect(value(check, 'date')).toBe('2026-01-07');
  });
});
