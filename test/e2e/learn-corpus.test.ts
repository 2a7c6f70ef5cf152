// Learning from corrections on real documents (issue 25), through the service in process:
// business-corpus mail grouped by vendor (sender domain as stored), the first of each group
// corrected from the truth, the rest reprocessed. The whole corpus is measured by
// test/extraction/learn-score.ts (numbers in docs/extraction.md); here a few groups, so the
// suite stays quick on a shared machine.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusCases } from '../extraction/score.ts';
import { learnScore, type GroupResult } from '../extraction/learn-score.ts';

const GROUPS = [
  // hotel-patagonia.example: gobl.html invoices, as HTML bodies and printed to PDF
  'gh-en-ar-arca-t-invoice',
  'gh-en-ar-arca-t-invoice-included',
  'gp-en-ar-arca-t-invoice',
  'gp-en-ar-arca-t-invoice-included',
  // abacus.ch: ZUGFeRD 1.0 invoices of one producer, HTML visualisation and KoSIT PDF
  'fhko-de-abacus',
  'fhko-de-productname',
  'kvko-de-abacus',
  'kvko-de-productname',
  // vendors with one mail each: nothing learned may touch them
  'kvgu-en-peppol',
  'kvgu-en-prices-include-vat',
  'kvkl-de-example-peppol-ubl',
];

const right = (list: GroupResult['after']) => list.filter((o) => o.ok).length;
const confidentlyWrong = (list: GroupResult['after']) =>
  list.filter((o) => !o.ok && o.got !== null && o.confidence >= 0.9).length;

describe.skipIf(!existsSync(new URL('../../../shared/corpus/business/truth.json', import.meta.url)))(
  'learning from corrections on the business corpus',
  () => {
    const cases = corpusCases().filter((c) => GROUPS.includes(c.id));

    it('starter schemas: the corrected vendor reads better, nothing wrong at >= 0.9, other vendors unchanged', async () => {
      expect(cases).toHaveLength(GROUPS.length);
      const score = await learnScore(cases);
      const hotel = score.groups.find((g) => g.vendor === 'invoice:hotel-patagonia.example')!;
      expect(hotel.cases).toHaveLength(4);
      // The printed reader gets the first mail's invoice number (its HTML title); the total is taught.
      expect(hotel.taught.map((t) => [t.field, t.status])).toEqual([['total_amount', 'learned']]);
      expect([right(hotel.before), right(hotel.after), hotel.after.length]).toEqual([12, 13, 13]);
      for (const g of score.groups) expect(confidentlyWrong(g.after), g.vendor).toBe(0);
      expect(score.othersChecked).toBeGreaterThan(10);
      expect(score.othersChanged).toEqual([]);
    }, 300_000);

    it('a bare schema (no extractors): every value read comes from one correction of the vendor', async () => {
      const score = await learnScore(cases, true);
      const abacus = score.groups.find((g) => g.vendor === 'invoice:abacus.ch')!;
      expect(abacus.taught.map((t) => [t.field, t.status])).toEqual(
        ['invoice_number', 'invoice_date', 'total_amount', 'currency', 'vendor_name', 'vendor_email'].map((f) => [
          f,
          'learned',
        ]),
      );
      expect(right(abacus.before)).toBe(0);
      // Its later mails are other renderings of the documents: the labels learned on the first read
      // 7 of 16 fields (bare before general readers were learned too); the readers read the rest.
      expect([right(abacus.after), abacus.after.length]).toEqual([16, 16]);
      // A brand-new learned extractor never claims 0.9 (a reader's own doubt may lower it): its values wait for review.
      expect(abacus.after.filter((o) => o.learned).every((o) => o.confidence <= 0.75)).toBe(true);
      expect(abacus.after.filter((o) => o.learned).length).toBe(16);
      expect(score.othersChanged).toEqual([]);
    }, 300_000);
  },
);
