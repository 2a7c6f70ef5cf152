// Values that were confidently wrong on the fresh held halves of this round (issue 24), each
// written here from the kind of page: a paid bill's zero balance (no receipt's total, and an
// invoice's total only in doubt), a bill paid in parts, a utility's balance after its monthly
// instalments, Czech names and deadlines, a reminder that says no payment came in, a
// platform's receipt naming the shop it sold for, a payment processor's line, and a name glued
// to an elided article. Cells apart by three spaces or more, as pdf.js or an HTML table gives.
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import { companyNames } from '../../pipeline/printed/parties.ts';
import { runStarter } from '../helpers/starter.ts';

async function read(
  lines: string[],
  starter: 'receipt' | 'invoice' = 'receipt',
  extra: { from?: string; subject?: string } = {},
): Promise<SchemaRun> {
  return runStarter(starter, { subject: extra.subject ?? 'Your receipt', text: lines.join('\n'), ...extra });
}

const field = (r: SchemaRun, name: string) => [r.fields[name]!.value, r.fields[name]!.confidence];

describe('a paid bill', () => {
  const page = [
    'RECEIPT   No. R-2026-0412',
    'Date paid   04/03/2026',
    'Design retainer, March   450.00',
    'Total   450.00',
    'Amount paid   450.00',
    'Amount due   0.00',
  ];

  it("a receipt's total is what was paid, not the zero left to pay", async () => {
    expect(field(await read(page), 'total_amount')).toEqual([450, 0.85]);
  });

  it("an invoice's zero amount due under the total it billed is in doubt (conventions differ)", async () => {
    const r = await read(page, 'invoice');
    expect(r.fields.total_amount!.value).toBe(0);
    expect(r.fields.total_amount!.confidence).toBeLessThanOrEqual(0.7);
  });

  it('paid in parts, a deposit and the rest ("Acompte", "Règlement CB"), leaves a zero "Solde"', async () => {
    const r = await read(
      [
        'Facture F26-00412',
        'Total TTC   382,12 €',
        'Acompte versé le 10/02/2026   -100,00 €',
        'Règlement CB le 07/03/2026   -282,12 €',
        'Solde   0,00 €',
      ],
      'invoice',
    );
    expect(field(r, 'total_amount')).toEqual([0, 0.7]);
  });

  it("a utility's yearly bill less its instalments: the 'Nachzahlung' is what is asked", async () => {
    const r = await read(
      [
        'Jahresabrechnung Strom 2025',
        'Nettobetrag   1.090,14 €',
        'Umsatzsteuer 19 %   207,13 €',
        'Rechnungsbetrag brutto   1.297,27 €',
        'abzüglich geleistete Abschläge   -1.155,00 €',
        'Nachzahlung   142,27 €',
      ],
      'invoice',
    );
    expect(field(r, 'total_amount')).toEqual([142.27, 0.95]);
  });
});

describe('Czech invoices and reminders', () => {
  it('a name with small words in it before "s.r.o."', () => {
    expect(companyNames('Účetní kancelář Veselá s.r.o.').map((n) => n.name)).toEqual(['Účetní kancelář Veselá s.r.o.']);
  });

  it('a reminder\'s "zaplacení nejpozději do 17. 3. 2026" is the new deadline, not the invoice\'s passed one', async () => {
    const r = await read(
      [
        'Upomínka k úhradě faktury č. 2026031',
        'Prosíme o její zaplacení nejpozději do 17. 3. 2026 na účet 1844270033/0800.',
        'Faktura   Datum vystavení   Splatnost   Částka',
        '2026031   2. 1. 2026   16. 1. 2026   7 260,00 Kč',
      ],
      'invoice',
      { subject: 'Upomínka – faktura 2026031' },
    );
    expect(r.fields.due_date!.value).toBe('2026-03-17');
  });

  it('"keine Zahlung erhalten" is no payment received: the sentence\'s deadline stands', async () => {
    const r = await read(
      [
        '2. Mahnung – Rechnung 2026-031',
        'Auf unsere Erinnerung haben wir leider keine Zahlung erhalten. Bitte überweisen Sie den Betrag bis zum 30.04.2026.',
        'Rechnung   Datum   Fällig seit   Offen',
        '2026-031   02.02.2026   16.02.2026   952,00 €',
      ],
      'invoice',
      { subject: '2. Mahnung' },
    );
    expect(r.fields.due_date!.value).toBe('2026-04-30');
  });
});

describe("a platform's receipt for a shop", () => {
  it('"Restaurant: …" names another party than the sender\'s company: neither is sure', async () => {
    const r = await read(
      [
        'Danke für deine Bestellung!',
        'Bestellnummer   KL-4410',
        'Gesamt   24,10 €',
        'Restaurant: Trattoria Sole, Inh. Marco Berti, Lindenstraße 4, 10969 Berlin.',
        'Lieferkorb Deutschland GmbH · Oranienburger Str. 12 · 10117 Berlin',
      ],
      'receipt',
      { from: 'Lieferkorb <bestellung@lieferkorb.example>' },
    );
    expect(r.fields.merchant!.confidence).toBeLessThanOrEqual(0.6);
  });

  it('"Loja: … Ltda – CNPJ …" is the shop, its name cut before the register number', async () => {
    const r = await read(
      [
        'Pedido nº 7731',
        'Total   R$ 40,88',
        'Loja: Pastelaria Boa Vista Ltda – CNPJ 41.882.044/0001-70',
        'Rua da Aurora 120, Recife – PE',
      ],
      'receipt',
      { from: 'Comanda <pedidos@comanda.example>' },
    );
    expect(r.fields.merchant!.value).toBe('Pastelaria Boa Vista Ltda');
  });

  it('"Visit our shop" at a line\'s end is no shop label for the line under it', async () => {
    const r = await read(['Stekjeshoek', 'Bezoek onze winkel', 'Besteloverzicht', 'Totaal   € 18,50'], 'receipt', {
      from: 'Stekjeshoek <info@stekjeshoek.example>',
    });
    expect(r.fields.merchant!.value).not.toBe('Besteloverzicht');
  });

  it('"acts as the restaurant\'s commercial agent": the legal seller the page names', async () => {
    const r = await read(
      [
        'Order #5120 from Saffron House',
        'Total   £24.38',
        "Saffron House is the seller of the food in your order. Dishly acts as the restaurant's commercial agent. Sold by Saffron Foods Ltd t/a Saffron House, 2 Mill Lane, Leeds.",
        'Dishly Ltd · 1 Cousin Lane, London',
      ],
      'receipt',
      { from: 'Dishly <orders@dishly.example>' },
    );
    expect(r.fields.merchant!.value).toBe('Saffron Foods Ltd');
  });

  it('"Donation processing by …" names the processor, not who received the gift', async () => {
    const r = await read(
      [
        'Thank you for your gift!',
        'Donation amount   $50.00',
        'Harbor Shelter Alliance · 12 Dock St, Portland, ME 04101',
        'Donation processing by Givewell Pay, Inc.',
      ],
      'receipt',
      { from: 'Harbor Shelter Alliance via Givewell Pay <receipts@givewellpay.example>' },
    );
    expect(r.fields.merchant!.value).not.toBe('Givewell Pay, Inc.');
  });
});

describe('an elided article glued to a name', () => {
  it('"Reçu d’Atelier Numérique SARL" names "Atelier Numérique SARL"', () => {
    expect(companyNames('Reçu d’Atelier Numérique SARL').map((n) => n.name)).toEqual(['Atelier Numérique SARL']);
    expect(companyNames("auprès de l'Imprimerie Dufour SAS").map((n) => n.name)).toEqual(['Imprimerie Dufour SAS']);
  });
});

describe('a part payment and a branch', () => {
  it("a receipt for part of an invoice: what was paid or what is left is the receipt's total by house style", async () => {
    const r = await read([
      'PAYMENT RECEIPT',
      'Receipt No.   PR/25-26/0511',
      'Receipt Date   02/03/2026',
      'Invoice amount   40,000.00',
      'Amount received   INR 15,000.00',
      'Balance outstanding   25,000.00',
    ]);
    expect(r.fields.total_amount!.confidence).toBeLessThanOrEqual(0.7);
  });

  it('"your e-receipt from <brand> <branch>" is not the sender\'s own name: the plc in the small print is', async () => {
    const r = await read(
      [
        "Here's your e-receipt from Fernhill Harrogate Road, 18 February 2026 at 12:41.",
        'TOTAL   £23.40',
        'Fernhill Stores plc, Kirkstall House, Leeds LS5 3BT.',
      ],
      'receipt',
      { from: 'Fernhill <receipts@fernhill.example>' },
    );
    // A British "plc" is a legal form written small: the footer's company is who sold.
    expect(r.fields.merchant!.value).toBe('Fernhill Stores plc');
  });
});
