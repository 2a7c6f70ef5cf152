// The printed-page reader on text-PDF invoices of many countries (issue 24, the dev half of
// layouts-fresh-pdf): a value set lower than its label, a separable Dutch debit verb, a buyer's
// order with its date, the Czech "a.s.", a Swedish credit note's own number beside the invoice it
// credits, a freight bill's PRO number, a self-billing invoice's supplier, an item table whose
// heads the reader does not know, an Indian "Dated" header, Turkish due dates and a Brazilian
// NFS-e's net amount. Each case is written as the text pdf.js gives (columns kept by position,
// cells apart by three spaces or more); every name, number and address is invented.
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import { runStarter } from '../helpers/starter.ts';

async function read(text: string, from?: string, to?: string): Promise<SchemaRun> {
  return runStarter('invoice', { subject: 'Document', text, from, to });
}

describe('document numbers', () => {
  it('a label that ends its line has its value on the next line, right of it, not the next label', async () => {
    const r = await read(
      [
        'Heidewater Energie',
        'Mevrouw A. Kramer                                 Factuurnummer',
        '                                                                        5501298834',
        'Lindelaan 4',
        '                                                  Factuurdatum           02-04-2026',
        '3512 AB Utrecht',
        'Omschrijving                                       Bedrag',
        'Levering stroom                                    120,00',
        '                                  Te betalen      € 145,20',
      ].join('\n'),
      'Heidewater <service@heidewater.example>',
      'a.kramer@mail.example',
    );
    expect(r.fields.invoice_number!.value).toBe('5501298834');
    // Read from the placement alone: not sure.
    expect(r.fields.invoice_number!.confidence).toBeLessThan(0.8);
  });

  it("a Swedish credit note's own number, not the invoice it credits", async () => {
    const r = await read(
      [
        'Norrström Transport AB',
        'Kund AB                                Kreditfakturanr   70001234',
        'Box 12                                 Datum             2026-04-02',
        '                                       Avser faktura     55120 (2026-03-01)',
        'KREDITFAKTURA',
        'Text                                   Antal    Belopp',
        'Kreditering frakt                          1   -400,00',
        '                               Summa kredit   -500,00 kr',
      ].join('\n'),
      'Norrström Transport <ekonomi@norrstrom.example>',
      'inkop@kund.example',
    );
    expect(r.fields.invoice_number!.value).toBe('70001234');
  });

  it('a freight bill\'s PRO number is its number, without the "PRO" its title line prints before it', async () => {
    const r = await read(
      [
        'Blue River Carriers, Inc.',
        '                                                             FREIGHT BILL',
        'BLUE RIVER CARRIERS                                          PRO 771-5502190',
        ' PRO Number               Bill Date               Due Date',
        ' 771-5502190              04/02/2026              05/02/2026',
        ' BOL Number               Shipper Ref',
        ' 0044120987               5521-0090',
        '                                          AMOUNT DUE        $612.40',
      ].join('\n'),
      'Blue River Carriers <ar@blueriver.example>',
      'ap@shipper.example',
    );
    expect(r.fields.invoice_number!.value).toBe('771-5502190');
    // The label and the title line agree: no rival.
    expect(r.fields.invoice_number!.confidence).toBeGreaterThanOrEqual(0.8);
  });
});

describe('dates', () => {
  it('a Dutch direct debit with its verb split: "Wij schrijven … rond 14-04-2026 automatisch af"', async () => {
    const r = await read(
      [
        'Factuurnummer: 88120044',
        'Factuurdatum: 31-03-2026',
        'Te betalen                 € 80,00',
        'Wij schrijven € 80,00 rond 14-04-2026 automatisch af van uw rekening.',
      ].join('\n'),
      'Gasnet <klant@gasnet.example>',
      'j.smit@mail.example',
    );
    expect(r.fields.due_date!.value).toBe('2026-04-14');
  });

  it('an Indian header row: "Dated" beside "Invoice No." heads the invoice\'s date', async () => {
    const r = await read(
      [
        'Kaveri Office Systems Pvt. Ltd.',
        'Tax Invoice',
        'Consignee / Buyer',
        '                                             Invoice No.            Dated',
        'Nila Traders                                 KOS/2627/0041          07/04/2026',
        'Chennai 600002',
        '                                             Mode/Terms of Payment   Due Date',
        '                                             30 days                 07/05/2026',
        ' Sl   Description of Goods          HSN      Quantity      Rate       Amount',
        ' 1    Printer toner                 8443       4 Nos    2,500.00    10,000.00',
        '                                             Total                ₹ 11,800.00',
      ].join('\n'),
      'Kaveri Office Systems <billing@kaveri-office.example>',
      'accounts@nila.example',
    );
    expect(r.fields.invoice_date!.value).toBe('2026-04-07');
  });

  it('Turkish due dates: "Son Ödeme Tarihi" in the box, "vade tarihi" in a sentence', async () => {
    const box = await read(
      [
        'Fatura No                 GKT2026000000055',
        'Fatura Tarihi             02-04-2026',
        'Son Ödeme Tarihi          16.04.2026',
        '                 Ödenecek Tutar           12.400,00 TL',
      ].join('\n'),
      'Gökte Otel <muhasebe@gokte.example>',
      'info@musteri.example',
    );
    expect(box.fields.due_date!.value).toBe('2026-04-16');
    const sentence = await read(
      [
        'Fatura No                 GKT2026000000056',
        'Fatura Tarihi             02-04-2026',
        '                 Ödenecek Tutar           12.400,00 EUR',
        'Teslim Şekli: FCA İzmir · Ödeme: Vadeli, vade tarihi 01.06.2026',
      ].join('\n'),
      'Gökte Tekstil <muhasebe@gokte-tekstil.example>',
      'einkauf@kunde.example',
    );
    expect(sentence.fields.due_date!.value).toBe('2026-06-01');
  });
});

describe('parties', () => {
  it('"a.s." (the Czech joint-stock company) printed small names the legal entity behind a brand', async () => {
    const r = await read(
      [
        'KV Brno                                               info@kvetina-brno.example',
        'ODBĚRATEL                                   Faktura č.              26000155',
        'Zahradnictví Malá s.r.o.                    Datum vystavení         3. 4. 2026',
        'Položka                                     Počet     Cena',
        'Sazenice                                       10     500,00',
        '                                         Celkem k úhradě        605,00 Kč',
        'KVĚTINA Brno, a.s. · Hlavní 8, 602 00 Brno',
        'IČO 12345678 · DIČ CZ12345678',
      ].join('\n'),
      'KV Brno <info@kvetina-brno.example>',
      'ucetni@mala.example',
    );
    expect(r.fields.vendor_name!.value).toBe('KVĚTINA Brno, a.s.');
  });

  it("a self-billing invoice's vendor is the supplier it is issued for, not the customer who sends it", async () => {
    const r = await read(
      [
        'SELF-BILLING INVOICE',
        ' Supplier (invoice issued on your behalf)               Customer (issuer)',
        ' RK Van Deliveries                                      Parcelway Logistics Ltd',
        ' 8 Mill Street, Leeds LS1 4AB                           Unit 2, Aire Park, Leeds',
        ' rk.vans@post.example',
        ' Invoice no.     SB-20410       Invoice date    06/04/2026',
        '                             Amount payable to you        £840.00',
        ' This is a self-billing invoice issued by Parcelway Logistics Ltd on behalf of the supplier named above.',
        '                Parcelway Logistics Ltd · Unit 2, Aire Park, Leeds',
      ].join('\n'),
      'Parcelway Payments <payments@parcelway.example>',
      'rk.vans@post.example',
    );
    expect(r.fields.vendor_name!.value).toBe('RK Van Deliveries');
    expect(r.fields.vendor_email!.value).toBe('rk.vans@post.example');
  });

  it('a row of five cells or more ends the "Bill to" block: the footer\'s legal entity is read', async () => {
    const r = await read(
      [
        'ASHGROVE                                                    Client Invoice',
        'DIAGNOSTICS                                                 Invoice #     AD-2026-0411',
        'BILL TO',
        'Fernhill Clinic, PC',
        'Salem, OR 97301                                             Due Date      05/10/2026',
        ' DOS      Accession #      Patient   CPT       Test                        Fee',
        ' 04/02    B26-0041122      K.L.      80053     Metabolic panel          $14.20',
        ' 04/03    B26-0041187      P.M.      85025     Blood count               $9.80',
        '                                                Total Amount Due        $24.00',
        'Ashgrove Diagnostic Services, LLC · 12 Lake Rd, Salem, OR 97302 · Tax ID 93-1111111',
      ].join('\n'),
      'Ashgrove Diagnostics <billing@ashgrovedx.example>',
      'office@fernhill.example',
    );
    expect(r.fields.vendor_name!.value).toBe('Ashgrove Diagnostic Services, LLC');
  });
});

describe('orders and totals', () => {
  it('a Czech buyer\'s order with its date: "Vaše objednávka: 55/2026 ze dne 3. 3. 2026"', async () => {
    const r = await read(
      [
        'Faktura č.: 26000871',
        'Datum vystavení: 5. 3. 2026',
        'Vaše objednávka: 55/2026 ze dne 3. 3. 2026',
        '                                 Celkem k úhradě      1 210,00 Kč',
      ].join('\n'),
      'Tiskárna Sever <fakturace@tiskarna-sever.example>',
      'nakup@odberatel.example',
    );
    expect(r.fields.po_number!.value).toBe('55/2026');
  });

  it("a Brazilian NFS-e asks for its net amount after the buyer's withholdings", async () => {
    const r = await read(
      [
        'NOTA FISCAL DE SERVIÇOS ELETRÔNICA – NFS-e',
        'Número da NFS-e                    Data e Hora de Emissão',
        '771                                02/04/2026 10:15:00',
        '                                Valor Total dos Serviços          R$ 10.000,00',
        '                                (-) Retenções Federais               R$ 615,00',
        '                                VALOR LÍQUIDO DA NOTA             R$ 9.385,00',
      ].join('\n'),
      'Ipê Consultoria <financeiro@ipe-consultoria.example>',
      'contas@cliente.example',
    );
    expect(r.fields.total_amount!.value).toBe(9385);
  });
});
