// The printed-page reader on invoice mails of forms the other sets lack (issue 24, the dev
// half of layouts-fresh-html3): a CSS grid's rows, an invoice typed in a mail client whose
// signature names the issuer, continental bills' own labels (an Italian "Bolletta n.", a
// Portuguese "Aviso n.º", a German "Bescheid-Nr.", a Spanish debit's "Se cargará en tu cuenta
// el", a Danish "Beløb til betaling"). Each case is written small, with invented names and values.
import { describe, expect, it } from 'vitest';
import { analyzeMessage } from '../../pipeline/index.ts';
import { buildEml } from '../helpers/mail.ts';
import { runStarter, rows } from '../helpers/starter.ts';

const FROM = 'Billing <billing@vendor.example>';

describe('a CSS grid reads in rows', () => {
  const grid = (columns: string, cells: string[]) =>
    `<div style="display:grid;grid-template-columns:${columns}">${cells.map((c) => `<div>${c}</div>`).join('')}</div>`;

  it('"1fr auto" pairs each label with its amount; "repeat(3, 1fr)" makes rows of three', async () => {
    const html = `<p>Ironbark Studio Pty Ltd</p><p>Tax Invoice INV-0417</p>
${grid('repeat(3, 1fr)', ['Description', 'Qty', 'Amount', 'Logo refinement', '1', '$2,400.00'])}
${grid('1fr auto', ['Subtotal', '$2,400.00', 'GST 10%', '$240.00', 'Total', '$2,640.00', 'Less deposit paid 24 Feb 2026', '−$640.00', 'Amount due (AUD)', 'A$2,000.00'])}`;
    const analyzed = await analyzeMessage(buildEml({ subject: 'Invoice', from: FROM, html }));
    if (!analyzed.ok) throw new Error('refused');
    const text = analyzed.message.view.documents[0]!.text;
    expect(text).toContain('Logo refinement | 1 | $2,400.00');
    expect(text).toContain('Less deposit paid 24 Feb 2026 | −$640.00');
    const r = await runStarter('invoice', { subject: 'Invoice', from: FROM, html });
    expect(r.fields.total_amount!.value).toBe(2000);
  });

  it('an item spanning the row ("grid-column: 1 / -1") is a row of its own', async () => {
    const html = `<div style="display:grid;grid-template-columns:1fr auto"><div style="grid-column:1 / -1">Ironbark Studio Pty Ltd</div><div>Invoice</div><div>INV-0417</div></div>`;
    const analyzed = await analyzeMessage(buildEml({ subject: 'Invoice', from: FROM, html }));
    if (!analyzed.ok) throw new Error('refused');
    const text = analyzed.message.view.documents[0]!.text;
    expect(text).toMatch(/Ironbark Studio Pty Ltd\s*\n\s*Invoice \| INV-0417/);
  });
});

describe('an invoice typed in a mail client', () => {
  it('with nothing attached, the sender\'s signature under "--" names the issuer', async () => {
    const r = await runStarter('invoice', {
      subject: 'Invoice 26-0311',
      from: 'Dan Kowal <dan@kowalmachining.example>',
      text: [
        'Hi Janet,',
        'Parts shipped this morning, invoice below.',
        'Invoice #: 26-0311',
        'Invoice date: 3/11/2026',
        'Total | $2,047.38',
        'Thanks,',
        'Dan',
        '--',
        'Dan Kowal',
        'Kowal Precision Machining LLC',
        '2280 Needmore Rd, Dayton OH 45414',
      ].join('\n'),
    });
    expect(r.fields.vendor_name!.value).toBe('Kowal Precision Machining LLC');
  });

  it('the signature\'s "Sp. z o.o." and the header\'s form written out are one company, shown in full', async () => {
    const r = await runStarter('invoice', {
      subject: 'Faktura FA/2026/03/014',
      from: 'Biuro <kontakt@lipowa.example>',
      text: [
        'Faktura VAT',
        'Numer faktury: FA/2026/03/014',
        'Sprzedawca',
        'Lipowa Spółka z ograniczoną odpowiedzialnością',
        'Nabywca',
        'Dąbrowa Spółka Cywilna',
        'Do zapłaty: 1 230,00 PLN',
        'Z poważaniem,',
        'Lipowa Sp. z o.o.',
      ].join('\n'),
    });
    expect(r.fields.vendor_name!.value).toBe('Lipowa Spółka z ograniczoną odpowiedzialnością');
    expect(r.fields.vendor_name!.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('"Here is the final invoice #7731 dated March 6, 2026 …" in a sentence gives the number and its date', async () => {
    const r = await runStarter('invoice', {
      subject: 'Final invoice',
      from: 'Rosa Diaz <rosa@sunsign.example>',
      text: [
        'Hi Dr. Nasser,',
        'Thanks for choosing us, the crew said the letters look great lit up. Here is the final invoice #7731 dated March 6, 2026 for the sign package. Your deposit from February is taken off below.',
        'Invoice total | $ 6,915.50',
        'BALANCE DUE | $ 3,715.50',
      ].join('\n'),
    });
    expect(r.fields.invoice_number!.value).toBe('7731');
    expect(r.fields.invoice_date!.value).toBe('2026-03-06');
  });

  it('"Gutschrift GS-12 zur Rechnung RE-118204 vom 02.03.2026": the invoice it refers to is another document', async () => {
    const r = await runStarter('invoice', {
      subject: 'Gutschrift',
      from: FROM,
      text: 'Gutschrift GS-12\nHiermit erhalten Sie die Gutschrift zur Rechnung RE-118204 vom 02.03.2026 über die zurückgesandte Ware.\nGutschriftsbetrag | 120,00 €',
    });
    expect(r.fields.invoice_number!.value).toBe('GS-12');
  });

  it("a forwarder's signature above a forwarded invoice stays out", async () => {
    const r = await runStarter('invoice', {
      subject: 'FW: Invoice 88',
      from: 'Ana Ruiz <ana@buyerco.example>',
      text: [
        'Please pay this one.',
        'Thanks,',
        'Ana Ruiz',
        'Buyerco Holdings Ltd',
        '',
        '---------- Forwarded message ---------',
        'From: Billing <billing@harbourline.example>',
        'Subject: Invoice 88',
        '',
        'Harbourline Services Ltd',
        'Invoice 88',
        'Total due $90.00',
      ].join('\n'),
    });
    expect(r.fields.vendor_name!.value).not.toBe('Buyerco Holdings Ltd');
  });
});

describe("continental bills' own labels", () => {
  it('"Bolletta n." is an Italian utility bill\'s number', async () => {
    const r = await runStarter('invoice', {
      subject: 'La tua bolletta',
      from: FROM,
      html: rows([
        ['Bolletta n.', '2026/E/0511'],
        ['Totale bolletta', '157,29 €'],
      ]),
    });
    expect(r.fields.invoice_number!.value).toBe('2026/E/0511');
  });

  it('"Aviso n.º" and "Data-limite de pagamento" on a Portuguese insurer\'s payment notice', async () => {
    const r = await runStarter('invoice', {
      subject: 'Aviso de cobrança',
      from: FROM,
      html: rows([
        ['Aviso n.º', '26.0318.7001'],
        ['Data-limite de pagamento', '31/03/2026'],
        ['Prémio total a pagar', '309,25 €'],
      ]),
    });
    expect(r.fields.invoice_number!.value).toBe('26.0318.7001');
    expect(r.fields.due_date!.value).toBe('2026-03-31');
  });

  it('"Bescheid-Nr." and "Bescheiddatum" on a German fee notice', async () => {
    const r = await runStarter('invoice', {
      subject: 'Beitragsbescheid 2026',
      from: FROM,
      html: rows([
        ['Bescheid-Nr.', '2026-0411'],
        ['Bescheiddatum', '16.03.2026'],
        ['Gesamtbetrag', '437,79 €'],
      ]),
    });
    expect(r.fields.invoice_number!.value).toBe('2026-0411');
    expect(r.fields.invoice_date!.value).toBe('2026-03-16');
  });

  it('"Se cargará en tu cuenta el" is a Spanish direct debit\'s day', async () => {
    const r = await runStarter('invoice', {
      subject: 'Tu factura',
      from: FROM,
      html: `<p>Importe total</p><p>50,84 €</p><p>Se cargará en tu cuenta el</p><p>8 de marzo de 2026</p>${rows([['Nº de factura', 'MV2603-0011']])}`,
    });
    expect(r.fields.due_date!.value).toBe('2026-03-08');
  });

  it('"Beløb til betaling (DKK)" is what a Danish invoice asks', async () => {
    const r = await runStarter('invoice', {
      subject: 'Faktura',
      from: FROM,
      text: 'Faktura Nr. 2026-044\nSubtotal | | | 13.675,00\nMoms 25 % | | | 3.418,75\nBeløb til betaling (DKK) | | | 17.093,75 kr.',
    });
    expect(r.fields.total_amount!.value).toBe(17093.75);
  });
});
