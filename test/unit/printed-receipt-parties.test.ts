// Who sold, on a till slip and a folio (issue 24): values that were confidently wrong on our
// own held national receipts, each written here from the kind of page. A seller's word before
// one bare word on a till line is the person who served; a sole trader's form is "e.K." with
// its small "e", and the owner's line under a trading name ("Inh. … e.K.") names a person;
// a copyright notice the sender's site does not name is the template's; a receipt that is also
// its invoice dates itself by the invoice's label. Cells apart by three spaces or more, as a
// till or pdf.js gives them.
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import { companyNames } from '../../pipeline/printed/parties.ts';
import { runStarter } from '../helpers/starter.ts';

async function read(lines: string[], starter: 'receipt' | 'invoice' = 'receipt', from?: string): Promise<SchemaRun> {
  return runStarter(starter, { subject: 'Ihr Beleg', text: lines.join('\n'), ...(from ? { from } : {}) });
}

const field = (r: SchemaRun, name: string) => [r.fields[name]!.value, r.fields[name]!.confidence];

const slip = (seller: string) => [
  'Backstube Morgenrot',
  'Lindenallee 9 · 28203 Bremen',
  'Roggenbrot   3,90 B',
  '2 x Franzbrötchen   3,20 B',
  'Summe EUR   7,10',
  'Gegeben Bar   10,00',
  'Rückgeld   2,90',
  'Datum 11.03.2026   06:58',
  `Kasse 2   ${seller}`,
  'Beleg-Nr. 40711',
  'Morgenrot Backwaren e.K.',
  'Steuer-Nr. 60/145/08812',
];

describe('the person who served is no seller', () => {
  it('"Verkäufer: Lena" on the till line gives way to the legal name at the foot', async () => {
    const page = await read(slip('Verkäufer: Lena'));
    // The foot of a mail's body vouches less than a slip's (0.8 on the held slip's attachment).
    expect(field(page, 'merchant')).toEqual(['Morgenrot Backwaren e.K.', 0.65]);
  });

  it('a French "Vendeur" and a Dutch "Verkoper" are read the same way', async () => {
    const fr = await read([
      'Fromagerie du Marché',
      'Comté 18 mois   8,40',
      'TOTAL TTC   8,40',
      'Caisse 1   Vendeur : Paul',
      'Ticket n° 10882',
      'SARL Fromages Lemaire',
    ]);
    expect(fr.fields.merchant!.value).toBe('SARL Fromages Lemaire');
    const nl = await read([
      'Kaashandel De Wit',
      'Oude Gouda   6,80',
      'Totaal   6,80',
      'Kassa 3   Verkoper: Sanne',
      'Bon 7731',
      'Kaashandel De Wit B.V.',
    ]);
    expect(nl.fields.merchant!.value).toBe('Kaashandel De Wit B.V.');
  });

  it('a seller label naming a company still names the seller', async () => {
    const page = await read(['Bestellung 2231', 'Verkäufer: Morgenrot Backwaren e.K.', 'Gesamt   7,10 €']);
    expect(page.fields.merchant!.value).toBe('Morgenrot Backwaren e.K.');
    expect(page.fields.merchant!.confidence).toBeGreaterThanOrEqual(0.8);
  });
});

describe('legal forms and notices', () => {
  it('"e.K." is a sole trader\'s form with its small "e"; the owner\'s word is not part of the name', () => {
    expect(companyNames('Morgenrot Backwaren e.K.').map((n) => n.name)).toEqual(['Morgenrot Backwaren e.K.']);
    // The owner's line under a shop's name names a person, not the shop.
    expect(companyNames('Inh. Kurt Brandt e.K.')).toEqual([]);
    // "1 ek" or "ek" in running text stays a word.
    expect(companyNames('Die Ware ek geliefert')).toEqual([]);
  });

  it('the owner under a trading name is the same issuer: the trading name, not sure', async () => {
    const page = await read(
      [
        '   Tankstelle Wendt',
        '   Inh. Karl Wendt e.K.',
        'Super E10   58,20 A',
        'Zu zahlen EUR   58,20',
        'Beleg-Nr. 88120   Kasse 1',
        '12.03.2026   07:14',
      ],
      'receipt',
      'Tankstelle Wendt <beleg@tank-wendt.example>',
    );
    expect(page.fields.merchant!.value).toBe('Tankstelle Wendt');
    expect(page.fields.merchant!.confidence).toBeLessThanOrEqual(0.7);
  });

  it('a copyright notice is no issuer unless the sender is its holder', async () => {
    const names = companyNames('(c) Formwerk e.V. 2026');
    expect(names.map((n) => [n.name, n.copyright])).toEqual([['Formwerk e.V.', true]]);
    const page = await read(
      ['Rechnung Nr. 2026-114', 'Verkäufer', 'Atelier Nordlicht', 'Gesamtbetrag   480,00 €', '(c) Formwerk e.V.'],
      'invoice',
      'Atelier Nordlicht <rechnung@atelier-nordlicht.example>',
    );
    expect(page.fields.vendor_name!.value).toBe('Atelier Nordlicht');
    expect(page.fields.vendor_name!.confidence).toBeGreaterThanOrEqual(0.8);
  });
});

describe('a receipt that is also its invoice', () => {
  it('is dated by its invoice-date label, not by the first line under a "Datum" column', async () => {
    const page = await read([
      'Gasthof Bergblick',
      'Bergblick Beherbergung GmbH',
      'Rechnung / Quittung Nr. R-26-0771',
      'Rechnungsdatum   14.03.2026',
      'Datum   Leistung   Betrag EUR',
      '12.03.2026   Übernachtung   98,00',
      '13.03.2026   Übernachtung   98,00',
      'Gesamtbetrag   EUR 196,00',
      'Bezahlt Visa   196,00',
    ]);
    expect(page.fields.date!.value).toBe('2026-03-14');
  });
});

describe('the fullest spelling of the issuer', () => {
  it('"Co." is a company\'s word; a state\'s "CO" and the "Co." of "GmbH & Co. KG" are not one alone', () => {
    expect(companyNames('Harbor Learning Co.').map((n) => n.name)).toEqual(['Harbor Learning Co.']);
    expect(companyNames('Fort Collins, CO 80521')).toEqual([]);
    // The shorter reading ends at "GmbH", never at "Co.".
    expect(companyNames('Nordwind Handel GmbH & Co. KG').map((n) => n.name)).toEqual([
      'Nordwind Handel GmbH',
      'Nordwind Handel GmbH & Co. KG',
    ]);
  });

  it('a name a logo cut short is read in the spelling the page repeats in full', async () => {
    const page = await read(
      [
        'PRAIRIE WIND',
        'Kitchen Supply Co. — Since 1981   Invoice #   00771204',
        'Bill to:',
        'Windmill Cafe LLC',
        '',
        'Invoice Total USD   1,204.50',
        'Remit to: Prairie Wind Kitchen Supply Co., PO Box 118, Omaha, NE 68102.',
        'Prairie Wind Kitchen Supply Co.   Federal Tax ID 47-1180224',
      ],
      'invoice',
      'Prairie Wind Kitchen Supply <ar@pwksupply.example>',
    );
    expect(page.fields.vendor_name!.value).toBe('Prairie Wind Kitchen Supply Co.');
  });

  it("a word of the recipients' site inside a longer word is no sign the name is theirs", async () => {
    // "lakes" is inside lakeshorebistro; the sender's site names the company.
    const page = await runStarter('invoice', {
      subject: 'Invoice 00418',
      from: 'Great Lakes Kitchen Supply <ar@glksupply.example>',
      to: 'ap@lakeshorebistro.example',
      text: ['Invoice # 00418', 'Great Lakes Kitchen Supply Co.', 'Invoice Total USD 310.00'].join('\n'),
    });
    expect(page.fields.vendor_name!.value).toBe('Great Lakes Kitchen Supply Co.');
  });
});
