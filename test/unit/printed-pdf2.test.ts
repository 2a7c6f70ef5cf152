// The printed-page reader on PDFs written by producers other than Chromium (issue 24, the
// layouts-pdf2 set): a title whose number is followed by the document it refers to, the
// Portuguese and Spanish "n.º" mark, a UK VAT invoice's tax point, and a letterhead without a
// legal form that the sender's site names. Each case is written as the text pdf.js gives
// (columns kept by position, cells apart by three spaces or more).
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import { runStarter } from '../helpers/starter.ts';

async function read(text: string, from?: string): Promise<SchemaRun> {
  return runStarter('invoice', { subject: 'Document', text, from });
}

describe("a title's number followed by the document it refers to", () => {
  it('"Gutschrift GS-… zur Rechnung RE-…": the credit note\'s own number, not the invoice\'s', async () => {
    const r = await read(
      [
        'Papierhaus Lenz KG',
        'Kanzlei Albers                                          Datum          04.03.2026',
        'Domplatz 2                                              Kundennummer        40112',
        'Gutschrift GS-2026-114 zur Rechnung RE-2026-0871',
        ' Aktenvernichter P-4 (Rücknahme)           1         189,00        189,00',
        '                                   Nettobetrag                     189,00',
        '                                   zzgl. 19 % USt.                  35,91',
        '                                   Gutschriftsbetrag               224,91',
      ].join('\n'),
    );
    expect(r.fields.invoice_number!.value).toBe('GS-2026-114');
    expect(r.fields.invoice_number!.confidence).toBe(0.85);
  });

  it('"Credit note CN-… to invoice INV-…" in English reads the same way', async () => {
    const r = await read(
      [
        'Harbour Print Ltd',
        'Credit note CN-3391 to invoice INV-20817',
        'Returned: banner stand                     1          80.00          80.00',
        '                                     Total credit                   96.00 GBP',
      ].join('\n'),
    );
    expect(r.fields.invoice_number!.value).toBe('CN-3391');
    expect(r.fields.invoice_number!.confidence).toBe(0.85);
  });

  it('a sentence after the number is still no title ("Invoice 4471 was paid by card on …")', async () => {
    const r = await read(
      [
        'Harbour Print Ltd',
        'Invoice 4471 was paid by card on your account today',
        '                                     Invoice number   HP-5520',
      ].join('\n'),
    );
    expect(r.fields.invoice_number!.value).toBe('HP-5520');
  });
});

describe('the "n.º" number mark', () => {
  it('"Fatura n.º FT 2026/88": the series and number, under its label', async () => {
    const r = await read(
      [
        'Oficina Duarte, Lda.                                                   Fatura',
        'Cliente                                                Fatura n.º   FT 2026/88',
        'Padaria Central                                        Data          2026-03-02',
        '                                                       Total a pagar    123,00 €',
      ].join('\n'),
    );
    expect(r.fields.invoice_number!.value).toBe('FT 2026/88');
    expect(r.fields.invoice_number!.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('"Factura n.º" in Spanish', async () => {
    const r = await read(
      [
        'Talleres Ebro S.L.                                   Factura n.º     A-2026/0412',
        'Cliente                                              Fecha           02/03/2026',
        'Construcciones Moncayo S.A.',
      ].join('\n'),
    );
    expect(r.fields.invoice_number!.value).toBe('A-2026/0412');
    expect(r.fields.invoice_number!.confidence).toBeGreaterThanOrEqual(0.9);
  });
});

describe("a UK VAT invoice's tax point", () => {
  it('the only date is the tax point: the issue date, below auto-accept', async () => {
    const r = await read(
      [
        'Marlow Garden Supplies Ltd                          Invoice no.      MGS-20931',
        '                                                    Tax point        2 March 2026',
        'Invoice to',
        'Mrs J. Hale',
        '                                               Total payable          £48.60',
      ].join('\n'),
    );
    expect(r.fields.invoice_date!.value).toBe('2026-03-02');
    expect(r.fields.invoice_date!.confidence).toBe(0.765);
  });

  it('an invoice date beside it wins, and the tax point is no close rival', async () => {
    const r = await read(
      [
        'Marlow Garden Supplies Ltd                          Invoice no.      MGS-20931',
        '                                                    Invoice date     3 March 2026',
        '                                                    Tax point        28 February 2026',
        '                                               Total payable          £48.60',
      ].join('\n'),
    );
    expect(r.fields.invoice_date!.value).toBe('2026-03-03');
    expect(r.fields.invoice_date!.confidence).toBeGreaterThanOrEqual(0.8);
  });
});

describe('a letterhead without a legal form', () => {
  const page = [
    'I N V O I C E',
    'Jonas Berg                                          Invoice no.      JB-0019',
    'Illustration & Lettering                            Date             2 March 2026',
    '14 Kiln Lane, Bristol BS3 4EA',
    'Bill to',
    'Northgate Books Ltd',
    '                                               Total due           £640.00',
  ].join('\n');

  it("the sole trader's name at the head, which the sender's site names, at 0.7", async () => {
    const r = await read(page, 'Berg Illustration <studio@berg-illustration.example>');
    expect(r.fields.vendor_name!.value).toBe('Jonas Berg');
    expect(r.fields.vendor_name!.confidence).toBe(0.7);
  });

  it("a name the sender's site does not name is not taken from the head", async () => {
    const r = await read(page, 'Invoicely <no-reply@invoicely-mail.example>');
    expect(r.fields.vendor_name?.value).not.toBe('Jonas Berg');
  });
});

describe('an amount beside a sign the reader does not know', () => {
  it('a currency sign the text layer garbled ("542,61 ¬" where the page shows €) still leaves an amount', async () => {
    const r = await read(
      [
        'Hôtel du Parc SARL',
        'Facture N° HP-2026-0311',
        'Date / prestation                          Qté   Prix TTC    Montant TTC',
        '06/03 Chambre double                          1     145,45         145,45',
        '07/03 Chambre double                          1     145,45         145,45',
        '                                          Total HT        264,45 ¬',
        '                                          TVA 10 %         26,45 ¬',
        '                                          Total TTC       290,90 ¬',
      ].join('\n'),
    );
    expect(r.fields.total_amount!.value).toBe(290.9);
    expect(r.fields.total_amount!.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('a currency sign outside the known list (₫) is a sign, not a word', async () => {
    const r = await read(
      ['Saigon Print Co.', 'Invoice no. SP-0099', '                                   Total due      1.250.000 ₫'].join(
        '\n',
      ),
    );
    expect(r.fields.total_amount!.value).toBe(1250000);
  });
});
