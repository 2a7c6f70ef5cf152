// The printed-page reader on a small business's invoice mails (issue 24, the dev half of
// layouts-fresh-html5): an Outlook forward's blanked header still names the issuer, a "Billed
// to" block that runs into the footer, summary cards' due-date labels, a card's charge day in a
// sentence, a reminder's own date and its list of invoices, an app's subject naming its user.
// Each case is written small, with invented names and values.
import { describe, expect, it } from 'vitest';
import { runStarter, rows } from '../helpers/starter.ts';

const FROM = 'Billing <billing@vendor.example>';

describe('forwards and footers', () => {
  it("an Outlook forward within the buyer's company: the forwarded From is the issuer's", async () => {
    const html =
      '<p>Hallo Jonas,</p><p>bitte buchen.</p><p>Grüße<br>Mara Holt</p>' +
      '<p><b>Von:</b> Kanzlei Ostrander &amp; Pell &lt;buero@ostrander-pell.example&gt;<br>' +
      '<b>Gesendet:</b> Montag, 2. März 2026 09:12<br>' +
      '<b>An:</b> Mara Holt &lt;m.holt@tiefbau-ruhland.example&gt;<br>' +
      '<b>Betreff:</b> Rechnung 2026-0431</p>' +
      `<p>Sehr geehrte Frau Holt,</p>${rows([
        ['Rechnung Nr.', '2026-0431'],
        ['Datum', '02.03.2026'],
        ['Zu zahlen', '312,40 EUR'],
      ])}<p>Ostrander &amp; Pell Steuerberatungsgesellschaft mbH · Lindenweg 4 · 80331 München</p>`;
    const r = await runStarter('invoice', {
      subject: 'WG: Rechnung 2026-0431',
      from: 'Mara Holt <m.holt@tiefbau-ruhland.example>',
      to: 'Jonas Keil <buchhaltung@tiefbau-ruhland.example>',
      html,
    });
    expect(r.fields.vendor_email!.value).toBe('buero@ostrander-pell.example');
    expect(r.fields.vendor_name!.value).toBe('Ostrander & Pell Steuerberatungsgesellschaft mbH');
  });

  it('a footer right under the "Billed to" block: its address on the sender\'s site is the vendor\'s', async () => {
    const html =
      '<div>Invoice 2026-0077</div><div>Total</div><div>$410.00</div>' +
      '<div><div>Billed to</div>Harrow Kilns GmbH<br>Tal 9, 80331 München' +
      '<div><a href="https://pay.tidewell.example/x">Pay now</a></div></div>' +
      '<div>Tidewell Pte. Ltd. · 8 Cross Street · accounts@tidewell.example</div>';
    const r = await runStarter('invoice', {
      subject: 'Invoice 2026-0077',
      from: 'Tidewell <billing@tidewell.example>',
      html,
    });
    expect(r.fields.vendor_email!.value).toBe('accounts@tidewell.example');
    expect(r.fields.vendor_email!.confidence).toBeLessThanOrEqual(0.7);
  });
});

describe('due dates', () => {
  it('a summary card\'s "Pay before" over its date', async () => {
    const html = `<div>Invoice 2026-0091</div><div>Pay before</div><div>2026-04-17</div>${rows([['Total', '$95.00']])}`;
    const r = await runStarter('invoice', { subject: 'Invoice', from: FROM, html });
    expect(r.fields.due_date!.value).toBe('2026-04-17');
  });

  it('a UK bill\'s "Direct Debit on or after" over its date', async () => {
    const html = `<p>Total to pay</p><p>£48.20</p><p>Direct Debit on or after</p><p>14 April 2026</p>${rows([['Bill number', 'KX-55102']])}`;
    const r = await runStarter('invoice', { subject: 'Your bill', from: FROM, html });
    expect(r.fields.due_date!.value).toBe('2026-04-14');
  });

  it('a card on file charged on a day a sentence names', async () => {
    const html = `<p>Here is your invoice for March. We'll charge the card ending in 0915 on April 9, 2026.</p>${rows([
      ['Invoice', '#77120-04'],
      ['Total due', '$61.20'],
    ])}`;
    const r = await runStarter('invoice', { subject: 'Invoice', from: FROM, html });
    expect(r.fields.due_date!.value).toBe('2026-04-09');
  });
});

describe('numbers, dates and currency', () => {
  it('a label over its amount names the currency code: "Amount due (AUD)" over "$310.00"', async () => {
    const html = `<div>Amount due (AUD)</div><div>$310.00</div>${rows([['Invoice number', 'QX-4410']])}`;
    const r = await runStarter('invoice', { subject: 'Invoice', from: FROM, html });
    expect(r.fields.currency!.value).toBe('AUD');
  });

  it('a French fee note\'s number: "Note d\'honoraires n° …"', async () => {
    const html = `<p>Note d'honoraires n° NH-26-118</p><p>Nantes, le 4 mars 2026</p>${rows([['Net à payer', '720,00 €']])}`;
    const r = await runStarter('invoice', { subject: 'Honoraires', from: FROM, html });
    expect(r.fields.invoice_number!.value).toBe('NH-26-118');
  });

  it('an Italian bill\'s "Emessa il" beside its date', async () => {
    const html = rows([
      ['Bolletta n.', '2026/7781'],
      ['Emessa il', '09/03/2026'],
      ['Totale bolletta', '88,10 €'],
    ]);
    const r = await runStarter('invoice', { subject: 'Bolletta', from: FROM, html });
    expect(r.fields.invoice_date!.value).toBe('2026-03-09');
  });

  it('a reminder\'s own date is its "as of"; the invoices it lists are not its number', async () => {
    const html = `<p>Our records show these invoices are past due as of April 6, 2026:</p><table>
      <tr><td>Invoice</td><td>Dated</td><td>Open balance</td></tr>
      <tr><td>#5120</td><td>02/02/2026</td><td>$140.00</td></tr>
      <tr><td>#5187</td><td>02/19/2026</td><td>$95.50</td></tr>
      <tr><td>Total past due</td><td></td><td>$235.50</td></tr></table>`;
    const r = await runStarter('invoice', { subject: 'Reminder: past due invoices', from: FROM, html });
    expect(r.fields.invoice_date!.value).toBe('2026-04-06');
    expect(r.fields.invoice_number!.confidence).toBeLessThan(0.7);
  });
});

describe('vendor names', () => {
  it("an invoicing app's mail: the masthead the subject names, not its user's own name", async () => {
    const html = `<p>Fernhill Works</p><p>Dara Quill · 12 Mill Lane, Leeds · dara@fernhillworks.example</p>${rows([
      ['Invoice#', 'FW-0019'],
      ['Balance Due', '£400.00'],
    ])}`;
    const r = await runStarter('invoice', {
      subject: 'Invoice - FW-0019 from Fernhill Works',
      from: 'Dara Quill via Billnest <notifications@billnest.example>',
      headers: { 'Reply-To': 'dara@fernhillworks.example' },
      html,
    });
    expect(r.fields.vendor_name!.value).toBe('Fernhill Works');
  });
});
