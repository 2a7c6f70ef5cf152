// The printed-page reader on invoice mails in languages the other sets lack (issue 24, the dev
// half of layouts-fresh-html4): month names and date forms of those languages (Romanian,
// Catalan, Greek, Slavic, Baltic, Vietnamese, Thai with its Buddhist-era years), their number,
// date and total labels, and the signs their currencies print after the amount. Each case is
// written small, with invented names and values.
import { describe, expect, it } from 'vitest';
import { parseDate } from '../../pipeline/validate-dates.ts';
import { runStarter, rows } from '../helpers/starter.ts';

const FROM = 'Billing <billing@vendor.example>';

describe('dates in more languages', () => {
  it.each([
    ['7 aprilie 2026', '2026-04-07'],
    ["9 d'octubre de 2026", '2026-10-09'],
    ['14 Ιουνίου 2026', '2026-06-14'],
    ['3 ΝΟΕΜΒΡΙΟΥ 2026', '2026-11-03'],
    ['11 травня 2026 р.', '2026-05-11'],
    ['6 сентября 2026 г.', '2026-09-06'],
    ['21. listopadu 2026', '2026-11-21'],
    ['2026. gada 8. jūlijs', '2026-07-08'],
    ['ngày 19 tháng 08 năm 2026', '2026-08-19'],
    ['12 ก.ย. 2569', '2026-09-12'],
    ['28/10/2569', '2026-10-28'],
    ['5 Ogos 2026', '2026-08-05'],
  ])('reads "%s"', (raw, iso) => {
    expect(parseDate(raw)?.value).toBe(iso);
  });
});

describe('labels of these languages', () => {
  it('a Romanian bill: "Data emiterii" and "Scadență" with month names', async () => {
    const html = `<p>Total de plată 84,20 lei</p>${rows([
      ['Factura nr.', 'LUM-7710'],
      ['Data emiterii', '4 februarie 2026'],
      ['Scadență', '3 martie 2026'],
    ])}`;
    const r = await runStarter('invoice', { subject: 'Factura', from: FROM, html });
    expect(r.fields.invoice_date!.value).toBe('2026-02-04');
    expect(r.fields.due_date!.value).toBe('2026-03-03');
  });

  it('a Catalan bill: "Factura núm.", its date and a direct debit\'s "Data de càrrec"', async () => {
    const html = `<p>Factura núm. K26/0091</p><p>Data: 5 de febrer de 2026</p><p>Data de càrrec: 12 de febrer de 2026</p>${rows([['Import total', '61,40 €']])}`;
    const r = await runStarter('invoice', { subject: 'Factura', from: FROM, html });
    expect(r.fields.invoice_number!.value).toBe('K26/0091');
    expect(r.fields.invoice_date!.value).toBe('2026-02-05');
    expect(r.fields.due_date!.value).toBe('2026-02-12');
  });

  it('a Greek bill: "Αρ. παραστατικού" and "Λήξη πληρωμής" over its date', async () => {
    const html = `<p>Λήξη πληρωμής</p><p>17/04/2026</p>${rows([
      ['Αρ. παραστατικού', 'ΚΛ-8812'],
      ['Ημερομηνία έκδοσης', '02/04/2026'],
      ['Συνολικό ποσό πληρωμής', '22,10 €'],
    ])}`;
    const r = await runStarter('invoice', { subject: 'Λογαριασμός', from: FROM, html });
    expect(r.fields.invoice_number!.value).toBe('ΚΛ-8812');
    expect(r.fields.due_date!.value).toBe('2026-04-17');
  });

  it('a Vietnamese notice: "Số hóa đơn", "Ngày lập", "Hạn thanh toán" and the dong without cents', async () => {
    const html = rows([
      ['Số hóa đơn', '00004417'],
      ['Ngày lập', 'Ngày 02 tháng 04 năm 2026'],
      ['Hạn thanh toán', '15/04/2026'],
      ['Tổng cộng', '185.000 đ'],
    ]);
    const r = await runStarter('invoice', { subject: 'Hóa đơn', from: FROM, html });
    expect(r.fields.invoice_number!.value).toBe('00004417');
    expect(r.fields.invoice_date!.value).toBe('2026-04-02');
    expect(r.fields.due_date!.value).toBe('2026-04-15');
    expect(r.fields.total_amount!.value).toBe(185000);
    expect(r.fields.currency!.value).toBe('VND');
  });

  it('a Thai bill: its labels, Buddhist-era dates and the amount in baht', async () => {
    const html = rows([
      ['เลขที่ใบแจ้งหนี้', 'Q7710-0042'],
      ['วันที่ออกใบแจ้งหนี้', '03/04/2569'],
      ['ครบกำหนดชำระ', '20 เม.ย. 2569'],
      ['ยอดเงินที่ต้องชำระ', '312.40 บาท'],
    ]);
    const r = await runStarter('invoice', { subject: 'bill', from: FROM, html });
    expect(r.fields.invoice_number!.value).toBe('Q7710-0042');
    expect(r.fields.invoice_date!.value).toBe('2026-04-03');
    expect(r.fields.due_date!.value).toBe('2026-04-20');
    expect(r.fields.total_amount!.value).toBe(312.4);
  });

  it('a Ukrainian invoice: "Рахунок № … від …" and "Термін оплати: до …"', async () => {
    const text = [
      'РАХУНОК № 27 від 06.04.2026',
      'Послуга: консультація — 1 200,00 грн',
      'Термін оплати: до 16.04.2026',
    ].join('\n');
    const r = await runStarter('invoice', { subject: 'Рахунок', from: FROM, text });
    expect(r.fields.invoice_number!.value).toBe('27');
    expect(r.fields.invoice_date!.value).toBe('2026-04-06');
    expect(r.fields.due_date!.value).toBe('2026-04-16');
    expect(r.fields.currency!.value).toBe('UAH');
  });

  it('a Slovenian header row "Račun | Izdan | Plačati do" over its values', async () => {
    const html = `<table><tr><td>Račun</td><td>Izdan</td><td>Plačati do</td></tr><tr><td>2026-117</td><td>6. 4. 2026</td><td>20. 4. 2026</td></tr></table>${rows([['Skupaj za plačilo', '30,00 €']])}`;
    const r = await runStarter('invoice', { subject: 'Račun', from: FROM, html });
    expect(r.fields.invoice_number!.value).toBe('2026-117');
    expect(r.fields.invoice_date!.value).toBe('2026-04-06');
    expect(r.fields.due_date!.value).toBe('2026-04-20');
  });
});

describe('currencies these pages print', () => {
  it.each([
    ['Total a pagar', '4.200,00 Kz', 'AOA'],
    ['Total a pagar', '9 310,00 MT', 'MZN'],
    ['Total TTC', '1 840,00 DH', 'MAD'],
    ['Сума за плащане', '41,90 лв.', 'BGN'],
    ['Total tagihan', 'Rp215.000', 'IDR'],
    ['Jumlah perlu dibayar', 'RM84.60', 'MYR'],
  ])('"%s %s" is %s', async (label, amount, code) => {
    const r = await runStarter('invoice', { subject: 'Invoice', from: FROM, html: rows([[label, amount]]) });
    expect(r.fields.currency!.value).toBe(code);
  });

  it('a "Moneda" header cell over its row names the currency of a "$" page', async () => {
    const html = `<table><tr><td>FECHA</td><td>VENCIMIENTO</td><td>MONEDA</td></tr><tr><td>06/04/2026</td><td>20/04/2026</td><td>UYU</td></tr></table>${rows([['TOTAL A PAGAR', '$ 1.230,00']])}`;
    const r = await runStarter('invoice', { subject: 'e-Factura', from: FROM, html });
    expect(r.fields.currency!.value).toBe('UYU');
  });

  it('a sentence about the tax included ("El IVA incluido … es de $2.100") is not the total', async () => {
    const html = `<p>Boleta Electrónica N° | 5531902</p>${rows([
      ['Plan Hogar', '$13.190'],
      ['Total', '$13.190'],
    ])}<p>El IVA incluido en esta boleta es de $2.106.</p><p>RUT 77.112.334-5</p>`;
    const r = await runStarter('invoice', { subject: 'Boleta', from: FROM, html });
    expect(r.fields.invoice_number!.value).toBe('5531902');
    expect(r.fields.total_amount!.value).toBe(13190);
  });
});
