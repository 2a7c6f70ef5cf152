// The printed-page reader on layouts of text-only PDFs (issue 24, the hand-written PDF set):
// a details box beside a party's block, credit notes, a letter's own date, series numbers,
// the currency of a page that prints none, receipts' bare numbers and means of payment, and
// the vendor's email when its billing system sent the mail. Each case is written as the text
// pdf.js gives (columns kept by position, cells apart by three spaces or more).
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import type { STARTERS } from '../../pipeline/starters.ts';
import { runStarter } from '../helpers/starter.ts';

async function read(text: string, starter: keyof typeof STARTERS = 'invoice', from?: string): Promise<SchemaRun> {
  return runStarter(starter, { subject: 'Document', text, from });
}

describe('a details box beside a party block', () => {
  it("the box's dates and number are the document's, not the buyer's under 'SOLD TO:'", async () => {
    const r = await read(
      [
        'GREAT LAKES                                          Great Lakes Restaurant Supply Co.',
        '                                                     1450 W Fulton Market, Chicago, IL 60607',
        'SOLD TO:',
        '                                                     Invoice #      00418871',
        'Lakeshore Bistro Group LLC',
        '820 N Michigan Ave                                   Invoice Date   03/05/2026',
        'Chicago, IL 60611',
        '                                                     Due Date       04/04/2026',
        '',
        'Invoice Total USD                                                     5,781.35',
      ].join('\n'),
    );
    expect(r.fields.invoice_number!.value).toBe('00418871');
    // Month first: a US page, read as such, but only its currency decides (below 0.8).
    expect(r.fields.invoice_date!.value).toBe('2026-03-05');
    expect(r.fields.invoice_date!.confidence).toBeLessThan(0.8);
    expect(r.fields.due_date!.value).toBe('2026-04-04');
  });
});

describe('credit notes', () => {
  it("the credit note's own number, not the invoice it corrects; its credited total", async () => {
    const r = await read(
      [
        'Bürowelt Schneider GmbH',
        '                                                    Gutschrift',
        '                                                    Gutschrift-Nr.   GS-2026-0091',
        '                                                    Datum            12.03.2026',
        '                                                    zu Rechnung      RE-2026-1877 vom 02.03.2026',
        ' Bürostuhl Ergo Pro, Rücknahme             1        289,00        289,00',
        '                                  Nettobetrag                    303,90 €',
        '                                  USt. 19 %                       57,74 €',
        '                                  Gutschriftsbetrag              361,64 €',
      ].join('\n'),
    );
    expect(r.fields.invoice_number!.value).toBe('GS-2026-0091');
    expect(r.fields.invoice_number!.confidence).toBeGreaterThanOrEqual(0.8);
    expect(r.fields.total_amount!.value).toBe(361.64);
    expect(r.fields.invoice_date!.value).toBe('2026-03-12');
  });

  it('an English credit memo: "Credit memo #" and "Total credit"; the original invoice is set aside', async () => {
    const r = await read(
      [
        'Pinecrest Software LLC                               CREDIT MEMO',
        '                                                     Credit memo #      CM-10288',
        '                                                     Original invoice   INV-55871',
        'Refund: unused seats                    4        35.00        140.00',
        '                                     Total credit              140.00 USD',
      ].join('\n'),
    );
    expect(r.fields.invoice_number!.value).toBe('CM-10288');
    expect(r.fields.total_amount!.value).toBe(140);
  });
});

describe('numbers and dates in Polish and letter forms', () => {
  it('a letter\'s own date at the head ("Kraków, dnia 05.03.2026") is the issue date, not the sale date', async () => {
    const r = await read(
      [
        '                                                           Kraków, dnia 05.03.2026',
        '                                                           Data sprzedaży: 28.02.2026',
        '                       Faktura VAT nr FV 2026/03/044',
        'Sprzedawca                                  Nabywca',
        'Biuro Rachunkowe Kowalczyk Sp. z o.o.       Piekarnia Zieliński',
        'Do zapłaty: 1 439,10 zł',
      ].join('\n'),
    );
    expect(r.fields.invoice_date!.value).toBe('2026-03-05');
    expect(r.fields.invoice_date!.confidence).toBeLessThanOrEqual(0.8);
    // A series prefix and a number that alone would read as a date.
    expect(r.fields.invoice_number!.value).toBe('FV 2026/03/044');
    expect(r.fields.currency!.value).toBe('PLN');
  });
});

describe('the currency of a page that prints none', () => {
  it("an Italian receipt's P.IVA: EUR, as an inference (0.6)", async () => {
    const r = await read(
      [
        '              OSTERIA DEL PONTE',
        '            di Bianchi & C. S.n.c.',
        '               P.IVA 05566778899',
        'Bistecca fiorentina 1 kg              55,00',
        'TOTALE COMPLESSIVO                   110,00',
        'Pagamento contante                     0,00',
        'Pagamento elettronico                110,00',
        'DOCUMENTO N. 0042-0017',
        '08-03-2026 22:10',
      ].join('\n'),
      'receipt',
    );
    expect(r.fields.currency!.value).toBe('EUR');
    expect(r.fields.currency!.confidence).toBe(0.6);
    // The means that paid nothing is not how it was paid.
    expect(r.fields.payment_method!.value).toBe('Pagamento elettronico');
  });

  it('a US "City, ST 12345" address: USD; a euro IBAN beside it makes the page undecided', async () => {
    const us = await read(
      ['THE LARCHMONT INN', '41 Elm Street · Burlington, VT 05401', 'Folio No.   88314', 'Total     444.20'].join('\n'),
    );
    expect(us.fields.currency!.value).toBe('USD');
    expect(us.fields.currency!.confidence).toBe(0.6);
    const mixed = await read(
      [
        'THE LARCHMONT INN',
        '41 Elm Street · Burlington, VT 05401',
        'Folio No.   88314',
        'Total     444.20',
        'IBAN DE89370400440532013000',
      ].join('\n'),
    );
    expect(mixed.fields.currency!.confidence).toBeLessThanOrEqual(0.5);
  });
});

describe('receipts', () => {
  it('a bare "Nº" at the start of its line under a simplified invoice, and "Bonnr."', async () => {
    const es = await read(
      [
        '   Ferretería Martínez, S.L.',
        '   FACTURA SIMPLIFICADA',
        'Cinta americana gris            4,50',
        'TOTAL                      EUR 29,60',
        'EFECTIVO                       29,60',
        'Nº FS26-008812',
        'Fecha: 13/03/2026 11:02',
      ].join('\n'),
      'receipt',
    );
    expect(es.fields.receipt_number!.value).toBe('FS26-008812');
    expect(es.fields.receipt_number!.confidence).toBeLessThan(0.8);
    const nl = await read(
      [
        'De Kade Horeca B.V.',
        'TOTAAL          EUR 45,75',
        'PIN             45,75',
        'Bonnr. 88120',
        'Datum 10-03-2026',
      ].join('\n'),
      'receipt',
    );
    expect(nl.fields.receipt_number!.value).toBe('88120');
  });

  it('the legal name with a French form printed before it, over the brand above it', async () => {
    const r = await read(
      [
        '          BRASSERIE LE QUAI',
        '        SARL Le Quai Bordelais',
        '       12 quai des Chartrons',
        '          33000 Bordeaux',
        'TOTAL TTC                    EUR 64,00',
        'CARTE BANCAIRE                   64,00',
        'Ticket n° 004512',
      ].join('\n'),
      'receipt',
    );
    expect(r.fields.merchant!.value).toBe('SARL Le Quai Bordelais');
  });

  it('a named scheme over the kind of payment on its line ("Kartenzahlung girocard")', async () => {
    const r = await read(
      [
        'Trattoria da Marco GmbH',
        'SUMME EUR                     116,40',
        'Kartenzahlung girocard   116,40',
        'Beleg-Nr. 20417',
      ].join('\n'),
      'receipt',
    );
    expect(r.fields.payment_method!.value).toBe('girocard');
  });
});

describe("the vendor's email when its billing system sent the mail", () => {
  const page = [
    'Lumenly Inc.',
    'Invoice number   LUM-2231',
    'Questions? billing@lumenly.example',
    'Amount due       $120.00',
  ].join('\n');

  it('another billing mailbox of the vendor sent it: the printed address, but at most 0.7', async () => {
    const r = await read(page, 'invoice', 'Lumenly <invoice+statements@lumenly.example>');
    expect(r.fields.vendor_email!.value).toBe('billing@lumenly.example');
    expect(r.fields.vendor_email!.confidence).toBeLessThanOrEqual(0.7);
  });

  it('a no-reply sender is no rival: the printed address keeps its confidence', async () => {
    const r = await read(page, 'invoice', 'Lumenly <noreply@lumenly.example>');
    expect(r.fields.vendor_email!.value).toBe('billing@lumenly.example');
    expect(r.fields.vendor_email!.confidence).toBeGreaterThanOrEqual(0.8);
  });
});
