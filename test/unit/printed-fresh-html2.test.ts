// The printed-page reader on invoice mails in languages the other sets barely hold (issue 24,
// test/fixtures/layouts-fresh-html2): Chinese and Japanese labels inside runs written without
// spaces, era and Korean dates, yen, yuan, won, riyal and sol signs, Arabic and Hebrew labels,
// Hungarian, Portuguese, Swedish, Turkish and Danish labels, an issue date after "emitida el"
// and a Portuguese series-and-number. Each case is written small, with invented values.
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import { runStarter, rows } from '../helpers/starter.ts';

async function read(html: string): Promise<SchemaRun> {
  return runStarter('invoice', { subject: 'Invoice', from: 'Billing <billing@vendor.example>', html });
}

describe('Chinese and Japanese labels inside runs without spaces', () => {
  it('a Chinese bill: its number, dates, amount due and yuan', async () => {
    const r = await read(
      `<p>尊敬的 李先生：</p><p>账单编号：KD2026-0417733</p><p>账单日期：2026年3月2日</p><p>最后缴费日：2026年3月16日</p>
${rows([
  ['宽带包月费', '79.00元'],
  ['本期应缴', '￥79.00'],
])}`,
    );
    expect(r.fields.invoice_number!.value).toBe('KD2026-0417733');
    expect(r.fields.invoice_date!.value).toBe('2026-03-02');
    expect(r.fields.due_date!.value).toBe('2026-03-16');
    expect(r.fields.total_amount!.value).toBe(79);
    expect(r.fields.currency!.value).toBe('CNY');
  });

  it('a Japanese bill: "ご請求日" holds "請求日", Reiwa dates, "ご請求額合計" in yen without cents', async () => {
    const r = await read(
      `<p>いつもご利用いただき、ありがとうございます。</p>${rows([
        ['ご請求日', '令和8年3月4日'],
        ['口座振替日', '令和8年3月26日（木）'],
        ['月謝', '11,000円'],
        ['ご請求額合計', '12,100円'],
      ])}`,
    );
    expect(r.fields.invoice_date!.value).toBe('2026-03-04');
    expect(r.fields.due_date!.value).toBe('2026-03-26');
    expect(r.fields.total_amount!.value).toBe(12100);
    expect(r.fields.total_amount!.confidence).toBeGreaterThanOrEqual(0.8);
    expect(r.fields.currency!.value).toBe('JPY');
  });
});

describe('Korean, Arabic and Hebrew bills', () => {
  it('a Korean bill: "2026년 3월 2일", its due date and the amount in won', async () => {
    const r = await read(
      rows([
        ['발행일', '2026년 3월 2일'],
        ['납부기한', '2026년 3월 20일'],
        ['청구금액', '45,000원'],
      ]),
    );
    expect(r.fields.invoice_date!.value).toBe('2026-03-02');
    expect(r.fields.due_date!.value).toBe('2026-03-20');
    expect(r.fields.total_amount!.value).toBe(45000);
    expect(r.fields.currency!.value).toBe('KRW');
  });

  it('an Arabic tax invoice in riyals', async () => {
    const r = await read(
      `<div dir="rtl">${rows([
        ['رقم الفاتورة', 'QA-2026-0071'],
        ['تاريخ الإصدار', '2026-03-04'],
        ['تاريخ الاستحقاق', '2026-03-18'],
        ['الإجمالي غير شامل ضريبة القيمة المضافة', '1,000.00'],
        ['ضريبة القيمة المضافة 15%', '150.00'],
        ['الإجمالي المستحق شامل الضريبة', '1,150.00 ر.س'],
      ])}</div>`,
    );
    expect(r.fields.invoice_number!.value).toBe('QA-2026-0071');
    expect(r.fields.invoice_date!.value).toBe('2026-03-04');
    expect(r.fields.due_date!.value).toBe('2026-03-18');
    expect(r.fields.total_amount!.value).toBe(1150);
    expect(r.fields.currency!.value).toBe('SAR');
  });

  it('a Hebrew tax invoice: its number, due date and amount to pay', async () => {
    const r = await read(
      `<div dir="rtl">${rows([
        ['חשבונית מס מספר', '2291'],
        ['לתשלום עד', '15/04/2026'],
        ['סה"כ לפני מע"מ', '₪500.00'],
        ['מע"מ 18%', '₪90.00'],
        ['סה"כ לתשלום', '₪590.00'],
      ])}</div>`,
    );
    expect(r.fields.invoice_number!.value).toBe('2291');
    expect(r.fields.due_date!.value).toBe('2026-04-15');
    expect(r.fields.total_amount!.value).toBe(590);
  });
});

describe('labels and forms of European and Latin American bills', () => {
  it('a Hungarian invoice: "Számlaszám", "Számla kelte" in year-first dots, "Fizetési határidő"', async () => {
    const r = await read(
      `<p>Számlaszám: KT-2026-0412</p><p>Számla kelte: 2026.03.04.</p><p>Fizetési határidő: 2026.03.12.</p>
${rows([['Bruttó végösszeg', '25 400 Ft']])}`,
    );
    expect(r.fields.invoice_number!.value).toBe('KT-2026-0412');
    expect(r.fields.invoice_date!.value).toBe('2026-03-04');
    expect(r.fields.due_date!.value).toBe('2026-03-12');
  });

  it('a Peruvian factura electrónica: its title number, "S/" amounts and soles', async () => {
    const r = await read(
      `<p><b>FACTURA ELECTRÓNICA</b></p><p>E001-00000288</p>${rows([
        ['Moneda', 'SOLES'],
        ['Op. Gravada', 'S/ 100.00'],
        ['IGV 18%', 'S/ 18.00'],
        ['Importe Total', 'S/ 118.00'],
      ])}`,
    );
    expect(r.fields.invoice_number!.value).toBe('E001-00000288');
    expect(r.fields.total_amount!.value).toBe(118);
    expect(r.fields.currency!.value).toBe('PEN');
  });

  it('a Portuguese bill: "Fatura" beside a series and number, "Data limite de pagamento"', async () => {
    const r = await read(
      `${rows([
        ['Fatura', 'FT 2026/0002211'],
        ['Emissão', '04/03/2026'],
      ])}<p>Total a pagar</p><p>18,20 €</p><p>Data limite de pagamento: 2026-03-25</p>`,
    );
    expect(r.fields.invoice_number!.value).toBe('FT 2026/0002211');
    expect(r.fields.invoice_date!.value).toBe('2026-03-04');
    expect(r.fields.due_date!.value).toBe('2026-03-25');
  });

  it('"emitida el" beside the title and number is the issue date', async () => {
    const r = await read(
      `<p>Factura NB-2026-0101 · emitida el 3 de marzo de 2026</p>${rows([['Importe total', '45,00 €']])}`,
    );
    expect(r.fields.invoice_date!.value).toBe('2026-03-03');
  });

  it('Swedish "Sista betalningsdag", Turkish "Son Ödeme Tarihi", Danish "Trækkes via Betalingsservice den"', async () => {
    const sv = await read(
      rows([
        ['Fakturanr', '5512'],
        ['Sista betalningsdag', '2026-04-02'],
        ['Att betala', '300,00 kr'],
      ]),
    );
    expect(sv.fields.due_date!.value).toBe('2026-04-02');
    const tr = await read(
      `<table><tr><td>Fatura Tutarı</td><td>Son Ödeme Tarihi</td></tr><tr><td>₺120,00</td><td>18.03.2026</td></tr></table>`,
    );
    expect(tr.fields.due_date!.value).toBe('2026-03-18');
    const da = await read(
      `<table><tr><td><div>Beløb</div><div>412,00 kr.</div></td><td><div>Trækkes via Betalingsservice den</div><div>02.04.2026</div></td></tr></table>`,
    );
    expect(da.fields.due_date!.value).toBe('2026-04-02');
  });
});

describe('who issued the page', () => {
  it('Chinese and Japanese company forms written into the name, after a label with a full-width colon', async () => {
    const zh = await read(
      `<p>晴川燃气 · 缴费通知</p>${rows([['本期应缴', '¥56.00']])}<p>晴川燃气供应有限公司 · 客服热线 400-000-1234</p>`,
    );
    expect(zh.fields.vendor_name!.value).toBe('晴川燃气供应有限公司');
    const ja = await read(
      `<p>そろばん教室 ひかり</p>${rows([['ご請求額合計', '8,800円']])}<p>運営：有限会社ヒカリ企画 〒100-0001 東京都千代田区</p>`,
    );
    expect(ja.fields.vendor_name!.value).toBe('有限会社ヒカリ企画');
  });

  it('an Arabic company word before the name, a Hebrew "Ltd" after it', async () => {
    const ar = await read(
      `<div dir="rtl"><p>شركة النخيل للبرمجيات</p>${rows([['الإجمالي المستحق', '575.00 ر.س']])}</div>`,
    );
    expect(ar.fields.vendor_name!.value).toBe('شركة النخيل للبرمجيات');
    const he = await read(
      `<div dir="rtl">${rows([['סה"כ לתשלום', '₪236.00']])}<p>גלים מחשוב בע"מ · רחוב הים 4, אשדוד</p></div>`,
    );
    expect(he.fields.vendor_name!.value).toBe('גלים מחשוב בע"מ');
  });

  it('a Peruvian E.I.R.L. issues; the client after "Mandant:" does not', async () => {
    const pe = await read(
      `<p>TALLER RUEDAS DEL NORTE E.I.R.L.</p><p>Av. Central 120, Trujillo</p>${rows([['Importe Total', 'S/ 59.00']])}`,
    );
    expect(pe.fields.vendor_name!.value).toBe('TALLER RUEDAS DEL NORTE E.I.R.L.');
    const de = await read(
      `<p>Rechnung Nr. 2026/0042 Datum: 02.03.2026 Mandant: 7781 Holzbau Ebner GmbH</p>${rows([['Rechnungsbetrag', '214,20 €']])}
<p>Kessler &amp; Vogt mbB Steuerberatungsgesellschaft, Lindenallee 3, 24103 Kiel</p>`,
    );
    expect(de.fields.vendor_name!.value).toBe('Kessler & Vogt mbB Steuerberatungsgesellschaft');
  });

  it('a forwarded message’s signature is its author’s', async () => {
    const r = await runStarter('invoice', {
      subject: 'WG: Ihre Rechnung 2026/0042',
      from: 'Jana Ebner <j.ebner@holzbau-ebner.example>',
      text: `Hallo,\nbitte buchen.\n\n-------- Weitergeleitete Nachricht --------\nBetreff: Ihre Rechnung 2026/0042\nVon: Kanzlei Kessler <kanzlei@kessler-vogt.example>\nAn: Jana Ebner <j.ebner@holzbau-ebner.example>\n\nRechnung Nr. 2026/0042\nRechnungsbetrag: 214,20 €\n\n--\nKessler & Vogt mbB Steuerberatungsgesellschaft\nLindenallee 3, 24103 Kiel\nkanzlei@kessler-vogt.example\n`,
    });
    expect(r.fields.vendor_name!.value).toBe('Kessler & Vogt mbB Steuerberatungsgesellschaft');
    expect(r.fields.vendor_email!.value).toBe('kanzlei@kessler-vogt.example');
  });
});

describe('the contact and the buyer’s order', () => {
  it('an Italian firm’s PEC is not its contact when the page prints another of its addresses', async () => {
    const r = await runStarter('invoice', {
      subject: 'Fattura',
      from: 'Vettaluce <fatture@vettaluce.example>',
      html: `${rows([
        ['Numero fattura', 'FV/2026/118'],
        ['Totale da pagare', '€ 24,90'],
      ])}
<p>Vettaluce S.r.l. – Via Roma 1, Torino – PEC vettaluce@pec.vettaluce.example – clienti@vettaluce.example</p>`,
    });
    expect(r.fields.vendor_email!.value).toBe('clienti@vettaluce.example');
  });
});
