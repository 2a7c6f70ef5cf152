// The printed-page reader on receipts, round 2 (issue 24, the second receipt set): receipts in
// Turkish, Czech, Finnish, Greek, Norwegian and Portuguese (their totals, numbers, currencies
// and means of payment), the tax a total includes printed under it, a time of day that is no
// amount, a return that names the original receipt, items on one line apart by middle dots,
// and confidence that stays below 0.8 when the reading rests on one weak signal. Each case is
// written as the text a till, pdf.js or an HTML mail gives (cells apart by three spaces or more).
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import { runStarter } from '../helpers/starter.ts';

async function read(body: { text?: string; html?: string }): Promise<SchemaRun> {
  // buildEml's mail is dated 3 March 2026: no case below prints that day.
  return runStarter('receipt', { subject: 'Receipt', ...body });
}

const slip = (...lines: string[]) => read({ text: lines.join('\n') });
const field = (r: SchemaRun, name: string) => [r.fields[name]!.value, r.fields[name]!.confidence];

describe('receipts in Turkish', () => {
  it('reads FİŞ NO, TOPLAM with its starred amounts and NAKİT (dotted and dotless i fold to i)', async () => {
    const r = await slip(
      'BEREKET MARKET',
      'Bereket Gıda Perakende A.Ş.',
      'Kadıköy V.D. 1447210883',
      'TARİH: 09.03.2026     SAAT: 19:58',
      'FİŞ NO: 0117          KASA: 05',
      'EKMEK 2 AD                  *30,00',
      'DETERJAN 3KG               *214,90',
      'TOPKDV                      *27,90',
      'TOPLAM                     *244,90',
      'NAKİT                      *250,00',
      'PARA ÜSTÜ                    *5,10',
    );
    expect(field(r, 'receipt_number')).toEqual(['0117', 0.85]);
    // The item lines add up to it.
    expect(field(r, 'total_amount')).toEqual([244.9, 0.9]);
    expect(field(r, 'payment_method')).toEqual(['NAKİT', 0.7]);
    // No currency printed: the tax office says Turkey, an inference below 0.8.
    expect(field(r, 'currency')).toEqual(['TRY', 0.6]);
  });

  it('an amount in lira printed with TL', async () => {
    const r = await slip('Adisyon No: 311', 'Tarih: 08.03.2026 15:58', 'Toplam: 185,00 TL', 'Ödeme: Nakit');
    expect(field(r, 'currency')).toEqual(['TRY', 0.85]);
    expect(field(r, 'total_amount')).toEqual([185, 0.85]);
    expect(field(r, 'payment_method')).toEqual(['Nakit', 0.9]);
    expect(r.fields.receipt_number!.value).toBe('311');
  });
});

describe('receipts in Czech, Finnish, Greek, Norwegian and Portuguese', () => {
  it('Czech: Účtenka č., Celkem, Kč, DPH', async () => {
    const r = await slip(
      'Kvítek retail s.r.o.',
      'IČO: 07114582  DIČ: CZ07114582',
      'Účtenka č. 2026/0311/4471',
      'Šampon Heřmánek 400ml          89,90 A',
      'Krém na ruce                   74,50 A',
      'Celkem                     164,40 Kč',
      'DPH 21%                        28,53',
      'Datum: 11.03.2026   Čas: 15:22',
    );
    expect(field(r, 'receipt_number')).toEqual(['2026/0311/4471', 0.85]);
    expect(r.fields.total_amount!.value).toBe(164.4);
    expect(r.fields.total_amount!.confidence).toBeGreaterThanOrEqual(0.85);
    expect(field(r, 'currency')).toEqual(['CZK', 0.8]);
  });

  it('Finnish: Kuitti nro, YHTEENSÄ, korttimaksu then the card scheme', async () => {
    const r = await slip(
      'Rautapiste Oy',
      'Y-tunnus 2841177-3',
      'Kuitti nro 55120          12.03.2026 11:04',
      'Porakone 18V Akku                 149,00',
      'Ruuvisarja 120 osaa                24,90',
      'YHTEENSÄ EUR                      173,90',
      'KORTTIMAKSU',
      'Visa Debit                    173,90 EUR',
    );
    expect(field(r, 'receipt_number')).toEqual(['55120', 0.85]);
    expect(r.fields.total_amount!.value).toBe(173.9);
    expect(r.fields.payment_method!.value).toBe('Visa Debit');
  });

  it('Greek: the number after Αρ. and the total after ΣΥΝΟΛΟ; the euro from the ΑΦΜ, below 0.8', async () => {
    const r = await slip(
      'AIGAIO FUELS A.E.',
      'ΑΦΜ 094411270',
      'ΑΠΟΔΕΙΞΗ ΛΙΑΝΙΚΗΣ',
      'Αρ. 22071             13/03/2026 07:33',
      'Λίτρα 32,15 x 1,889',
      'ΣΥΝΟΛΟ                           60,73',
      'ΦΠΑ 24%                          11,75',
      'MASTERCARD                       60,73',
    );
    expect(r.fields.receipt_number!.value).toBe('22071');
    expect(r.fields.total_amount!.value).toBe(60.73);
    expect(field(r, 'currency')).toEqual(['EUR', 0.6]);
  });

  it('Norwegian: BankAxept is a means of payment; kroner from "Org.nr. … MVA", below 0.8', async () => {
    const r = await slip(
      'Lydhuset Elektro AS',
      'Org.nr. 918 447 102 MVA',
      'KVITTERING               Nr. 7730412',
      'USB-C lader 30W                 349,00',
      'Totalt                          349,00',
      'BankAxept                       349,00',
    );
    expect(r.fields.payment_method!.value).toBe('BankAxept');
    expect(field(r, 'currency')).toEqual(['NOK', 0.6]);
  });

  it('Portuguese: MULTIBANCO and MB WAY are means of payment', async () => {
    const a = await slip('TOTAL A PAGAR                47,43', 'MULTIBANCO                   47,43');
    expect(a.fields.payment_method!.value).toBe('MULTIBANCO');
    const b = await slip('TOTAL                 -24,90 EUR', 'Reembolso: MB WAY');
    expect(field(b, 'payment_method')).toEqual(['MB WAY', 0.9]);
  });
});

describe('amounts', () => {
  it('"incl. 21% btw" under the amount is the tax it includes, not the total', async () => {
    const r = await slip(
      'BETAALBEWIJS PARKEREN',
      'Parkeerduur               4 u 34 min',
      'Bedrag                       € 14,40',
      'incl. 21% btw                 € 2,50',
      'Betaald met                    V PAY',
    );
    expect(r.fields.total_amount!.value).toBe(14.4);
    expect(r.fields.total_amount!.confidence).toBeGreaterThanOrEqual(0.85);
    // An amount's own word with the tax words is the gross, as before.
    const gross = await slip('Importe (IVA 21% incl.)         7,35 EUR', 'Cuota IVA                       1,28 EUR');
    expect(gross.fields.total_amount!.value).toBe(7.35);
  });

  it('a time of day after a label is no amount ("Betaald 13-03-2026 15:58")', async () => {
    const r = await slip('Ingereden   13-03-2026 11:24', 'Betaald   13-03-2026 15:58', 'Parkeerduur   4 u 34 min');
    expect(r.fields.total_amount!.value).toBeNull();
  });
});

describe('a return names the original receipt', () => {
  it("the original receipt's number and date are not the return's", async () => {
    const r = await slip(
      'RETURN RECEIPT',
      '455 Mission Blvd, Fremont, CA 94538',
      'Trans # 0611-02-7730',
      '02/27/2026 11:02                    Assoc 4471',
      'Orig receipt 0611-05-6612 02/12/2026',
      'TOTAL REFUND                           -154.33',
    );
    // The sale's time stamp and a "Trans #" label: weak signals, below 0.8.
    expect(field(r, 'date')).toEqual(['2026-02-27', 0.6]);
    expect(field(r, 'receipt_number')).toEqual(['0611-02-7730', 0.6]);
  });
});

describe('items on one line apart by middle dots', () => {
  it('a labelled value ends at " · "', async () => {
    const r = await read({
      html: '<p>Hemmabo Möbler Uppsala · 2026-03-10 15:06<br>Kvittonummer: 118-2026-00441 · Kassa 3</p><p>Att betala 10 569,55 SEK</p>',
    });
    // A label that is not the receipt's title word ("Kvittonummer" is not "Kvitto"): 0.72.
    expect(field(r, 'receipt_number')).toEqual(['118-2026-00441', 0.72]);
  });
});

describe('items on one line apart by middle dots are cells', () => {
  it('a title and its number between dots ("· Bon 5519-0313 ·") is the receipt number', async () => {
    const r = await read({
      html: '<h3>Blütenweiß Filiale 2207</h3><p>13.03.2026 · 12:02 Uhr · Bon 5519-0313 · Kasse 1</p><p>Summe EUR 17,05</p>',
    });
    expect(r.fields.receipt_number!.value).toBe('5519-0313');
  });
});

describe('confidence that says what it knows', () => {
  it('an unconfirmed total of which a smaller part was paid (a deposit, a share) is at most 0.7', async () => {
    const r = await slip(
      'RICEVUTA FISCALE N. 2026/00418',
      'Pernottamento 3 notti                 570,00',
      'Minibar                                14,50',
      'TOTALE SOGGIORNO                      683,50',
      'Acconto versato                      -200,00',
      'Pagato con AMERICAN EXPRESS           483,50',
    );
    expect(field(r, 'total_amount')).toEqual([683.5, 0.7]);
  });

  it('cash given above the total is no rival: the total keeps its 0.85', async () => {
    const r = await slip('1 BAGUETTE TRADITION   1,30', 'TOTAL                  3,40', 'Payé                   5,00');
    expect(field(r, 'total_amount')).toEqual([3.4, 0.85]);
  });

  it('a receipt date after the mail that carries it is at most 0.5', async () => {
    // The mail is dated 3 March 2026.
    const r = await slip('Kassenbon Nr. 4471', 'Datum: 15.04.2026', 'Summe EUR 12,00');
    expect(field(r, 'date')).toEqual(['2026-04-15', 0.5]);
    const before = await slip('Kassenbon Nr. 4471', 'Datum: 02.03.2026', 'Summe EUR 12,00');
    expect(field(before, 'date')).toEqual(['2026-03-02', 0.9]);
  });

  it("a slip's date with the time at the other end of the line is its time stamp, a weak signal at 0.6", async () => {
    const r = await slip(
      'Copper Kettle Hospitality LLC',
      '2210 Elm St, Dallas, TX 75201',
      'MERCHANT COPY',
      '03/01/2026                    08:47 PM',
      'TOTAL                           $42.17',
    );
    expect(field(r, 'date')).toEqual(['2026-03-01', 0.6]);
  });
});

describe('merchants and means of payment of the second set', () => {
  it('a Czech company in small letters ("Mlýnská gastro s.r.o.") is the legal name under the brand', async () => {
    const r = await slip(
      'Restaurace U Mlýna',
      'Mlýnská gastro s.r.o.',
      'Mlýnská 7, 602 00 Brno',
      'Účet č. 0318                 Stůl 6',
      'Celkem k úhradě Kč          901,00',
    );
    // The test mail's sender ("Billing") names another party: a doubt, 0.7.
    expect(field(r, 'merchant')).toEqual(['Mlýnská gastro s.r.o.', 0.7]);
  });

  it('girocard named under "Kartenzahlung" on a terminal slip is the card that paid', async () => {
    const r = await slip('*** HÄNDLERBELEG ***', 'Kartenzahlung', 'girocard', 'Betrag EUR              23,80');
    expect(field(r, 'payment_method')).toEqual(['girocard', 0.7]);
  });

  it('a payment label and the means in the next cell, not the line below', async () => {
    const r = await slip(
      'Bedrag                  € 14,40',
      'Betaald met               V PAY',
      'Kaartnr.            xxxx 3307',
    );
    expect(field(r, 'payment_method')).toEqual(['V PAY', 0.9]);
  });

  it('cash given in space-grouped thousands ("Hotově   1 000,00") is how the bill was paid', async () => {
    const r = await slip(
      'Celkem k úhradě Kč         901,00',
      'Hotově                   1 000,00',
      'Vráceno                     99,00',
    );
    expect(r.fields.payment_method!.value).toBe('Hotově');
  });
});
