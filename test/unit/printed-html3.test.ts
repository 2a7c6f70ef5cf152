// The printed-page reader on billing mail as real senders build it (issue 24, third HTML set,
// test/fixtures/layouts-html3): the mail's own date settling a page whose dates read both ways,
// direct debits "on or after" a day, payment reminders and dunning letters, a tax invoice's
// number beside a policy number, the app that delivers a business's invoice, a business named
// by its register number, kronor by country, the amount a sentence names as outstanding, a
// payment's confirmation date, and Gmail's empty lines. Each case is written small, in the
// structure of the mail it comes from, with invented values. The test mail is dated Tuesday
// 3 March 2026.
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import { sanitizeHtml } from '../../pipeline/sanitize.ts';
import type { STARTERS } from '../../pipeline/starters.ts';
import { runStarter } from '../helpers/starter.ts';

async function read(
  html: string,
  { starter = 'invoice', subject = 'Your bill', from = 'Billing <billing@vendor.example>' } = {} as {
    starter?: keyof typeof STARTERS;
    subject?: string;
    from?: string;
  },
): Promise<SchemaRun> {
  return runStarter(starter, { subject, from, html });
}

describe("the mail's own date settles a page whose dates read both ways", () => {
  const renewal = (issued: string, due: string, extra = '') =>
    `<table><tr><td>Annual premium</td><td>$1,214.36</td></tr>
<tr><td>Date issued</td><td>${issued}</td></tr>
<tr><td>Payment due</td><td>${due}</td></tr></table>${extra}`;

  it('an Australian page (ABN) issued the day before the mail: day first, surely', async () => {
    const r = await read(renewal('02/03/2026', '10/03/2026', '<p>Wattle Cove Insurance Ltd ABN 48 131 772 406</p>'));
    expect(r.fields.invoice_date!.value).toBe('2026-03-02');
    expect(r.fields.invoice_date!.confidence).toBe(0.9);
    expect(r.fields.due_date!.value).toBe('2026-03-10');
    expect(r.fields.due_date!.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('a dollar page whose issue date read month first is the mail’s day: month first, surely', async () => {
    const r = await read(renewal('03/02/2026', '04/01/2026'));
    expect(r.fields.invoice_date!.value).toBe('2026-03-02');
    expect(r.fields.invoice_date!.confidence).toBe(0.9);
    expect(r.fields.due_date!.value).toBe('2026-04-01');
  });

  it('a dollar page whose issue date read day first is the mail’s day: day first, not surely', async () => {
    const r = await read(renewal('02/03/2026', '10/03/2026'));
    expect(r.fields.invoice_date!.value).toBe('2026-03-02');
    expect(r.fields.invoice_date!.confidence).toBe(0.75);
  });
});

describe('a direct debit taken on or after a day', () => {
  it('"Collected on or after" over its date and the debit sentence agree', async () => {
    const r = await read(
      `<p>Hi Sam,</p><table><tr><td><div>Amount due</div><div>£38.47</div></td>
<td><div>Collected on or after</div><div>17 March 2026</div></td></tr></table>
<table><tr><td>Bill number</td><td>118204417</td></tr><tr><td>Bill date</td><td>3 March 2026</td></tr></table>
<p>We’ll collect £38.47 by Direct Debit from your account ending 2210 on or after 17 March 2026.</p>`,
    );
    expect(r.fields.due_date!.value).toBe('2026-03-17');
    expect(r.fields.due_date!.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('a Danish bill’s "Trækkes via Betalingsservice" over its date', async () => {
    const r = await read(
      `<table><tr><td><div>Beløb</div><div>1.284,50 kr.</div></td>
<td><div>Trækkes via Betalingsservice</div><div>16.03.2026</div></td></tr></table>
<table><tr><td>Fakturanummer</td><td>88412277</td></tr></table>`,
    );
    expect(r.fields.due_date!.value).toBe('2026-03-16');
  });

  it('a date in a sentence that starts with a condition is not the due date', async () => {
    const r = await read(
      `<div>Payment due</div><div>20 March 2026</div>
<p>Please read the enclosed statement. If you pay by instalments, your first instalment will be deducted on 27 March 2026.</p>`,
    );
    expect(r.fields.due_date!.value).toBe('2026-03-20');
  });
});

describe('payment reminders and dunning letters', () => {
  const relance = `<p><b>Atelier Morin</b></p><p>Dijon, le 2 mars 2026</p>
<p><strong>Objet : relance – facture F2026-0101</strong></p>
<p>Madame, Monsieur, sauf erreur de notre part, la facture ci-dessous n’est pas entièrement réglée.
Nous vous remercions de procéder à son règlement sous huit jours, soit avant le 13/03/2026.</p>
<table><tr><th>Facture</th><th>Date</th><th>Échéance</th><th>Montant TTC</th><th>Reste dû</th></tr>
<tr><td>F2026-0101</td><td>12/01/2026</td><td>11/02/2026</td><td>3 240,00 €</td><td>1 240,00 €</td></tr>
<tr><td colspan="4">Indemnité forfaitaire pour frais de recouvrement</td><td>40,00 €</td></tr>
<tr><td colspan="4">Total à régler</td><td>1 280,00 €</td></tr></table>
<p>Atelier Morin SARL · 4 rue Verrerie · 21000 Dijon</p>`;

  it('a relance: the invoice’s date, the new deadline and the amount with its fee', async () => {
    const r = await read(relance, { subject: 'Relance : facture F2026-0101 impayée' });
    expect(r.fields.invoice_number!.value).toBe('F2026-0101');
    expect(r.fields.invoice_date!.value).toBe('2026-01-12');
    expect(r.fields.due_date!.value).toBe('2026-03-13');
    expect(r.fields.due_date!.confidence).toBe(0.75);
    expect(r.fields.total_amount!.value).toBe(1280);
    expect(r.fields.total_amount!.confidence).toBe(0.85);
  });

  it('a purring: the letter’s date is the reminder’s, the invoice date is the table’s', async () => {
    const r = await read(
      `<p><b>Bryggen Regnskap AS</b></p><p>Bergen, 02.03.2026</p><p><b>Purring – faktura 5512</b></p>
<p>Vi kan ikke se å ha mottatt betaling. Vennligst betal innen 16.03.2026 til konto 3201.44.88127.</p>
<table><tr><th>Faktura</th><th>Fakturadato</th><th>Forfallsdato</th><th>Beløp</th><th>Utestående</th></tr>
<tr><td>5512</td><td>26.01.2026</td><td>09.02.2026</td><td>kr 8 125,00</td><td>kr 8 125,00</td></tr>
<tr><td colspan="4">Purregebyr</td><td>kr 35,00</td></tr>
<tr><td colspan="4">Å betale</td><td>kr 8 160,00</td></tr></table>
<p>Bryggen Regnskap AS · Org.nr. 921 448 207 MVA</p>`,
      { subject: 'Purring på faktura 5512' },
    );
    expect(r.fields.invoice_date!.value).toBe('2026-01-26');
    expect(r.fields.invoice_date!.confidence).toBe(0.8);
    expect(r.fields.due_date!.value).toBe('2026-03-16');
    expect(r.fields.total_amount!.value).toBe(8160);
    expect(r.fields.currency!.value).toBe('NOK');
  });

  it('an invoice that is no reminder keeps its letter date as its issue date', async () => {
    const r = await read(relance.replace('relance', 'facture').replace('soit avant', 'au plus tard'), {
      subject: 'Facture F2026-0101',
    });
    expect(r.fields.invoice_date!.value).toBe('2026-03-02');
  });
});

describe('a page that says it is no invoice has no invoice number', () => {
  it('a pro-forma: "Dies ist keine Rechnung im Sinne des UStG"', async () => {
    const r = await read(
      `<p><b>Maschinenbau Keller GmbH</b></p><p>Bitte überweisen Sie den Betrag bis zum 29.03.2026.</p>
<p><strong>Bitte beachten Sie: Dies ist keine Rechnung im Sinne des UStG.</strong></p>
<h3>Proforma-Rechnung PR-2026-0061</h3><table><tr><td>Proforma-Nr.</td><td>PR-2026-0061</td></tr>
<tr><td>Gesamtbetrag</td><td>4.998,00 €</td></tr></table>`,
    );
    expect(r.fields.invoice_number!.value).toBeNull();
    expect(r.fields.total_amount!.value).toBe(4998);
  });

  it('an order confirmation: "This is not an invoice" (no fallback label reads its order number)', async () => {
    const r = await read(
      `<h2>Order confirmation</h2><p><strong>This is not an invoice.</strong> An invoice will be emailed when your order ships.</p>
<table><tr><td>Order number</td><td>SO-48812</td></tr><tr><td>Order total</td><td>$1,396.60</td></tr></table>`,
    );
    expect(r.fields.invoice_number!.value).toBeNull();
    expect(r.fields.total_amount!.value).toBe(1396.6);
  });

  it('a receipt read as a receipt keeps its number', async () => {
    const r = await read(
      `<h2>Receipt</h2><p>This is not a VAT invoice.</p><table><tr><td>Receipt number</td><td>R-2231</td></tr>
<tr><td>Total paid</td><td>£12.40</td></tr></table>`,
      { starter: 'receipt' },
    );
    expect(r.fields.receipt_number!.value).toBe('R-2231');
  });
});

describe('a tax invoice’s number beside a policy number', () => {
  it('"Tax invoice number" names the document, though it starts with a tax word', async () => {
    const r = await read(
      `<table><tr><td>Policy number</td><td>MTR-0092114</td></tr>
<tr><td>Tax invoice number</td><td>TI-5520871</td></tr>
<tr><td>Total premium</td><td>$1,214.36</td></tr></table>`,
    );
    expect(r.fields.invoice_number!.value).toBe('TI-5520871');
    expect(r.fields.invoice_number!.confidence).toBe(0.9);
  });
});

describe('the app that delivers a business’s invoice is not its issuer', () => {
  it('"Enviado con Contabilo. Contabilo Software S.L. no es responsable…", sent from the app’s domain', async () => {
    const r = await read(
      `<p><b>Estudio Lince</b></p><p>Hola Marta,</p>
<p>Te enviamos la factura <strong>F260041</strong> por importe de <strong>1.452,00 €</strong>.</p>
<table><tr><td>Nº factura</td><td>F260041</td></tr><tr><td>Total</td><td>1.452,00 €</td></tr></table>
<p>Estudio Lince S.L. · CIF B93442817 · Calle Larios 9, 29005 Málaga</p>
<p>Enviado con Contabilo. Contabilo Software S.L. no es responsable del contenido de este documento.</p>`,
      { from: 'Estudio Lince <facturas@contabilo.example>' },
    );
    expect(r.fields.vendor_name!.value).toBe('Estudio Lince S.L.');
  });

  it('"sent using Ledgerly on behalf of …" and "Ledgerly is not responsible for … this invoice"', async () => {
    const r = await read(
      `<p>Here’s invoice INV-0193 for AUD 4,620.00.</p>
<p>Thanks,<br>Mick</p>
<p>Harbour Cove Joinery Pty Ltd · ABN 61 604 338 912</p>
<p>This invoice was sent using Ledgerly on behalf of Harbour Cove Joinery Pty Ltd.</p>
<p>Ledgerly Limited · 1 Market Lane, Wellington. Ledgerly is not responsible for the content of this invoice.</p>`,
      { from: 'Harbour Cove Joinery <messaging-service@post.ledgerly.example>' },
    );
    expect(r.fields.vendor_name!.value).toBe('Harbour Cove Joinery Pty Ltd');
    // The app's legal name is no rival of it (0.6 when it was).
    expect(r.fields.vendor_name!.confidence).toBe(0.75);
  });
});

describe('a business named by its register number', () => {
  it('"Studio Jildau Fotografie · KvK … · btw-id …" under a Gmail signature', async () => {
    const r = await read(
      `<div dir="ltr"><div>Hoi Lisa,</div><div><br></div><div>Factuurnummer: 2026-07</div><div>Totaal: € 605,00</div>` +
        `<div><br></div><div>Liefs,</div><div>Jildau</div><div><br></div>` +
        `<div><font color="#888888">Studio Jildau Fotografie · KvK 84412277 · btw-id NL004412877B12</font></div></div>`,
      { from: 'Jildau de Boer <jildau@studiojildau.example>' },
    );
    expect(r.fields.vendor_name!.value).toBe('Studio Jildau Fotografie');
    expect(r.fields.vendor_name!.confidence).toBe(0.7);
  });

  it('Gmail’s empty line (a div holding only a break) is an empty line', () => {
    const { text } = sanitizeHtml(
      '<div dir="ltr"><div>Liefs,</div><div>Jildau</div><div><br></div><div>Studio</div></div>',
    );
    expect(text).toBe('Liefs,\nJildau\n\nStudio');
  });
});

describe('legal forms and display names of small businesses', () => {
  it('"X via FreshLedger" sends for X, whose name heads the mail', async () => {
    const r = await read(
      `<p><b>Ellie Marsh Photography</b></p>
<p>Ellie Marsh Photography sent you an invoice (0000042) for £1,150.00 that’s due on 30/04/2026.</p>
<table><tr><td>Invoice</td><td>0000042</td></tr><tr><td>Amount Due (GBP)</td><td>£1,150.00</td></tr></table>
<p>Ellie Marsh Photography<br>7 Clifton Mews, Bristol BS8 4AB</p>`,
      { from: 'Ellie Marsh Photography via FreshLedger <noreply@freshledger.example>' },
    );
    expect(r.fields.vendor_name!.value).toBe('Ellie Marsh Photography');
  });

  it('a Danish company\'s "A/S" is its legal form', async () => {
    const r = await read(
      `<p>Din regning er klar.</p><table><tr><td>I alt</td><td>1.284,50 kr.</td></tr></table>
<p>Kystby Energi A/S · Havnegade 12 · 6700 Esbjerg</p>`,
      { from: 'Kystby Energi <regning@kystby.example>' },
    );
    expect(r.fields.vendor_name!.value).toBe('Kystby Energi A/S');
  });

  it('"Pty Ltd" is one form: the name keeps both words', async () => {
    const r = await read(
      `<h2>TAX INVOICE</h2><p><b>Sparkle &amp; Glow Cleaning Pty Ltd</b><br>ABN 83 612 449 017</p>
<table><tr><td>Invoice No:</td><td>1088</td></tr><tr><td>Total AUD</td><td>$495.00</td></tr></table>`,
    );
    expect(r.fields.vendor_name!.value).toBe('Sparkle & Glow Cleaning Pty Ltd');
  });
});

describe('kronor by the country the page is from', () => {
  it('a Danish bill ("for" is no Swedish "för", CVR is Danish): DKK', async () => {
    const r = await read(
      `<p>Kære Mette Lund</p><p>Din regning for 1. kvartal 2026 er klar.</p>
<table><tr><td>Fakturanummer</td><td>88412277</td></tr><tr><td>Moms 25%</td><td>256,90 kr.</td></tr>
<tr><td>I alt</td><td>1.284,50 kr.</td></tr></table><p>Kystby Energi A/S · CVR 41182290</p>`,
    );
    expect(r.fields.currency!.value).toBe('DKK');
  });
});

describe('the amount a sentence names as outstanding', () => {
  it('"The amount outstanding of AUD 4,620.00 is due on 8 May 2026."', async () => {
    const r = await read(
      '<p>Hi Priya,</p><p>The amount outstanding of AUD 4,620.00 is due on 8 May 2026.</p><p>Thanks, Mick</p>',
    );
    expect(r.fields.total_amount!.value).toBe(4620);
    expect(r.fields.total_amount!.confidence).toBe(0.85);
  });
});

describe("a payment's confirmation", () => {
  it('"Zahlungseingang" is the date the money came in', async () => {
    const r = await read(
      `<p>Wir bestätigen den Eingang deiner Zahlung:</p>
<table><tr><td>Beleg-Nr.:</td><td>2026-0318</td></tr><tr><td>Zahlungseingang:</td><td>27.02.2026</td></tr>
<tr><td><b>Betrag:</b></td><td><b>180,00 EUR</b></td></tr></table>`,
      { starter: 'receipt', subject: 'Zahlungsbestätigung' },
    );
    expect(r.fields.date!.value).toBe('2026-02-27');
    expect(r.fields.date!.confidence).toBe(0.9);
  });
});
