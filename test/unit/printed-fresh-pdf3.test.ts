// The printed-page reader on text-PDF invoices as a small business's inbox receives them (issue
// 24, the dev half of layouts-fresh-pdf3): a total's box whose amount stands under its label
// beside an account summary, a payment sentence wrapped in a narrow column, "amount now due", an
// em dash between a title's number and its date, a Czech title's number after its marker in the
// next cell, a German floor ("1. OG") that is no legal form, and a sole trader's letterhead named
// by the sender's mailbox. Each case is written as the text pdf.js gives (columns kept by
// position, cells apart by three spaces or more); every name, number and address is invented.
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import { runStarter, value } from '../helpers/starter.ts';

async function read(text: string, from?: string): Promise<SchemaRun> {
  return runStarter('invoice', { subject: 'Document', text, from });
}

describe('a statement-like bill with its amount in a box', () => {
  const bill = [
    'Account summary',
    'Last bill                                     £94.10',
    'Payment received 2 Feb - thank you           -£94.10        Amount to pay',
    'Balance brought in                              £0.00',
    '                                                                          £118.80',
    'Line rental                                    £70.00',
    'Calls and data                                 £29.00         We will collect this by Direct Debit',
    '                                                              from your account on or after 21',
    'Net charges                                    £99.00         April 2026.',
    'VAT at 20%                                     £19.80',
  ].join('\n');

  it('the amount under the box label is what the bill asks', async () => {
    const r = await read(bill);
    expect(value(r, 'total_amount')).toBe(118.8);
    expect(r.fields.total_amount!.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('a direct debit date wrapped over two lines of its column is the due date', async () => {
    const r = await read(bill);
    expect(value(r, 'due_date')).toBe('2026-04-21');
  });

  it('"Please pay" over the amount and "by" its date, beside the summary', async () => {
    const r = await read(
      [
        'Account summary',
        '                                                                    Please pay',
        'Previous balance                                     212.30',
        '                                                                    $240.15',
        'Payment received Mar 2 — thank you                  -212.30',
        '                                                                    by April 20, 2026',
        'Current charges                                      240.15',
        'Subtotal                                             212.52',
        'HST 13%                                               27.63',
        'Total current charges                                240.15',
      ].join('\n'),
    );
    expect(value(r, 'total_amount')).toBe(240.15);
    expect(value(r, 'due_date')).toBe('2026-04-20');
  });
});

describe('amounts, numbers and dates', () => {
  it('"AMOUNT NOW DUE" under a deposit taken off', async () => {
    const r = await read(
      [
        'INVOICE No: 311                 Date: 14/02/2026',
        ' Total                                      £1,320.00',
        ' Less deposit paid 01/02/2026                 -£300.00',
        ' AMOUNT NOW DUE                             £1,020.00',
      ].join('\n'),
    );
    expect(value(r, 'total_amount')).toBe(1020);
  });

  it('an em dash between the title number and its date', async () => {
    const r = await read(
      ['Invoice 2026-0207 — 9 February 2026', '                 Balance payable        €410.00'].join('\n'),
    );
    expect(value(r, 'invoice_date')).toBe('2026-02-09');
  });

  it('a Czech title, and its number after "č." in the next cell', async () => {
    const r = await read(
      [
        'FAKTURA — DAŇOVÝ DOKLAD                                          č. 2026020311',
        ' Datum vystavení                   09.02.2026',
        '                                          Celkem k úhradě          2 420,00 Kč',
      ].join('\n'),
    );
    expect(value(r, 'invoice_number')).toBe('2026020311');
  });

  it('a Dutch direct debit: "wij schrijven … rond <date> af van rekening"', async () => {
    const r = await read(
      [
        'Factuurnummer       KL2026118',
        '                                   Te betalen        € 61,20',
        '                                   Wij schrijven dit bedrag rond 11-02-2026 af van rekening',
      ].join('\n'),
    );
    expect(value(r, 'due_date')).toBe('2026-02-11');
  });
});

describe('the issuer', () => {
  it('a floor after its ordinal ("2. OG") is no company', async () => {
    const r = await read(
      [
        '                                    Tobias Wendler',
        '                                    Tischlermeister',
        'Tobias Wendler · Mühlweg 4 · 70173 Stuttgart',
        'Rechnung Nr. 2026-017 vom 10.02.2026',
        'Bauvorhaben: Einbauschränke Kanzlei 2. OG',
        '     Zu zahlen                                   2.380,00 €',
      ].join('\n'),
      'Tobias Wendler <info@tischlerei-wendler.example>',
    );
    expect(value(r, 'vendor_name')).toBe('Tobias Wendler');
  });

  it("a sole trader's letterhead that the sender's mailbox spells", async () => {
    const r = await read(
      [
        '                 P. DOYLE ROOFING & GUTTERS',
        '                 2 Mill Row, Wigan WN1 3XX',
        'INVOICE No: 88                 Date: 02/02/2026',
        ' AMOUNT DUE                                  £640.00',
      ].join('\n'),
      'Pat Doyle <doyleroofing@mailhost.example>',
    );
    expect(value(r, 'vendor_name')).toBe('P. DOYLE ROOFING & GUTTERS');
  });
});
