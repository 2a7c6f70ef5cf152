// The printed-page reader on receipts (issue 24, the hand-written receipt set): the card scheme
// a slip names under the till's kind of payment, a tip added after the bill's total, booking
// references and proofs of payment as a receipt's number, a number in the cell beside its
// title, a French bill's "Note n°", a Polish fiscal receipt's number, the sale's time stamp as
// its date, a donation's amount and a Polish company's spelled-out legal form. Each case is
// written as the text a till, pdf.js or an HTML mail gives (cells apart by three spaces or more).
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import { runStarter } from '../helpers/starter.ts';

async function read(body: { text?: string; html?: string }): Promise<SchemaRun> {
  // buildEml's mail is dated 3 March 2026: no case below prints that day.
  return runStarter('receipt', { subject: 'Ihr Beleg', ...body });
}

const slip = (...lines: string[]) => read({ text: lines.join('\n') });

describe('means of payment on a card slip', () => {
  it("the scheme the slip names is the card that paid, not the till's kind of payment", async () => {
    for (const [lines, want] of [
      [['Zu zahlen EUR              83,33', 'Kartenzahlung', 'VISA', 'Karte: **** **** **** 7731'], 'VISA'],
      [['Totaal                     34,06', 'Betaald PIN                34,06', 'Klant ticket', 'Maestro'], 'Maestro'],
      [
        ['SUMA PLN                   51,39', 'Karta płatnicza        51,39 PLN', 'Mastercard ************5530'],
        'Mastercard',
      ],
    ] as const) {
      const r = await slip(...lines);
      expect(r.fields.payment_method!.value).toBe(want);
      expect(r.fields.payment_method!.confidence).toBe(0.7);
    }
  });

  it('cash and a card scheme on one page stay a doubt: the first, at 0.5', async () => {
    const r = await slip(
      'Summe EUR                  12,00',
      'Bar                        20,00',
      'Visa Aktion: 2 % Rabatt',
    );
    expect(r.fields.payment_method!.value).toBe('Bar');
    expect(r.fields.payment_method!.confidence).toBe(0.5);
  });

  it('Swiss and Italian wallets are means of their own', async () => {
    const r = await slip('Total CHF                  49.00', 'Bezahlt mit TWINT       CHF 49.00');
    expect(r.fields.payment_method!.value).toBe('TWINT');
    expect(r.fields.payment_method!.confidence).toBe(0.9);
  });
});

describe('a tip added after the total', () => {
  it('the amount charged is the total and the tip, when a later line prints their sum', async () => {
    const r = await slip(
      '2 Formule midi                     33,00',
      '1 Pichet vin rouge 25cl             7,50',
      '2 Café                              4,40',
      '----------------------------------------',
      'Total TTC                        44,90 €',
      'Pourboire                         3,00 €',
      'Montant réglé                    47,90 €',
    );
    expect(r.fields.total_amount!.value).toBe(47.9);
    expect(r.fields.total_amount!.confidence).toBe(0.9);
  });

  it('a tip above the total is already in it', async () => {
    const r = await slip('Trip fare     $19.80', 'Subtotal     $19.80', 'Tip     $5.50', 'Total     $25.30');
    expect(r.fields.total_amount!.value).toBe(25.3);
  });

  it('a tip with no line that adds it up leaves the total as it is', async () => {
    const r = await slip('Total TTC                        44,90 €', 'Pourboire                         3,00 €');
    expect(r.fields.total_amount!.value).toBe(44.9);
  });
});

describe("a receipt's number", () => {
  it("a ticket's booking reference and a proof of payment's number", async () => {
    const booked = await read({
      html: '<table><tr><td>Booking reference</td><td>GWC-NQ4-88T</td></tr><tr><td>Total paid</td><td>£16.59</td></tr></table>',
    });
    expect(booked.fields.receipt_number!.value).toBe('GWC-NQ4-88T');
    expect(booked.fields.receipt_number!.confidence).toBe(0.72);
    const proof = await slip(
      'JUSTIFICANTE DE PAGO',
      'Nº de ticket de entrada: 0048 2211 7735',
      'Nº justificante: J03-11820',
    );
    expect(proof.fields.receipt_number!.value).toBe('J03-11820');
    expect(proof.fields.receipt_number!.confidence).toBe(0.9);
  });

  it("an order's title alone in its cell, the number in the next", async () => {
    const r = await read({
      html: '<table><tr><td>Pedido</td><td>#GL-88214-MAD</td></tr><tr><td>Fecha</td><td>13/03/2026 22:11</td></tr></table>',
    });
    expect(r.fields.receipt_number!.value).toBe('GL-88214-MAD');
    // An order's title vouches less than a receipt's own label: below auto-accept.
    expect(r.fields.receipt_number!.confidence).toBe(0.64);
  });

  it('a French bill\'s "Note n°" with its date', async () => {
    const r = await slip(
      'LE PETIT ZINC',
      'Table 4 - 2 couverts',
      'Note n° 2026-1147 du 05/03/2026 13:52',
      'Total TTC   44,90 €',
    );
    expect(r.fields.receipt_number!.value).toBe('2026-1147');
    expect(r.fields.receipt_number!.confidence).toBe(0.85);
    expect(r.fields.date!.value).toBe('2026-03-05');
  });

  it("a Polish fiscal receipt's number before its till, not the printout's number", async () => {
    const r = await slip(
      '2026-03-10            nr wydr. 118804',
      '        PARAGON FISKALNY',
      'Plastry opatrunkowe         1x7,90 7,90A',
      'SUMA PLN                           7,90',
      '00077 #Kasa 1   Kasjer nr 3        15:06',
      '           BFP 22114056',
    );
    expect(r.fields.receipt_number!.value).toBe('00077');
    expect(r.fields.receipt_number!.confidence).toBe(0.8);
  });
});

describe("a receipt's date", () => {
  it("the time stamp of the sale, not the mail's date; a second time stamp makes it a doubt", async () => {
    const r = await read({
      text: [
        '$27.45',
        'March 1, 2026 · 10:52 PM',
        'Trip fare | $19.80',
        'Total | $27.45',
        'Visa ••••8830 | $27.45',
        '3/2/26 4:01 AM',
      ].join('\n'),
    });
    // Dated before the mail (3 March): a receipt dated after its mail is a doubt of its own.
    expect(r.fields.date!.value).toBe('2026-03-01');
    expect(r.fields.date!.confidence).toBe(0.6);
  });

  it('a labelled date and the time stamp agreeing make each other surer', async () => {
    const r = await slip('Kaufdatum   01.03.2026 18:57', 'Vorstellung: Fr 20.03.2026, 20:15', 'Total CHF   49.00');
    expect(r.fields.date!.value).toBe('2026-03-01');
    expect(r.fields.date!.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('a date without a time is no time stamp', async () => {
    const r = await slip('Zoomly', 'Valid until 31.12.2026', 'Total   €5,00');
    expect(r.fields.date!.value).toBe('2026-03-03');
    expect(r.fields.date!.confidence).toBeLessThanOrEqual(0.5);
  });
});

describe('a donation receipt', () => {
  it('the gift amount is its total', async () => {
    const r = await read({
      html: '<table><tr><td>Receipt number</td><td>RVFB-2026-004471</td></tr><tr><td>Gift amount</td><td>$150.00</td></tr><tr><td>Payment</td><td>PayPal</td></tr></table>',
    });
    expect(r.fields.total_amount!.value).toBe(150);
    expect(r.fields.total_amount!.confidence).toBe(0.85);
  });
});

describe("the merchant's legal name", () => {
  it("a Polish company with its legal form spelled out, under the shop's brand", async () => {
    const r = await slip(
      '               Apteka Pod Lipami',
      '             FARM-MED Spółka z o.o.',
      '          ul. Lipowa 7, 20-020 Lublin',
      '               NIP 946-211-07-55',
      '        PARAGON FISKALNY',
      'SUMA PLN                           7,90',
    );
    expect(r.fields.merchant!.value).toBe('FARM-MED Spółka z o.o.');
  });
});
