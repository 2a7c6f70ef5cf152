// The printed-page reader on receipt mails (issue 24, the dev half of layouts-fresh-receipts6:
// receipts forwarded to an expense inbox or sent straight by the merchant): amounts floated right
// inside a table cell, a ride platform's receipt issued for the carrier, forwarded or not, and
// receipt numbers stacked under their labels or under more labels.
// Each case is written small, with invented names and values.
import { describe, expect, it } from 'vitest';
import {
  confidence,
  readReceiptHtml as readHtml,
  readReceiptText as readText,
  rows,
  runStarter,
  value,
} from '../helpers/starter.ts';

describe('amounts floated right of their labels', () => {
  it('inside a table cell: the label, then the amount', async () => {
    const row = (amount: string, label: string) =>
      `<tr><td style="padding:6px 0"><span style="float:right">${amount}</span>${label}</td></tr>`;
    const r = await readHtml(
      `<table>${row('21,10 €', 'Fahrpreis')}${row('2,00 €', 'Buchungsgebühr')}${row('23,10 €', 'Gesamt')}${row('1,51 €', 'inkl. MwSt. 7 %')}</table>`,
    );
    expect(value(r, 'total_amount')).toBe(23.1);
  });
});

describe("a ride platform's receipt issued for the carrier", () => {
  it('forwarded by a colleague: the carrier, not the platform, and not sure', async () => {
    const r = await runStarter('receipt', {
      subject: 'Fwd: Your ride receipt',
      from: 'Ana Reyes <ana@buyer.example>',
      to: 'expenses@buyer.example',
      text: [
        'for the client visit',
        '',
        '---------- Forwarded message ---------',
        'From: Rydo <receipts@rydo.example>',
        'Date: Tue, 3 Mar 2026 at 18:02',
        'Subject: Your ride receipt',
        'To: Ana Reyes <ana@buyer.example>',
        '',
        'Rydo',
        'Total: £31.40',
        'Receipt no. RY-5521-0093',
        'Receipt issued on behalf of the driver: Pellow Cars Ltd, 9 Quay Road, Bristol.',
        'Rydo Ltd acts as booking agent.',
      ].join('\n'),
    });
    expect(value(r, 'merchant')).toBe('Pellow Cars Ltd');
    expect(confidence(r, 'merchant')).toBeLessThan(0.8);
  });

  it('in Finnish: the platform "välittää" the order, the carrier is named as the provider', async () => {
    const r = await runStarter('receipt', {
      subject: 'Kuitti',
      from: 'Kyyti <kuitit@kyyti.example>',
      to: 'liisa@buyer.example',
      text: [
        'Kyyti',
        'Yhteensä 24,60 €',
        'Kuittinumero K-0303-5521',
        'Kuljetuspalvelun tuottaja: Taksi M. Heikkinen Oy, Y-tunnus 1234567-8.',
        'Kyyti Oy välittää tilauksen.',
      ].join('\n'),
    });
    expect(value(r, 'merchant')).toBe('Taksi M. Heikkinen Oy');
    expect(confidence(r, 'merchant')).toBeLessThan(0.8);
  });
});

describe("a receipt's own number", () => {
  it('stacked under its label in a meta column, beside the invoice it settles', async () => {
    const grey = (label: string) => `<span style="color:#777;font-size:12px">${label}</span>`;
    const r = await readHtml(
      `<h1>Recibo de pago</h1><div>${grey('Nº de recibo')}<br>RC-2026-000777<br>${grey('Factura')}<br>F2026-0042</div>` +
        '<p>Total cobrado 61,20 €</p>',
    );
    expect(value(r, 'receipt_number')).toBe('RC-2026-000777');
  });

  it('a Dutch car park\'s "Bewijsnummer" over its number', async () => {
    const r = await readText(
      'Betaalbewijs parkeren\n\nBewijsnummer\n8812-040326\nKenteken\nAB-123-C\n\nTotaal € 9,00\n',
    );
    expect(value(r, 'receipt_number')).toBe('8812-040326');
  });

  it('a French ticket\'s "N° de justificatif" over the booking\'s file reference', async () => {
    const r = await readHtml(
      rows([
        ['Référence dossier', 'KXQWRT'],
        ['N° de justificatif', 'JR-26-0031188'],
        ['Montant payé', '54,00 €'],
      ]),
    );
    expect(value(r, 'receipt_number')).toBe('JR-26-0031188');
  });

  it('a Portuguese "Fatura-Recibo n.º" with its series', async () => {
    const r = await readHtml(
      rows([
        ['Fatura-Recibo n.º', 'FR 2026B3/00412'],
        ['Total', '12,30 €'],
      ]),
    );
    expect(value(r, 'receipt_number')).toBe('FR 2026B3/00412');
  });

  it('a restaurant till\'s bare "Check" on its server\'s line, not sure', async () => {
    const r = await readText(
      'THE COPPER KETTLE\nTable 6 Covers 2\nServer: Ruth Check 7731\n04/03/2026 20:11\n2 Soup 12.00\nTOTAL €12.00\n',
    );
    expect(value(r, 'receipt_number')).toBe('7731');
    expect(confidence(r, 'receipt_number')).toBeLessThan(0.8);
  });
});

describe('the day and the sum of a ticket or a fee', () => {
  it('a ticket booked online: its "Buchungsdatum", not its journey\'s day', async () => {
    const r = await readText(
      'Buchungscode: QX4T2P | Buchungsdatum: 12.01.2026 | Reisedatum: 30.01.2026, 09:10 ab Linz\n\nGesamt 19,90 €\n',
    );
    expect(value(r, 'date')).toBe('2026-01-12');
  });

  it('a Swedish "Betaldatum" over its date', async () => {
    const r = await readText(
      'Kvitto\n\nKvittonummer\nKV-26-0091\n\nBetaldatum\n2026-01-19\n\nTotalt betalt 850,00 kr\n',
    );
    expect(value(r, 'date')).toBe('2026-01-19');
  });

  it('sums across a strip whose labels carry the tax rate ("USt 10 %"), values below', async () => {
    const r = await readHtml(
      '<table><tr><td>Netto</td><td>USt 10 %</td><td>Gesamtbetrag bezahlt</td></tr>' +
        '<tr><td>20,00 €</td><td>2,00 €</td><td>22,00 €</td></tr></table>',
    );
    expect(value(r, 'total_amount')).toBe(22);
  });
});
