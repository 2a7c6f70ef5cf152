// The printed-page reader on what real vendors' receipt mail prints (issue 24, the second
// measurement on real mail from other parsers' test fixtures, kept outside the project): a
// payment label's word before an identifier's ("Payment ID") is a longer label, not a means; a
// shop's store credit and a gift card are means of payment; a booking's code ("Confirmation #",
// "Trip ID") is a receipt's number; a receipt's running text names whom it was bought from ("Here's your
// receipt for …", "Thank you for choosing …"); the software that sent a receipt ("Powered by
// …") or the carrier that flies a booking ("operated by …") is not who sold it. Each case is
// written small, in the structure those documents print, with invented names and values.
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import { runStarter } from '../helpers/starter.ts';

async function readHtml(html: string, from = 'Receipts <receipts@till.example>'): Promise<SchemaRun> {
  return runStarter('receipt', { subject: 'Your receipt', from, html });
}

async function readText(lines: string[], from = 'Receipts <receipts@till.example>'): Promise<SchemaRun> {
  return runStarter('receipt', { subject: 'Your receipt', from, text: lines.join('\n') });
}

/** A point-of-sale e-receipt: the check, its lines, the card with its masked number, then the terminal's data. */
const posReceipt = (footer: string) => `<html><body><table>
<tr><td colspan="2">Quince &amp; Kettle Bakehouse</td></tr>
<tr><td>Check #418</td><td>Ordered: 2/9/26 8:12 AM</td></tr>
<tr><td>1 Rye Loaf</td><td>$6.40</td></tr>
<tr><td>1 Flat White</td><td>$4.10</td></tr>
<tr><td>Tax</td><td>$0.74</td></tr>
<tr><td>Total</td><td>$11.24</td></tr>
<tr><td>Amex</td><td>xxxxxxxx4417</td></tr>
<tr><td>Transaction Type</td><td>Sale</td></tr>
<tr><td>Payment ID</td><td>QkZr8Tmw2pLa</td></tr>
</table>${footer}</body></html>`;

describe('how it was paid', () => {
  it('"Payment ID  QkZr8Tmw2pLa" is a code: the scheme the page names is how it was paid', async () => {
    const r = await readHtml(posReceipt(''));
    expect(r.fields.payment_method!.value).toBe('American Express');
    expect(r.fields.payment_method!.confidence).toBe(0.7);
  });

  it('"Billed To: Store Credit": a shop\'s own credit paid', async () => {
    const r = await readText([
      'App Store Receipt',
      '        Order Number: QX7RT2LM0B',
      '        Receipt Date: 03/02/26',
      '         Order Total: $4.99',
      '           Billed To: Store Credit',
      '',
      '1   Tide Chart Pro                      $4.99',
      '                 Store Credit Total:     $4.99',
    ]);
    expect(r.fields.payment_method!.value).toBe('Store Credit');
    expect(r.fields.payment_method!.confidence).toBe(0.7);
  });
});

describe("a booking's code is the receipt's number", () => {
  it('"Confirmation # 7KQX2M"', async () => {
    const r = await readHtml(`<html><body><p>Your trip to Pinecrest is all set.</p>
<p>Confirmation # <span><strong>7KQX2M</strong></span></p><p>PASSENGER</p><p>Rowan Test</p></body></html>`);
    expect(r.fields.receipt_number!.value).toBe('7KQX2M');
    expect(r.fields.receipt_number!.confidence).toBe(0.6);
  });

  it('"Trip ID: 2093311875" on a travel site\'s receipt', async () => {
    const r = await readHtml(
      `<html><body><p>Trip ID: 2093311875</p><p>Flight</p><p>$412.60</p>
<p>Trip total</p><p>$412.60</p><p>Billed to card</p><p>Visa ending in 3390</p></body></html>`,
      'Wayfarer Trips <noreply@wayfarer.example>',
    );
    expect(r.fields.receipt_number!.value).toBe('2093311875');
    expect(r.fields.receipt_number!.confidence).toBe(0.72);
  });
});

describe('whom the receipt says it was bought from', () => {
  it('"Here\'s your receipt for Marigold Noodle Bar (Eastside)." on a delivery app\'s receipt', async () => {
    const r = await readHtml(
      `<html><body><div>Thanks for ordering, Sam</div><div>Here's your receipt for Marigold Noodle Bar (Eastside).</div>
<table><tr><td>Total</td><td>$27.80</td></tr></table></body></html>`,
      'Eats App Receipts <receipts@eatsapp.example>',
    );
    expect(r.fields.merchant!.value).toBe('Marigold Noodle Bar (Eastside)');
    expect(r.fields.merchant!.confidence).toBe(0.75);
  });

  it('"Thank you for choosing Wayfarer Trips." from Wayfarer Trips: the sender names itself', async () => {
    const r = await readHtml(
      `<html><body><p>Hi ROWAN,</p><p>Thank you for choosing Wayfarer Trips. Please review your itinerary below.</p>
<p>Trip total</p><p>$412.60</p></body></html>`,
      'Wayfarer Trips <noreply@wayfarer.example>',
    );
    expect(r.fields.merchant!.value).toBe('Wayfarer Trips');
    expect(r.fields.merchant!.confidence).toBe(0.85);
  });

  it('"receipt for your order" names nobody', async () => {
    const r = await readHtml(
      `<html><body><p>Here is the receipt for your order.</p><table><tr><td>Total</td><td>$9.00</td></tr></table></body></html>`,
      'Orders <orders@shop.example>',
    );
    expect(r.fields.merchant!.value).not.toBe('your order');
  });
});

describe('a provider or a carrier is not the seller', () => {
  it('"Powered by Tillbox" and "© Tillbox, Inc.": the till\'s software, not the bakery', async () => {
    const r = await readHtml(
      posReceipt(`<div>Powered by <a href="https://tillbox.example">Tillbox</a></div>
<div>© Tillbox, Inc. 2026. All Rights Reserved.</div>`),
      '<receipts@sender.example>',
    );
    expect(r.fields.merchant!.value ?? '').not.toMatch(/Tillbox/);
  });

  it('"operated by NORTHWIND AIRWAYS INC" on a travel site\'s receipt: the carrier, not the seller', async () => {
    const r = await readHtml(
      `<html><body><p>Thank you for choosing Wayfarer Trips.</p>
<p>NW 212 Airbus A321</p><p>operated by NORTHWIND AIRWAYS INC</p><p>Trip total</p><p>$412.60</p></body></html>`,
      'Wayfarer Trips <noreply@wayfarer.example>',
    );
    expect(r.fields.merchant!.value).toBe('Wayfarer Trips');
  });

  it('"This store is operated by Fernleaf Goods Ltd." names the seller, not a carrier', async () => {
    const r = await readHtml(
      `<html><body><p>Order confirmation</p><table><tr><td>Order #</td><td>10442</td></tr>
<tr><td>Total</td><td>£24.00</td></tr></table>
<p>This store is operated by Fernleaf Goods Ltd.</p></body></html>`,
      'Fernleaf <orders@fernleaf.example>',
    );
    expect(r.fields.merchant!.value).toBe('Fernleaf Goods Ltd.');
  });
});

describe("a count and another document's number are no receipt's values", () => {
  it('"Total # of items purchased: 6" under "Total $ 88.25" counts things, it is no total', async () => {
    const r = await readHtml(`<html><body><p>Hollis Hardware #0417</p><p>Receipt 55120</p>
<p>DECK SCREWS</p><p>$ 9.98</p><p>WOOD GLUE</p><p>$ 9.00</p>
<p>Subtotal</p><p>$ 18.98</p><p>Total Tax</p><p>$ 1.33</p><p>Total</p><p>$ 20.31</p>
<p>Total # of items purchased: 3</p><p>VISA ****4417</p></body></html>`);
    expect(r.fields.total_amount!.value).toBe(20.31);
  });

  it('"Ticket 0272121813063" under "Confirmation code: IUZWKS": the ticket may be a flight\'s, so at most 0.7', async () => {
    const r = await readText(
      [
        "You're all set.",
        'Confirmation code:',
        'IUZWKS',
        'Flight 293',
        'Traveler(s)',
        'Ticket 0272121813063',
        'Base fare and surcharges $331.16',
        'Total $386.60',
      ],
      'Northwind Air <confirm@northwind-air.example>',
    );
    expect(r.fields.receipt_number!.confidence).toBeLessThanOrEqual(0.7);
  });
});
