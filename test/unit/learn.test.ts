// Learning an extractor from a correction (pipeline/learn.ts): the value found in its usual
// spellings, the extractor derived in the schema's language, and checked by running it.
import { describe, expect, it } from 'vitest';
import { analyzeMessage, runSchema } from '../../pipeline/index.ts';
import {
  ANY_LAYOUT,
  layoutOf,
  layoutSimilarity,
  learnExtractor,
  learnedConfidence,
  sameReader,
  SAME_LAYOUT,
  vendorDomainOf,
  type LearnField,
} from '../../pipeline/learn.ts';
import { compileSchema } from '../../pipeline/schema.ts';
import type { MessageView } from '../../pipeline/types.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildEml } from '../helpers/mail.ts';
import { invoicePage, statementPage } from '../helpers/vendor-pages.ts';

async function viewOf(text: string, from = 'Billing <billing@acme-tools.example>'): Promise<MessageView> {
  const analyzed = await analyzeMessage(buildEml({ from, subject: 'Your invoice', text }));
  if (!analyzed.ok) throw new Error(analyzed.refusal.message);
  return analyzed.message.view;
}

const INVOICE = (ref: string, date: string, total: string) =>
  [
    'ACME Tools Ltd',
    'Unit 4, Harbour Road',
    '',
    `Our ref. ${ref}`,
    `Dated ${date}`,
    '',
    'Item            Qty     Price',
    'Hammer          2       10.00',
    '',
    'Balance payable',
    total,
  ].join('\n');

const CREDIT_NOTE_XML = readFileSync(
  join(import.meta.dirname, '../fixtures/einvoice/peppol-bis3-creditnote.xml'),
  'utf8',
);

/** A supplier's mail with an e-invoice attached (the credit note fixture by default) and no page to read. */
async function viewOfXml(doc = CREDIT_NOTE_XML): Promise<MessageView> {
  const analyzed = await analyzeMessage(
    buildEml({
      from: 'Billing <billing@supplier.example>',
      subject: 'Credit note',
      text: 'Please find the e-invoice attached.',
      attachments: [{ filename: 'note.xml', contentType: 'application/xml', content: doc }],
    }),
  );
  if (!analyzed.ok) throw new Error(analyzed.refusal.message);
  return analyzed.message.view;
}

const date: LearnField = { name: 'invoice_date', type: 'date' };
const number: LearnField = { name: 'invoice_number', type: 'string' };
const total: LearnField = { name: 'total_amount', type: 'number' };

describe('learnExtractor', () => {
  it('finds a date in another spelling and learns the label printed before it', async () => {
    const view = await viewOf(INVOICE('AT-2026-0042', '5 March 2026', '1.234,50'));
    const learned = learnExtractor(view, date, '2026-03-05');
    expect(learned).toEqual({
      ok: true,
      extractor: { kind: 'labeled_value', labels: ['Dated'] },
      found: { document_index: 0, raw: '5 March 2026' },
      agrees_with_earlier: true,
      layout: expect.stringMatching(/^[0-9a-f]{8}( [0-9a-f]{8})*$/),
    });
  });

  it('learns an id with the label before it, and reads the next invoice of the layout with it', async () => {
    const first = await viewOf(INVOICE('AT-2026-0042', '5 March 2026', '1.234,50'));
    const learned = learnExtractor(first, number, 'at-2026-0042');
    expect(learned.ok && learned.extractor).toEqual({ kind: 'labeled_value', labels: ['Our ref.'] });
    const next = await viewOf(INVOICE('AT-2026-0057', '2 April 2026', '99,00'));
    const schema = compileSchema({ name: 'i', fields: { invoice_number: { type: 'string', extract: [] } } });
    const run = runSchema(schema, next, [
      { id: 'lrn_1', field: 'invoice_number', extractor: learned.ok ? learned.extractor : null!, confidence: 0.75 },
    ]);
    expect(run.fields.invoice_number).toMatchObject({ value: 'AT-2026-0057', confidence: 0.75, learned: 'lrn_1' });
  });

  it('takes the surer confidence when the schema’s own extractor reads the same value, the learned one when not', async () => {
    const view = await viewOf(INVOICE('AT-2026-0042', '5 March 2026', '1.234,50'));
    const own = (labels: string[]) =>
      compileSchema({
        name: 'i',
        fields: { invoice_number: { type: 'string', extract: [{ kind: 'labeled_value', labels }] } },
      });
    const learned = [
      {
        id: 'lrn_4',
        field: 'invoice_number',
        extractor: { kind: 'labeled_value' as const, labels: ['Our ref.'] },
        // A learned record that has been corrected once: 0.75 x 0.8.
        confidence: 0.6,
      },
    ];
    const alone = runSchema(own(['Our ref.']), view).fields.invoice_number!;
    expect(alone.value).toBe('AT-2026-0042');
    expect(alone.confidence).toBe(0.75);
    expect(runSchema(own(['Our ref.']), view, learned).fields.invoice_number).toMatchObject({
      value: 'AT-2026-0042',
      confidence: alone.confidence,
      learned: 'lrn_4',
    });
    expect(runSchema(own(['Dated']), view, learned).fields.invoice_number).toMatchObject({
      value: 'AT-2026-0042',
      confidence: 0.6,
      learned: 'lrn_4',
    });
  });

  it('learns the label above an amount in a different spelling (1.234,50 for 1234.5)', async () => {
    const view = await viewOf(INVOICE('AT-2026-0042', '5 March 2026', '1.234,50'));
    const learned = learnExtractor(view, total, 1234.5);
    expect(learned).toMatchObject({
      ok: true,
      extractor: { kind: 'labeled_value', labels: ['Balance payable'] },
      found: { raw: '1.234,50' },
    });
  });

  it('learns a value in running text and reads the next mail of the vendor with it', async () => {
    const view = await viewOf('Hello,\nplease find attached invoice AB-77120 for your order, due in 30 days.\n');
    const learned = learnExtractor(view, number, 'AB-77120');
    expect(learned.ok).toBe(true);
    if (!learned.ok) return;
    expect(learned.extractor).toEqual({ kind: 'labeled_value', labels: ['please find attached invoice'] });
    const next = await viewOf('Hello,\nplease find attached invoice CD-91002 for your order, due in 30 days.\n');
    const schema = compileSchema({ name: 'i', fields: { invoice_number: { type: 'string', extract: [] } } });
    const run = runSchema(schema, next, [
      { id: 'lrn_2', field: 'invoice_number', extractor: learned.extractor, confidence: 0.8 },
    ]);
    expect(run.fields.invoice_number?.value).toBe('CD-91002');
  });

  it('reads past a currency sign to the label of its cell ("Sum | $300,00")', async () => {
    const view = await viewOf('Totals\n\nSum | $300,00\nIncluded VAT | $52,07\nTotal | $247,93\n');
    expect(learnExtractor(view, total, 300)).toMatchObject({
      ok: true,
      extractor: { kind: 'labeled_value', labels: ['Sum'] },
      found: { raw: '300,00' },
    });
  });

  it('anchors a regex on the words after the last number before the value when no label reads it', async () => {
    const line = (ref: string, date: string) => `Transaction # ${ref} of the ${date}\n`;
    const view = await viewOf(line('RE-20140628/9', '28.06.2014'));
    const learned = learnExtractor(view, date, '2014-06-28');
    expect(learned).toMatchObject({
      ok: true,
      extractor: {
        kind: 'regex',
        pattern: 'of\\s+the[ \\t\u00a0:：#|]*(?:[^\\s\\d-]{1,3}[ \\t\u00a0]*)?(?<value>\\d+\\.\\d+\\.\\d+)',
      },
    });
    const next = await viewOf(line('RE-20140903/2', '03.09.2014'));
    const schema = compileSchema({ name: 'i', fields: { invoice_date: { type: 'date', extract: [] } } });
    const run = runSchema(schema, next, [
      { id: 'lrn_3', field: 'invoice_date', extractor: learned.ok ? learned.extractor : null!, confidence: 0.75 },
    ]);
    expect(run.fields.invoice_date).toMatchObject({ value: '2014-09-03', learned: 'lrn_3' });
  });

  // Read the next document of the vendor with what was learned from the first, as ingest does.
  const readNext = (field: LearnField, learned: ReturnType<typeof learnExtractor>, next: MessageView) => {
    if (!learned.ok) throw new Error(learned.reason);
    const schema = compileSchema({ name: 'i', fields: { [field.name]: { type: field.type, extract: [] } } });
    const run = runSchema(schema, next, [
      { id: 'lrn_x', field: field.name, extractor: learned.extractor, confidence: 0.75 },
    ]);
    return run.fields[field.name]?.value ?? null;
  };

  it('reads the id after stable text past a code printed between them on the next document', async () => {
    const page = (between: string, id: string) =>
      `Areas without content are not displayed!          ${between}/${id}\nOverview\n`;
    // An id without digits first ("FINAL-ATT"): the next id of the vendor may have some.
    const first = learnExtractor(await viewOf(page('', 'FINAL-ATT')), number, 'FINAL-ATT');
    expect(first).toMatchObject({ ok: true, extractor: { kind: 'regex' } });
    expect(readNext(number, first, await viewOf(page('', 'FINAL-002')))).toBe('FINAL-002');
    expect(readNext(number, first, await viewOf(page('SE123456789001', 'FINAL-ORIGIN-1')))).toBe('FINAL-ORIGIN-1');
    // A number: the VAT id before the slash is another token, not the value.
    const digits = learnExtractor(await viewOf(page('SE112233445501', '7023708')), number, '7023708');
    expect(readNext(number, digits, await viewOf(page('', '2018038')))).toBe('2018038');
    expect(readNext(number, digits, await viewOf(page('SE112233445501', '800018')))).toBe('800018');
  });

  it('reads a value alone on the line under stable text, and not a word printed there instead', async () => {
    const page = (id: string) => `ESCUELA KEMPER\nRégimen fiscal: 601\n${id}\nIssue date 2023-01-01\n`;
    const learned = learnExtractor(await viewOf(page('LMC-002')), number, 'LMC-002');
    expect(learned).toMatchObject({ ok: true, extractor: { kind: 'regex' } });
    expect(readNext(number, learned, await viewOf(page('TEST-00001')))).toBe('TEST-00001');
    // A word where the id was is no id: nothing rather than a wrong value.
    expect(readNext(number, learned, await viewOf(page('Customer')))).toBeNull();
  });

  it('reads an amount of another grouping and sign than the corrected one (a credit note)', async () => {
    const page = (sum: string, due: string) =>
      `Third party payment total          0.00\nSum of all lines        ${sum}\nAmount due          ${due}\n`;
    const learned = learnExtractor(await viewOf(page('12,345.00', '10,000.00')), total, 10000);
    expect(readNext(total, learned, await viewOf(page('99.00', '591.75')))).toBe(591.75);
    expect(readNext(total, learned, await viewOf(page('1.00', '-1,656.25')))).toBe(-1656.25);
  });

  it('prefers the label that names the field when the value is printed under two labels', async () => {
    const due: LearnField = { name: 'due_date', type: 'date' };
    const page = (point: string, dueDate: string) => `Value added tax point:   ${point}\nDue date:   ${dueDate}\n`;
    const learned = learnExtractor(await viewOf(page('2017-12-01', '2017-12-01')), due, '2017-12-01');
    expect(learned).toMatchObject({ ok: true, extractor: { kind: 'labeled_value', labels: ['Due date'] } });
    expect(readNext(due, learned, await viewOf(page('2017-11-01', '2017-12-15')))).toBe('2017-12-15');
  });

  it('learns from the printed page beside an e-invoice when asked, and the element comes first when both read', async () => {
    const xml = readFileSync(join(import.meta.dirname, '../fixtures/einvoice/peppol-bis3-creditnote.xml'), 'utf8');
    const page = (total: string) => `Credit note\nAmount payable:   ${total}\n`;
    const withXml = async (doc: string | null, text: string) => {
      const analyzed = await analyzeMessage(
        buildEml({
          from: 'Billing <billing@supplier.example>',
          subject: 'Credit note',
          text,
          attachments: doc ? [{ filename: 'note.xml', contentType: 'application/xml', content: doc }] : [],
        }),
      );
      if (!analyzed.ok) throw new Error(analyzed.refusal.message);
      return analyzed.message.view;
    };
    const first = await withXml(xml, page('100.11'));
    const element = learnExtractor(first, total, 100.11);
    expect(element).toMatchObject({ ok: true, extractor: { kind: 'einvoice', field: 'total_amount' } });
    const printed = learnExtractor(first, total, 100.11, [], 'page');
    expect(printed).toMatchObject({ ok: true, extractor: { kind: 'labeled_value', labels: ['Amount payable'] } });
    if (!element.ok || !printed.ok) return;
    const schema = compileSchema({ name: 'i', fields: { total_amount: { type: 'number', extract: [] } } });
    const runs = [
      { id: 'lrn_page', field: 'total_amount', extractor: printed.extractor, confidence: 0.75, layout: printed.layout },
      { id: 'lrn_xml', field: 'total_amount', extractor: element.extractor, confidence: 0.75, layout: '' },
    ];
    // The vendor's next document without its XML is read from the page; with it, from the element.
    expect(runSchema(schema, await withXml(null, page('250.00')), runs).fields.total_amount).toMatchObject({
      value: 250,
      learned: 'lrn_page',
    });
    expect(runSchema(schema, await withXml(xml, page('999.00')), runs).fields.total_amount).toMatchObject({
      value: 100.11,
      learned: 'lrn_xml',
    });
  });

  it('learns nothing, and says why, when the value is not in the documents', async () => {
    const view = await viewOf(INVOICE('AT-2026-0042', '5 March 2026', '1.234,50'));
    expect(learnExtractor(view, total, 777.77)).toEqual({
      ok: false,
      reason: "777.77 is not printed in the message's documents in any usual spelling",
    });
    expect(learnExtractor(view, { name: 'paid', type: 'boolean' }, true)).toMatchObject({ ok: false });
  });

  it('prefers an extractor that also reads the earlier correction of the vendor right', async () => {
    // Two dates on the page; the earlier example shows which label names the invoice date.
    const page = (issued: string, shipped: string) => `Shipped ${shipped}\nIssued ${issued}\n`;
    const earlier = { view: await viewOf(page('2026-02-10', '2026-02-09')), value: '2026-02-10' };
    const view = await viewOf(page('2026-03-05', '2026-03-05'));
    const learned = learnExtractor(view, date, '2026-03-05', [earlier]);
    expect(learned).toMatchObject({ ok: true, extractor: { labels: ['Issued'] }, agrees_with_earlier: true });
  });
});

describe('learnedConfidence and vendorDomainOf', () => {
  it('starts under the default 0.8 threshold, reaches 0.9 after three confirmations, drops with corrections', () => {
    expect(learnedConfidence(0, 0)).toBe(0.75);
    expect(learnedConfidence(3, 0)).toBe(0.9);
    expect(learnedConfidence(10, 0)).toBe(0.95);
    expect(learnedConfidence(3, 1)).toBe(0.72);
  });

  it('names the vendor by the sender domain, lower case', async () => {
    expect(vendorDomainOf(await viewOf('x', 'A <Billing@ACME-Tools.example>'))).toBe('acme-tools.example');
  });
});

describe('anchors on the stable part of a line', () => {
  it('reads a value past a wide gap and a slash after its label words, not the literal value', async () => {
    const page = (ref: string, name: string) =>
      [
        `Statement of account                                          /${ref}`,
        'Overview',
        `  Customer:    ${name}`,
      ].join('\n');
    const first = await viewOf(page('FINAL-DD01', 'Hansen'));
    const learned = learnExtractor(first, number, 'FINAL-DD01');
    expect(learned).toMatchObject({
      ok: true,
      extractor: { kind: 'regex', pattern: expect.stringContaining('Statement\\s+of\\s+account') },
    });
    if (!learned.ok) return;
    const schema = compileSchema({ name: 'i', fields: { invoice_number: { type: 'string', extract: [] } } });
    const next = await viewOf(page('FINAL-EX07', 'Berg'));
    expect(
      runSchema(schema, next, [
        { id: 'lrn_s', field: 'invoice_number', extractor: learned.extractor, confidence: 0.75 },
      ]).fields.invoice_number?.value,
    ).toBe('FINAL-EX07');
  });
});

describe('layouts of a vendor', () => {
  const SLIP = (code: string, date: string) =>
    [
      'CREDIT SLIP',
      `Document code: ${code}`,
      `Issued ${date} by the warehouse team`,
      'Returned goods, see list',
      '',
    ].join('\n');

  it('gives one layout to documents that differ in values only, and tells another layout apart', () => {
    const a = layoutOf(INVOICE('AT-2026-0042', '5 March 2026', '1.234,50'));
    const b = layoutOf(INVOICE('AT-2026-0057', '2 April 2026', '99,00'));
    const other = layoutOf(SLIP('NX-77', '5 March 2026'));
    expect(layoutSimilarity(a, b)).toBe(1);
    expect(layoutSimilarity(a, other)).toBeLessThan(SAME_LAYOUT);
    expect(layoutSimilarity(a, '')).toBe(0);
  });

  it('reads each layout with the extractor learned on it, whichever is listed first', async () => {
    const schema = compileSchema({ name: 'i', fields: { invoice_number: { type: 'string', extract: [] } } });
    const first = await viewOf(INVOICE('AT-2026-0042', '5 March 2026', '1.234,50'));
    const slip = await viewOf(SLIP('NX-77', '5 March 2026'));
    const a = learnExtractor(first, number, 'AT-2026-0042');
    const b = learnExtractor(slip, number, 'NX-77');
    if (!a.ok || !b.ok) throw new Error('not learned');
    // Both read something on both layouts: "Our ref." is absent from the slip, so make the slip's label loose.
    const runs = [
      { id: 'lrn_a', field: 'invoice_number', extractor: a.extractor, confidence: 0.75, layout: a.layout },
      {
        id: 'lrn_b',
        field: 'invoice_number',
        extractor: { kind: 'regex' as const, pattern: '(?<value>[A-Z]{2}-\\d+(?:-\\d+)?)' },
        confidence: 0.75,
        layout: b.layout,
      },
    ];
    const nextSlip = await viewOf(SLIP('NX-78', '9 April 2026'));
    const nextInvoice = await viewOf(INVOICE('AT-2026-0057', '2 April 2026', '99,00'));
    for (const order of [runs, [...runs].reverse()]) {
      expect(runSchema(schema, nextSlip, order).fields.invoice_number).toMatchObject({
        value: 'NX-78',
        learned: 'lrn_b',
      });
      expect(runSchema(schema, nextInvoice, order).fields.invoice_number).toMatchObject({
        value: 'AT-2026-0057',
        learned: 'lrn_a',
      });
    }
  });
});

describe('values held only by an e-invoice', () => {
  it('learns the e-invoice element that holds the value (no page layout), and reads the next e-invoice with it', async () => {
    const xml = CREDIT_NOTE_XML;
    // A field named otherwise than the element: the element whose value it is.
    const reference: LearnField = { name: 'document_ref', type: 'string' };
    const learned = learnExtractor(await viewOfXml(xml), reference, '018304 / 28865');
    expect(learned).toMatchObject({
      ok: true,
      extractor: { kind: 'einvoice', field: 'invoice_number' },
      layout: '',
    });
    const payable = learnExtractor(await viewOfXml(xml), total, 100.11);
    expect(payable).toMatchObject({ ok: true, extractor: { kind: 'einvoice', field: 'total_amount' } });
    const next = await viewOfXml(xml.replaceAll('018304 / 28865', '018305 / 29001'));
    const schema = compileSchema({ name: 'i', fields: { document_ref: { type: 'string', extract: [] } } });
    const run = runSchema(schema, next, [
      {
        id: 'lrn_x',
        field: 'document_ref',
        extractor: learned.ok ? learned.extractor : null!,
        confidence: 0.75,
        layout: '',
      },
    ]);
    expect(run.fields.document_ref).toMatchObject({ value: '018305 / 29001', learned: 'lrn_x' });
    // A value in neither the text nor an element: nothing, and the reason names both.
    expect(learnExtractor(await viewOfXml(xml), total, 777.77)).toEqual({
      ok: false,
      reason:
        "777.77 is not printed in the message's documents in any usual spelling, nor held by an element of its e-invoice",
    });
  });
});

describe('general readers: what a corrected value is, for the vendor’s other layouts', () => {
  const amount: LearnField = { name: 'betrag', type: 'number' };
  const schema = compileSchema({ name: 'i', fields: { betrag: { type: 'number', extract: [] } } });

  it('learns which printed reader a custom field is, and reads a later page of another layout with it', async () => {
    const first = await viewOf(invoicePage('AT-2026-0042', '1.234,50'));
    const reader = learnExtractor(first, amount, 1234.5, [], 'reader');
    expect(reader).toEqual({
      ok: true,
      extractor: { kind: 'printed', field: 'total_amount' },
      found: { document_index: 0, raw: expect.stringContaining('1.234,50') },
      agrees_with_earlier: true,
      layout: ANY_LAYOUT,
    });
    const label = learnExtractor(first, amount, 1234.5);
    expect(label).toMatchObject({ ok: true, extractor: { kind: 'labeled_value' } });
    if (!reader.ok || !label.ok) return;
    const runs = [
      { id: 'lrn_label', field: 'betrag', extractor: label.extractor, confidence: 0.75, layout: label.layout },
      { id: 'lrn_reader', field: 'betrag', extractor: reader.extractor, confidence: 0.75, layout: reader.layout },
    ];
    const next = await viewOf(statementPage('95.10'));
    // The label alone reads nothing on the other layout; the reader reads its total.
    expect(runSchema(schema, next, runs.slice(0, 1)).fields.betrag!.value).toBeNull();
    const read = runSchema(schema, next, runs).fields.betrag!;
    expect(read).toMatchObject({ value: 95.1, learned: 'lrn_reader' });
    expect(read.confidence).toBeLessThanOrEqual(0.75);
    // A page of the layout the label was learned on is read by the label first.
    const same = await viewOf(invoicePage('AT-2026-0077', '88,00'));
    expect(runSchema(schema, same, runs).fields.betrag).toMatchObject({ value: 88, learned: 'lrn_label' });
  });

  it('a reader a person edited into a label keeps the reader’s place, before the labels of other layouts', async () => {
    const next = await viewOf(statementPage('95,10'));
    const otherLayout = learnExtractor(await viewOf(statementPage('12,00')), amount, 0);
    expect(otherLayout).toMatchObject({ ok: true });
    if (!otherLayout.ok) return;
    const runs = [
      // Learned on another layout (the invoice's), it reads the opening balance on this page.
      {
        id: 'lrn_other',
        field: 'betrag',
        extractor: otherLayout.extractor,
        confidence: 0.75,
        layout: layoutOf(invoicePage('X-1', '1,00')),
      },
      {
        id: 'lrn_edited',
        field: 'betrag',
        extractor: { kind: 'labeled_value' as const, labels: ['Total amount due:'] },
        confidence: 0.75,
        layout: ANY_LAYOUT,
      },
    ];
    expect(runSchema(schema, next, runs).fields.betrag).toMatchObject({ value: 95.1, learned: 'lrn_edited' });
  });

  it('knows a reader the schema already runs, however its keys are written', () => {
    const total = { kind: 'printed', field: 'total_amount' } as const;
    expect(sameReader({ field: 'total_amount', kind: 'printed' }, total)).toBe(true);
    expect(sameReader({ kind: 'printed', field: 'invoice_date' }, total)).toBe(false);
    const from = { kind: 'mailbox', source: 'from', part: 'address' } as const;
    expect(sameReader({ part: 'address', source: 'from', kind: 'mailbox' }, from)).toBe(true);
    expect(sameReader({ kind: 'mailbox', source: 'from', part: 'name' }, from)).toBe(false);
    expect(sameReader({ kind: 'labeled_value', labels: ['Total'] }, total)).toBe(false);
  });

  it('a sender’s address is a reader too, and a value no reader gives teaches none', async () => {
    const first = await viewOf(INVOICE('AT-2026-0042', '5 March 2026', '1.234,50'));
    const email: LearnField = { name: 'lieferant_email', type: 'email' };
    expect(learnExtractor(first, email, 'billing@acme-tools.example', [], 'reader')).toMatchObject({
      ok: true,
      layout: ANY_LAYOUT,
    });
    expect(learnExtractor(first, amount, 4321, [], 'reader')).toEqual({
      ok: false,
      reason: 'no general reader gives 4321 on this message',
    });
  });

  it('an e-invoice element stands for the printed reader of the same element on pages without the XML', async () => {
    const element = learnExtractor(await viewOfXml(), amount, 100.11);
    expect(element).toMatchObject({ ok: true, extractor: { kind: 'einvoice', field: 'total_amount' } });
    if (!element.ok) return;
    const runs = [{ id: 'lrn_xml', field: 'betrag', extractor: element.extractor, confidence: 0.8, layout: '' }];
    const page = await viewOf(statementPage('95.10'), 'Billing <billing@supplier.example>');
    const read = runSchema(schema, page, runs).fields.betrag!;
    expect(read).toMatchObject({ value: 95.1, learned: 'lrn_xml' });
    expect(read.confidence).toBeLessThanOrEqual(0.8);
    // A reader learned from a page of the vendor's takes the place of the implied one.
    const learnedReader = {
      id: 'lrn_po',
      field: 'betrag',
      extractor: { kind: 'printed', field: 'po_number' } as const,
    };
    expect(
      runSchema(schema, page, [...runs, { ...learnedReader, confidence: 0.75, layout: ANY_LAYOUT }]).fields.betrag!
        .value,
    ).toBeNull();
  });

  it('a printed reader learned from a page stands for the element of the same name on documents with XML', async () => {
    const page = await viewOf(invoicePage('AT-2026-0042', '1.234,50'), 'Billing <billing@supplier.example>');
    const reader = learnExtractor(page, amount, 1234.5, [], 'reader');
    expect(reader).toMatchObject({ ok: true, extractor: { kind: 'printed', field: 'total_amount' } });
    if (!reader.ok) return;
    const runs = [
      { id: 'lrn_reader', field: 'betrag', extractor: reader.extractor, confidence: 0.8, layout: ANY_LAYOUT },
    ];
    // The e-invoice's mail body prints no total: the element reads it, with the record's confidence.
    expect(runSchema(schema, await viewOfXml(), runs).fields.betrag).toMatchObject({
      value: 100.11,
      confidence: 0.8,
      learned: 'lrn_reader',
    });
  });
});
