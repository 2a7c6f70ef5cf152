// The printed-page reader on text-PDF invoices of more countries (issue 24, the dev half of
// layouts-fresh-pdf2): Slovak, Croatian, Greek, Slovenian, Portuguese and Baltic labels and
// titles, a title's number set right under it, Central and Eastern European party headings,
// d.o.o. and the Baltic forms printed before a quoted name, Lithuanian and Latvian long dates,
// deadlines in sentences, a label wrapped over two lines around its amount, Chile's R.U.T., and
// a label's translation in another script. Each case is written as the text pdf.js gives
// (columns kept by position, cells apart by three spaces or more); every name, number and
// address is invented.
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import { runStarter, value } from '../helpers/starter.ts';

async function read(text: string, from?: string): Promise<SchemaRun> {
  return runStarter('invoice', { subject: 'Document', text, from });
}

describe('document numbers and titles', () => {
  it('a title set at the right margin has its number under it, with its marker', async () => {
    const r = await read(
      [
        'Lipovec s.r.o.',
        '                                                                      FAKTÚRA – DAŇOVÝ DOKLAD',
        'Námestie 4, 040 01 Košice                                                        č. 7733019',
        'Dátum vyhotovenia:            04.02.2026',
        '                                                   K úhrade                  1 230,00 €',
      ].join('\n'),
    );
    expect(value(r, 'invoice_number')).toBe('7733019');
    expect(value(r, 'invoice_date')).toBe('2026-02-04');
  });

  it('a Lithuanian title, its number and its long date under it', async () => {
    const r = await read(
      [
        'PVM SĄSKAITA FAKTŪRA',
        'Nr. LKA-0091',
        '2026 m. vasario 12 d.',
        'Pardavėjas                                             Pirkėjas',
        'UAB „Žalias medis“                                     UAB „Kalnų prekyba“',
        'Gedimino pr. 7, Kaunas                                 Laisvės al. 3, Kaunas',
        '                                                      Iš viso mokėti, EUR          412,00',
      ].join('\n'),
    );
    expect(value(r, 'invoice_number')).toBe('LKA-0091');
    expect(value(r, 'invoice_date')).toBe('2026-02-12');
    expect(value(r, 'vendor_name')).toBe('UAB „Žalias medis“');
  });

  it('an Estonian title with its number and date on one line', async () => {
    const r = await read(
      ['Lepik Koolitus OÜ', 'ARVE nr 77-402 · 14.01.2026', '                 Tasuda kokku EUR        310,00'].join(
        '\n',
      ),
    );
    expect(value(r, 'invoice_date')).toBe('2026-01-14');
  });

  it('"Fee Note No:" numbers an Irish fee note', async () => {
    const r = await read(
      [
        'OAKFIELD BRENNAN',
        'The Secretary                                  Fee Note No: OB-26-118',
        'Glenmore Holdings Limited                      Date:        4 February 2026',
        '                                       Total due                         €1,845.00',
      ].join('\n'),
    );
    expect(value(r, 'invoice_number')).toBe('OB-26-118');
  });

  it('a Latvian number inside a sentence, and its deadline "līdz" a dative long date', async () => {
    const r = await read(
      [
        'SIA „Kļava Konsultē“',
        'Rīgā, 2026. gada 5. februārī',
        'Saskaņā ar līgumu izrakstām rēķinu Nr. KK-2026/007 par konsultācijām.',
        '                                       Kopā apmaksai, EUR                 605,00',
        'Lūdzam samaksāt 605,00 EUR līdz 2026. gada 19. februārim.',
      ].join('\n'),
    );
    expect(value(r, 'invoice_number')).toBe('KK-2026/007');
    expect(value(r, 'invoice_date')).toBe('2026-02-05');
    expect(value(r, 'due_date')).toBe('2026-02-19');
  });
});

describe('labels of more languages', () => {
  it('a Greek series and number, payment deadline and customer order', async () => {
    const r = await read(
      [
        ' ΤΙΜΟΛΟΓΙΟ ΠΑΡΟΧΗΣ ΥΠΗΡΕΣΙΩΝ',
        ' Σειρά - Αριθμός       Α-0731                    Τρόπος πληρωμής       Μετρητά',
        ' Ημερομηνία έκδοσης    03/02/2026                Προθεσμία εξόφλησης   17/02/2026',
        ' Αρ. παραγγελίας πελάτη ΡΟ-4410',
      ].join('\n'),
    );
    expect(value(r, 'invoice_number')).toBe('Α-0731');
    expect(value(r, 'due_date')).toBe('2026-02-17');
    expect(value(r, 'po_number')).toBe('ΡΟ-4410');
  });

  it("a Croatian invoice's date and time of issue; its j.d.o.o. in the footer", async () => {
    const r = await read(
      [
        'VIDA SERVIS',
        'Kupac                                                      Datum i vrijeme    12.02.2026. 09:15',
        'Primorka d.o.o.                                            Datum dospijeća    26.02.2026.',
        'RAČUN br. 41-2-1',
        '                                                       ZA PLATITI EUR                  88,00',
        'Vida servis j.d.o.o., Ilica 5, 10000 Zagreb   IBAN HR12 2340 0091 1100 2233 4',
      ].join('\n'),
    );
    expect(value(r, 'invoice_date')).toBe('2026-02-12');
    expect(value(r, 'vendor_name')).toBe('Vida servis j.d.o.o.');
  });

  it("a Slovenian buyer's heading at the margin does not take the facts box beside it", async () => {
    const r = await read(
      [
        'KUPEC                                                                              Številka računa        26-0071',
        'Mlinar d.o.o.',
        '                                                                                   Datum izdaje          2. 2. 2026',
        'Cesta 9, 2000 Maribor',
        '                                                                                   Rok plačila          16. 2. 2026',
        '                                                                                   Naročilo kupca       NK-26-14',
        '                                                       Za plačilo EUR                 300,00',
        'Prevodi Lipa d.o.o., Celovška 3, 1000 Ljubljana',
      ].join('\n'),
    );
    expect(value(r, 'invoice_date')).toBe('2026-02-02');
    expect(value(r, 'due_date')).toBe('2026-02-16');
    expect(value(r, 'po_number')).toBe('NK-26-14');
  });

  it('a Portuguese "V/ Requisição" is the buyer\'s order', async () => {
    const r = await read(
      [
        'Exmo.(s) Sr.(s)                                           Data                                02/02/2026',
        'Pescas Sul, S.A.                                          V/ Requisição                          7710-3',
        'Fatura FT A2026/55',
        '                                                         Total a pagar                      120,00 €',
      ].join('\n'),
    );
    expect(value(r, 'po_number')).toBe('7710-3');
  });

  it("a document type's code in parentheses after an order label is not the order", async () => {
    const r = await read(
      [
        'Referencias',
        '        Tipo de documento              Folio           Fecha',
        ' Orden de Compra (801)            7300-118       02/02/2026',
      ].join('\n'),
    );
    expect(value(r, 'po_number')).toBe('7300-118');
  });
});

describe('dates in sentences', () => {
  it('"to be paid not later than" a date is the due date', async () => {
    const r = await read(
      [
        'INVOICE No.: LHG/26/031',
        '                                  Total                      NGN 500,000.00',
        'The balance is to be paid not later than 12 February 2026 to our account.',
      ].join('\n'),
    );
    expect(value(r, 'due_date')).toBe('2026-02-12');
  });

  it('"30 jours net, soit jusqu\'au" a date is the due date', async () => {
    const r = await read(
      [
        'Facture n° 2026-77',
        '                                  Total TTC                      CHF 410.00',
        'Conditions : 30 jours net, soit jusqu’au 06.03.2026.',
      ].join('\n'),
    );
    expect(value(r, 'due_date')).toBe('2026-03-06');
  });
});

describe('amounts and currencies', () => {
  it('a payable label wrapped over two lines around its amount, after a deposit taken off', async () => {
    const r = await read(
      [
        'Invoice 7710',
        '                                                     Invoice total                    7,400.00',
        '                                                     Less deposit received            -1,000.00',
        '                                                     BALANCE DUE ON',
        '                                                                                      6,400.00',
        '                                                     COMPLETION',
      ].join('\n'),
    );
    expect(value(r, 'total_amount')).toBe(6400);
  });

  it('the Greek balance left after the advance', async () => {
    const r = await read(
      [
        'ΤΙΜΟΛΟΓΙΟ Α-12',
        '                                      Σύνολο τιμολογίου                1.240,00 €',
        '                                      Μείον προκαταβολή                 -240,00 €',
        '                                      Υπόλοιπο προς',
        '                                                                        1.000,00 €',
        '                                      εξόφληση',
      ].join('\n'),
    );
    expect(value(r, 'total_amount')).toBe(1000);
  });

  it('a "$" page with the issuer\'s R.U.T. is in Chilean pesos', async () => {
    const r = await read(
      [
        'CORDEL SPA                                   R.U.T.: 77.214.330-1',
        '                                             FACTURA ELECTRÓNICA',
        '                                             TOTAL                      $ 1.190.000',
      ].join('\n'),
    );
    expect(value(r, 'currency')).toBe('CLP');
  });

  it('a label with its Arabic or Chinese translation before the value', async () => {
    const ar = await read(
      [
        'TAX INVOICE',
        '                            Invoice No. / رقم الفاتورة   QX/26/004',
        '                            Invoice Date / تاريخ الفاتورة   04/02/2026',
        '                            Total amount due (AED)                 1,050.00',
      ].join('\n'),
    );
    expect(value(ar, 'invoice_date')).toBe('2026-02-04');
    const zh = await read(
      [
        'COMMERCIAL INVOICE',
        ' Invoice No.: LT-2604                 ',
        ' Date 日期: Feb. 3, 2026',
        '                            Total USD                 2,040.00',
      ].join('\n'),
    );
    expect(value(zh, 'invoice_date')).toBe('2026-02-03');
  });
});
