// The printed-page reader on receipt mails (issue 24, the dev half of layouts-fresh-receipts12:
// Nordic, Baltic, Polish, Central European, Mediterranean and Balkan receipts): a tip and the
// amount paid by card in Estonian, a payment confirmation's headline amount under its paid
// word, the receipt numbers those tills print (a Greek document's, a Croatian "br.", Portugal's
// certified series and number), one label per passenger's ticket, the card a Hungarian or
// Slovak slip names. Each case is written small, with invented names and values.
import { describe, expect, it } from 'vitest';
import {
  confidence,
  rows,
  value,
  readReceiptText as readText,
  readReceiptHtml as readHtml,
} from '../helpers/starter.ts';

describe('the amount paid', () => {
  it('an Estonian tip under "Kokku", then "Makstud kaardiga" the two together', async () => {
    const r = await readHtml(
      `<p>Rannakohvik OÜ</p>${rows([
        ['Supp', '7,20'],
        ['Kala', '16,80'],
        ['Kokku', '24,00 €'],
        ['Jootraha', '2,00 €'],
        ['Makstud kaardiga', '26,00 €'],
      ])}`,
    );
    expect(value(r, 'total_amount')).toBe(26);
  });

  it("a payment confirmation's first line: the paid word, the amount alone under it", async () => {
    const dk = await readHtml(
      '<p>Kringle &amp; Co</p><p>Du har betalt</p><p>64,50 kr.</p><p>Betalt med</p><p>MobilePay</p>',
    );
    expect(value(dk, 'total_amount')).toBe(64.5);
    expect(confidence(dk, 'total_amount')).toBeLessThan(0.8);
    const si = await readHtml('<p>Vozim d.o.o.</p><p>Seja končana · plačano</p><p>9,40 €</p><p>Način plačila</p>');
    expect(value(si, 'total_amount')).toBe(9.4);
  });

  it('a Hungarian "Fizetett összeg" after the fee lines it adds up', async () => {
    const r = await readHtml(
      `<p>Pályajegy Kft.</p>${rows([
        ['Jegy díja', '4 100 Ft'],
        ['Kezelési díj', '200 Ft'],
      ])}<p>Fizetett összeg 4 300 Ft</p>`,
    );
    expect(value(r, 'total_amount')).toBe(4300);
  });
});

describe("the receipt's number", () => {
  it('a Greek "Αρ. παραστατικού" beside its series', async () => {
    const r = await readHtml(
      `<p>ΑΠΟΔΕΙΞΗ ΛΙΑΝΙΚΗΣ ΠΩΛΗΣΗΣ</p>${rows([
        ['Σειρά', 'Β'],
        ['Αρ. παραστατικού', '7731'],
        ['ΣΥΝΟΛΟ', '9,60 €'],
      ])}`,
    );
    expect(value(r, 'receipt_number')).toBe('7731');
  });

  it('a Croatian "RAČUN br.", a Lithuanian "KVITAS Nr.", a Slovak "Č. dokladu"', async () => {
    const hr = await readText(['KAVANA SJEVER d.o.o.', 'RAČUN br. 318/PP2/4', 'UKUPNO EUR      12,40'].join('\n'));
    expect(value(hr, 'receipt_number')).toBe('318/PP2/4');
    const lt = await readText(['UAB "Ąžuolas"', 'KVITAS Nr. 2208-0311', 'Iš viso EUR      8,15'].join('\n'));
    expect(value(lt, 'receipt_number')).toBe('2208-0311');
    const sk = await readText(['Pekáreň Hron s.r.o.', 'CELKOM EUR      3,10', 'Č. dokladu: 207'].join('\n'));
    expect(value(sk, 'receipt_number')).toBe('207');
  });

  it('Polish, Hungarian, Slovenian labels stacked over their numbers', async () => {
    const pl = await readHtml('<p>Paczkomatix</p><p>Nr zamówienia</p><p>PX-4410-2291</p><p>Razem 12,99 zł</p>');
    expect(value(pl, 'receipt_number')).toBe('PX-4410-2291');
    const hu = await readHtml(`${rows([['Nyugta sorszáma', 'BV-26-7730']])}<p>Összesen 900 Ft</p>`);
    expect(value(hu, 'receipt_number')).toBe('BV-26-7730');
    const si = await readHtml('<p>Račun št.</p><p>EV-2026-1144</p><p>Skupaj 5,20 €</p>');
    expect(value(si, 'receipt_number')).toBe('EV-2026-1144');
  });

  it('a Bulgarian invoice\'s bare "Номер"', async () => {
    const r = await readText(
      ['                    ФАКТУРА', 'Номер              0000008812', 'Сума за плащане    41,00 €'].join('\n'),
    );
    expect(value(r, 'receipt_number')).toBe('0000008812');
  });

  it("Portugal's series and number: under a roll's centred title, and after a title in a sentence", async () => {
    const roll = await readText(
      ['         FATURA SIMPLIFICADA', 'FS 2/0418', 'Data: 2026-02-11', 'TOTAL EUR          11,20'].join('\n'),
    );
    expect(value(roll, 'receipt_number')).toBe('FS 2/0418');
    const letter = await readText(
      'Segue a Fatura-Recibo FR 2026/0773 (ATCUD QQ11-0773), emitida em 02-02-2026. Total 88,00 €',
    );
    expect(value(letter, 'receipt_number')).toBe('FR 2026/0773');
  });

  it("one label per passenger's ticket: the receipt's own number is the document's", async () => {
    const r = await readHtml(
      rows([
        ['Ana K. – ticket no.', '0044-1100221'],
        ['Ivo K. – ticket no.', '0044-1100222'],
        ['Receipt no.', 'RX-26-0117'],
        ['Total paid', '€40.00'],
      ]),
    );
    expect(value(r, 'receipt_number')).toBe('RX-26-0117');
  });
});

describe('how it was paid, and by whom', () => {
  it('a Hungarian "Fizetés módja: Bankkártya (Mastercard)" names the card', async () => {
    const r = await readHtml(`${rows([['Fizetés módja', 'Bankkártya (Mastercard)']])}<p>Fizetendő 2 400 Ft</p>`);
    expect(value(r, 'payment_method')).toBe('Mastercard');
  });

  it('a Slovak "Platobná karta" line, as printed', async () => {
    const r = await readText(['CELKOM EUR          6,30', 'Platobná karta      6,30'].join('\n'));
    expect(value(r, 'payment_method')).toBe('Platobná karta');
  });

  it("a seller block's one line, the name then its address: the name only", async () => {
    const r = await readHtml(
      '<p>Razem 9,99 zł</p><p>Sprzedawca</p><p>Skrytka Sp. z o.o., ul. Długa 3, 00-001 Warszawa</p>',
    );
    expect(value(r, 'merchant')).toBe('Skrytka Sp. z o.o.');
  });

  it('a name "em nome de" in a letter is whom the document is made out to', async () => {
    const r = await readText(
      [
        'Segue a fatura emitida em nome de Cliente Exemplo, Lda., NIF 500000000.',
        'Total 50,00 €',
        'Casa do Rio, Lda. · NIF 511111111',
      ].join('\n'),
    );
    expect(value(r, 'merchant')).not.toBe('Cliente Exemplo, Lda.');
  });
});
