// Receipts whose confidence said too much (issue 24, the receipt damages of the harness
// test/extraction/perturb.ts): a second currency printed beside the total, a payable label on
// another amount, a tip and no line that adds it to the total, a word for any amount as the
// total's label, a Polish receipt's tax sum, a brand beside another party's legal name, and the
// label reader's first row under an item column's header. Each case pairs the damaged page (the
// value is below 0.8) with the whole one (the value keeps its confidence). Written as the text a
// till, pdf.js or an HTML mail gives (cells apart by three spaces or more).
import { describe, expect, it } from 'vitest';
import type { SchemaRun } from '../../pipeline/index.ts';
import { runStarter } from '../helpers/starter.ts';

async function read(lines: string[], starter: 'receipt' | 'invoice' = 'receipt'): Promise<SchemaRun> {
  return runStarter(starter, { subject: 'Receipt', text: lines.join('\n') });
}

const field = (r: SchemaRun, name: string) => [r.fields[name]!.value, r.fields[name]!.confidence];

describe('a second currency on the page', () => {
  const slip = ['Café Lindenhof', 'Bon-Nr. 4711', 'Datum 05.03.2026', 'Cappuccino   2   7,00 €'];

  it('a code beside one converted amount is no sure currency where the page prints another sign', async () => {
    const converted = await read([...slip, 'Summe   12,50 €', '(≈ GBP 10,52)', 'Bar   12,50 €']);
    expect(field(converted, 'currency')).toEqual(['GBP', 0.6]);
    // The sign alone, and a code that agrees with it, keep their confidence.
    expect(field(await read([...slip, 'Summe   12,50 €', 'Bar   12,50 €']), 'currency')).toEqual(['EUR', 0.85]);
    expect(field(await read([...slip, 'Summe   EUR 12,50', 'Bar   EUR 12,50']), 'currency')).toEqual(['EUR', 0.9]);
  });

  it('a code printed apart from its amount counts as the page naming its currency', async () => {
    const bare = ['Drogerie Lind', 'Bon-Nr. 4711', 'Datum 05.03.2026', 'Zahnpasta   1,95'];
    const converted = await read([...bare, 'Summe EUR      5,87', '(≈ GBP 4,93)']);
    expect(field(converted, 'currency')).toEqual(['GBP', 0.6]);
    // With nothing else named, the converted amount's code is still only what the reader may
    // pay in, not the page's currency: a guess (it was 0.9 before the national receipt round).
    expect(field(await read([...bare, 'Summe      5,87', '(≈ GBP 4,93)']), 'currency')).toEqual(['GBP', 0.6]);
  });
});

describe('the total', () => {
  const head = ['Épicerie Fine du Marais', 'Commande n° 4821', 'Date : 05/03/2026'];

  it('a payable label on an amount smaller than the total printed beside it, nothing paid between them, is a doubt', async () => {
    const lines = ['Total produits   39,90 €', 'Livraison   2,19 €', 'Total TTC   42,09 €'];
    // The page's own payable label renamed onto the shipping line: 2,19 "to pay" under 42,09.
    expect(field(await read([...head, ...lines, 'A PAGAR   2,19 €']), 'total_amount')).toEqual([2.19, 0.7]);
    expect(field(await read([...head, ...lines, 'Net à payer   42,09 €']), 'total_amount')).toEqual([42.09, 0.95]);
    // A rounding to whole units is no such difference.
    const rounded = await read([...head, 'Total   2.416,16 €', 'Arrondi   -0,16 €', 'Net à payer   2.416,00 €']);
    expect(field(rounded, 'total_amount')).toEqual([2416, 0.9]);
  });

  it('a tip after the total and no line with their sum: the charge is not known', async () => {
    const bill = ['Café de la Gare', 'Ticket n° 2026-118', 'Date : 05/03/2026', 'Plat du jour   2   37,80 €'];
    const lost = await read([...bill, 'Total TTC   44,90 €', 'Pourboire   3,00 €']);
    expect(field(lost, 'total_amount')).toEqual([44.9, 0.7]);
    const summed = await read([...bill, 'Total TTC   44,90 €', 'Pourboire   3,00 €', 'Montant réglé   47,90 €']);
    expect(field(summed, 'total_amount')).toEqual([47.9, 0.9]);
    // A breakdown under the total that ends with the tip (fare, fees, tip) adds up to it: no doubt.
    const ride = await read([
      'Zipway   March 6, 2026',
      'Total   $36.55',
      'Trip fare   $24.80',
      'Airport surcharge   $5.00',
      'Booking fee   $2.75',
      'Tip   $4.00',
    ]);
    expect(field(ride, 'total_amount')).toEqual([36.55, 0.85]);
  });

  it("a word for any amount (Kwota, Betrag) as the total's only label is at most 0.7", async () => {
    const order = ['Sklep Różany', 'Zamówienie nr 5512', 'Data: 05.03.2026', 'Krem do rąk   2   25,98 zł'];
    expect(field(await read([...order, 'Kwota:   94,87 zł']), 'total_amount')).toEqual([94.87, 0.7]);
    expect(field(await read([...order, 'Do zapłaty:   94,87 zł']), 'total_amount')).toEqual([94.87, 0.9]);
  });

  it("a Polish receipt's tax sum (Suma PTU) is tax, not the total", async () => {
    const paragon = [
      'APTEKA POD LIPAMI',
      'PARAGON FISKALNY',
      '05.03.2026',
      'Ibuprom 200 mg   1 x 12,99   12,99 A',
      'Sprzedaż opodatk. A   51,39',
      'PTU A 8,00%   3,81',
      'Suma PTU   4,70',
    ];
    expect(field(await read(paragon), 'total_amount')).toEqual([null, 0]);
    const whole = await read([...paragon, 'SUMA PLN   51,39']);
    expect(field(whole, 'total_amount')[0]).toBe(51.39);
  });
});

describe('the merchant', () => {
  it('a brand without a legal form, beside another legal entity the page prints, is at most 0.7', async () => {
    const slip = ['Verkäufer', 'Kaffeebar Lindenhof', 'Lindenstraße 4, 20095 Hamburg', '', 'Bon-Nr. 4711'];
    const tail = ['Datum 05.03.2026', 'Summe   12,50 €', ''];
    const operated = await read([...slip, ...tail, 'Gastro Nord GmbH · HRB 12345']);
    expect(field(operated, 'merchant')).toEqual(['Kaffeebar Lindenhof', 0.7]);
    const alone = await read([...slip, ...tail, 'HRB 12345']);
    expect(field(alone, 'merchant')).toEqual(['Kaffeebar Lindenhof', 0.85]);
  });
});

describe('the label reader: a total label whose parenthesis says before tax', () => {
  it('reads "Grand Total (Excl. Tax)" as no sure total when the gross line is lost', async () => {
    const head = ['Invoice # 100004217', 'Invoice date: 05.03.2026'];
    const net = await read([...head, 'Grand Total (Excl. Tax) | £277.00'], 'invoice');
    expect(field(net, 'total_amount')).toEqual([277, 0.6]);
    const german = await read([...head, 'Gesamtsumme (exkl. MwSt.) | 465,50 €'], 'invoice');
    expect(field(german, 'total_amount')).toEqual([465.5, 0.6]);
    // A parenthesis that says nothing of tax keeps the label's confidence.
    const eur = await read([...head, 'Gesamtsumme (EUR) | 465,50'], 'invoice');
    expect(field(eur, 'total_amount')).toEqual([465.5, 0.85]);
  });
});

describe('the label reader: a header over an item column', () => {
  it("takes no item's amount as the total at 0.8 when the totals box is lost", async () => {
    const table = [
      'FACTURE N° F-2026-0311',
      'Date : 05/03/2026',
      '',
      'Désignation        Qté     Prix unitaire     Montant TTC',
      'Papier A4          10      4,20              42,00',
    ];
    const items = await read([...table, 'Stylos             5       1,50              7,50'], 'invoice');
    expect(field(items, 'total_amount')).toEqual([42, 0.5]);
    // A header over one row of values is a label and its value.
    const single = await read(
      ['FACTURE N° F-2026-0311', 'Date : 05/03/2026', '', 'Montant TTC     Échéance', '42,00 €         19/03/2026'],
      'invoice',
    );
    expect(field(single, 'total_amount')).toEqual([42, 0.8]);
  });
});
