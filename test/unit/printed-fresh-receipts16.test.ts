// The printed-page reader on receipt mails (issue 24, the dev half of layouts-fresh-receipts16:
// a US, Canadian, UK, Irish and Australian company's expense inbox): a loyalty card's balance
// beside the sums, an order-ahead app's order number called out for its customer, a bill
// payment's own reference over the invoice it settles. Each case is written small, with
// invented names and values.
import { describe, expect, it } from 'vitest';
import { confidence, runStarter, value } from '../helpers/starter.ts';

describe('what a coffee app’s receipt charged', () => {
  it('a loyalty balance after the stars earned is a count, not the total', async () => {
    const r = await runStarter('receipt', {
      subject: 'Your order receipt',
      from: 'Bean Loop <orders@beanloop.example>',
      html: [
        '<p>Bean Loop</p><p>Order B-5518 for Tomas</p>',
        '<table><tr><td>Mocha</td><td>6.10</td></tr><tr><td>Scone</td><td>3.90</td></tr>',
        '<tr><td>Subtotal</td><td>$10.00</td></tr><tr><td>Tax</td><td>$1.30</td></tr>',
        '<tr><td>Total</td><td>$11.30</td></tr></table>',
        '<p>Paid in app</p><p>Stars earned: 11 · Balance 347</p>',
      ].join(''),
    });
    expect(value(r, 'total_amount')).toBe(11.3);
  });

  it('an order-ahead app’s order number called out with the customer’s name', async () => {
    const r = await runStarter('receipt', {
      subject: 'Your order receipt',
      from: 'Bean Loop <orders@beanloop.example>',
      html: [
        '<p>Bean Loop</p><p>Mobile order B-5518 for Tomas</p>',
        '<table><tr><td>Mocha</td><td>6.10</td></tr><tr><td>Total</td><td>$6.10</td></tr></table>',
      ].join(''),
    });
    expect(value(r, 'receipt_number')).toBe('B-5518');
  });
});

describe('a bill payment’s receipt', () => {
  it('the payment reference, not the invoice a sentence-like title dates, and not surely', async () => {
    const r = await runStarter('receipt', {
      subject: 'Payment received',
      from: 'Larkline Telecom <billing@larkline.example>',
      html: [
        '<p>Larkline</p><p>You paid £31.20</p>',
        '<p>Invoice LT-5520931 · dated 02/02/2026</p>',
        '<table><tr><td>Invoice total</td><td>£31.20</td></tr></table>',
        '<p>Card payment</p>',
        '<table><tr><td>Payment reference</td><td>LK-PAY-771204</td></tr>',
        '<tr><td>Taken on</td><td>06/02/2026 09:14</td></tr></table>',
      ].join(''),
    });
    expect(value(r, 'receipt_number')).toBe('LK-PAY-771204');
    expect(confidence(r, 'receipt_number')).toBeLessThan(0.8);
  });

  it('a bare "Reference" under the "Your payment" heading is the payment’s', async () => {
    const r = await runStarter('receipt', {
      subject: 'Payment received',
      from: 'Northgate Power <billing@northgate.example>',
      html: [
        '<p>Payment received – thank you</p>',
        '<table><tr><td>Amount of bill</td><td>$88.40</td></tr></table>',
        '<p>Your payment</p>',
        '<table><tr><td>Reference</td><td>NP-30418827</td></tr>',
        '<tr><td>Amount paid</td><td>$88.40</td></tr></table>',
      ].join(''),
    });
    expect(value(r, 'receipt_number')).toBe('NP-30418827');
  });
});

describe('a receipt’s number, as these pages print it', () => {
  it('a bilingual label, its second language after a slash, then dot leaders', async () => {
    const r = await runStarter('receipt', {
      subject: 'Trip receipt',
      from: 'Lakeshore Taxi <receipts@lakeshoretaxi.example>',
      text: [
        'LAKESHORE TAXI LTD.',
        'Trip receipt / Reçu de course',
        '',
        'Trip # / Course no ....... 408812',
        'Date ..................... 2026-02-04 18:40',
        'TOTAL (CAD) .............. 21.50',
      ].join('\n'),
    });
    expect(value(r, 'receipt_number')).toBe('408812');
  });

  it('an order named at the start of a sentence, its verb after it', async () => {
    const r = await runStarter('receipt', {
      subject: 'Your order has shipped',
      from: 'Orchard Drug <orders@orcharddrug.example>',
      html: [
        '<p>Orchard Drug</p><p>Vitamin D 1000 IU<br>1 × $8.49 = $8.49</p>',
        '<p>Order total $8.49</p>',
        '<p>Order K-7741203 was placed on February 3, 2026 and charged to PayPal.</p>',
      ].join(''),
    });
    expect(value(r, 'receipt_number')).toBe('K-7741203');
  });

  it('a letter that says "This is your receipt" and its number, over the booking it names', async () => {
    const r = await runStarter('receipt', {
      subject: 'Your course booking',
      from: 'Harbour Skills <bookings@harbourskills.example>',
      html: [
        '<p>Harbour Skills</p><p>Total to pay: £120.00 – paid, thank you</p>',
        '<p>This is your receipt HS/26/0077 for booking HB-2210, dated 4 February 2026. Payment was taken by Visa.</p>',
      ].join(''),
    });
    expect(value(r, 'receipt_number')).toBe('HS/26/0077');
  });
});

describe('a serviced apartment’s tax invoice', () => {
  it('"Total inc. GST" is the gross, and the invoice title’s code is no tax amount', async () => {
    const r = await runStarter('receipt', {
      subject: 'Your stay',
      from: 'Quay Apartments <stay@quayapts.example>',
      html: [
        '<p>Quay Apartments Pty Ltd</p><p>Tax Invoice QA-118204</p>',
        '<p>Apartment tariff $180.00</p><p>Parking $20.00</p>',
        '<p>AMEX payment -$200.00</p><p>Total inc. GST $200.00</p><p>GST $18.18</p><p>Balance $0.00</p>',
      ].join(''),
    });
    expect(value(r, 'total_amount')).toBe(200);
  });
});
