// A total whose label says no tax is charged ("Total paid (GST free)", "Total (VAT exempt)") is
// the total it names, not a tax line; on a receipt, a card's balance after the payment is no
// sure total when the page prints what was paid; and a balance that is the total less what was
// taken off between them is confirmed by that arithmetic. Each case is written small, with invented
// names and values.
import { describe, expect, it } from 'vitest';
import { roleOf } from '../../pipeline/printed/amounts.ts';
import { wordsOf } from '../../pipeline/printed/words.ts';
import { runStarter, rows } from '../helpers/starter.ts';

describe('a total that says no tax is charged', () => {
  const role = (label: string) => roleOf(wordsOf(label));

  it('names the total, the payment or the gross it would name without the tax word', () => {
    expect(role('Total paid (GST free)')).toBe('paid');
    expect(role('Total (VAT exempt)')).toBe('total');
    expect(role('Total (exento de IVA)')).toBe('total');
    expect(role('Montant TTC (exonéré de TVA)')).toBe('gross');
  });

  it('a tax line stays one', () => {
    expect(role('VAT 20%')).toBe('tax');
    expect(role('GST included')).toBe('tax');
    expect(role('Total incl. VAT')).toBe('gross');
  });

  it("a card's new balance under what was paid is no sure total", async () => {
    const r = await runStarter('receipt', {
      subject: 'Card top-up',
      from: 'MetroPass <noreply@metropass.example>',
      html: `<p>$30.00 added to your card</p><p>New balance</p><p>$41.20</p>${rows([
        ['Top-up value', '$30.00'],
        ['Total paid (GST free)', '$30.00'],
      ])}`,
    });
    const total = r.fields.total_amount!;
    expect(total.value === 30 || total.confidence < 0.8).toBe(true);
  });
});

describe('a balance is the total less what was taken off', () => {
  it('a fund benefit and a payment between the total and the balance confirm it', async () => {
    const r = await runStarter('invoice', {
      subject: 'Your invoice from Wattle Physio',
      from: 'Wattle Physio <frontdesk@wattlephysio.example>',
      html: `<p>TAX INVOICE</p><p>Invoice No: WP-30871</p><p>Invoice Date: 09/03/2026</p>${rows([
        ['Standard consultation', '$95.00'],
        ['Exercise program', '$45.00'],
        ['Total fees (GST-free)', '$140.00'],
        ['Health fund rebate', '-$62.50'],
        ['Paid today – EFTPOS', '-$50.00'],
        ['Balance owing', '$27.50'],
      ])}<p>Please pay the balance by 23/03/2026.</p>`,
    });
    expect(r.fields.total_amount!.value).toBe(27.5);
    expect(r.fields.total_amount!.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('amounts between that do not take the total down to it leave it in doubt', async () => {
    const r = await runStarter('invoice', {
      subject: 'Your invoice from Wattle Physio',
      from: 'Wattle Physio <frontdesk@wattlephysio.example>',
      html: `<p>TAX INVOICE</p><p>Invoice No: WP-30872</p>${rows([
        ['Total fees (GST-free)', '$140.00'],
        ['Health fund rebate', '-$62.50'],
        ['Balance owing', '$41.00'],
      ])}`,
    });
    expect(r.fields.total_amount!.confidence).toBeLessThan(0.8);
  });
});
