// The printed-page reader on receipt mails (issue 24, the dev half of layouts-fresh-receipts19:
// online services and travel, worldwide): a label column beside a value column (MJML), booking
// and debit days, a plan bought for the customer's company, and how it was paid where a heading
// or a label of several words comes first. Each case is written small, with invented names and values.
import { describe, expect, it } from 'vitest';
import { confidence, runStarter, value } from '../helpers/starter.ts';

/** Two MJML columns side by side: inline-block divs, each holding a table of one-cell rows. */
function columns(left: string[], right: string[]): string {
  const column = (texts: string[]) =>
    `<div class="mj-column-per-50" style="display:inline-block;vertical-align:top;width:100%;"><table><tbody>${texts
      .map((t) => `<tr><td><div>${t}</div></td></tr>`)
      .join('')}</tbody></table></div>`;
  return `<table><tbody><tr><td>\n<!--[if mso | IE]><td><![endif]-->\n${column(left)}\n<!--[if mso | IE]></td><td><![endif]-->\n${column(right)}\n</td></tr></tbody></table>`;
}

describe('a label column beside a value column', () => {
  it('reads each label with the value on its line, a sum label with a rate among them', async () => {
    const r = await runStarter('receipt', {
      subject: 'Your order',
      from: 'Quillbay <orders@quillbay.example>',
      html: [
        '<p>QUILLBAY</p><p>Thanks for your order.</p>',
        columns(['Order number', 'Order date', 'Paid via', 'Gift code'], ['QB-44120', '03/04/2026', 'PayPal', 'MAY10']),
        columns(['Subtotal', 'Code MAY10 (−10%)', 'Tax', 'You paid'], ['$80.00', '−$8.00', '$0.00', '$72.00']),
        '<p>Quillbay Learning LLC, 12 Main St, Austin, TX</p>',
      ].join(''),
    });
    expect(value(r, 'payment_method')).toBe('PayPal');
    expect(confidence(r, 'payment_method')).toBeGreaterThanOrEqual(0.9);
    expect(value(r, 'total_amount')).toBe(72);
  });
});

describe('the day paid', () => {
  it('a coach booked online in Dutch: the "Geboekt op" day, not the ride', async () => {
    const r = await runStarter('receipt', {
      subject: 'Je boeking',
      from: 'Rijbus <boeking@rijbus.example>',
      text: [
        'Boekingsnummer: RB-1102-7731',
        'Geboekt op: 04-03-2026',
        'Rit: za 21 maart 2026, 09:40 Utrecht → Gent',
        'Totaal: € 18,50',
      ].join('\n'),
    });
    expect(value(r, 'date')).toBe('2026-03-04');
  });

  it('a French subscription debited: "Date du prélèvement", not the period', async () => {
    const r = await runStarter('receipt', {
      subject: 'Reçu de paiement',
      from: 'La Gazette du Nord <abonnement@gazettenord.example>',
      text: [
        'Reçu de paiement',
        'Période : 15/02/2026 – 14/03/2026',
        'Date du prélèvement : 2 mars 2026',
        'Montant débité : 9,99 €',
      ].join('\n'),
    });
    expect(value(r, 'date')).toBe('2026-03-02');
    expect(confidence(r, 'date')).toBeGreaterThanOrEqual(0.8);
  });
});

describe('who sold', () => {
  it('the sender’s plan renewed "for" the customer’s company is no name: the footer’s entity', async () => {
    const r = await runStarter('receipt', {
      subject: 'Your receipt',
      from: 'Lockhaven <billing@lockhaven.example>',
      text: [
        'Lockhaven',
        'Hi Sam,',
        'Thanks for renewing Lockhaven Teams for Redgum Dental Pty Ltd. Here are the details.',
        'Receipt no. LH-20931',
        'Total charged A$240.00',
        '',
        '',
        '',
        'Lockhaven Pty Ltd · 1 George Street, Sydney NSW 2000',
      ].join('\n'),
    });
    expect(value(r, 'merchant')).toBe('Lockhaven Pty Ltd');
  });
});

describe('how it was paid', () => {
  it('"Paid by PayPal" with the amount beside it, under a "Payment" heading over the fares', async () => {
    const r = await runStarter('receipt', {
      subject: 'Booking confirmation',
      from: 'Moorline <tickets@moorline.example>',
      text: [
        'Booking reference: MX-771Q',
        '',
        'Payment',
        '  Child fare                 £12.00',
        '  Total to pay               £12.00',
        '  Paid by PayPal             £12.00',
      ].join('\n'),
    });
    expect(value(r, 'payment_method')).toBe('PayPal');
    expect(confidence(r, 'payment_method')).toBeGreaterThanOrEqual(0.9);
  });

  it('a centre’s "Mode of payment", not the service table below', async () => {
    const r = await runStarter('receipt', {
      subject: 'Receipt',
      from: 'Passwise <receipts@passwise.example>',
      text: [
        'Receipt No.        PW-0042-11',
        'Mode of payment    Card (Visa)',
        ' Service                         Amount (GBP)',
        ' Form check                             30.00',
        '                   Total received   GBP 30.00',
      ].join('\n'),
    });
    expect(value(r, 'payment_method')).toBe('Visa');
  });
});

describe('Japanese and Spanish labels', () => {
  it('a Japanese booking: its number, the settlement day, the method, and a total with its tax note in full-width parentheses', async () => {
    const r = await runStarter('receipt', {
      subject: 'ご予約完了',
      from: 'Kaze Bus <info@kazebus.example>',
      text: [
        '予約番号：KZ-30412',
        '乗車日：2026年4月18日',
        '運賃：¥3,100 × 2名',
        '合計金額：¥6,200（税込）',
        '決済日：2026年4月2日',
        '決済方法：クレジットカード（Visa）',
      ].join('\n'),
    });
    expect(value(r, 'receipt_number')).toBe('KZ-30412');
    expect(value(r, 'date')).toBe('2026-04-02');
    expect(value(r, 'total_amount')).toBe(6200);
    expect(value(r, 'payment_method')).toBe('Visa');
    expect(confidence(r, 'payment_method')).toBeGreaterThanOrEqual(0.9);
  });

  it('a Spanish order number abbreviated, with dotted leaders: "Nº de pedido"', async () => {
    const r = await runStarter('receipt', {
      subject: 'Tu pedido',
      from: 'Aulaclara <hola@aulaclara.example>',
      text: [
        '  Nº de pedido ......... AC-7741-20',
        '  Fecha ................ 09/03/2026',
        '  Total pagado ......... 49,00 €',
      ].join('\n'),
    });
    expect(value(r, 'receipt_number')).toBe('AC-7741-20');
  });
});

describe('a mountain railway’s ticket and receipt', () => {
  it('"Billett-Nr." numbers the "Billett / Quittung"', async () => {
    const r = await runStarter('receipt', {
      subject: 'Ihr Billett',
      from: 'Felsgrat-Bahn <billett@felsgrat.example>',
      text: [
        'Felsgrat-Bahn AG                      Billett / Quittung',
        '                    Billett-Nr.            FG-0412-55031',
        '                    Kaufdatum                 12.04.2026',
        '                    Total bezahlt CHF             48.00',
      ].join('\n'),
    });
    expect(value(r, 'receipt_number')).toBe('FG-0412-55031');
  });
});
