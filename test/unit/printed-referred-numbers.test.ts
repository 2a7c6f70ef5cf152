// Another document's number on a receipt (issue 24): a return slip or an exchange prints the
// original sale's number after "Orig." or "Ref."; that number is not the slip's own, whichever
// reader finds it (a labelled value, a title with its number and date, the label lists every
// schema shares). Each case is written small, with invented names and values.
import { describe, expect, it } from 'vitest';
import { referredTo } from '../../pipeline/printed/numbers.ts';
import { confidence, value, readReceiptText as readText } from '../helpers/starter.ts';

describe("the original sale's number on a return slip", () => {
  it('is not read when it is the only number the slip prints', async () => {
    const r = await readText('RETOUR\nOrig. Bon 31-549870\nDatum 09-02-2026 16:40\nTOTAAL TERUG -24,95\n');
    expect(value(r, 'receipt_number')).toBeNull();
  });

  it('is not read from its dated title ("Orig. Bon … vom …")', async () => {
    const r = await readText(
      'UMTAUSCH\nFiliale 0412  Kasse 3\nOrig. Bon 31-549870 vom 02.02.2026\nDatum 09.02.2026\nSumme -24,95 EUR\n',
    );
    expect(value(r, 'receipt_number')).toBeNull();
  });

  it('is doubtful under a label every schema shares', async () => {
    const r = await readText('RETURN   Orig. Receipt No: 31-549870\nDate 02/09/2026\nRefund total -24.95\n');
    expect(confidence(r, 'receipt_number')).toBeLessThanOrEqual(0.6);
  });
});

describe('whether a label names another document', () => {
  // "İ" lower-cases to two characters: the label's place must be found in the text itself, or
  // everything after it on the line is read one character late.
  const line = 'İzmir Grill   Bon 48817';
  const atValue = line.indexOf('48817');

  it("is read at the label's own place after a Turkish capital İ", () => {
    expect(referredTo(line, atValue, 'bon')).toBe(false);
    const slip = 'İade  Orig. Bon 31-549870';
    expect(referredTo(slip, slip.indexOf('31-'), 'bon')).toBe(true);
  });

  it("a till noun printed in lower case is a sentence's word, not the label", () => {
    expect(referredTo('İzmir Grill   bon 48817', atValue, 'bon')).toBe(true);
  });
});
