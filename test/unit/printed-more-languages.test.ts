// The printed-page reader on invoices and receipts in languages the earlier rounds lacked
// (issue 24, the fresh measurement sets' development half): Romanian, Slovenian, Estonian,
// Lithuanian, Latvian, Slovak, Croatian, Icelandic and Greek labels for the number, the dates
// and the amount to pay; Mexican "Serie y folio"; an architect's and a solicitor's fee note;
// lei, rand and shekels; Baltic and Gulf receipt numbers. Each case is written here from the
// kind of page, cells apart by three spaces or more.
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import { runStarter } from '../helpers/starter.ts';

async function read(lines: string[], starter: 'invoice' | 'receipt' = 'invoice'): Promise<SchemaRun> {
  return runStarter(starter, { subject: 'Document', text: lines.join('\n') });
}

const values = (r: SchemaRun, ...names: string[]) => names.map((n) => r.fields[n]!.value);

describe('invoice labels in more languages', () => {
  it.each([
    [
      'Romanian',
      [
        'FACTURA',
        'Seria și nr.: PRT 2026-0077',
        'Data emiterii: 04.02.2026',
        'Scadență: 18.02.2026',
        'Total de plată: 9.310,95 lei',
      ],
      ['PRT 2026-0077', '2026-02-04', '2026-02-18', 9310.95, 'RON'],
    ],
    [
      'Slovenian',
      [
        'RAČUN',
        'Račun št.: 26-00412',
        'Datum izdaje: 5. 2. 2026',
        'Rok plačila: 20. 2. 2026',
        'Za plačilo   646,36 EUR',
      ],
      ['26-00412', '2026-02-05', '2026-02-20', 646.36, 'EUR'],
    ],
    [
      'Estonian',
      [
        'ARVE',
        'Arve nr   26-01193',
        'Kuupäev   06.02.2026',
        'Maksetähtaeg   20.02.2026',
        'Kokku tasuda   18 903,80 EUR',
      ],
      ['26-01193', '2026-02-06', '2026-02-20', 18903.8, 'EUR'],
    ],
    [
      'Lithuanian',
      [
        'PVM SĄSKAITA FAKTŪRA',
        'Serija ir Nr.: KB 2026-044',
        'Data: 2026-02-02',
        'Apmokėti iki: 2026-02-16',
        'Iš viso mokėti   7 381,00 EUR',
      ],
      ['KB 2026-044', '2026-02-02', '2026-02-16', 7381, 'EUR'],
    ],
    [
      'Slovak',
      [
        'FAKTÚRA',
        'Faktúra č.   2026-0310',
        'Dátum vystavenia   10.02.2026',
        'Dátum splatnosti   24.02.2026',
        'Na úhradu   1 248,00 EUR',
      ],
      ['2026-0310', '2026-02-10', '2026-02-24', 1248, 'EUR'],
    ],
  ])('%s', async (_language, lines, want) => {
    const r = await read(lines as string[]);
    expect(values(r, 'invoice_number', 'invoice_date', 'due_date', 'total_amount', 'currency')).toEqual(want);
  });

  it('a fee note\'s number, and "Serie y folio" (not the fiscal folio\'s UUID)', async () => {
    const at = await read(['Honorarnote Nr.   2026/014', 'Datum   09.02.2026', 'Gesamtbetrag   21.521,28 €']);
    expect(at.fields.invoice_number!.value).toBe('2026/014');
    const ie = await read(['Fee note no.: FN/26/0419', 'Date: 02/02/2026', 'Total   €8,221.00']);
    expect(ie.fields.invoice_number!.value).toBe('FN/26/0419');
    const mx = await read([
      'Serie y folio: B-9182',
      'Folio fiscal: A41C8820-4718-4B20-9C11-77E0D44188AF',
      'Total   $267,680.00 MXN',
    ]);
    expect(mx.fields.invoice_number!.value).toBe('B-9182');
  });

  it('rand on more than one amount; a single "R 5" is no currency', async () => {
    const za = await read([
      'Tax invoice IN118842',
      'Maize meal   R 4,199.60',
      'Brown bread   R 1,788.00',
      'Total   R 5,987.60',
    ]);
    expect(za.fields.currency!.value).toBe('ZAR');
    const one = await read(['Invoice 5512', 'Room R 5', 'Total   120.00']);
    expect(one.fields.currency!.value).not.toBe('ZAR');
  });
});

describe('receipt numbers, totals and means in more languages', () => {
  it.each([
    ['Huurbewijs nr. | BRG-0404-117', 'BRG-0404-117'],
    ['N° de comprobante | 5521887', '5521887'],
    ['Tax invoice/receipt no. | 40771', '40771'],
    ['Receipt voucher no.   RV-26-00418', 'RV-26-00418'],
    ['BON FISCAL NR: 0412   Z: 0071', '0412'],
    ['Kvito Nr. 118   KA Nr. 2', '118'],
  ])('%s', async (line, want) => {
    const r = await read(['RECEIPT', line, 'Date: 01.03.2026', 'Total   12,00'], 'receipt');
    expect(r.fields.receipt_number!.value).toBe(want);
  });

  it('"SPOLU EUR", "Amount received AED", shekels and a Lithuanian card', async () => {
    const sk = await read(['TRAFIKA', 'Noviny   2,10', 'Cukríky   1,55', 'SPOLU EUR   3,65'], 'receipt');
    expect(sk.fields.total_amount!.value).toBe(3.65);
    const ae = await read(['Payment Receipt', 'Subtotal   3,240.00', 'Amount received   AED 3,402.00'], 'receipt');
    expect(ae.fields.total_amount!.value).toBe(3402);
    const il = await read(['Tax invoice / receipt', 'Licence   ₪990.00', 'Total   ₪1,168.20'], 'receipt');
    expect(values(il, 'total_amount', 'currency')).toEqual([1168.2, 'ILS']);
    const lt = await read(['KASOS KVITAS', 'Knyga   20,48', 'IŠ VISO   20,48', 'Mokėta: kortele'], 'receipt');
    expect(lt.fields.payment_method!.value).toBe('kortele');
  });
});

describe('pesos written whole, and Greek invoices', () => {
  it('"$12.980" on a page with no amount in cents is twelve thousand; a RUT makes the "$" Chilean', async () => {
    const page = (footer: string) =>
      read(
        ['Comprobante de pago', 'N° de comprobante | 5521887', 'Fecha | 09-02-2026', 'Total pagado | $12.980', footer],
        'receipt',
      );
    const cl = await page('Autopista Andina S.A. · RUT 76.118.204-3 · Santiago');
    expect(cl.fields.total_amount!.value).toBe(12980);
    expect(cl.fields.currency!.value).toBe('CLP');
    const ar = await page('Peajes del Sur S.A. · CUIT 30-71188204-7');
    expect(ar.fields.currency!.value).toBe('ARS');
    // One amount in cents on the page: the dot may be a decimal point, so not decided.
    const cents = await read(['Receipt', 'Date: 09/02/2026', 'Tip   $1.50', 'Total paid   $12.980'], 'receipt');
    expect(cents.fields.total_amount!.value).not.toBe(12980);
  });

  it("Greek forms, number and due date labels, and the customer's block", async () => {
    const r = await read([
      'ΓΕΥΣΕΙΣ ΘΑΛΑΣΣΑΣ Ι.Κ.Ε.',
      'ΤΙΜΟΛΟΓΙΟ ΠΑΡΟΧΗΣ ΥΠΗΡΕΣΙΩΝ',
      'ΠΕΛΑΤΗΣ   Σειρά/Αριθμός: Β-0118',
      'ΝΗΣΙΩΤΙΚΗ ΦΑΡΜΑ Α.Ε.   Ημερομηνία: 06/02/2026',
      'Λήξη: 05/03/2026',
      'Πληρωτέο   6.140,86 €',
    ]);
    expect(values(r, 'invoice_number', 'due_date', 'total_amount', 'vendor_name')).toEqual([
      'Β-0118',
      '2026-03-05',
      6140.86,
      'ΓΕΥΣΕΙΣ ΘΑΛΑΣΣΑΣ Ι.Κ.Ε.',
    ]);
  });
});
