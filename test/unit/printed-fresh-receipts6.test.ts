// The printed-page reader on receipt mails (issue 24, the dev half of layouts-fresh-receipts6:
// receipts forwarded to an expense inbox or sent straight by the merchant): amounts floated right
// inside a table cell, and a ride platform's receipt issued for the carrier, forwarded or not.
// Each case is written small, with invented names and values.
import { describe, expect, it } from 'vitest';
import { confidence, readReceiptHtml as readHtml, runStarter, value } from '../helpers/starter.ts';

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
