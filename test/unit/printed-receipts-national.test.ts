// The printed-page reader on national receipt forms (issue 24, the national receipt set): a
// Hungarian "nyugta" (its number, ÖSSZESEN, forints without decimals, BANKKÁRTYA), German
// Quittungs-Nr. and a US restaurant's Check #, legal forms the earlier rounds lacked (Kft., OG,
// EI) and names joined by "i", a label before a company name that is not part of it, a converted
// amount's currency that is no evidence of the page's, and a platform's receipt issued on behalf
// of the seller. Each case is written as the text a till, pdf.js or an HTML mail gives.
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import { runStarter } from '../helpers/starter.ts';

async function read(body: { text?: string; html?: string; from?: string }): Promise<SchemaRun> {
  // buildEml's mail is dated 3 March 2026: no case below prints that day.
  return runStarter('receipt', { subject: 'Receipt', ...body });
}

const slip = (...lines: string[]) => read({ text: lines.join('\n') });
const field = (r: SchemaRun, name: string) => [r.fields[name]!.value, r.fields[name]!.confidence];

describe('a Hungarian nyugta', () => {
  it('reads Nyugtaszám, ÖSSZESEN in forints without decimals, BANKKÁRTYA and the Kft.', async () => {
    const r = await slip(
      'SAROK ABC',
      'Kertész Kereskedelmi Kft.',
      '1077 Budapest, Wesselényi u. 27.',
      'Adószám: 12345676-2-41',
      '             NYUGTA',
      'KENYÉR FEHÉR 1KG                649 C00',
      'TEJ 2,8% 1L 2x399               798 C00',
      '----------------------------------------',
      'ÖSSZESEN:                      1447 Ft',
      'BANKKÁRTYA                     1447 Ft',
      'Nyugtaszám: 0118/00347',
      '2026.03.15                       11:02',
      'AP A21904417',
    );
    expect(field(r, 'receipt_number')).toEqual(['0118/00347', 0.72]);
    expect(field(r, 'total_amount')).toEqual([1447, 0.85]);
    expect(field(r, 'currency')).toEqual(['HUF', 0.85]);
    expect(r.fields.payment_method!.value).toBe('BANKKÁRTYA');
    expect(r.fields.merchant!.value).toBe('Kertész Kereskedelmi Kft.');
  });
});

describe('receipt numbers under the labels of national forms', () => {
  it("a German car park's Quittungs-Nr. beside its ticket number", async () => {
    const r = await slip(
      'PARKHAUS AM THEATER',
      '           QUITTUNG',
      'Einfahrt                14.03.2026 10:14',
      'Kassenautomat                      KA 03',
      'Quittungs-Nr.                  03-118204',
      'Parkentgelt                     8,50 EUR',
    );
    expect(r.fields.receipt_number!.value).toBe('03-118204');
  });

  it("a US restaurant's Check # (the table, server and card reference are no rivals)", async () => {
    const r = await slip(
      'LANTERN NOODLE HOUSE',
      'Check #1187                     Table 14',
      'Server: Marco                  Guests: 2',
      'Subtotal                           54.30',
      'AUTH CODE: 771204             REF #: 0042',
      'Total                              70.12',
    );
    expect(r.fields.receipt_number!.value).toBe('1187');
  });
});

describe('what the customer paid', () => {
  it('a card surcharge after the total, then the line that adds it: that sum was charged', async () => {
    const lines = ['TAX INVOICE', 'Order 0412', 'TOTAL   $36.40', 'GST included   $2.37', 'EFTPOS   $36.40'];
    const charged = await slip(...lines, 'Card surcharge 1.5%   $0.55', 'Total charged   $36.95');
    expect(field(charged, 'total_amount')).toEqual([36.95, 0.9]);
    // Without the surcharge the slip's total stands.
    expect(field(await slip(...lines), 'total_amount')).toEqual([36.4, 0.85]);
  });
});

describe('Austrian and Italian slips', () => {
  it('Bankomat on an Austrian till is the means of payment', async () => {
    const r = await slip(
      'SUMME EUR                        22,81',
      'Bankomat                         22,81',
      'Belegnummer: 2026-004471',
    );
    expect(r.fields.payment_method!.value).toBe('Bankomat');
    expect(r.fields.receipt_number!.value).toBe('2026-004471');
  });

  it("DOC.N. alone on its line is the documento commerciale's number, the RT serial is not", async () => {
    const r = await slip(
      'DOCUMENTO COMMERCIALE',
      'di vendita o prestazione',
      'TOTALE COMPLESSIVO                8,70',
      '05-03-2026 08:41',
      'DOC.N. 0087-0312',
      'RT 72EPA004118                   Matr.',
    );
    expect(r.fields.receipt_number!.value).toBe('0087-0312');
  });
});

describe('legal entities as receipts print them', () => {
  it('a Swedish name with "i" in it is read whole', async () => {
    const r = await slip('HÖRNETS LIVS', 'Hörnets Livs i Uppsala AB', 'Org.nr 559218-4407', 'Totalt SEK   148,25');
    expect(r.fields.merchant!.value).toBe('Hörnets Livs i Uppsala AB');
  });

  it('a label before the name ("Betreiber:") is not part of it', async () => {
    const r = await slip(
      'PARKHAUS AM THEATER',
      'Theaterplatz 2 · 01067 Dresden',
      'Parkentgelt                     8,50 EUR',
      'Bezahlt mit                   Mastercard',
      'Betreiber: City Parken Sachsen GmbH',
    );
    expect(r.fields.merchant!.value).toBe('City Parken Sachsen GmbH');
  });

  it("an Austrian OG named as the food's seller on a delivery receipt", async () => {
    const r = await slip('Gesamt   € 32,20', 'Verkäufer der Speisen: Hana Gastro OG, UID ATU77120441.');
    expect(r.fields.merchant!.value).toBe('Hana Gastro OG');
  });
});

describe('confidence the page does not vouch for', () => {
  it("a currency code printed only beside a converted amount is a guess, not the page's currency", async () => {
    const r = await slip('LANTERN NOODLE HOUSE', 'Subtotal    54.30', 'Total    70.12', '(≈ GBP 56,40)');
    expect(r.fields.currency!.value).toBe('GBP');
    expect(r.fields.currency!.confidence).toBe(0.6);
  });

  it("a platform's receipt issued on behalf of the driver: the driver sold, and it is held for review", async () => {
    const r = await read({
      from: 'Rouli <recus@rouli.example>',
      html: `<table><tr><td>Total</td><td>23,50 €</td></tr><tr><td>Payé avec</td><td>Carte Visa •••• 7781</td></tr></table>
<p>Ce reçu est émis par Rouli France SAS au nom et pour le compte du chauffeur, Karim Benali EI (SIRET 84112204400017). Rouli France SAS, 40 rue de Lyon, 75012 Paris.</p>`,
    });
    expect(r.fields.merchant!.value).toBe('Karim Benali EI');
    expect(r.fields.merchant!.confidence).toBeLessThanOrEqual(0.7);
  });

  it('a delivery platform that acts as intermediary and names no other entity: its own name is at most 0.6', async () => {
    const r = await read({
      from: 'Comanda <pedidos@comanda.example>',
      html: `<p>Gracias por tu pedido</p><table><tr><td>Total pagado</td><td>23,19 €</td></tr></table>
<p>Comanda Delivery Spain, S.L. actúa como intermediario.</p>`,
    });
    expect(r.fields.merchant!.value).toBe('Comanda Delivery Spain, S.L.');
    expect(r.fields.merchant!.confidence).toBe(0.6);
  });

  it('a merchant of record sells in its own name, on behalf of the maker or not: no doubt from the agent rule', async () => {
    const html = (mor: string) =>
      `<p>Sold by Tollgate Market Ltd on behalf of Glyphwright</p><table><tr><td>Total paid</td><td>£138.00</td></tr></table>
<p>${mor}Tollgate Market Ltd, Judd House, London EC1V 8BT · VAT GB 284 9016 80</p>`;
    const from = 'Tollgate <receipts@tollgate.example>';
    const mor = await read({ from, html: html('Tollgate Market Ltd is the Merchant of Record for this order. ') });
    const agent = await read({ from, html: html('') });
    expect(mor.fields.merchant!.value).toBe('Tollgate Market Ltd');
    expect(agent.fields.merchant!.value).toBe('Tollgate Market Ltd');
    expect(agent.fields.merchant!.confidence).toBe(0.6);
    expect(mor.fields.merchant!.confidence).toBeGreaterThan(0.6);
  });

  it("a shop's sign over the operator's legal name: the legal entity sells, not above 0.7", async () => {
    const r = await slip(
      'Potraviny U Mostu',
      'Mostecká 8, 118 00 Praha 1',
      'Účtenka č. 2026/011847',
      'Celkem Kč                       382,50',
      'Platba kartou                   382,50',
      'Provozovatel: Mostecký obchod s.r.o.',
      'IČO: 27188047  DIČ: CZ27188047',
    );
    expect(r.fields.merchant!.value).toBe('Mostecký obchod s.r.o.');
    expect(r.fields.merchant!.confidence).toBeLessThanOrEqual(0.7);
  });
});

describe('a slip that prints no total word, a ride number and a US check without a currency', () => {
  it('takes the amount a "darin … % MwSt" line is part of, when the rate adds up', async () => {
    const lines = (tax: string) => [
      'PARKHAUS AM ZWINGER',
      'Quittungs-Nr.   07-44120',
      'Einfahrt   16.03.2026 09:02',
      'Parkentgelt   6,00 EUR',
      tax,
      'Bezahlt mit   girocard',
    ];
    // 6,00 × 19/119 = 0,96.
    expect(field(await slip(...lines('darin 19% MwSt   0,96 EUR')), 'total_amount')).toEqual([6, 0.8]);
    // A tax that is not that rate of the line above proves nothing.
    expect((await slip(...lines('darin 19% MwSt   0,50 EUR'))).fields.total_amount!.value).toBeNull();
    const fr = await slip('Stationnement Gare Nord', 'Ticket n° 5512', 'Montant   12,00 €', 'dont TVA 20 %   2,00 €');
    expect(field(fr, 'total_amount')).toEqual([12, 0.8]);
  });

  it("a ride's number on the platform's receipt is the receipt's", async () => {
    const r = await slip(
      'Merci d’avoir choisi Taxelo',
      'Total   19,80 €',
      'Course n° TX-26-0412-55107 · 9,1 km · 21 min',
    );
    expect(r.fields.receipt_number!.value).toBe('TX-26-0412-55107');
  });

  it('a US address decides a check\'s "03/11/2026" month first, though no "$" is printed', async () => {
    const r = await slip(
      'HARBOR OYSTER BAR',
      '18 Water St, Boston, MA 02109',
      'Check #2291',
      '03/11/2026   8:12 PM',
      'Subtotal   42.00',
      'Total   45.15',
    );
    expect(r.fields.date!.value).toBe('2026-03-11');
    // Decided by the address only: below the auto-accept threshold.
    expect(r.fields.date!.confidence).toBeLessThan(0.8);
  });
});
