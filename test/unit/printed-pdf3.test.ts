// The printed-page reader on the bills and invoices real companies send (issue 24, the
// layouts-pdf3 set): a party's block that ends at the item table on pages without blank lines,
// a marketplace's facilitator that says it does not sell, "e.K." and a doctor's degree in a
// name, umlauts a domain spells out, "$" beside a named dollar, direct debits and payments
// received in payment sentences, and the labels of utility bills and insurance premium notices.
// Each case is written as the text pdf.js gives (columns kept by position, cells apart by three
// spaces or more); every name, number and address is invented.
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import { makePdf } from '../helpers/mail.ts';
import { runStarter } from '../helpers/starter.ts';

async function read(text: string, from?: string, to?: string): Promise<SchemaRun> {
  return runStarter('invoice', { subject: 'Document', text, from, to });
}

describe("a party's block ends at the item table's header row", () => {
  it('the legal entity in the footer is read, not skipped as the buyer\'s (no blank line after "Invoice to")', async () => {
    const r = await read(
      [
        'The Wrenfield Arms',
        'Coaching inn',
        'Invoice to                                   Guest',
        'Colbeck Surveyors Ltd                        Mr Tom Colbeck',
        'Accounts Payable                             Room 4',
        '12 Quayside                                  Arrival 02/03/2026',
        'Invoice No.     51190',
        'Invoice date    05/03/2026',
        'Description                         Qty       Price       Total',
        'Accommodation - Double room           2     £110.00     £220.00',
        'Dinner                                2      £34.00      £68.00',
        '                                 Total (incl. VAT)          £288.00',
        '                                 Balance due                £288.00',
        'Wrenfield Inns Ltd · Registered in England 07711902 · VAT No. GB 771 1902 44',
      ].join('\n'),
      'The Wrenfield Arms <frontdesk@wrenfield-arms.example>',
      'accounts@colbeck-surveyors.example',
    );
    expect(r.fields.vendor_name!.value).toBe('Wrenfield Inns Ltd');
    expect(r.fields.vendor_name!.confidence).toBe(0.8);
  });

  it('a company the page says is not the seller (a payment facilitator) is no issuer', async () => {
    const r = await read(
      [
        'INVOICE',
        'Birchwood & Thread LLC                          Invoice no.     BT-2026-0117',
        'Sold via Loomly Marketplace                     Invoice date    March 4, 2026',
        'Bill To                                         Ship to',
        'Dana Reyes                                      Dana Reyes',
        '14 Oak Lane                                     14 Oak Lane',
        'Description                           Qty        Rate        Amount',
        'Wool blanket                            1     $120.00       $120.00',
        '                                              Total Due     $120.00',
        '',
        'Loomly Marketplace, Inc. is the payment facilitator for this order and is not the seller of the goods.',
      ].join('\n'),
      'Loomly Marketplace <orders@loomly.example>',
      'dana.reyes@mail.example',
    );
    expect(r.fields.vendor_name!.value).toBe('Birchwood & Thread LLC');
  });
});

describe('names: "e.K.", a doctor\'s degree, a sign-off, umlauts in a domain', () => {
  it('"Teemanufaktur Brandes e.K." is a company name, and "Verkauft von" names the seller', async () => {
    const r = await read(
      [
        'Teemanufaktur Brandes e.K.                              Rechnung',
        'Am Sande 4                              Verkauft von Teemanufaktur Brandes e.K.',
        '21335 Lüneburg                                   Versand durch Handelsplatz Logistik',
        '                                        Rechnungsnummer      TB-26-0091',
        'Artikel                                 Menge      Preis      Summe',
        'Darjeeling 250 g                            2      12,50      25,00 €',
        '                                        Rechnungsbetrag       25,00 €',
        'Kontakt zum Verkäufer: service@teemanufaktur-brandes.example',
      ].join('\n'),
      'Handelsplatz <no-reply@handelsplatz.example>',
      'kunde@post.example',
    );
    expect(r.fields.vendor_name!.value).toBe('Teemanufaktur Brandes e.K.');
    // Sent by the marketplace: the seller's name, printed twice, is not sure.
    expect(r.fields.vendor_name!.confidence).toBeLessThan(0.8);
  });

  it('a domain that spells the umlauts out ("kaffeemuehle-braendes") is the name\'s, so its address is the issuer\'s', async () => {
    const r = await read(
      [
        'Kaffeemühle Brändes e.K.',
        'Am Sande 4, 21335 Lüneburg',
        '                                        Rechnungsnummer      KB-26-0044',
        '                                        Rechnungsbetrag       41,00 €',
        'Fragen zu Ihrer Bestellung: hallo@kaffeemuehle-braendes.example',
      ].join('\n'),
      'Handelsplatz <no-reply@handelsplatz.example>',
      'kunde@post.example',
    );
    expect(r.fields.vendor_email!.value).toBe('hallo@kaffeemuehle-braendes.example');
    expect(r.fields.vendor_email!.confidence).toBe(0.75);
  });

  it('"Zahnarztpraxis Dr. med. dent. …" is a letterhead name; the mail\'s sign-off "Ihr Praxisteam Dr. …" is not', async () => {
    const pdf = await makePdf([
      'Zahnarztpraxis Dr. med. dent. Lea Sommer',
      'Prophylaxe und Implantologie',
      'Rechnungsnummer   2026-0412',
      'Rechnungsdatum    04.03.2026',
      'Rechnungsbetrag   212,40 EUR',
    ]);
    const r = await runStarter('invoice', {
      subject: 'Ihre Rechnung',
      from: 'Zahnarztpraxis Dr. Sommer <praxis@zahnarzt-sommer.example>',
      text: 'Sehr geehrte Frau Weber,\n\nanbei Ihre Rechnung.\n\nIhr Praxisteam Dr. Sommer\n',
      attachments: [{ filename: 'Rechnung.pdf', contentType: 'application/pdf', content: pdf }],
    });
    expect(r.fields.vendor_name!.value).toBe('Zahnarztpraxis Dr. med. dent. Lea Sommer');
    expect(r.fields.vendor_name!.confidence).toBe(0.7);
  });
});

describe('"$" and the dollar the page names', () => {
  it('"Balance due CAD   $0.00" and "Canadian dollars": CAD, not USD', async () => {
    const r = await read(
      [
        'Tidewater Apps Inc.',
        'Invoice #   TW-2207',
        'Subtotal                          $200.00',
        'HST - Ontario (13%)                $26.00',
        'Total                             $226.00',
        'Balance due CAD                   $226.00',
        'All amounts in Canadian dollars',
      ].join('\n'),
    );
    expect(r.fields.currency!.value).toBe('CAD');
    expect(r.fields.currency!.confidence).toBe(0.85);
  });

  it('a code among words ("CAD drawings") names no currency: "$" stays a guess', async () => {
    const r = await read(
      [
        'Northline Drafting LLC',
        'Invoice #   ND-118',
        'CAD drawings, 3 sheets          $450.00',
        'Total due                       $450.00',
      ].join('\n'),
    );
    expect(r.fields.currency!.value).toBe('USD');
    expect(r.fields.currency!.confidence).toBe(0.6);
  });
});

describe('payment sentences: the debit to come, not the payment received', () => {
  it('"Paiement reçu le …" is a past payment; "sera prélevé … le …" is when this bill is paid', async () => {
    const r = await read(
      [
        'Facture n° : OT26030411',
        'Montant de la facture précédente              48,10 €',
        'Paiement reçu le 17/02/2026                  -48,10 €',
        'Total TTC à payer                             51,20 €',
        'Ce montant sera prélevé sur votre compte le 18/03/2026.',
      ].join('\n'),
    );
    expect(r.fields.due_date!.value).toBe('2026-03-18');
    expect(r.fields.due_date!.confidence).toBe(0.75);
  });

  it('Dutch "wordt rond 12 maart 2026 afgeschreven" and English "collected on or after …"', async () => {
    const nl = await read(
      [
        'Factuurnummer   ZM26-0412',
        'Totaal te betalen   € 41,20',
        'Het bedrag wordt rond 12 maart 2026 automatisch afgeschreven van uw rekening.',
      ].join('\n'),
    );
    expect(nl.fields.due_date!.value).toBe('2026-03-12');
    expect(nl.fields.due_date!.confidence).toBe(0.75);
    const en = await read(
      [
        'Bill number   B-44120',
        'Total to pay   £31.40',
        'We will collect £31.40 by Direct Debit on or just after 20 Mar 2026.',
      ].join('\n'),
    );
    expect(en.fields.due_date!.value).toBe('2026-03-20');
    expect(en.fields.due_date!.confidence).toBe(0.75);
  });
});

describe("labels of utility bills and insurers' premium invoices", () => {
  it('"Bill reference" and "Date of bill" beside an account number and a reading date', async () => {
    const r = await read(
      [
        'Ms Ada Price                         Account number     5502 1177',
        '14 Mill Close                        Bill reference     E448120',
        'Bath                                 Date of bill       9 March 2026',
        'Reading date       Previous    Present',
        '02/03/2026             3711       4127',
        '                                     Amount to pay      £88.20',
      ].join('\n'),
    );
    expect(r.fields.invoice_number!.value).toBe('E448120');
    expect(r.fields.invoice_number!.confidence).toBe(0.9);
    expect(r.fields.invoice_date!.value).toBe('2026-03-09');
    expect(r.fields.invoice_date!.confidence).toBe(0.9);
  });

  it('"Beitragsrechnung BR 2026 114 0872" and "Zu zahlender Beitrag"', async () => {
    const r = await read(
      [
        'Nordlicht Versicherung AG                  Versicherungsschein    NV-4410-2207',
        '                                           Beitragsrechnung       BR 2026 441 0977',
        '                                           Datum                  02.03.2026',
        '                                   Jahresbeitrag netto            400,00 €',
        '                                   Versicherungsteuer 19 %         76,00 €',
        '                                   Zu zahlender Beitrag           476,00 €',
      ].join('\n'),
    );
    expect(r.fields.invoice_number!.value).toBe('BR 2026 441 0977');
    expect(r.fields.invoice_number!.confidence).toBe(0.9);
    expect(r.fields.total_amount!.value).toBe(476);
    expect(r.fields.total_amount!.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('Danish "Sidste rettidige betalingsdag" is the due date', async () => {
    const r = await read(
      [
        'Fakturanr.                      2207441',
        'Fakturadato                     02.03.2026',
        'Sidste rettidige betalingsdag   16.03.2026',
        'I alt at betale DKK             1.250,00',
      ].join('\n'),
    );
    expect(r.fields.due_date!.value).toBe('2026-03-16');
    expect(r.fields.due_date!.confidence).toBe(0.9);
  });
});

describe('"e.K." beside the owner\'s line', () => {
  it('"Inh. Marta Linden e.K." under a shop\'s name names its owner: the shop\'s name stays the merchant', async () => {
    const pdf = await makePdf([
      'Bäckerei Lindenhof',
      'Inh. Marta Linden e.K.',
      'Hauptstraße 4, 72070 Tübingen',
      'Bauernbrot 1 kg                   4,20 B',
      'Zu zahlen EUR                      4,20',
    ]);
    const r = await runStarter('receipt', {
      subject: 'Ihr Beleg',
      from: 'Bäckerei Lindenhof <bon@baeckerei-lindenhof.example>',
      text: 'Ihr Beleg als PDF.\n',
      attachments: [{ filename: 'Beleg.pdf', contentType: 'application/pdf', content: pdf }],
    });
    expect(r.fields.merchant!.value).toBe('Bäckerei Lindenhof');
  });
});

describe('a payment received is no deadline, a thank-you is no payment', () => {
  it('"Thank you for your business. Please pay by …" keeps its deadline', async () => {
    const r = await read(
      ['Invoice #   HL-2207', 'Total due   $310.00', 'Thank you for your business. Please pay by 03/27/2026.'].join(
        '\n',
      ),
    );
    expect(r.fields.due_date!.value).toBe('2026-03-27');
  });
});
