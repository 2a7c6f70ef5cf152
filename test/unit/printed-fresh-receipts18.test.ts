// The printed-page reader on receipt mails (issue 24, the dev half of layouts-fresh-receipts18:
// a North American and British small company's expense inbox): a British card's kind, a North
// American address that reads like a company, US professional companies, a Québec company's
// small "inc.", a sole trader's trading name, and a forward's original sender. Each case is
// written small, with invented names and values.
import { describe, expect, it } from 'vitest';
import {
  confidence,
  readReceiptHtml as readHtml,
  readReceiptText as readText,
  runStarter,
  value,
} from '../helpers/starter.ts';

describe('payment method', () => {
  it('a British credit card is kept with its kind, as printed', async () => {
    const r = await readText(
      ['Payment reference: TWN-55120', 'Paid by: Visa Credit ending 7781', 'Amount paid | £64.00'].join('\n'),
    );
    expect(value(r, 'payment_method')).toBe('Visa Credit');
  });
});

describe('merchant', () => {
  it("a Calgary address's quadrant and province are no company's legal forms", async () => {
    const r = await runStarter('receipt', {
      subject: 'Your receipt',
      from: 'Elbow River Storage <receipts@elbowriverstorage.example>',
      html:
        '<p>Elbow River Storage</p><p>Confirmation #: ERS-2210</p><p>Total paid | $84.00</p>' +
        '<p>Elbow River Storage · 215 - 9 Ave SW, Calgary AB T2P 1K3</p>',
    });
    // The trading name the masthead and the sender share, not the address beside it.
    expect(value(r, 'merchant')).toBe('Elbow River Storage');
    expect(confidence(r, 'merchant')).toBe(0.7);
  });

  it("a US professional company's PLLC and P.C. are legal forms", async () => {
    const r = await readText(
      [
        'Fairmount Dental Studio, PLLC',
        '88 Lindell Blvd, St. Louis',
        'Receipt No.: FD-3301',
        'You paid   $120.00',
      ].join('\n'),
    );
    expect(value(r, 'merchant')).toBe('Fairmount Dental Studio, PLLC');
    const pc = await readText(
      ['Receipt 7719', 'Amount paid   $60.00', 'Juniper Hill Podiatry, P.C. · 14 Elm Row, Albany NY'].join('\n'),
    );
    expect(value(pc, 'merchant')).toBe('Juniper Hill Podiatry, P.C.');
  });

  it("a Québec company's small inc. after its owner's profession is its legal name", async () => {
    const r = await readText(
      ['PHARMACIE LUC BERGERON', 'Reçu no 0091-1177', 'TOTAL | 12,40 $', 'Luc Bergeron pharmacien inc.'].join('\n'),
    );
    expect(value(r, 'merchant')).toBe('Luc Bergeron pharmacien inc.');
  });

  it('a trading name of a person names who trades, and neither is sure', async () => {
    const r = await readText(
      [
        'Tull Roofing Services',
        'Invoice no. 0088',
        'Total   £240.00',
        'Tull Roofing Services is a trading name of Owen Tull · 3 Mill Lane, Bury',
      ].join('\n'),
    );
    expect(value(r, 'merchant')).toBe('Owen Tull');
    expect(confidence(r, 'merchant')).toBeLessThanOrEqual(0.7);
  });

  it("a forward's colleague is never the merchant: the original sender's name is", async () => {
    const r = await runStarter('receipt', {
      subject: 'FW: Payment confirmation',
      from: 'Ann Rowe <ann@ourstudio.example>',
      text: [
        'For the client job.',
        '',
        'From: Westfold Borough Council <payments@westfold.example>',
        'Date: Monday, 4 May 2026 at 10:02',
        'To: Ann Rowe <ann@ourstudio.example>',
        'Subject: Payment confirmation',
        '',
        'Thank you for your payment.',
        'Payment reference: WBC-1182',
        'Amount paid | £35.00',
      ].join('\n'),
    });
    expect(value(r, 'merchant')).not.toBe('Ann Rowe');
  });
});

describe('receipt number', () => {
  it("a deli's bare docket number beside its date is the receipt's", async () => {
    const r = await readText(
      ['TOTAL EUR | €9.40', 'VISA CONTACTLESS | €9.40', 'Docket 40417 02/05/2026 09:12'].join('\n'),
    );
    expect(value(r, 'receipt_number')).toBe('40417');
  });

  it('a Québec order number printed "No de commande"', async () => {
    const r = await readText(
      ['Reçu de paiement', 'No de commande : 260402-0118', 'Montant payé ..... 48,00 $'].join('\n'),
    );
    expect(value(r, 'receipt_number')).toBe('260402-0118');
  });

  it("a bank debit's payment ID is the receipt's number, and the bank account pays", async () => {
    const r = await readText(
      [
        'Account:     P-1180',
        'Payment ID:  LOT-PMT-7710',
        'Paid from:   Bank account (ACH) ending 2201',
        'Total debited ..... $95.00',
      ].join('\n'),
    );
    expect(value(r, 'receipt_number')).toBe('LOT-PMT-7710');
    expect(value(r, 'payment_method')).toBe('ACH');
  });
});

describe('total', () => {
  it("a prepaid account's balances before and after are no amount paid", async () => {
    const r = await readHtml(
      '<p>Transaction number: TP-2210</p><p>Balance before replenishment | $4.10</p>' +
        '<p>Replenishment amount | $25.00</p><p>Amount charged to your card | $25.00</p><p>New prepaid balance | $29.10</p>',
    );
    expect(value(r, 'total_amount')).toBe(25);
  });
});
