// Extraction on realistic invoices and receipts: plain text, HTML tables, PDF
// attachments; values, honest confidences, and source offsets that point at the text.
import { describe, expect, it } from 'vitest';
import { DefinitionError } from '../../pipeline/errors.ts';
import { analyzeMessage, runSchema, type AnalyzedMessage, type SchemaRun } from '../../pipeline/index.ts';
import { compileSchema } from '../../pipeline/schema.ts';
import { STARTERS } from '../../pipeline/starters.ts';
import { coerceText } from '../../pipeline/validate.ts';
import { buildEml, makeDocx, makePdf, type MailSpec } from '../helpers/mail.ts';

async function run(
  spec: MailSpec,
  starter: keyof typeof STARTERS = 'invoice',
): Promise<{ m: AnalyzedMessage; r: SchemaRun }> {
  const analyzed = await analyzeMessage(buildEml(spec));
  if (!analyzed.ok) throw new Error('refused');
  return { m: analyzed.message, r: runSchema(compileSchema(STARTERS[starter]), analyzed.message.view) };
}

/** The source of a field points at exactly its raw text in the document it names. */
function expectSourcePointsAtRaw(m: AnalyzedMessage, r: SchemaRun, field: string) {
  const f = r.fields[field]!;
  const source = f.source as { document_index: number; start: number; end: number };
  expect(m.documents[source.document_index]!.text.slice(source.start, source.end)).toBe(f.raw);
}

describe('invoice starter', () => {
  it('plain text, English, Label: value', async () => {
    const { m, r } = await run({
      subject: 'Invoice INV-2026-0042 from Vendor Ltd',
      text:
        'Dear customer,\n\nInvoice number: INV-2026-0042\nInvoice date: 3 March 2026\nDue date: 2026-04-02\n' +
        'PO number: PO-7781\n\nSubtotal: $1,000.00\nTax: $234.56\nTotal due: $1,234.56\n\nThanks, Vendor Ltd',
    });
    expect(r.fields.invoice_number!.value).toBe('INV-2026-0042');
    expect(r.fields.invoice_date!.value).toBe('2026-03-03');
    expect(r.fields.due_date!.value).toBe('2026-04-02');
    expect(r.fields.total_amount!.value).toBe(1234.56);
    expect(r.fields.currency!.value).toBe('USD');
    expect(r.fields.po_number!.value).toBe('PO-7781');
    expect(r.fields.vendor_email!.value).toBe('billing@vendor.example');
    expect(r.fields.vendor_email!.source).toEqual({ header: 'from' });
    for (const f of ['invoice_number', 'invoice_date', 'total_amount', 'po_number']) {
      expect(r.fields[f]!.confidence).toBeGreaterThanOrEqual(0.85);
      expectSourcePointsAtRaw(m, r, f);
    }
    expect(r.issues).toEqual([]);
    expect(r.confidence).toBeGreaterThanOrEqual(0.85);
  });

  it('HTML table, German, Label | value cells', async () => {
    const { m, r } = await run({
      subject: 'Ihre Rechnung RE-55',
      html:
        '<p>Sehr geehrte Damen und Herren,</p><table>' +
        '<tr><td>Rechnungsnummer</td><td>RE-55</td></tr>' +
        '<tr><td>Rechnungsdatum</td><td>04.03.2026</td></tr>' +
        '<tr><td>Fällig am</td><td>18. März 2026</td></tr>' +
        '<tr><td><b>Gesamtbetrag</b></td><td>1.234,56 €</td></tr></table>',
    });
    expect(m.documents[0]!.text).toContain('Rechnungsnummer | RE-55');
    expect(r.fields.invoice_number!.value).toBe('RE-55');
    expect(r.fields.invoice_date!.value).toBe('2026-03-04');
    expect(r.fields.due_date!.value).toBe('2026-03-18');
    expect(r.fields.total_amount!.value).toBe(1234.56);
    expect(r.fields.currency!.value).toBe('EUR');
    for (const f of ['invoice_number', 'invoice_date', 'due_date', 'total_amount']) expectSourcePointsAtRaw(m, r, f);
  });

  it('HTML table with a header row over a value row (columns)', async () => {
    const { r } = await run({
      subject: 'Invoice',
      html:
        '<table><tr><th>Invoice No</th><th>Invoice date</th><th>Total due</th></tr>' +
        '<tr><td>A-1001</td><td>2026-02-01</td><td>USD 99.50</td></tr></table>',
    });
    expect(r.fields.invoice_number!.value).toBe('A-1001');
    expect(r.fields.invoice_date!.value).toBe('2026-02-01');
    expect(r.fields.total_amount!.value).toBe(99.5);
    expect(r.fields.currency!.value).toBe('USD');
  });

  it('French and Spanish layouts, value on the next line', async () => {
    const fr = await run({
      subject: 'Votre facture',
      text: 'Numéro de facture :\nF-2026-17\nDate de facture : 5 mars 2026\nNet à payer : 1 250,00 EUR',
    });
    expect(fr.r.fields.invoice_number!.value).toBe('F-2026-17');
    expect(fr.r.fields.invoice_number!.confidence).toBeLessThan(0.9);
    expect(fr.r.fields.invoice_date!.value).toBe('2026-03-05');
    expect(fr.r.fields.total_amount!.value).toBe(1250);
    const es = await run({
      subject: 'Factura',
      text: 'Número de factura: E-88\nFecha de factura: 7 de marzo de 2026\nTotal a pagar: 300,50 €',
    });
    expect(es.r.fields.invoice_number!.value).toBe('E-88');
    expect(es.r.fields.invoice_date!.value).toBe('2026-03-07');
    expect(es.r.fields.total_amount!.value).toBe(300.5);
  });

  it('PDF attachment: fields come from the PDF text, sources point into it', async () => {
    const pdf = await makePdf([
      'ACME GmbH',
      'Invoice number: PDF-7',
      'Invoice date: 2026-03-10',
      'Total due: EUR 560.00',
    ]);
    const { m, r } = await run({
      subject: 'Your documents',
      text: 'Please see the attached file.',
      attachments: [{ filename: 'doc.pdf', contentType: 'application/pdf', content: pdf }],
    });
    expect(m.documents[1]!.text).toContain('Invoice number: PDF-7');
    expect(r.fields.invoice_number!.value).toBe('PDF-7');
    expect(r.fields.total_amount!.value).toBe(560);
    expect((r.fields.invoice_number!.source as { document_index: number }).document_index).toBe(1);
    expectSourcePointsAtRaw(m, r, 'invoice_number');
    expectSourcePointsAtRaw(m, r, 'total_amount');
  });

  it('DOCX and CSV attachments: fields come from their text', async () => {
    const docx = await makeDocx([
      'Lieferant GmbH',
      'Rechnungsnummer: DOC-3',
      'Rechnungsdatum: 12.03.2026',
      'Gesamtbetrag: 99,90 EUR',
    ]);
    const { m, r } = await run({
      subject: 'Dokumente',
      text: 'Anbei.',
      attachments: [
        {
          filename: 'rechnung.docx',
          contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          content: docx,
        },
        { filename: 'lines.csv', contentType: 'text/csv', content: 'item,qty,price\n"Widget, large",2,10.00\n' },
      ],
    });
    expect(m.documents[1]).toMatchObject({ filename: 'rechnung.docx', unreadable: null });
    expect(m.documents[2]!.text).toBe('item | qty | price\nWidget, large | 2 | 10.00');
    expect(r.fields.invoice_number!.value).toBe('DOC-3');
    expect(r.fields.invoice_date!.value).toBe('2026-03-12');
    expect(r.fields.total_amount!.value).toBe(99.9);
    expectSourcePointsAtRaw(m, r, 'invoice_number');
  });

  it('indexes at most 1 MiB of text per document, flagged truncated', async () => {
    const big = `Invoice number: CAP-1\n${'line of filler text\n'.repeat(70_000)}`;
    const { m, r } = await run({
      subject: 'Invoice',
      text: 'See attachment.',
      attachments: [{ filename: 'long.txt', contentType: 'text/plain', content: big }],
    });
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect(m.documents[1]).toMatchObject({ truncated: true });
    expect(m.documents[1]!.text.length).toBe(1024 * 1024);
    expect(r.fields.invoice_number!.value).toBe('CAP-1');
  });

  it('is honest: ambiguous or conflicting values get low confidence, missing ones are issues', async () => {
    const { r } = await run({
      subject: 'Invoice',
      text: 'Invoice No: X-1\nDate: 03/04/2026\nTotal: 10.00\nTotal: 12.00',
    });
    expect(r.fields.invoice_date!.value).toBe('2026-04-03');
    expect(r.fields.invoice_date!.confidence).toBeLessThan(0.6);
    expect(r.fields.total_amount!.confidence).toBeLessThan(0.7);
    expect(r.confidence).toBeLessThan(0.6);
    const missing = await run({ subject: 'hello', text: 'Nothing to see here.' });
    expect(missing.r.issues.map((i) => `${i.field}:${i.code}`).sort()).toEqual([
      'invoice_date:missing_required',
      'invoice_number:missing_required',
      'total_amount:missing_required',
    ]);
    expect(missing.r.confidence).toBe(0);
  });
});

describe('receipt, purchase order and shipping starters', () => {
  it('receipt from an HTML order confirmation', async () => {
    const { r } = await run(
      {
        subject: 'Your receipt',
        from: 'Coffee Corner <receipts@coffee.example>',
        html:
          '<table><tr><td>Order #</td><td>R-2211</td></tr><tr><td>Date</td><td>March 9, 2026</td></tr>' +
          '<tr><td>Total charged</td><td>£4.20</td></tr><tr><td>Payment method</td><td>Visa •••• 4242</td></tr></table>',
      },
      'receipt',
    );
    expect(r.fields.receipt_number!.value).toBe('R-2211');
    expect(r.fields.date!.value).toBe('2026-03-09');
    expect(r.fields.total_amount!.value).toBe(4.2);
    expect(r.fields.currency!.value).toBe('GBP');
    // The means of payment, not the masked card number printed beside it.
    expect(r.fields.payment_method!.value).toBe('Visa');
    expect(r.fields.merchant!.value).toBe('Coffee Corner');
  });

  it('a quantity is not a company: "1 kg" in an item line is no legal form (KG)', async () => {
    const { r } = await run(
      {
        subject: 'Your receipt',
        from: 'Roastery <orders@roastery.example>',
        html:
          '<table><tr><td>Merchant</td><td>Hill Street Roastery</td></tr></table>' +
          '<table><tr><td>2 x House Blend, whole bean, 1 kg</td><td>GBP 38.00</td></tr>' +
          '<tr><td>Total paid</td><td>GBP 38.00</td></tr></table>',
      },
      'receipt',
    );
    expect(r.fields.merchant!.value).toBe('Hill Street Roastery');
    const { r: company } = await run({
      subject: 'Rechnung 77',
      from: 'Buchhaltung <rechnung@mueller-kg.example>',
      text: 'Müller Metallbau KG\nHauptstraße 4, 12345 Berlin\n\nRechnung Nr. 77\nGesamtbetrag: 119,00 EUR\n',
    });
    expect(company.fields.vendor_name!.value).toBe('Müller Metallbau KG');
  });

  it('a receipt\'s "Total paid" is sure when its item lines add up to it, and only then', async () => {
    const receipt = (total: string) =>
      run(
        {
          subject: 'Your receipt',
          from: 'Roastery <orders@roastery.example>',
          html:
            '<table><tr><td>2 x House Blend, 1 kg</td><td>GBP 38.00</td></tr>' +
            '<tr><td>1 x Decaf, 500 g</td><td>GBP 11.50</td></tr><tr><td>Shipping</td><td>GBP 4.95</td></tr></table>' +
            `<p>Total paid: GBP ${total}</p>`,
        },
        'receipt',
      );
    const { r: adds } = await receipt('54.45');
    expect(adds.fields.total_amount!.value).toBe(54.45);
    expect(adds.fields.total_amount!.confidence).toBeGreaterThanOrEqual(0.9);
    const { r: differs } = await receipt('60.00');
    expect(differs.fields.total_amount!.value).toBe(60);
    expect(differs.fields.total_amount!.confidence).toBeLessThan(0.8);
  });

  it('purchase order and shipping notice', async () => {
    const po = await run(
      {
        subject: 'PO',
        text: 'Purchase order number: 4500012345\nOrder date: 2026-03-01\nDelivery date: 2026-03-20\nOrder total: 12.500,00 EUR',
      },
      'purchase_order',
    );
    expect(po.r.fields.po_number!.value).toBe('4500012345');
    expect(po.r.fields.total_amount!.value).toBe(12500);
    expect(po.r.fields.delivery_date!.value).toBe('2026-03-20');
    const ship = await run(
      {
        subject: 'Shipped',
        text: 'Your order 1234 has shipped via UPS.\nTracking number: 1Z999AA10123456784\nEstimated delivery: March 12, 2026',
      },
      'shipping_notice',
    );
    expect(ship.r.fields.tracking_number!.value).toBe('1Z999AA10123456784');
    expect(ship.r.fields.carrier!.value).toBe('UPS');
    expect(ship.r.fields.estimated_delivery!.value).toBe('2026-03-12');
  });
});

describe('custom schemas', () => {
  it('regex with a named value group, header, mailbox and constant extractors, in order', async () => {
    const schema = compileSchema({
      name: 'custom',
      fields: {
        ticket: { type: 'string', required: true, extract: [{ kind: 'regex', pattern: 'ticket\\s+#(?<value>\\d+)' }] },
        mailer: { type: 'string', extract: [{ kind: 'header', name: 'X-Mailer' }] },
        domain: { type: 'string', extract: [{ kind: 'mailbox', source: 'from', part: 'domain' }] },
        team: {
          type: 'string',
          enum: ['support', 'sales'],
          extract: [
            { kind: 'labeled_value', labels: ['Team'] },
            { kind: 'constant', value: 'support' },
          ],
        },
        count: { type: 'integer', extract: [{ kind: 'labeled_value', labels: ['Items'] }] },
      },
    });
    const analyzed = await analyzeMessage(
      buildEml({
        subject: 'Re: help',
        text: 'About ticket #4411.\nTeam: marketing\nItems: 3',
        headers: { 'X-Mailer': 'Desk 2' },
      }),
    );
    if (!analyzed.ok) throw new Error('refused');
    const r = runSchema(schema, analyzed.message.view);
    expect(r.fields.ticket).toMatchObject({ value: '4411', raw: '4411' });
    expect(r.fields.mailer).toMatchObject({ value: 'Desk 2', source: { header: 'x-mailer' } });
    expect(r.fields.domain!.value).toBe('vendor.example');
    // 'marketing' is not in the enum, so the next extractor (the constant) wins.
    expect(r.fields.team).toMatchObject({ value: 'support', confidence: 1, source: { constant: true } });
    expect(r.fields.count!.value).toBe(3);
  });

  const refusals: [string, unknown, string, string][] = [
    ['not an object', [], 'invalid_schema', 'schema'],
    [
      'extra top-level key',
      { name: 'x', fields: { a: { type: 'string', extract: [] } }, version: 2 },
      'invalid_schema',
      'schema.version',
    ],
    [
      'bad type',
      { name: 'x', fields: { a: { type: 'money', extract: [] } } },
      'invalid_schema',
      'schema.fields.a.type',
    ],
    [
      'unknown field key',
      { name: 'x', fields: { a: { type: 'string', extract: [], optional: true } } },
      'invalid_schema',
      'schema.fields.a.optional',
    ],
    [
      'unknown extractor',
      { name: 'x', fields: { a: { type: 'string', extract: [{ kind: 'ocr' }] } } },
      'invalid_schema',
      'schema.fields.a.extract[0].kind',
    ],
    [
      'regex without value group',
      { name: 'x', fields: { a: { type: 'string', extract: [{ kind: 'regex', pattern: '\\d+' }] } } },
      'invalid_regex',
      'schema.fields.a.extract[0].pattern',
    ],
    [
      'broken regex',
      { name: 'x', fields: { a: { type: 'string', extract: [{ kind: 'regex', pattern: '(?<value>[' }] } } },
      'invalid_regex',
      'schema.fields.a.extract[0].pattern',
    ],
    [
      'mailbox part',
      { name: 'x', fields: { a: { type: 'string', extract: [{ kind: 'mailbox', source: 'from', part: 'host' }] } } },
      'invalid_schema',
      'schema.fields.a.extract[0].part',
    ],
  ];

  it.each(refusals)('refuses %s by name and path', (_n, schema, code, path) => {
    try {
      compileSchema(schema);
      expect.unreachable('schema accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(DefinitionError);
      expect((error as DefinitionError).code).toBe(code);
      expect((error as DefinitionError).path).toBe(path);
    }
  });
});

describe('value types', () => {
  const cases: [Parameters<typeof coerceText>[0], string, unknown][] = [
    ['number', '1.234,56 EUR', 1234.56],
    ['number', '$1,234.56', 1234.56],
    ['number', "CHF 1'234.50", 1234.5],
    ['number', '(45.00)', -45],
    ['number', '1 250,00 €', 1250],
    ['integer', '12 items', 12],
    ['date', '3 March 2026', '2026-03-03'],
    ['date', 'March 3rd, 2026', '2026-03-03'],
    ['date', '03.04.2026', '2026-04-03'],
    ['date', '12/25/2026', '2026-12-25'],
    ['date', '2026/3/4', '2026-03-04'],
    ['date', '4. Mai 2026', '2026-05-04'],
    ['datetime', '2026-03-04T10:15:00Z', '2026-03-04T10:15:00.000Z'],
    ['email', 'Jane Doe <Jane@Example.com>', 'jane@example.com'],
    ['boolean', 'Ja', true],
    ['string[]', 'a, b; c', ['a', 'b', 'c']],
  ];
  it.each(cases)('%s from %s', (type, raw, expected) => {
    const c = coerceText(type, raw);
    expect(c.ok && c.value).toEqual(expected);
  });

  it('refuses what is not of the type', () => {
    expect(coerceText('number', 'n/a')).toMatchObject({ ok: false, code: 'invalid_type' });
    expect(coerceText('date', '31/31/2026')).toMatchObject({ ok: false, code: 'invalid_format' });
    expect(coerceText('email', 'nobody')).toMatchObject({ ok: false, code: 'invalid_format' });
    expect(coerceText('integer', '1.5')).toMatchObject({ ok: false, code: 'invalid_type' });
  });
});
