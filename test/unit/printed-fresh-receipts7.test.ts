// The printed-page reader on receipt mails (issue 24, the dev half of layouts-fresh-receipts7:
// North American, UK and Irish receipts as an expense inbox receives them): a web shop's labels
// in one cell and their values in the next, one per line; a parking or fuel slip's included tax
// under the amount paid. Each case is written small, with invented names and values.
import { describe, expect, it } from 'vitest';
import {
  confidence,
  rows,
  runStarter,
  value,
  readReceiptText as readText,
  readReceiptHtml as readHtml,
} from '../helpers/starter.ts';

describe("a shop's labels in one cell and their values in the next", () => {
  it('reads each label beside the value on its line', async () => {
    const r = await readHtml(
      '<p>Tillman Tools</p><table><tr><td>Order #<br>Placed<br>Paid with</td>' +
        '<td>TT-30417<br>01/14/2026<br>Visa ****5521</td></tr></table>' +
        '<table><tr><td>Items<br>Shipping<br>Sales tax<br>Amount charged</td>' +
        '<td>$80.00<br>$5.00<br>$4.80<br>$89.80</td></tr></table><p>Tillman Tools Inc.</p>',
    );
    expect(value(r, 'total_amount')).toBe(89.8);
    expect(value(r, 'receipt_number')).toBe('TT-30417');
  });

  it('takes the coupon off: the order total, not the merchandise subtotal', async () => {
    const r = await readHtml(
      '<p>Desk Depot</p><table><tr><td>Order number:<br>Order date:</td><td>5500231<br>January 9, 2026</td></tr></table>' +
        '<table><tr><td>Merchandise subtotal:<br>Coupon:<br>Sales tax:<br>Order total:</td>' +
        '<td>$50.00<br>-$5.00<br>$3.15<br>$48.15</td></tr></table>',
    );
    expect(value(r, 'total_amount')).toBe(48.15);
  });
});

describe('a tax the amount paid includes', () => {
  it('"incl. city parking tax" under the fee is the tax, not the total', async () => {
    const r = await readText(
      [
        'PARKING RECEIPT',
        'Dockside Garage',
        'Receipt no.  4-11820',
        'Parking fee            $20.00',
        '  incl. city parking tax 25%  $4.00',
        'AMOUNT PAID            $20.00',
        'VISA XXXX 1234',
      ].join('\n'),
    );
    expect(value(r, 'total_amount')).toBe(20);
    expect(confidence(r, 'total_amount')).toBeGreaterThan(0);
  });
});

describe('who sold: the brand spelt out as the legal entity', () => {
  it("the footer's company whose name starts with the brand the page repeats", async () => {
    const r = await runStarter('receipt', {
      subject: 'Your Skyline Rail receipt',
      from: 'Skyline Rail <receipts@skylinerail.example>',
      html:
        '<p>Skyline Rail</p><p>Thank you for choosing Skyline Rail, Ms. Ward.</p>' +
        '<table><tr><td>Ticket number</td><td>8812 4400193</td></tr><tr><td>Total fare</td><td>USD 88.40</td></tr></table>' +
        '<p>Skyline Railways, Inc. · 12 Depot St, Albany, NY 12207</p>',
    });
    expect(value(r, 'merchant')).toBe('Skyline Railways, Inc.');
  });
});

describe("a card scheme's code before the masked card", () => {
  it('"MC ****" is Mastercard, "VI XXXX" Visa', async () => {
    const mc = await readText(
      'HARBOUR LINK\nReceipt no.: 7781-20\nTotal charged (CAD)   54.10\n\nPaid with MC ****4471\n',
    );
    expect(value(mc, 'payment_method')).toBe('Mastercard');
    const vi = await readHtml(
      '<table><tr><td>Total fare</td><td>USD 210.00</td></tr><tr><td>Form of payment</td><td>VI XXXXXXXXXXXX0093</td></tr></table>',
    );
    expect(value(vi, 'payment_method')).toBe('Visa');
  });

  it('"AMEX" and "Amex" are American Express, as the scheme is filed', async () => {
    const slip = await readText('DELI 41\nCheck #2210\nTotal   18.40\n\nAMEX ****1005   18.40\n');
    expect(value(slip, 'payment_method')).toBe('American Express');
    const mail = await readHtml(
      '<table><tr><td>Total</td><td>$64.00</td></tr><tr><td>Paid with</td><td>Amex ending 3008</td></tr></table>',
    );
    expect(value(mail, 'payment_method')).toBe('American Express');
  });
});

describe("a receipt's number under North American and travel labels", () => {
  it("an airline's ticket number, its carrier code apart, over the confirmation code", async () => {
    const r = await readHtml(
      '<table><tr><td>Confirmation code</td><td>BXR7QL</td></tr><tr><td>Ticket number</td><td>0277 4409981123</td></tr>' +
        '<tr><td>Total fare</td><td>USD 240.10</td></tr></table>',
    );
    expect(value(r, 'receipt_number')).toBe('0277 4409981123');
  });

  it('a charity\'s "Gift ID", a restaurant\'s "Check | #2210 (split 1 of 2)"', async () => {
    const gift = await readHtml(
      rows([
        ['Gift ID', 'OWL-2026-0042'],
        ['Total gift', '$60.00'],
      ]),
    );
    expect(value(gift, 'receipt_number')).toBe('OWL-2026-0042');
    const check = await readHtml(
      rows([
        ['Check', '#2210 (split 1 of 2)'],
        ['Total', '$31.50'],
      ]),
    );
    expect(value(check, 'receipt_number')).toBe('2210');
  });
});

describe('who sold, from the small print', () => {
  it('a British "plc" written small', async () => {
    const r = await readHtml(
      '<p>Brambles</p><p>Items £20.00</p><p>Final amount charged £20.00</p><p>Bramble Foods plc · Registered in England No. 01234567</p>',
    );
    expect(value(r, 'merchant')).toBe('Bramble Foods plc');
  });

  it('a garage "Operated by" a company in its small print: the operator, not a carrier', async () => {
    const r = await readText(
      'Harbour Square Garage\nReceipt no.  7-20114\nAMOUNT PAID   $18.00\nVISA XXXX 8812\n\nThank you.\nOperated by Quayside Parking Group LLC\n',
    );
    expect(value(r, 'merchant')).toBe('Quayside Parking Group LLC');
  });
});
