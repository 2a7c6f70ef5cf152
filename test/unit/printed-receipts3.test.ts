// The printed-page reader on e-receipt mail as real companies send it (issue 24, the third
// receipt set): refunds (the amount given back is the total, with its sign reversed; the day of
// the refund and the credit note's number, not the order's), a card's last digits that are no
// amount, dollars with their country ("A$"), the seller a marketplace's order names, the driver
// a ride's receipt is issued for, one rate's row of a tax table, UPI, EFTPOS and Pix, the numbers
// of rides, itineraries, parking sessions, French booking files and Japanese orders, a store
// grid's document number, Japanese company names and dates, an Italian sole trader's sign.
// Each case is written as the text a till, pdf.js or an HTML mail gives.
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import { runStarter } from '../helpers/starter.ts';

async function read(body: { text?: string; html?: string; from?: string }): Promise<SchemaRun> {
  // buildEml's mail is dated 3 March 2026: no case below prints that day.
  return runStarter('receipt', { subject: 'Receipt', ...body });
}

const slip = (...lines: string[]) => read({ text: lines.join('\n') });
const field = (r: SchemaRun, name: string) => [r.fields[name]!.value, r.fields[name]!.confidence];
const rows = (...pairs: [string, string][]) =>
  `<table>${pairs.map(([l, v]) => `<tr><td>${l}</td><td>${v}</td></tr>`).join('')}</table>`;

describe('a refund', () => {
  it('its total is the amount given back, with the sign reversed', async () => {
    const en = await read({
      html: `<h2>Your refund has been issued</h2>${rows(
        ['Desk Lamp – Brass', '$41.50'],
        ['Refund subtotal', '$41.50'],
        ['Tax refund', '$3.42'],
        ['Total refund', '$44.92'],
        ['Refund date', 'March 2, 2026'],
        ['Refunded to', 'Visa ending 7720'],
      )}`,
    });
    expect(field(en, 'total_amount')).toEqual([-44.92, 0.9]);
    const de = await read({
      html: rows(['Bestellnummer', '200771845'], ['Erstattungsbetrag', '17,95 €'], ['Erstattet auf', 'PayPal']),
    });
    expect(field(de, 'total_amount')).toEqual([-17.95, 0.85]);
    const es = await read({ html: rows(['Pedido', 'LM-2026-5521'], ['Importe reembolsado', '8,40 €']) });
    expect(field(es, 'total_amount')).toEqual([-8.4, 0.85]);
    // A sale's total keeps its sign.
    const sale = await read({ html: rows(['Desk Lamp – Brass', '$41.50'], ['Total', '$44.92']) });
    expect(field(sale, 'total_amount')).toEqual([44.92, 0.85]);
  });

  it('is dated the day of the refund, not the day of the order it refunds', async () => {
    const refund = await read({
      html: rows(
        ['Pedido', 'LM-2026-5521'],
        ['Fecha del pedido', '24 de febrero de 2026'],
        ['Fecha del reembolso', '2 de marzo de 2026'],
        ['Importe reembolsado', '8,40 €'],
      ),
    });
    expect(field(refund, 'date')).toEqual(['2026-03-02', 0.9]);
    // An order's receipt is dated the day of the order.
    const order = await read({ html: rows(['Pedido', 'LM-2026-5521'], ['Fecha del pedido', '24 de febrero de 2026']) });
    expect(field(order, 'date')).toEqual(['2026-02-24', 0.9]);
  });

  it("is numbered by its credit note, not by the order's number", async () => {
    const r = await read({
      html: `${rows(['Bestellnummer', '200771845'], ['Erstattungsbetrag', '17,95 €'])}<p>Gutschrift-Nr. GU-2026-0815</p>`,
    });
    expect(r.fields.receipt_number!.value).toBe('GU-2026-0815');
    expect(r.fields.receipt_number!.confidence).toBeLessThanOrEqual(0.7);
  });
});

describe("a card's last digits and dollars with their country", () => {
  it('"Charged to •••• 0417" is no amount; "A$" is an Australian dollar amount', async () => {
    const r = await read({
      html: `${rows(['Trip fare', 'A$24.10'], ['Booking fee', 'A$2.90'], ['Tip', 'A$4.00'], ['Updated total', 'A$31.00'])}<p>Charged to •••• 0417</p>`,
    });
    expect(field(r, 'total_amount')).toEqual([31, 0.85]);
  });

  it('a masked card number or a card "ending in" after a payment word is no amount', async () => {
    for (const line of ['Charged to •••• 4421', 'Charged to Visa ending in 4421', 'Paid with Visa ****4421']) {
      const r = await slip('Thanks for riding', line);
      expect(r.fields.total_amount!.value).toBeNull();
    }
  });
});

describe('who sold on a platform', () => {
  it('the seller a marketplace order names, not the marketplace in the footer: held for review', async () => {
    const r = await read({
      from: 'Crateway.com <auto-confirm@crateway.example>',
      html: `<h2>Order Confirmation</h2><p>Order #114-2208831-5520417</p>
<table><tr><td>Ceramic Pour-Over Dripper<br>Sold by: Kettle &amp; Crane Goods</td><td>$24.99</td></tr></table>
${rows(['Items:', '$24.99'], ['Order Total:', '$26.74'])}
<p>Crateway.com Services LLC · 500 Pine St, Seattle, WA 98101</p>`,
    });
    expect(r.fields.merchant!.value).toBe('Kettle & Crane Goods');
    expect(r.fields.merchant!.confidence).toBeLessThanOrEqual(0.7);
  });

  it('"Sprzedający:" names the seller of a Polish marketplace order', async () => {
    const r = await read({
      from: 'Jarmark <zamowienia@jarmark.example>',
      html: `<p>Numer zamówienia: JR-5521-0318</p><p><b>Sprzedający:</b> Pracownia Ceramiki Glina Sp. z o.o.</p>
${rows(['Łącznie zapłacono', '89,00 zł'])}<p>Jarmark Sp. z o.o. · ul. Długa 4, 31-147 Kraków</p>`,
    });
    expect(r.fields.merchant!.value).toBe('Pracownia Ceramiki Glina Sp. z o.o.');
  });

  it('the driver a ride receipt is issued for, named with the business number', async () => {
    const r = await read({
      from: 'Hopcar <receipts@hopcar.example>',
      html: `${rows(['Trip fare', 'A$18.60'], ['Total', 'A$18.60'])}
<p>Tax invoice issued by Hopcar on behalf of your driver, Mia Kowalczyk (ABN 51 824 753 556).</p>
<p>Hopcar Australia Pty Ltd · Level 3, 20 Bond Street, Sydney NSW 2000</p>`,
    });
    expect(r.fields.merchant!.value).toBe('Mia Kowalczyk');
    expect(r.fields.merchant!.confidence).toBeLessThanOrEqual(0.7);
  });

  it("an Italian sole trader's sign with its owner under it", async () => {
    const r = await slip(
      'OSTERIA DEL PONTE',
      'di Marco Gatti',
      'Via Roma 12 - 37121 Verona',
      'P.IVA 04188203663',
      'TOTALE COMPLESSIVO            42,00',
    );
    expect(field(r, 'merchant')).toEqual(['OSTERIA DEL PONTE di Marco Gatti', 0.8]);
  });

  it("a Japanese company name with 株式会社 in it; the addressee's (御中) is not the seller", async () => {
    const r = await read({
      from: 'サクラ雑貨オンライン <order@sakura-zakka.example>',
      html: `<h2>領収書</h2><p>青葉商事株式会社 御中</p>${rows(['ご注文番号', '2026-0227-55120'], ['ご注文日', '2026年2月27日'], ['合計（税込）', '¥2,640'])}<p>株式会社サクラ雑貨<br>東京都渋谷区神南1-2-3</p>`,
    });
    expect(r.fields.merchant!.value).toBe('株式会社サクラ雑貨');
    expect(field(r, 'receipt_number')).toEqual(['2026-0227-55120', 0.72]);
    expect(field(r, 'date')).toEqual(['2026-02-27', 0.9]);
  });
});

describe("a tax table's row", () => {
  it("one rate's gross is a part of the total, not the total", async () => {
    const r = await read({
      html: rows(
        ['Handcreme 75ml', '2,45 A'],
        ['Müsliriegel', '1,10 B'],
        ['SUMME EUR', '3,55'],
        ['MwSt A 19 %: Netto 2,06 MwSt 0,39', 'Brutto 2,45'],
        ['MwSt B 7 %: Netto 1,03 MwSt 0,07', 'Brutto 1,10'],
      ),
    });
    expect(field(r, 'total_amount')).toEqual([3.55, 0.85]);
  });
});

describe('means of payment of other countries', () => {
  it('UPI, EFTPOS and Pix', async () => {
    const upi = await read({ html: `${rows(['Total Fare', '₹96.00'])}<p>Paid by UPI (ravi.k@okbank)</p>` });
    expect(upi.fields.payment_method!.value).toBe('UPI');
    const eftpos = await slip('TOTAL                    $50.30', 'EFTPOS                    50.30');
    expect(eftpos.fields.payment_method!.value).toBe('EFTPOS');
    const pix = await read({ html: rows(['Total', 'R$ 40,88'], ['Forma de pagamento', 'Pago via Pix']) });
    expect(pix.fields.payment_method!.value).toBe('Pix');
  });
});

describe('the numbers of rides, bookings and sessions', () => {
  it.each([
    ['Ride ID', 'CRN7720184451'],
    ['Trip ID', 'TRP-55120-8841'],
    ['Itinerary #', '71120448830'],
    ['Session reference', 'PK-55120448'],
    ['Référence dossier', 'WXK4QP'],
  ])('"%s" names the receipt', async (label, value) => {
    const r = await read({ html: `<p>${label}: ${value}</p>${rows(['Total', '€ 18,40'])}` });
    expect(r.fields.receipt_number!.value).toBe(value);
  });

  it("a store's receipt grid: DOCUMENT NO. is the receipt's, beside the order's ID", async () => {
    const r = await read({
      html: `<table><tr><td>DATE<br>Feb 27, 2026</td><td>ORDER ID<br>MK2ZP7QX1T</td><td>DOCUMENT NO.<br>220918834417</td></tr></table>${rows(['TOTAL', '$5.49'])}`,
    });
    expect(r.fields.receipt_number!.value).toBe('220918834417');
  });
});
