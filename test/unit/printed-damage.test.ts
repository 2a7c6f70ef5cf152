// Confidence when the evidence a rule leans on is missing (issue 24, the damage harness
// test/extraction/perturb.ts): a page whose gross line was lost, a payable line lost under a
// part payment, a seller block whose name line was lost, a sender address nobody reads. Each
// case pairs the damaged page (the value is at most 0.7) with the whole one (the value keeps
// its confidence), so auto-accept keeps what it had. Written as the text a till,
// pdf.js or an HTML mail gives (cells apart by three spaces or more).
import { describe, expect, it } from 'vitest';
import { analyzeMessage, runSchema, type SchemaRun } from '../../pipeline/index.ts';
import { compileSchema } from '../../pipeline/schema.ts';
import { STARTERS } from '../../pipeline/starters.ts';
import { buildEml } from '../helpers/mail.ts';

async function invoice(lines: string[], from?: string): Promise<SchemaRun> {
  const analyzed = await analyzeMessage(
    buildEml({ subject: 'Invoice', text: lines.join('\n'), ...(from ? { from } : {}) }),
  );
  if (!analyzed.ok) throw new Error('refused');
  return runSchema(compileSchema(STARTERS.invoice), analyzed.message.view);
}

const field = (r: SchemaRun, name: string) => [r.fields[name]!.value, r.fields[name]!.confidence];

describe('a total whose corroboration is gone', () => {
  it('a bare total beside an added tax it does not add up with may be the sum before tax', async () => {
    const head = ['Invoice No: INV-2026-118', 'Invoice date: 05.03.2026'];
    // The gross line labelled in words the reader does not know: 21% of the total is the tax,
    // and the total plus it is printed below.
    const damaged = await invoice([...head, 'Total:   1.620,00 EUR', 'VAT 21%:   340,20 EUR', 'Quelm:   1.960,20 EUR']);
    expect(field(damaged, 'total_amount')).toEqual([1620, 0.7]);
    // The same with the unknown label and its amount in one cell.
    const oneCell = await invoice([...head, 'Total:   1.620,00 EUR', 'VAT 21%:   340,20 EUR', 'Quelm: 1.960,20 EUR']);
    expect(field(oneCell, 'total_amount')).toEqual([1620, 0.7]);
    // A tax that is a common rate of the total by chance (5% of 49,99), its gross printed nowhere.
    const chance = await invoice([...head, 'Total:   49,99 EUR', 'VAT 20%:   2,50 EUR']);
    expect(field(chance, 'total_amount')).toEqual([49.99, 0.85]);
    // No tax printed: nothing speaks against the total.
    const alone = await invoice([...head, 'Total:   1.620,00 EUR']);
    expect(field(alone, 'total_amount')).toEqual([1620, 0.85]);
    // The tax the total includes ("incl. 21% VAT") is no rival to it.
    const included = await invoice([...head, 'Total:   1.960,20 EUR', 'incl. 21% VAT:   340,20 EUR']);
    expect(field(included, 'total_amount')).toEqual([1960.2, 0.85]);
  });

  it('a gross that net + tax confirm, with a part of it paid and no payable line, is a guess for what is due', async () => {
    const head = ['Invoice No: INV-2026-119', 'Net amount:   1.800,00 EUR', 'VAT 19%:   342,00 EUR'];
    const damaged = await invoice([...head, 'Gross total:   2.142,00 EUR', 'Deposit paid:   1.000,00 EUR']);
    expect(field(damaged, 'total_amount')).toEqual([2142, 0.7]);
    const whole = await invoice([...head, 'Gross total:   2.142,00 EUR']);
    expect(field(whole, 'total_amount')).toEqual([2142, 0.9]);
    // The payable line present: what is due, confirmed by gross - paid.
    const paid = await invoice([
      ...head,
      'Gross total:   2.142,00 EUR',
      'Deposit paid:   1.000,00 EUR',
      'Amount due:   1.142,00 EUR',
    ]);
    expect(field(paid, 'total_amount')).toEqual([1142, 0.95]);
    // Shares that add up to the gross (a split bill) paid all of it: no doubt.
    const split = await invoice([
      ...head,
      'Gross total:   2.142,00 EUR',
      'Paid by card:   1.071,00 EUR',
      'Paid by card:   1.071,00 EUR',
    ]);
    expect(field(split, 'total_amount')).toEqual([2142, 0.9]);
  });

  it('a gross that net + tax confirm, printed beside a part of it and the rest (a withholding), is a guess for what is due', async () => {
    const head = ['Invoice No: F-2026-31', 'Net amount:   1.620,00 EUR', 'VAT 21%:   340,20 EUR'];
    // The payable line's label lost: its amount stands alone.
    const damaged = await invoice([
      ...head,
      'Total with tax:   1.960,20 EUR',
      'IRPF 15%:   243,00 EUR',
      '1.717,20 EUR',
    ]);
    expect(field(damaged, 'total_amount')).toEqual([1960.2, 0.7]);
    const whole = await invoice([...head, 'Total with tax:   1.960,20 EUR']);
    expect(field(whole, 'total_amount')).toEqual([1960.2, 0.9]);
  });
});

describe('a party name whose line is lost', () => {
  it("a seller block's first cell that does not read as a name (a street, a cut word) is a guess", async () => {
    const tail = ['Bill to:', 'Anna Kowalska', 'ul. Solna 9', '', 'Invoice No: FV/2026/03/14'];
    const damaged = await invoice(['Seller:', 'ul. Legnicka 55', '50-001 Wroclaw', '', ...tail]);
    expect(field(damaged, 'vendor_name')).toEqual(['ul. Legnicka 55', 0.65]);
    const whole = await invoice([
      'Seller:',
      'Serwis IT Tomasz Nowak',
      'ul. Legnicka 55',
      '50-001 Wroclaw',
      '',
      ...tail,
    ]);
    expect(field(whole, 'vendor_name')).toEqual(['Serwis IT Tomasz Nowak', 0.85]);
  });
});

describe("the sender's address as the issuer's", () => {
  const page = ['Invoice No: INV-77', 'Invoice date: 05.03.2026', 'Total due:   120,00 EUR'];

  it('is sure when the page prints no address and the mailbox is one people read', async () => {
    const r = await invoice(page, 'Acme Billing <billing@acme.example>');
    expect(field(r, 'vendor_email')).toEqual(['billing@acme.example', 0.95]);
  });

  it('is no contact when nobody reads it (no-reply, ne-pas-répondre, geen-antwoord)', async () => {
    for (const from of ['no-reply@acme.example', 'ne-pas-repondre@acme.example', 'geen-antwoord@acme.example']) {
      const r = await invoice(page, `Acme <${from}>`);
      expect(field(r, 'vendor_email')).toEqual([from, 0.5]);
    }
  });
});
