// Receipt values that were confidently wrong on our own held halves (issue 24): the tax a total
// includes read as the total, a word for "gross" in an item line, a subtotal the item lines add
// up to under a total with shipping, one number printed short and in full, the till's word for
// any card before the card's scheme, and a platform that says it acts for the merchant. Each
// case is written here from the kind of page, not copied from one; the whole page keeps its
// confidence beside it. Cells apart by three spaces or more, as a till, pdf.js or an HTML
// mail's table gives them.
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import { companyNames } from '../../pipeline/printed/parties.ts';
import { runStarter } from '../helpers/starter.ts';

async function read(lines: string[], starter: 'receipt' | 'invoice' = 'receipt'): Promise<SchemaRun> {
  return runStarter(starter, { subject: 'Receipt', text: lines.join('\n') });
}

const field = (r: SchemaRun, name: string) => [r.fields[name]!.value, r.fields[name]!.confidence];

describe('the tax a total includes', () => {
  it('a tax line that says it is included, with no word for an amount, is the tax, not the total', async () => {
    const store = [
      'Danke für deinen Kauf bei Pixelhain Games.',
      'Bestellnummer:   PX-2231-8810',
      'Bestelldatum:   04.03.2026',
    ];
    const items = ['Erweiterung „Nordwind“   7,99 €', 'Soundtrack   3,99 €'];
    const page = await read([...store, ...items, 'Steuer (inkl.)   1,91 €', 'Gesamt:   11,98 €']);
    // The item lines add up to it.
    expect(field(page, 'total_amount')).toEqual([11.98, 0.9]);
    const pt = ['Recibo n.º LX-0042-118', 'Data: 02/03/2026', 'Plano mensal   9,90 €'];
    const portuguese = await read([...pt, 'IVA incluído (23%)   1,85 €', 'Total   9,90 €']);
    expect(field(portuguese, 'total_amount')).toEqual([9.9, 0.85]);
  });

  it('a word for the amount beside "incl." keeps the line the gross', async () => {
    const page = await read([
      'Receipt No. 5521',
      'Date: 03/04/2026',
      'Coffee beans   12.00',
      'Total incl. VAT   12.00',
    ]);
    expect(field(page, 'total_amount')).toEqual([12, 0.85]);
  });
});

describe('a word for "gross" in an item line', () => {
  const head = [
    'Kino Sternwarte',
    'Sternwarte Lichtspiele GmbH',
    'Buchungsnr.   SW-1182',
    'Kaufdatum   06.03.2026 19:02',
  ];
  const items = ['Eintritt Erwachsene   2 x 14.00   28.00', 'Nachos gross   7.20', 'Servicegebühr   1.00'];

  it('a larger total that was paid is the total, not the item line', async () => {
    const page = await read([...head, ...items, 'Total CHF   36.20', 'Bezahlt mit Karte   CHF 36.20']);
    expect(field(page, 'total_amount')).toEqual([36.2, 0.85]);
  });

  it('without the payment the two are rivals', async () => {
    const page = await read([...head, ...items, 'Total CHF   38.20']);
    expect(field(page, 'total_amount')[1]).toBeLessThanOrEqual(0.6);
  });

  it('without the payment, item lines that add up to the total settle it', async () => {
    const page = await read([...head, ...items, 'Total CHF   36.20']);
    expect(field(page, 'total_amount')).toEqual([36.2, 0.85]);
  });
});

describe('a subtotal the item lines add up to', () => {
  const order = ['Bestellung Nr. 5120', 'Bestelldatum: 09.03.2026', 'Artikel   Menge   Preis'];
  const items = ['Keramikbecher   2   58,00 €', 'Korkuntersetzer   1   12,00 €'];

  it('a larger total after it is the subtotal and the charges between them', async () => {
    const page = await read([
      ...order,
      ...items,
      'Summe Artikel   70,00 €',
      'Versand   14,99 €',
      'Gesamtbetrag   84,99 €',
    ]);
    expect(field(page, 'total_amount')).toEqual([84.99, 0.85]);
  });

  it('a larger total the charges on the page do not explain is a doubt', async () => {
    const page = await read([...order, ...items, 'Summe Artikel   70,00 €', 'Gesamtbetrag   84,99 €']);
    expect(field(page, 'total_amount')).toEqual([70, 0.7]);
  });

  it('net and tax that make the total still confirm it', async () => {
    const lines = [...order, ...items, 'Netto   58,82 €', 'MwSt. 19 %   11,18 €', 'Gesamtbetrag   70,00 €'];
    expect(field(await read(lines), 'total_amount')).toEqual([70, 0.9]);
  });

  it('a Polish subtotal ("Suma częściowa") and shipping', async () => {
    const pl = ['Zamówienie nr 5120', 'Data złożenia: 09.03.2026', 'Kubek ceramiczny   2   58,00 zł'];
    const lines = [...pl, 'Podkładka korkowa   1   12,00 zł', 'Suma częściowa   70,00 zł', 'Dostawa   9,99 zł'];
    expect(field(await read([...lines, 'Razem   79,99 zł']), 'total_amount')).toEqual([79.99, 0.85]);
  });
});

describe('one number printed short and in full', () => {
  const slip = ['BAUHOF NORD', 'Bauhof Nord GmbH', 'Filiale 0077   Kasse 02   Bon 3391', 'Schrauben 4x40   4,99 A'];

  it('is a doubt: the page does not say which form is the receipt number', async () => {
    const page = await read([...slip, 'SUMME   EUR 4,99', 'Beleg-Nr. 0077-02-3391', '12.03.2026 10:41']);
    expect(field(page, 'receipt_number')[1]).toBeLessThanOrEqual(0.7);
  });

  it('a number printed once keeps its confidence', async () => {
    const page = await read([...slip, 'SUMME   EUR 4,99', '12.03.2026 10:41']);
    expect(field(page, 'receipt_number')).toEqual(['3391', 0.85]);
  });
});

describe('how the receipt was paid', () => {
  const head = ['Librairie des Quais', 'Commande n° LQ-88213', 'Date : 11/03/2026', 'Total TTC   24,50 €'];

  it("the card's scheme beside the till's word for any card is the means", async () => {
    const page = await read([...head, 'Paiement : Carte bancaire (Mastercard) •••• 4410']);
    expect(field(page, 'payment_method')).toEqual(['Mastercard', 0.9]);
    expect(field(await read([...head, 'Paiement : Carte bancaire']), 'payment_method')).toEqual([
      'Carte bancaire',
      0.9,
    ]);
  });

  it('a bank transfer is named in full', async () => {
    const page = await read([
      'Pedido n.º 7781',
      'Fecha: 10/03/2026',
      'Total   55,00 €',
      'Pago: Transferencia bancaria',
    ]);
    expect(field(page, 'payment_method')).toEqual(['Transferencia bancaria', 0.9]);
  });
});

describe('a platform that acts for the merchant', () => {
  const order = [
    'Bestellung bestätigt',
    'Bestellnummer: LF-77Q2',
    'Bestellt am 07.03.2026',
    '1 x Falafel-Teller   12,90 €',
    'Liefergebühr   1,99 €',
    'Gesamt   14,89 €',
  ];

  it('is not the merchant', async () => {
    const page = await runStarter('receipt', {
      from: 'Lieferflink <bestellung@lieferflink.example>',
      subject: 'Deine Bestellung',
      text: [
        ...order,
        'Imbiss Sahara (Sahara Gastro UG), Kantstraße 9, 10623 Berlin',
        'Lieferflink GmbH vermittelt im Namen des Restaurants.',
      ].join('\n'),
    });
    const [merchant, confidence] = field(page, 'merchant');
    expect(merchant).toContain('Sahara');
    expect(confidence).toBeLessThan(0.8);
  });

  it("a word that only starts like an agent's word ('Namensschild') makes no agent's page", async () => {
    const page = await runStarter('invoice', {
      from: 'Holzwerk Nord <rechnung@holzwerk-nord.example>',
      subject: 'Rechnung 4411',
      text: [
        'Holzwerk Nord GmbH',
        'Rechnung Nr. 4411',
        'Rechnungsdatum: 05.03.2026',
        'Türschild mit Namensschild   1 Stk   22,20',
        'Gesamtbetrag   22,20 €',
        'Bankverbindung: Sparkasse Nordküste AG · IBAN DE02 1203 0000 0000 2020 51',
      ].join('\n'),
    });
    expect(field(page, 'vendor_name')[0]).toBe('Holzwerk Nord GmbH');
  });

  it("the platform's own sale keeps it as the merchant", async () => {
    const page = await runStarter('receipt', {
      from: 'Lieferflink <bestellung@lieferflink.example>',
      subject: 'Deine Bestellung',
      text: [...order, 'Lieferflink GmbH, Torstraße 1, 10119 Berlin'].join('\n'),
    });
    expect(field(page, 'merchant')[0]).toBe('Lieferflink GmbH');
  });
});

describe("an imprint's register court", () => {
  it('"AG" after a comma or a label, then a city and an HRA/HRB number, is the Amtsgericht, not a company', () => {
    expect(companyNames('Sitz Bremen, AG Bremen HRA 27741')).toEqual([]);
    expect(companyNames('Registergericht: AG München HRB 12345')).toEqual([]);
    // A stock company keeps its form, wherever its register number follows.
    expect(companyNames('Muster AG Bremen HRB 123').map((c) => c.name)).toEqual(['Muster AG']);
    expect(companyNames('Beispiel AG, Zürich').map((c) => c.name)).toEqual(['Beispiel AG']);
  });
});
