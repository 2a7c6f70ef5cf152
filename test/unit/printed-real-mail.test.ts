// The printed-page reader on what real vendors' mail prints (issue 24, the measurement on real
// receipts and order summaries from other parsers' test fixtures, kept outside the project): an
// order summary's or order confirmation's own date ("Order placed", "Ordered on", "Bestellt am",
// "Commande passée le") is the receipt's date, not the day the mail was sent; a copyright
// notice's year ("Copyright © 2025 …", "© 1996-2026, …") is no part of the company named after
// it. Each case is
// written small, in the structure those documents print, with invented values. The test mail is
// dated 3 March 2026 and each order was placed before it, so a date taken from the mail's header
// instead of the page shows as 2026-03-03.
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import { runStarter } from '../helpers/starter.ts';

async function readHtml(html: string, from = 'Shop <orders@vendor.example>'): Promise<SchemaRun> {
  return runStarter('receipt', { subject: 'Your order', from, html });
}

async function readText(lines: string[], from = 'Shop <orders@vendor.example>'): Promise<SchemaRun> {
  return runStarter('receipt', { subject: 'Your order', from, text: lines.join('\n') });
}

/** An order summary: the order's date and number each in a block under its own label, then the charges. */
const orderSummary = (dateLabel: string, date: string) => `<html><body>
<h1>Order Summary</h1>
<div><span>${dateLabel}</span></div>
<div><span>${date}</span></div>
<div><span>Order #</span></div>
<div><span>402-7713958-2208461</span></div>
<h5>Payment method</h5>
<div>Mastercard ending in 4410</div>
<ul>
<li><div>Item(s) Subtotal:</div><div>$31.40</div></li>
<li><div>Grand Total:</div><div>$31.40</div></li>
</ul>
</body></html>`;

describe("an order summary's date under its label", () => {
  it('"Order placed" over "February 26, 2026" is the date, not the mail\'s', async () => {
    const r = await readHtml(orderSummary('Order placed', 'February 26, 2026'));
    expect(r.fields.date!.value).toBe('2026-02-26');
    // A heading without a colon over its value vouches for it less than "Label: value".
    expect(r.fields.date!.confidence).toBe(0.6);
    expect(r.fields.total_amount!.value).toBe(31.4);
  });

  it('"Ordered on" the same', async () => {
    const r = await readHtml(orderSummary('Ordered on', 'February 26, 2026'));
    expect(r.fields.date!.value).toBe('2026-02-26');
    expect(r.fields.date!.confidence).toBe(0.6);
  });
});

describe("an order confirmation's date after its label", () => {
  it('"Bestellt am 26.02.2026 um 18:05": the label and the time stamp agree', async () => {
    const r = await readText([
      'Vielen Dank für Ihre Bestellung!',
      'Bestellnummer: 100284',
      'Bestellt am 26.02.2026 um 18:05',
      '',
      '1 x Teekanne Gusseisen      34,90 €',
      'Versand                      4,90 €',
      'Gesamtsumme                 39,80 €',
    ]);
    expect(r.fields.date!.value).toBe('2026-02-26');
    expect(r.fields.date!.confidence).toBe(0.92);
  });

  it('"Commande passée le 26/02/2026"', async () => {
    const r = await readText([
      'Merci pour votre commande !',
      'Commande n° 55120',
      'Commande passée le 26/02/2026',
      '',
      'Total TTC : 39,80 €',
    ]);
    expect(r.fields.date!.value).toBe('2026-02-26');
    expect(r.fields.date!.confidence).toBe(0.92);
  });

  it('"Order date: Feb 26, 2026"', async () => {
    const r = await readText([
      'Thanks for your order!',
      'Order number: 55120',
      'Order date: Feb 26, 2026',
      '',
      'Total: $39.80',
    ]);
    expect(r.fields.date!.value).toBe('2026-02-26');
    expect(r.fields.date!.confidence).toBe(0.9);
  });
});

describe('an order date beside another date of the sale', () => {
  it('a different "Payment date" is a rival of equal weight: neither is sure', async () => {
    const r = await readText([
      'Thanks for your order!',
      'Order number: 55120',
      'Order date: Feb 20, 2026',
      'Payment date: Feb 26, 2026',
      '',
      'Total: $39.80',
    ]);
    expect(r.fields.date!.confidence).toBeLessThanOrEqual(0.7);
  });
});

/** A receipt mail from an address without a display name, whose footer is a copyright notice. */
const receiptWithNotice = (notice: string) => `<html><body><table>
<tr><td>Receipt</td></tr>
<tr><td>DATE</td><td>ORDER ID</td></tr>
<tr><td>Feb 26, 2026</td><td>QX7741KP</td></tr>
<tr><td>Trail map bundle</td><td>$12.00</td></tr>
<tr><td>TOTAL</td><td>$12.00</td></tr>
</table>
<p>${notice}</p></body></html>`;

describe("a copyright notice's year", () => {
  const from = 'receipts@harborlane.example';

  it('"Copyright © 2026 Harbor Lane Outfitters Inc." names the company without the year', async () => {
    const r = await readHtml(
      receiptWithNotice('Copyright © 2026 Harbor Lane Outfitters Inc. All rights reserved.'),
      from,
    );
    expect(r.fields.merchant!.value).toBe('Harbor Lane Outfitters Inc.');
    expect(r.fields.merchant!.confidence).toBe(0.85);
  });

  it('a range of years and a comma: "© 1998-2026, Harbor Lane Outfitters, Inc. or its affiliates"', async () => {
    const r = await readHtml(receiptWithNotice('© 1998-2026, Harbor Lane Outfitters, Inc. or its affiliates'), from);
    expect(r.fields.merchant!.value).toBe('Harbor Lane Outfitters, Inc.');
    expect(r.fields.merchant!.confidence).toBe(0.85);
  });

  it('"(c) 2026 Harbor Lane Outfitters Ltd"', async () => {
    const r = await readHtml(receiptWithNotice('(c) 2026 Harbor Lane Outfitters Ltd'), from);
    expect(r.fields.merchant!.value).toBe('Harbor Lane Outfitters Ltd');
  });
});
