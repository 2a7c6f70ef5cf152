// The printed-page reader on receipt mails (issue 24, the dev half of layouts-fresh-receipts17:
// a continental European company's expense inbox, in the sellers' languages, some forwarded by
// staff): a folio settled by a payment row, a payment confirmation's own number, a forward quoted
// with "> " under its header block, a name before its form and capital, a fiscal slip's number on
// its date line, a title's number after what it is for, a sum worked out after its label. Each
// case is written small, with invented names and values.
import { describe, expect, it } from 'vitest';
import { confidence, readReceiptHtml, readReceiptText, runStarter, value } from '../helpers/starter.ts';

describe('the day paid', () => {
  it('a hotel folio dated night by night and settled by a payment row: the payment row’s day', async () => {
    const r = await readReceiptHtml(
      [
        '<p>Ihre Rechnung Nr. 55-1203, Aufenthalt vom 02. bis 04. März 2026.</p>',
        '<table><tr><td>Datum</td><td>Leistung</td><td>Betrag EUR</td></tr>',
        '<tr><td>02.03.2026</td><td>Übernachtung</td><td>88,00</td></tr>',
        '<tr><td>03.03.2026</td><td>Übernachtung</td><td>88,00</td></tr>',
        '<tr><td>Gesamtbetrag</td><td>176,00</td></tr>',
        '<tr><td>04.03.2026</td><td>Zahlung Mastercard ****4410</td><td>-176,00</td></tr>',
        '<tr><td>Saldo</td><td>0,00</td></tr></table>',
        '<p>Gasthof Linde Betriebs GmbH</p>',
      ].join(''),
      'Ihre Rechnung',
    );
    expect(value(r, 'date')).toBe('2026-03-04');
  });
});

describe('the receipt’s own number', () => {
  it('a Polish payment confirmation: its payment number over the VAT invoice it pays', async () => {
    const r = await readReceiptHtml(
      [
        '<p>Potwierdzenie płatności</p>',
        '<p>Numer płatności<br>PAY/2026/02/10077</p>',
        '<p>Faktura VAT<br>FV 310/02/2026</p>',
        '<p>Zapłacono | 123,00 zł</p><p>Kontowo S.A.</p>',
      ].join(''),
      'Potwierdzenie płatności',
    );
    expect(value(r, 'receipt_number')).toBe('PAY/2026/02/10077');
  });

  it('a Spanish ticket’s simplified invoice number over the booking’s localizador', async () => {
    const r = await readReceiptHtml(
      [
        '<p>Trenova | Localizador<br>TX9Q2M</p>',
        '<p>Total | 31,20 €</p>',
        '<p>Fecha de compra: 02/03/2026<br>Nº de factura simplificada: TV-FS-26-0004417</p>',
        '<p>Trenova Ferrocarril, S.A.</p>',
      ].join(''),
      'Tu compra',
    );
    expect(value(r, 'receipt_number')).toBe('TV-FS-26-0004417');
  });

  it('a Polish fiscal slip with its number at the end of the sale’s date and time line', async () => {
    const r = await readReceiptText(
      [
        'Bistro Pod Lipą sp. z o.o.',
        'ul. Długa 5, 00-001 Warszawa',
        '',
        '        PARAGON FISKALNY',
        '02-03-2026 13:05           nr 0917',
        'Zupa dnia 1 x 18,00        18,00 B',
        'SUMA PLN                   18,00',
      ].join('\n'),
      'Paragon',
    );
    expect(value(r, 'receipt_number')).toBe('0917');
  });

  it('a receipt titled with what it is for, then its number’s marker: that number', async () => {
    const r = await readReceiptText(
      [
        'RICEVUTA TASSA DI SBARCO N. 2026/0071',
        'Data: 03/03/2026',
        'Pagamento: Contanti',
        '',
        'Traghetti Ponza S.r.l.',
      ].join('\n'),
      'Ricevuta',
    );
    expect(value(r, 'receipt_number')).toBe('2026/0071');
  });
});

describe('a sum worked out', () => {
  it('"Importo: 2 x 4,50 € = 9,00 €": the result, not the count', async () => {
    const r = await readReceiptText(
      ['Ricevuta', 'Data: 03/03/2026', 'Importo: 2 x 4,50 € = 9,00 €', '', 'Ostello Marina S.r.l.'].join('\n'),
    );
    expect(value(r, 'total_amount')).toBe(9);
  });
});

describe('who sold', () => {
  it('a Polish general partnership’s "sp.j." printed small and run together', async () => {
    const r = await readReceiptText(
      ['Dziękujemy!', '', 'Karczma Nowak i Syn sp.j.', 'ul. Krótka 2, 30-001 Kraków', '', 'SUMA PLN 42,00'].join('\n'),
      'Paragon',
    );
    expect(value(r, 'merchant')).toBe('Karczma Nowak i Syn sp.j.');
  });

  it('a French imprint "Name – SCOP SA à capital variable": the name before the dash', async () => {
    const r = await readReceiptText(
      [
        'Reçu',
        'Date : 03/03/2026',
        'Montant total TTC : 21,40 €',
        '',
        'Vélos Solidaires Lyonnais – SCOP SA à capital variable',
        '4 rue Neuve, 69001 Lyon',
      ].join('\n'),
      'Votre reçu',
    );
    expect(value(r, 'merchant')).toBe('Vélos Solidaires Lyonnais');
  });
});

describe('a forward quoted with "> " under its header block', () => {
  it('a French webmail’s "> Message du …", "> De :", "> Copie à :": the quoted receipt is read', async () => {
    const r = await runStarter('receipt', {
      subject: 'TR: Votre reçu',
      from: 'Jeanne Martin <jeanne.martin@mail.example>',
      text: [
        'Pour la note de frais.',
        'Jeanne',
        '',
        '> Message du 03/03/26 10:12',
        '> De : "Navettes du Rhône" <recu@navettes.example>',
        '> A : jeanne.martin@mail.example',
        '> Copie à : ',
        '> Objet : Votre reçu',
        '>',
        '> NAVETTES DU RHÔNE',
        '> Date : 03/03/2026',
        '> Montant total TTC :        27,50 €',
        '> Réglé par carte bancaire (Visa)',
      ].join('\n'),
    });
    expect(value(r, 'total_amount')).toBe(27.5);
    expect(value(r, 'date')).toBe('2026-03-03');
    expect(confidence(r, 'total_amount')).toBeGreaterThan(0);
  });
});
