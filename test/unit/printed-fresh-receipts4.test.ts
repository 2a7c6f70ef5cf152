// The printed-page reader on receipt mails (issue 24, the dev half of layouts-fresh-receipts4:
// shops', fuel stations' and restaurants' receipts as an expense inbox receives them): a till's
// receipt number among the other things its line prints, a return slip's own number over the
// original sale's, and the day a shop's payment confirmation says the money came in. Each case
// is written small, with invented names and values.
import { describe, expect, it } from 'vitest';
import {
  confidence,
  rows,
  value,
  readReceiptText as readText,
  readReceiptHtml as readHtml,
} from '../helpers/starter.ts';

describe("a till's receipt number", () => {
  it('the number before its date and time on one line', async () => {
    const r = await readText(
      'TANKPUNT HEIDE\n\nPomp 2 Diesel\n41,00 L x € 1,899 77,86\nTOTAAL EUR 77,86\n\nBonnr: 7-0031148 12-02-2026 07:55\n\nBETAALD MET PIN\n',
    );
    expect(value(r, 'receipt_number')).toBe('7-0031148');
  });

  it('"Bon" after the till and the operator on their line', async () => {
    const r = await readText(
      'Bäckerei Sonnenkorn\n\n1 x Dinkelbrot 3,20\nSUMME EUR 3,20\nGegeben BAR 5,00\n\nDatum 11.02.2026 Zeit 08:02\nKasse 1 Bed. Ole Bon 30512\n',
    );
    expect(value(r, 'receipt_number')).toBe('30512');
  });

  it("\"Beleg\" in a bill's head, not the first item's count under the order's heading", async () => {
    const r = await readHtml(
      '<p>Weinstube Rebhang</p><p>Tisch 4 | 09.02.2026 21:10 | Beleg 4127</p><p>BESTELLUNG</p><table>' +
        '<tr><td>3</td><td>Espresso</td><td>12.60</td></tr><tr><td>1</td><td>Käseplatte</td><td>18.00</td></tr>' +
        '</table><p>Total CHF 30.60</p>',
    );
    expect(value(r, 'receipt_number')).toBe('4127');
  });

  it('a return slip\'s own number, not the original receipt\'s after "Orig."', async () => {
    const r = await readText(
      [
        '            *** RETOUR ***',
        'Retourbon                      31-550042',
        'Orig. bon                      31-549870',
        'Datum                   09-02-2026 16:40',
        'TOTAAL TERUG                     -24,95',
      ].join('\n'),
    );
    expect(value(r, 'receipt_number')).toBe('31-550042');
  });

  it("a US till's bare Transaction row", async () => {
    const r = await readHtml(
      rows([
        ['Date', '02/10/2026 6:40 PM'],
        ['Register', '04'],
        ['Transaction', '0722-04-1185'],
        ['Balance Due', '18.40'],
      ]),
    );
    expect(value(r, 'receipt_number')).toBe('0722-04-1185');
  });
});

describe('the day a payment confirmation says the money came in', () => {
  it('over the order date the shop prints below it', async () => {
    const r = await readText(
      'Guten Tag,\n\nwir haben Ihre Zahlung per Vorkasse am 16.02.2026 erhalten. Vielen Dank!\n\nBestellnummer: 55817\nBestelldatum: 13.02.2026\n\nBezahlter Betrag: 42,80 EUR\n',
    );
    expect(value(r, 'date')).toBe('2026-02-16');
    expect(confidence(r, 'date')).toBeLessThan(0.9);
  });
});

describe('who sold, and in what currency, from the small print', () => {
  it("an Italian sole trader's firm line in the footer, before its address", async () => {
    const r = await readHtml(
      '<p>Affittacamere La Quercia · Arezzo</p><p>Gentile Sig. Brandt,</p><p>abbiamo ricevuto il pagamento.</p>' +
        '<p>Ricevuta n. 12/2026</p><p>Camera singola | 2 | 60,00 | 120,00</p><p>Colazione | 2 | 10,00 | 20,00</p>' +
        '<p>Totale pagato: 140,00</p><p>A presto!</p><p>Marta Ferri</p>' +
        '<p>La Quercia di Marta Ferri · Via del Poggio 7 · 52100 Arezzo · C.F. FRRMRT80A41A390Q</p>',
    );
    expect(value(r, 'merchant')).toBe('La Quercia di Marta Ferri');
  });

  it("a Belgian page's bare amounts are euros by its VAT id", async () => {
    const r = await readHtml(
      `${rows([
        ['Ticket', '04-220113'],
        ['Total à payer', '12,40'],
      ])}<p>Épicerie Lambotte SRL · TVA BE 0712.448.190</p>`,
    );
    expect(value(r, 'currency')).toBe('EUR');
  });
});
