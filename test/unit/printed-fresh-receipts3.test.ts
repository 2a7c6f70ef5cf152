// The printed-page reader on receipt mails (issue 24, the dev half of layouts-fresh-receipts3:
// e-receipts as an expense inbox receives them, till slips, A4 receipts): the card a till's kind
// of payment stands for, the day a bill was paid, amounts stacked under their labels or after a
// colon in a sentence, a Czech company's name, and receipt numbers under more labels. Each case
// is written small, with invented names and values.
import { describe, expect, it } from 'vitest';
import { companyNames } from '../../pipeline/printed/parties.ts';
import {
  rows,
  value,
  confidence,
  readReceiptText as readText,
  readReceiptHtml as readHtml,
} from '../helpers/starter.ts';

describe('how a receipt was paid', () => {
  it("a till's kind of card under its label, the slip's scheme on the line below", async () => {
    const r = await readText(
      'Summe EUR                      31,20\nZAHLUNG\nBankomatkarte                  31,20\nDebit Mastercard           **** 4410\nTerminal-ID               55120033\n',
    );
    expect(value(r, 'payment_method')).toBe('Debit Mastercard');
    expect(confidence(r, 'payment_method')).toBeLessThan(0.9);
  });
});

describe('the day a receipt was paid', () => {
  it('a bill mailed later: the day on the line that says it was settled', async () => {
    const r = await readText(
      'Bonjour,\n\nvoici votre note.\n\nTotal TTC : 40,00 €\n\nMontant réglé : 40,00 € par carte Visa le 26/02/2026\n\nNote n° 881\n',
    );
    expect(value(r, 'date')).toBe('2026-02-26');
  });

  it("a hotel's dated rows under a Datum column are no date of the bill", async () => {
    const r = await readText(
      [
        'Nota 31-00077',
        'Datum                Omschrijving                          Bedrag',
        '14-01-2026           Logies                               € 90,00',
        '15-01-2026           Logies                               € 90,00',
        '                     Totaal                              € 180,00',
        '                     Voldaan met Visa 16-01-2026         € 180,00',
      ].join('\n'),
    );
    expect(value(r, 'date')).toBe('2026-01-16');
    expect(value(r, 'receipt_number')).toBe('31-00077');
  });

  it('"Date of payment" beside the dates of a stay booked ahead', async () => {
    const r = await readHtml(
      rows([
        ['Arrival', 'Fri 10 Apr 2026, 06:00'],
        ['Departure', 'Tue 14 Apr 2026, 21:00'],
        ['Date of payment', '20/02/2026'],
        ['Amount paid', '£40.00'],
      ]),
    );
    expect(value(r, 'date')).toBe('2026-02-20');
  });
});

describe("a receipt's total", () => {
  it('a tip added, then the amount settled after a colon with the sentence going on', async () => {
    const r = await readText(
      'Total TTC : 52,00 € (dont TVA 10 %)\n\nPourboire : 4,00 €\n\nMontant réglé : 56,00 € par carte Visa le 26/02/2026\n',
    );
    expect(value(r, 'total_amount')).toBe(56);
  });

  it('an amount alone on the line under its label', async () => {
    const r = await readHtml(
      '<p>Bedankt voor je gift!</p><div>Bedrag</div><div>€ 12,50</div><div>Betaalwijze</div><div>iDEAL</div>',
    );
    expect(value(r, 'total_amount')).toBe(12.5);
  });

  it('"we charged" an amount in a renewal letter', async () => {
    const r = await readText(
      'Your plan renewed on March 3, 2026, and we charged $59.00 to your Visa ending in 1881.\n',
    );
    expect(value(r, 'total_amount')).toBe(59);
  });

  it('a Spanish ride\'s "Importe cobrado"', async () => {
    const r = await readHtml(
      rows([
        ['Tarifa del viaje', '12,90 €'],
        ['Importe cobrado', '14,20 €'],
      ]),
    );
    expect(value(r, 'total_amount')).toBe(14.2);
  });
});

describe("a receipt's own number", () => {
  it('"Nº de recibo", "Justificatif n°", "Giftnummer"', async () => {
    const es = await readHtml(rows([['Nº de recibo', 'V-2026-1188']]));
    expect(value(es, 'receipt_number')).toBe('V-2026-1188');
    const fr = await readHtml(rows([['Justificatif n°', '2026-02-0007731']]));
    expect(value(fr, 'receipt_number')).toBe('2026-02-0007731');
    const nl = await readHtml(rows([['Giftnummer', '2026-004410']]));
    expect(value(nl, 'receipt_number')).toBe('2026-004410');
  });
});

describe("a Czech company's name", () => {
  it('"a.s." after small words, as Czech names are written', () => {
    const text = 'Dopravní společnost Lipno a.s. · Nádražní 4, 370 01 České Budějovice';
    expect(companyNames(text).map((c) => c.name)).toContain('Dopravní společnost Lipno a.s.');
  });
});

// layouts-fresh-receipts5's dev half: online services and travel as an expense inbox receives them.
describe('receipts of online services and travel', () => {
  it("a card's dynamic currency conversion names the card's currency, not the page's", async () => {
    const r = await readText(
      [
        'Description                                   Amount (NZD)',
        'Room                                               210.00',
        '                              Total NZD            210.00',
        'Currency conversion: cardholder chose to pay GBP 98.40 (1 NZD = 0.4686 GBP).',
      ].join('\n'),
    );
    expect(value(r, 'currency')).not.toBe('GBP');
  });

  it('dot leaders between a label and its value', async () => {
    const r = await readText(
      'Top-up receipt\n\nTotal paid ........... £12.00\nReceipt number ....... QX-4410-27\nDate ................. 14/02/2026\n',
    );
    expect(value(r, 'total_amount')).toBe(12);
    expect(value(r, 'receipt_number')).toBe('QX-4410-27');
  });

  it('a deposit paid: the part paid, not the whole stay, and no surer than 0.7', async () => {
    const r = await readText(
      'Reçu n° D-88 du 02/02/2026\n\nMontant total du séjour :    300,00 €\nArrhes versées :              90,00 €\nReste à régler sur place :   210,00 €\n',
    );
    expect(value(r, 'total_amount')).toBe(90);
    expect(confidence(r, 'total_amount')).toBeLessThanOrEqual(0.7);
  });

  it('an elided article inside a name after its French form', () => {
    const text = 'SARL Les Glycines d’Orléans · 3 rue Basse · 45000 Orléans';
    expect(companyNames(text).map((c) => c.name)).toContain('SARL Les Glycines d’Orléans');
  });

  it("the receipt's own number over the invoice's, and a refund's over the original receipt's", async () => {
    const paid = await readText('Invoice #      KV-26-118\nReceipt #      004417\n\nTotal   $80.00\n');
    expect(value(paid, 'receipt_number')).toBe('004417');
    expect(confidence(paid, 'receipt_number')).toBeLessThanOrEqual(0.85);
    const refund = await readHtml(
      '<table><tr><td>Refund number</td><td>Original receipt</td></tr><tr><td>RN-7720-11</td><td>5531-0098</td></tr></table>' +
        '<p>Receipt 5531-0098 $40.00</p><p>Amount refunded -$12.00</p>',
    );
    expect(value(refund, 'receipt_number')).toBe('RN-7720-11');
  });

  it('"N° de reçu", "Nº billete", "Betalingsbewijs nr."', async () => {
    const fr = await readHtml(
      rows([
        ['Référence de la transaction', '5520-1180-ZT'],
        ['N° de reçu', 'RQ00411207'],
      ]),
    );
    expect(value(fr, 'receipt_number')).toBe('RQ00411207');
    const es = await readText('Localizador: 9KD2PL\nNº billete          5512008834127\nTotal   18,40 €\n');
    expect(value(es, 'receipt_number')).toBe('5512008834127');
    const nl = await readText('Betalingsbewijs nr.   PX-2026-88120\nParkeeractie          441208\nTotaal   € 3,10\n');
    expect(value(nl, 'receipt_number')).toBe('PX-2026-88120');
  });

  it("a tax invoice's number over the hotel's folio number", async () => {
    const r = await readText(
      'TAX INVOICE / RECEIPT\nTax Invoice No.   881204-0012\nFolio No.         44120\nTotal   210.00\n',
    );
    expect(value(r, 'receipt_number')).toBe('881204-0012');
  });

  it("a journey's day after the mail is no date of the receipt bought before it", async () => {
    const r = await readText(
      'Billete\nOrigen        Destino         Fecha             Salida\nSoria         Madrid          20/03/2026        08:05\nFecha de compra   02/03/2026 09:14\nTotal   12,40 €\n',
    );
    expect(value(r, 'date')).toBe('2026-03-02');
  });

  it('a bare "Fecha" with its date in the box right of the customer\'s address', async () => {
    const r = await readText(
      [
        'Cliente',
        '                                                       Factura nº                 H26/0071',
        'Ana Ruiz Pardo',
        '                                                       Fecha                      01/03/2026',
        'Calle Mayor 3',
        '',
        ' Fecha               Concepto                                       Importe',
        ' 27/02/2026          Alojamiento                                    90,00 €',
        '                                                  Total factura    90,00 €',
      ].join('\n'),
    );
    expect(value(r, 'date')).toBe('2026-03-01');
  });

  it('a hotel folio with no date of its own: its departure day', async () => {
    const r = await readText(
      [
        'Folio No.   7712',
        'Arrival     27 Feb 2026',
        'Departure   01 Mar 2026',
        ' Date              Description                 Amount',
        ' 27 Feb 2026       Room                        150.00',
        ' 28 Feb 2026       Room                        150.00',
        '                   Total                       300.00',
      ].join('\n'),
    );
    expect(value(r, 'date')).toBe('2026-03-01');
  });

  it('an amount floated right of its label in a list: the label, then the amount', async () => {
    const li = (amount: string, label: string) =>
      `<li style="list-style:none"><span style="float:right">${amount}</span>${label}</li>`;
    const r = await readHtml(
      `<ul>${li('$9.00', 'Parking (1 hr)')}${li('$0.40', 'Service fee')}${li('<b>$9.40</b>', '<b>Total</b>')}</ul>`,
    );
    expect(value(r, 'total_amount')).toBe(9.4);
  });

  it('a marketplace order\'s "Sold by" column names the seller, not the marketplace', async () => {
    const r = await readHtml(
      '<table><tr><td>Item</td><td>Sold by</td><td>Price</td></tr><tr><td>Icon pack</td><td>Brindle Works</td><td>$12.00</td></tr>' +
        '<tr><td>Total</td><td></td><td>$12.00</td></tr></table><p>Shop Exchange LLC · 1 Main St, Reno, NV 89501</p>',
    );
    expect(value(r, 'merchant')).toBe('Brindle Works');
  });

  it('a Dutch association named by its form first, its name wrapped in the head and whole in the footer', async () => {
    const r = await readText(
      'Vereniging Friese\nZeilvaarders\n\nBetalingsbewijs nr.   ZB-2026-0031\nTotaal betaald   € 40,00\n\nVereniging Friese Zeilvaarders · Kade 2 · 8601 AB Sneek\n',
    );
    expect(value(r, 'merchant')).toBe('Vereniging Friese Zeilvaarders');
  });

  it('a mobile top-up\'s "Top-up amount"', async () => {
    const r = await readText('Thanks for topping up!\n\nTop-up amount:   £10.00\nPaid by:   Visa ending 4410\n');
    expect(value(r, 'total_amount')).toBe(10);
  });
});
