// The printed-page reader on mail in the structures shop and billing systems send (issue 24,
// second HTML set, test/fixtures/layouts-html2): cells whose text a <p> or <h3> wraps, a
// title's number for another document, order references of capitals, the amount a sentence
// names, item tables' total columns, and the masthead's name. Each case is written small, in
// the structure of the family it comes from, with invented values.
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import { sanitizeHtml } from '../../pipeline/sanitize.ts';
import type { STARTERS } from '../../pipeline/starters.ts';
import { runStarter } from '../helpers/starter.ts';

async function read(
  html: string,
  starter: keyof typeof STARTERS = 'invoice',
  from = 'Billing <billing@vendor.example>',
): Promise<SchemaRun> {
  return runStarter(starter, { subject: 'Document', from, html });
}

describe('table cells whose text a block wraps (Postmark, MJML, Odoo)', () => {
  it('reads two one-line cells side by side as one row, whatever block wraps each', () => {
    const { text } = sanitizeHtml(
      '<table><tr><td><p class="total">Total</p></td><td><p class="total">$1,284.00</p></td></tr>' +
        '<tr><td><h3>TF-2026-0311</h3></td><td><h3>March 2, 2026</h3></td></tr></table>',
    );
    expect(text).toBe('Total | $1,284.00\n\nTF-2026-0311 | March 2, 2026');
  });

  it('keeps a label cell beside the first line of a value of several lines, and two addresses apart', () => {
    const { text } = sanitizeHtml(
      '<table><tr><td><p>Ship to:</p></td><td><p>Ann Lee<br>4 Elm St</p></td></tr></table>' +
        '<table><tr><td><h2>Billing</h2><p>Ann Lee<br>4 Elm St</p></td><td><h2>Shipping</h2><p>Bo Lee<br>9 Oak Rd</p></td></tr></table>',
    );
    expect(text).toBe('Ship to: | Ann Lee\n4 Elm St\n\nBilling\n\nAnn Lee\n4 Elm St\n\nShipping\n\nBo Lee\n9 Oak Rd');
  });

  it('reads the total and the date of a purchase header whose cells hold <p> and <h3>', async () => {
    const r = await read(
      '<p>Hola, Elena:</p><table><tr><td><h3>Factura CUR-2026-0388</h3></td><td><h3>21/03/2026</h3></td></tr>' +
        '<tr><td colspan="2"><table><tr><th><p>Descripción</p></th><th><p>Importe</p></th></tr>' +
        '<tr><td>Licencias × 10</td><td>450,00 €</td></tr>' +
        '<tr><td><p>Base imponible</p></td><td><p>450,00 €</p></td></tr>' +
        '<tr><td><p>IVA 21 %</p></td><td><p>94,50 €</p></td></tr>' +
        '<tr><td><p>Total</p></td><td><p>544,50 €</p></td></tr></table></td></tr></table>' +
        '<p>Pagado con tarjeta Mastercard terminada en 5521.</p>',
    );
    expect(r.fields.invoice_number!.value).toBe('CUR-2026-0388');
    expect(r.fields.invoice_date!.value).toBe('2026-03-21');
    expect(r.fields.invoice_date!.confidence).toBe(0.8);
    expect(r.fields.total_amount!.value).toBe(544.5);
    expect(r.fields.total_amount!.confidence).toBeGreaterThanOrEqual(0.9);
  });
});

describe('document numbers in shop systems’ headlines', () => {
  it('a title’s number followed by the order it is for (Magento invoice_new)', async () => {
    for (const [headline, want] of [
      ['Your Invoice #000002981 for Order #000003410', '000002981'],
      ['Ihre Rechnung #100004217 für Bestellung #100006630', '100004217'],
      ['Votre facture n° 200000731 pour la commande n° 200001152', '200000731'],
    ] as const) {
      const r = await read(`<h1>${headline}</h1><p>Placed on Mar 9, 2026</p>`);
      expect(r.fields.invoice_number!.value).toBe(want);
      expect(r.fields.invoice_number!.confidence).toBeGreaterThanOrEqual(0.8);
    }
  });

  it('an order reference of capitals only where its date follows it (PrestaShop order_conf)', async () => {
    const dated = await read('<p><strong>Ordine:</strong> BVNHYDGUA effettuato il 13/03/2026 09:40:11</p>', 'receipt');
    expect(dated.fields.receipt_number!.value).toBe('BVNHYDGUA');
    expect(dated.fields.receipt_number!.confidence).toBeLessThanOrEqual(0.7);
    const undated = await read('<p><strong>Order:</strong> CONFIRMED AND SHIPPED</p>', 'receipt');
    expect(undated.fields.receipt_number?.value ?? null).toBeNull();
  });

  it('the number in brackets after "Order Summary" (Solidus/Spree confirm_email)', async () => {
    const r = await read(
      '<h4>Order Summary [R482913377]</h4><table><tr><td>SC-CH-11</td><td>Chain</td><td>$42.99</td></tr></table>',
      'receipt',
    );
    expect(r.fields.receipt_number!.value).toBe('R482913377');
  });
});

describe('amounts', () => {
  it('the amount a sentence names as the document’s (Odoo invoice mail), only with its currency', async () => {
    const r = await read(
      '<p>Voici votre facture <strong>FAC/2026/00087</strong> d’un montant de <strong>1&nbsp;452,00&nbsp;€</strong> de la part de Atelier Brossard SAS.</p>',
    );
    expect(r.fields.total_amount!.value).toBe(1452);
    expect(r.fields.total_amount!.confidence).toBe(0.85);
    const count = await read('<p>Ihre Rechnung RE-17 über 3 Artikel ist beigefügt.</p>');
    expect(count.fields.total_amount?.value ?? null).toBeNull();
  });

  it('an item table’s "Total price" column is each line’s, not the document’s total (PrestaShop)', async () => {
    const r = await read(
      '<table><tr><th>Reference</th><th>Product</th><th>Unit price</th><th>Quantity</th><th>Total price</th></tr>' +
        '<tr><td>PA-PAC1</td><td>Paccheri 1 kg</td><td>6,40 €</td><td>4</td><td>25,60 €</td></tr>' +
        '<tr><td>PA-TAG5</td><td>Tagliatelle 500 g</td><td>4,20 €</td><td>5</td><td>21,00 €</td></tr>' +
        '<tr><td colspan="4">Shipping</td><td>9,90 €</td></tr>' +
        '<tr><td colspan="4">Total paid</td><td>56,50 €</td></tr></table>',
      'receipt',
    );
    expect(r.fields.total_amount!.value).toBe(56.5);
  });

  it('grand-total words of shop systems: Eindtotaal, Totale complessivo, Łącznie', async () => {
    for (const [label, amount, want] of [
      ['Eindtotaal', '€ 149,84', 149.84],
      ['Totale complessivo', '€ 189,80', 189.8],
      ['Łącznie:', '107,86 zł', 107.86],
    ] as const) {
      const r = await read(
        `<table><tr><th>Subtotal</th><td>${amount === '107,86 zł' ? '94,87 zł' : '€ 10,00'}</td></tr><tr><th>${label}</th><td>${amount}</td></tr></table>`,
        'receipt',
      );
      expect(r.fields.total_amount!.value).toBe(want);
      expect(r.fields.total_amount!.confidence).toBeGreaterThanOrEqual(0.8);
    }
  });
});

describe('a billing table of one header row over one value row (Crater, Laravel markdown mail)', () => {
  it('reads the amount under "Valor" as the total, and only one row under its header', async () => {
    const r = await read(
      '<p>Recebeu uma nova fatura de <b>Contas Claras, Lda.</b></p>' +
        '<table><thead><tr><th>Fatura</th><th>Data</th><th>Vencimento</th><th>Valor</th></tr></thead>' +
        '<tbody><tr><td>FT 2026/112</td><td>17/03/2026</td><td>16/04/2026</td><td>246,00&nbsp;€</td></tr></tbody></table>',
    );
    expect(r.fields.total_amount!.value).toBe(246);
    expect(r.fields.total_amount!.confidence).toBe(0.85);
    expect(r.fields.due_date!.value).toBe('2026-04-16');
  });
});

describe('the masthead’s name (Shopify, Postmark)', () => {
  const page = (name: string) =>
    `<table><tr><td><h1><a href="https://shop.example">${name}</a></h1></td><td>Order #1642</td></tr></table>` +
    '<h2>Thank you for your purchase!</h2><p>Visit our store</p><h3>Order summary</h3>' +
    '<table><tr><td>Total</td><td>$82.47</td></tr></table>';

  it('is the merchant where the sender agrees, as a trading name (0.7)', async () => {
    const r = await read(page('Wick &amp; Ember'), 'receipt', 'Wick & Ember <store+58812@wickandember.example>');
    expect(r.fields.merchant!.value).toBe('Wick & Ember');
    expect(r.fields.merchant!.confidence).toBe(0.7);
  });

  it('is not read where the sender names someone else', async () => {
    const r = await read(page('Wick &amp; Ember'), 'receipt', 'Notifications <no-reply@platform.example>');
    expect(r.fields.merchant?.value).not.toBe('Wick & Ember');
  });
});
