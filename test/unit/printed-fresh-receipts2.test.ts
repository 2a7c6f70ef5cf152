// The printed-page reader on receipt mails (issue 24, the dev half of layouts-fresh-receipts2:
// e-receipts in HTML, till slips, hotel folios): a receipt's own number under the labels and
// titles of more languages and kinds (a Japanese till's "レシートNo.", a Korean slip's order
// number, a Taiwanese e-invoice, a hotel folio, a Catalan "rebut", a Portuguese Fatura-Recibo,
// a booking paid), and the currency of a card slip with dynamic currency conversion or of a
// Taiwanese page. Each case is written small, with invented names and values.
import { describe, expect, it } from 'vitest';
import {
  rows,
  value,
  confidence,
  readReceiptText as readText,
  readReceiptHtml as readHtml,
} from '../helpers/starter.ts';

describe("a receipt's own number", () => {
  it('"レシートNo." at the foot of a Japanese till slip', async () => {
    const r = await readText(
      '     やまびこ商店\n合計               ¥1,540\n承認番号                0771204\nレシートNo.           2604110318\n',
    );
    expect(value(r, 'receipt_number')).toBe('2604110318');
  });

  it("a Korean payment slip's order number (주문번호)", async () => {
    const r = await readHtml(
      rows([
        ['주문번호', '20260411-0077120'],
        ['승인번호', '40228811'],
      ]),
    );
    expect(value(r, 'receipt_number')).toBe('20260411-0077120');
  });

  it("a Taiwanese e-invoice's number (發票號碼) over the shop's order number", async () => {
    const r = await readHtml(
      rows([
        ['發票號碼', 'XR-11830422'],
        ['訂單編號', '#SH20260411-0087'],
      ]),
    );
    expect(value(r, 'receipt_number')).toBe('XR-11830422');
  });

  it('a hotel folio\'s number, and Mexico\'s "Folio de cuenta"', async () => {
    const us = await readText(
      'GUEST FOLIO\nFolio No.                            733-10482\nTotal Charges                           $412.80\n',
    );
    expect(value(us, 'receipt_number')).toBe('733-10482');
    const mx = await readText(
      'Folio de cuenta                     HX-26-01184\nTotal cargos                 $5,120.00\n',
    );
    expect(value(mx, 'receipt_number')).toBe('HX-26-01184');
    // A receipt's own number beside the folio's: the receipt's, without doubt.
    const both = await readText(
      'GUEST RECEIPT\nReceipt No.   R-2026-11802\nFolio No.    40771\nTotal Charges                           $298.40\n',
    );
    expect(value(both, 'receipt_number')).toBe('R-2026-11802');
    expect(confidence(both, 'receipt_number')).toBeGreaterThanOrEqual(0.8);
  });

  it('a Catalan taxi\'s "Núm. rebut"', async () => {
    const r = await readText('REBUT\nNúm. rebut                   004417\nTOTAL                    18,40 €\n');
    expect(value(r, 'receipt_number')).toBe('004417');
  });

  it('a French tax receipt\'s "Numéro d’ordre du reçu", and a US nonprofit\'s acknowledgment', async () => {
    const fr = await readText(
      'Association des Jardins\nNuméro d’ordre du reçu : 2026-01177\nMontant du don : 80,00 €\n',
    );
    expect(value(fr, 'receipt_number')).toBe('2026-01177');
    const us = await readText('Acknowledgment # AK26-00912\nAmount paid | $75.00\n');
    expect(value(us, 'receipt_number')).toBe('AK26-00912');
  });

  it('a Portuguese "Fatura-Recibo" title with its series and number', async () => {
    const r = await readText(
      'Fatura-Recibo FR B/2026/0441\nData de emissão                11/04/2026\nReserva                        QX-118204\nTotal                          212,40 €\n',
    );
    expect(value(r, 'receipt_number')).toBe('FR B/2026/0441');
  });

  it('a booking\'s title ("Reserva #K-2604-118") on a booking paid', async () => {
    const r = await readHtml(
      `<p>Club Tenis Ribera | Reserva #K-2604-118</p><p>¡Reserva confirmada y pagada!</p>${rows([['Total pagado', '24,00 €']])}`,
    );
    expect(value(r, 'receipt_number')).toBe('K-2604-118');
  });

  it("a Taiwanese e-invoice proof's number under its two-month period, in Taiwan dollars", async () => {
    const r = await readText(
      '     晴天便利商店\n 電子發票證明聯\n  115年05-06月\n  KT-40771204\n2026-05-12 09:14:02\n隨機碼 1180      總計 96\n',
    );
    expect(value(r, 'receipt_number')).toBe('KT-40771204');
    expect(value(r, 'currency')).toBe('TWD');
  });
});

describe('currency', () => {
  it('"NT$" is the Taiwan dollar', async () => {
    const r = await readHtml(rows([['總計', 'NT$1,480']]));
    expect(value(r, 'currency')).toBe('TWD');
  });

  it('a card slip\'s "Dynamic Currency Conversion" heading is no currency header over the rate line', async () => {
    const r = await readText(
      [
        'CELKEM              842,00 Kč',
        'Částka / Amount               CZK 842,00',
        'Dynamic Currency Conversion',
        'Kurz / Rate 1 EUR =            24,7000 CZK',
        'Transaction amount               EUR 34,09',
      ].join('\n'),
    );
    expect(value(r, 'currency') === 'EUR' && confidence(r, 'currency') >= 0.8).toBe(false);
  });
});

describe('totals', () => {
  it('a Korean slip\'s "합계금액" and a Taiwanese notice\'s "總計"', async () => {
    const kr = await readHtml(
      rows([
        ['공급가액', '18,000원'],
        ['부가세', '1,800원'],
        ['합계금액', '19,800원'],
      ]),
    );
    expect(value(kr, 'total_amount')).toBe(19800);
    const tw = await readHtml(
      rows([
        ['銷售額', '1,410'],
        ['稅額', '70'],
        ['總計', 'NT$1,480'],
      ]),
    );
    expect(value(tw, 'total_amount')).toBe(1480);
  });

  it('a loyalty card\'s "Solde points" is a count, not a rival of what was paid', async () => {
    const r = await readText(
      [
        'À PAYER                                  7,75 EUR',
        'Bancontact                                        7,75',
        'Carte Fidélité                                ****8812',
        'Points gagnés                                         7',
        'Solde points                                        412',
      ].join('\n'),
    );
    expect(value(r, 'total_amount')).toBe(7.75);
  });
});

describe('payment method', () => {
  it('a Catalan "Forma de pagament   Efectiu"', async () => {
    const r = await readText(
      'TOTAL                    14,20 €\nForma de pagament            Efectiu\nLliurat                       20,00\n',
    );
    expect(value(r, 'payment_method')).toBe('Efectiu');
  });

  it('"LINE Pay" on a till slip', async () => {
    const r = await readText('合計       3項      142\nLINE Pay         142\n找零                0\n');
    expect(value(r, 'payment_method')).toBe('LINE Pay');
  });

  it('the till\'s "Bankomatkarte" and the slip\'s scheme: the scheme', async () => {
    const r = await readText(
      'Summe EUR                            21,40\nBankomatkarte                           21,40\nMaestro kontaktlos\nKarte                        XXXXXXXXXXXX0412\n',
    );
    expect(value(r, 'payment_method')).toBe('Maestro');
  });

  it('a folio\'s payment line names the card, not its "Bar" charge', async () => {
    const r = await readText(
      [
        '12/04/2026              Alojamento                 6%                                   96,00',
        '12/04/2026              Bar                       23%                                    9,50',
        '                                                     Total                          105,50 €',
        '                                                     Pagamento Mastercard 13/04/2026        -105,50 €',
      ].join('\n'),
    );
    expect(value(r, 'payment_method')).toBe('Mastercard');
  });
});

describe('date', () => {
  it('a donation receipt is dated by the gift, not by the decree it cites', async () => {
    const r = await readText(
      [
        'Association reconnue d’utilité publique par décret en date du 02/11/2004',
        'Le bénéficiaire reconnaît avoir reçu la somme de : 60,00 €',
        'Date du versement ou du don : 17/04/2026',
        'Fait à Niort, le 18/04/2026',
      ].join('\n'),
    );
    expect(value(r, 'date')).toBe('2026-04-17');
  });
});
