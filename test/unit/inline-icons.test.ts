// Inline images whose alt text names something (a card scheme's logo): the text a person reads
// does not show the word, as a mail client shows the image, but extraction reads it where the
// page prints how it was paid (Stripe's [Visa] "– 4242", Shopify's [Mastercard] "ending with
// 8841"). Written small, in the structure of those receipts, with invented values.
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import { sanitizeHtml } from '../../pipeline/sanitize.ts';
import { runStarter } from '../helpers/starter.ts';

describe('the sanitizer', () => {
  it('places an image with a short alt at the text that follows it, and does not show the alt', () => {
    const body = sanitizeHtml('<p>Payment method</p><p><img alt="Visa" src="visa.png"> – 4242</p>');
    expect(body.text).toBe('Payment method\n\n– 4242');
    expect(body.icons).toEqual([{ offset: body.text.indexOf('– 4242'), alt: 'Visa' }]);
  });

  it('records no image a person does not see, no spacer and no picture described at length', () => {
    const body = sanitizeHtml(
      '<p>Paid <img alt="Mastercard" style="display:none" src="m.png">' +
        '<img alt="" src="spacer.gif"><img src="logo.png">' +
        '<img alt="A red bicycle leaning on a wall by the sea" src="bike.jpg"> today</p>' +
        '<div style="display:none"><img alt="Amex" src="a.png"></div>',
    );
    expect(body.text).toBe('Paid today');
    expect(body.icons).toBeUndefined();
  });

  it('an image after the last text sits at the end of the text', () => {
    const body = sanitizeHtml('<p>Thanks</p><p><img alt="Apple Pay" src="ap.png"></p>');
    expect(body.icons).toEqual([{ offset: body.text.length, alt: 'Apple Pay' }]);
  });
});

async function receipt(html: string): Promise<SchemaRun> {
  return runStarter('receipt', { subject: 'Your receipt', from: 'Trailhead Gym <receipts@trailhead.example>', html });
}

const paid = (r: SchemaRun) => [r.fields.payment_method!.value, r.fields.payment_method!.confidence];

describe('the means of payment shown as a logo', () => {
  const head =
    '<h1>Receipt from Trailhead Gym Ltd</h1><p>Receipt #3307-1120</p>' +
    '<table><tr><td>Amount paid</td><td>Date paid</td></tr><tr><td>£39.00</td><td>2 Mar 2026</td></tr></table>';

  it("a logo in a payment label's value names the means", async () => {
    const page = await receipt(`${head}<p>Payment method</p><p><img alt="Visa" src="visa.png"> – 4242</p>`);
    expect(paid(page)).toEqual(['Visa', 0.85]);
  });

  it('a logo before a masked card number names the means without a label', async () => {
    const page = await receipt(
      `${head}<table><tr><td><img alt="Mastercard" src="mc.png" height="24"> ending with 8841</td></tr></table>`,
    );
    expect(paid(page)).toEqual(['Mastercard', 0.8]);
  });

  it('a means the text names stands; a logo elsewhere on the page is not how it was paid', async () => {
    const named = await receipt(`${head}<p>Payment method</p><p>PayPal <img alt="Visa" src="visa.png"></p>`);
    expect(paid(named)).toEqual(['PayPal', 0.9]);
    const elsewhere = await receipt(
      `${head}<p>We accept <img alt="Visa" src="visa.png"> and more.</p><p>Payment method</p><p>Bank transfer</p>`,
    );
    expect(paid(elsewhere)).toEqual(['Bank transfer', 0.9]);
  });
});
