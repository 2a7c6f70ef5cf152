// Learning from corrections (issue 25), through the operations: a correction teaches an
// extractor for the sender's domain; the vendor's next mail is read with it first, held at
// first, auto-applied once confirmed; other vendors untouched; visible in get_bucket,
// removable (REST = MCP) with the earlier result back; policy turns it off.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callMcp, caller, createSandbox, makeTestApp, mcpClient, normalize, useSandboxApp } from '../helpers/app.ts';
import { buildEml } from '../helpers/mail.ts';
import { invoicePage, statementPage } from '../helpers/vendor-pages.ts';

// A layout the bucket's schema does not read: its labels are not the schema's, and no general
// reader knows its total's label either ("Balance payable" over its figure is read as the total
// since issue 24's box labels), so what a correction teaches is the label alone.
const statement = (vendor: string, ref: string, date: string, total: string) =>
  buildEml({
    from: `Accounts <accounts@${vendor}>`,
    subject: 'Your statement',
    text: [
      'Unit 4, Harbour Road',
      '',
      `Our ref. ${ref}`,
      `Dated ${date}`,
      '',
      'Item            Qty     Price',
      'Hammer          2       10.00',
      '',
      'Settlement figure',
      total,
      '',
    ].join('\n'),
  });

const SCHEMA = {
  name: 'statement',
  fields: {
    invoice_number: {
      type: 'string',
      required: true,
      extract: [{ kind: 'labeled_value', labels: ['Invoice number'] }],
    },
    invoice_date: { type: 'date', extract: [{ kind: 'labeled_value', labels: ['Invoice date'] }] },
    total_amount: { type: 'number', required: true, extract: [{ kind: 'labeled_value', labels: ['Total'] }] },
  },
};

async function setUp(call: ReturnType<typeof caller>, name: string, policy?: Record<string, unknown>) {
  const bucket = await call('create_bucket', {
    name,
    priority: 1,
    rule: { subject_contains: ['statement'] },
    schema: SCHEMA,
    ...(policy ? { policy } : {}),
  });
  expect(bucket.status).toBe(200);
  return bucket.body;
}

describe('learning from corrections', () => {
  const suite = useSandboxApp();
  const call: ReturnType<typeof caller> = (tool, args) => suite.call(tool, args);

  it('one correction per field teaches the vendor’s next statements; confirmations raise confidence; other vendors untouched', async () => {
    // A stricter bucket: values are applied without review from 0.9.
    const bucket = await setUp(call, 'statements', { auto_accept: { min_confidence: 0.9 } });
    const first = await call('ingest_message', {
      eml: statement('acme-tools.example', 'AT-0042', '5 March 2026', '1.234,50'),
    });
    expect(first.body.capture).toMatchObject({ status: 'held', reason: 'incomplete' });
    expect(first.body.capture.fields.invoice_number.value).toBeNull();
    const captureId = first.body.capture.id;

    const number = await call('correct_field', { id: captureId, field: 'invoice_number', value: 'AT-0042' });
    expect(number.status).toBe(200);
    expect(number.body.learning).toMatchObject({
      status: 'learned',
      learned_extractor: {
        vendor_domain: 'acme-tools.example',
        field: 'invoice_number',
        extractor: { kind: 'labeled_value', labels: ['Our ref.'] },
        learned_from: captureId,
        confirmations: 0,
        corrections: 0,
      },
      test_case_id: expect.stringMatching(/^tst_/),
    });
    // The date is corrected as a person types it; the page prints it another way.
    const date = await call('correct_field', { id: captureId, field: 'invoice_date', value: '2026-03-05' });
    expect(date.body.learning).toMatchObject({
      status: 'learned',
      learned_extractor: { extractor: { kind: 'labeled_value', labels: ['Dated'] } },
      test_case_id: number.body.learning.test_case_id,
    });
    const total = await call('correct_field', { id: captureId, field: 'total_amount', value: 1234.5 });
    expect(total.body.learning).toMatchObject({
      status: 'learned',
      learned_extractor: { extractor: { kind: 'labeled_value', labels: ['Settlement figure'] } },
    });
    // A value not printed anywhere teaches nothing, and says so.
    const absent = await call('correct_field', { id: captureId, field: 'total_amount', value: 999.99 });
    expect(absent.body.learning).toEqual({
      status: 'not_learned',
      reason: "999.99 is not printed in the message's documents in any usual spelling",
      learned_extractor: null,
      test_case_id: null,
    });
    await call('correct_field', { id: captureId, field: 'total_amount', value: 1234.5 });

    // The corrected capture is a regression case of the bucket, origin learned, with each corrected field.
    const cases = await call('list_tests', { bucket: 'statements' });
    expect(cases.body.tests).toEqual([
      expect.objectContaining({
        capture_id: captureId,
        origin: 'learned',
        expected: { invoice_number: 'AT-0042', invoice_date: '2026-03-05', total_amount: 1234.5 },
      }),
    ]);

    // The case runs with the vendor's learned extractors, as ingest would read the message: it passes.
    const run = await call('run_tests', { bucket: 'statements' });
    expect(run.body).toMatchObject({ passed: 1, failed: 0 });
    // A schema change that drops a field the case holds is refused by the gate.
    const { invoice_number: _dropped, ...rest } = SCHEMA.fields;
    const refused = await call('update_bucket', { id: bucket.id, schema: { name: 'statement', fields: rest } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('tests_failing');

    const listed = await call('get_bucket', { id: bucket.id });
    expect(
      listed.body.learned_extractors.map((l: { field: string; vendor_domain: string }) => [l.vendor_domain, l.field]),
    ).toEqual([
      ['acme-tools.example', 'invoice_date'],
      ['acme-tools.example', 'invoice_number'],
      ['acme-tools.example', 'total_amount'],
    ]);

    // The next statement of the vendor: every field read, by the learned extractors, at 0.75: held for review.
    const second = await call('ingest_message', {
      eml: statement('acme-tools.example', 'AT-0057', '2 April 2026', '99,00'),
    });
    expect(second.body.capture.status).toBe('held');
    expect(second.body.capture.reason).toBe('low_confidence');
    expect(second.body.capture.fields).toMatchObject({
      invoice_number: { value: 'AT-0057', confidence: 0.75, learned: expect.stringMatching(/^lrn_/) },
      invoice_date: { value: '2026-04-02', confidence: 0.75 },
      total_amount: { value: 99, confidence: 0.75 },
    });
    // Another vendor with the same layout: nothing learned applies.
    const other = await call('ingest_message', {
      eml: statement('other-vendor.example', 'OV-1', '2 April 2026', '5,00'),
    });
    expect(other.body.capture.fields.invoice_number).toMatchObject({ value: null });
    expect(other.body.capture.fields.invoice_number.learned).toBeUndefined();

    // Approving values a learned extractor read confirms it; after three the values are applied without review.
    await call('approve_capture', { id: second.body.capture.id });
    const seen: number[] = [];
    for (const n of [3, 4]) {
      const next = await call('ingest_message', {
        eml: statement('acme-tools.example', `AT-00${n}0`, `${n} May 2026`, `${n}0,00`),
      });
      seen.push(next.body.capture.fields.invoice_number.confidence);
      expect(next.body.capture.status).toBe('held');
      await call('approve_capture', { id: next.body.capture.id });
    }
    expect(seen).toEqual([0.8, 0.85]);
    const confirmed = await call('ingest_message', {
      eml: statement('acme-tools.example', 'AT-0099', '9 June 2026', '1.000,00'),
    });
    expect(confirmed.body.capture).toMatchObject({
      status: 'applied',
      fields: {
        invoice_number: { value: 'AT-0099', confidence: 0.9 },
        invoice_date: { value: '2026-06-09', confidence: 0.9 },
        total_amount: { value: 1000, confidence: 0.9 },
      },
    });
    const after = await call('get_bucket', { id: bucket.id });
    expect(after.body.learned_extractors_total).toBe(3);
    expect(after.body.learned_extractors[1]).toMatchObject({
      field: 'invoice_number',
      confirmations: 3,
      corrections: 0,
    });

    // A wrong value of a learned extractor corrected: counted on its record, confidence drops.
    const wrong = await call('ingest_message', {
      eml: statement('acme-tools.example', 'AT-0100', '1 July 2026', '1,00'),
    });
    const fixed = await call('correct_field', { id: wrong.body.capture.id, field: 'invoice_number', value: 'Unit 4' });
    expect(fixed.body.learning.learned_extractor).toMatchObject({ field: 'invoice_number', corrections: 1 });

    const events = await call('list_events', { type: 'learned_extractor.learned' });
    expect(events.body.events).toHaveLength(3);
    expect(events.body.events[0]).toMatchObject({ actor: expect.stringMatching(/^key_/) });
  });

  it('a correction an e-invoice element holds also teaches the printed page, for the vendor’s mail without XML', async () => {
    const xml = readFileSync(join(import.meta.dirname, '../fixtures/einvoice/peppol-bis3-creditnote.xml'), 'utf8');
    const mail = (total: string, withXml: boolean) =>
      buildEml({
        from: 'Billing <billing@xml-supplier.example>',
        subject: 'Your credit note',
        text: `Credit note\nAmount payable:   ${total}\n`,
        attachments: withXml ? [{ filename: 'note.xml', contentType: 'application/xml', content: xml }] : [],
      });
    // A bucket of its own: the other tests' buckets take "statement".
    const made = await call('create_bucket', {
      name: 'credit-notes',
      priority: 1,
      rule: { subject_contains: ['credit note'] },
      schema: SCHEMA,
    });
    const bucket = made.body;
    const first = await call('ingest_message', { eml: mail('100.11', true) });
    const corrected = await call('correct_field', { id: first.body.capture.id, field: 'total_amount', value: 100.11 });
    expect(corrected.body.learning).toMatchObject({
      status: 'learned',
      learned_extractor: { extractor: { kind: 'einvoice', field: 'total_amount' } },
      reason: expect.stringContaining('for its documents without the XML, the printed page: learned lrn_'),
    });
    const listed = await call('get_bucket', { id: bucket.id });
    expect(
      listed.body.learned_extractors
        .filter((l: { field: string }) => l.field === 'total_amount')
        .map((l: { extractor: unknown }) => l.extractor),
    ).toEqual(
      expect.arrayContaining([
        { kind: 'einvoice', field: 'total_amount' },
        { kind: 'labeled_value', labels: ['Amount payable'] },
      ]),
    );
    // The next one comes as a printed page alone: read from the page, by the companion.
    const printed = await call('ingest_message', { eml: mail('250.00', false) });
    expect(printed.body.capture.fields.total_amount).toMatchObject({
      value: 250,
      learned: expect.stringMatching(/^lrn_/),
    });
  });

  it('removing a learned extractor (REST and MCP alike) restores the earlier result', async () => {
    const bucket = await setUp(call, 'removal');
    // Both buckets take "statement": the first one paused, mail lands in this one.
    await call('update_bucket', { id: 'statements', enabled: false });
    const own = await call('ingest_message', {
      eml: statement('bolt-supply.example', 'BS-1', '1 March 2026', '10,00'),
    });
    expect(own.body.bucket.name).toBe('removal');
    const taught = await call('correct_field', { id: own.body.capture.id, field: 'invoice_number', value: 'BS-1' });
    expect(taught.body.learning.status).toBe('learned');
    const learnedId = taught.body.learning.learned_extractor.id;
    const next = await call('ingest_message', {
      eml: statement('bolt-supply.example', 'BS-2', '2 March 2026', '20,00'),
    });
    expect(next.body.capture.fields.invoice_number).toMatchObject({ value: 'BS-2', learned: learnedId });

    // A dry run with the bucket says a learned extractor decided; without it, the schema alone reads nothing.
    const dry = await call('dry_run_schema', {
      schema: SCHEMA,
      message_ids: [next.body.message_id],
      bucket: 'removal',
    });
    expect(dry.body.results[0].fields.invoice_number).toMatchObject({
      value: 'BS-2',
      confidence: 0.75,
      learned: learnedId,
    });
    const plain = await call('dry_run_schema', { schema: SCHEMA, message_ids: [next.body.message_id] });
    expect(plain.body.results[0].fields.invoice_number).toMatchObject({ value: null });
    expect(plain.body.results[0].fields.invoice_number.learned).toBeUndefined();

    const rest = await call('delete_learned_extractor', { id: learnedId });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ id: learnedId, field: 'invoice_number', vendor_domain: 'bolt-supply.example' });
    expect((await call('get_bucket', { id: bucket.id })).body.learned_extractors).toEqual([]);
    const again = await call('reprocess_message', { id: next.body.message_id });
    const reread = await call('get_capture', { id: again.body.capture.id });
    expect(reread.body.fields.invoice_number).toEqual({ value: null, confidence: 0, raw: null, source: null });
    // The capture made before the removal keeps its value.
    const kept = await call('get_capture', { id: next.body.capture.id });
    expect(kept.body.fields.invoice_number).toMatchObject({ value: 'BS-2', learned: learnedId });
    const gone = await call('delete_learned_extractor', { id: learnedId });
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toContain('get_bucket lists');
    const removed = await call('list_events', { type: 'learned_extractor.removed' });
    expect(removed.body.events).toEqual([expect.objectContaining({ subject_id: learnedId })]);

    // The same removal over MCP answers the same body.
    const taughtAgain = await call('correct_field', {
      id: own.body.capture.id,
      field: 'invoice_number',
      value: 'BS-1',
    });
    const client = await mcpClient(suite.t.h3, suite.key);
    const viaMcp = await callMcp(client, 'delete_learned_extractor', {
      id: taughtAgain.body.learning.learned_extractor.id,
    });
    expect(viaMcp.isError).toBe(false);
    const { deleted_at: _a, ...mcpBody } = viaMcp.body;
    const { deleted_at: _b, ...restBody } = rest.body;
    expect(normalize(mcpBody)).toEqual(normalize(restBody));
    await client.close();
    await call('update_bucket', { id: 'statements', enabled: true });
  });
});

describe('a contradicting correction', () => {
  it('replaces the vendor’s extractor, counts a correction and retires the case it contradicts', async () => {
    const t = await makeTestApp();
    try {
      const call = caller(t.h3, (await createSandbox(t.app, 'operator')).key);
      await setUp(call, 'changing');
      const first = await call('ingest_message', {
        eml: statement('relayout.example', 'RL-1', '5 March 2026', '1,00'),
      });
      const taught = await call('correct_field', { id: first.body.capture.id, field: 'invoice_number', value: 'RL-1' });
      expect(taught.body.learning.status).toBe('learned');
      // The same layout, with the number now printed under another label: "Our ref." names something else.
      const eml = buildEml({
        from: 'Accounts <accounts@relayout.example>',
        subject: 'Your statement',
        text: [
          'Unit 4, Harbour Road',
          '',
          'Document code: NX-77',
          'Our ref. customer 5521',
          'Dated 6 March 2026',
          '',
          'Item            Qty     Price',
          'Hammer          2       10.00',
          '',
          'Settlement figure',
          '3,00',
        ].join('\n'),
      });
      const second = await call('ingest_message', { eml });
      const fixed = await call('correct_field', {
        id: second.body.capture.id,
        field: 'invoice_number',
        value: 'NX-77',
      });
      expect(fixed.body.learning).toMatchObject({
        status: 'replaced',
        learned_extractor: {
          id: taught.body.learning.learned_extractor.id,
          extractor: { kind: 'labeled_value', labels: ['Document code'] },
          learned_from: second.body.capture.id,
          confirmations: 0,
          corrections: 1,
        },
      });
      const cases = (await call('list_tests', { bucket: 'changing', include_retired: true })).body.tests;
      expect(cases.map((c: { capture_id: string; status: string }) => [c.capture_id, c.status]).sort()).toEqual(
        [
          [first.body.capture.id, 'retired'],
          [second.body.capture.id, 'active'],
        ].sort(),
      );
      const replaced = await call('list_events', { type: 'learned_extractor.replaced' });
      expect(replaced.body.events).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

describe('confirmation by silence', () => {
  it('a value a learned extractor read and policy applied counts once as a confirmation when the vendor’s next message arrives uncorrected', async () => {
    const t = await makeTestApp();
    try {
      const call = caller(t.h3, (await createSandbox(t.app, 'operator')).key);
      // Learned values (0.75 when new) are applied without review from 0.7.
      await setUp(call, 'silence', { auto_accept: { min_confidence: 0.7 } });
      const vendor = 'quiet-vendor.example';
      const first = await call('ingest_message', { eml: statement(vendor, 'QV-1', '5 March 2026', '1,00') });
      await call('correct_field', { id: first.body.capture.id, field: 'invoice_number', value: 'QV-1' });
      await call('correct_field', { id: first.body.capture.id, field: 'total_amount', value: 1 });
      const record = async () =>
        Object.fromEntries(
          (await call('get_bucket', { id: 'silence' })).body.learned_extractors.map(
            (l: { field: string; confirmations: number; corrections: number }) => [
              l.field,
              [l.confirmations, l.corrections],
            ],
          ),
        );
      expect(await record()).toEqual({ invoice_number: [0, 0], total_amount: [0, 0] });

      const second = await call('ingest_message', { eml: statement(vendor, 'QV-2', '6 March 2026', '2,00') });
      expect(second.body.capture).toMatchObject({ status: 'applied' });
      expect(second.body.capture.fields.total_amount).toMatchObject({ value: 2, learned: expect.any(String) });
      // Nothing counts until the vendor's next message; reprocessing the same message is not a next one.
      await call('reprocess_message', { id: second.body.message_id });
      expect(await record()).toEqual({ invoice_number: [0, 0], total_amount: [0, 0] });

      const third = await call('ingest_message', { eml: statement(vendor, 'QV-3', '7 March 2026', '3,00') });
      expect(third.body.capture).toMatchObject({ status: 'applied' });
      // The second message's two values, uncorrected, confirmed once each (its reprocessed capture too, not twice).
      expect(await record()).toEqual({ invoice_number: [1, 0], total_amount: [1, 0] });

      // The third's total is corrected (to a value it does not print): a correction, and no confirmation for it.
      await call('correct_field', { id: third.body.capture.id, field: 'total_amount', value: 999.99 });
      // Another vendor's message settles nothing of this vendor's.
      await call('ingest_message', { eml: statement('other-vendor.example', 'OV-1', '7 March 2026', '3,00') });
      expect(await record()).toEqual({ invoice_number: [1, 0], total_amount: [1, 1] });
      await call('ingest_message', { eml: statement(vendor, 'QV-4', '8 March 2026', '4,00') });
      expect(await record()).toEqual({ invoice_number: [2, 0], total_amount: [1, 1] });
    } finally {
      await t.close();
    }
  });
});

describe('editing a learned extractor', () => {
  it('changes it in place over REST and MCP alike, after the checks a learned one passes, with an event naming the actor', async () => {
    const t = await makeTestApp();
    try {
      const sandbox = await createSandbox(t.app, 'operator');
      const call = caller(t.h3, sandbox.key);
      await setUp(call, 'editing');
      const vendor = 'edit-vendor.example';
      const first = await call('ingest_message', { eml: statement(vendor, 'ED-1', '5 March 2026', '1,00') });
      const taught = await call('correct_field', { id: first.body.capture.id, field: 'invoice_number', value: 'ED-1' });
      const id = taught.body.learning.learned_extractor.id;
      expect(taught.body.learning.learned_extractor.extractor).toEqual({ kind: 'labeled_value', labels: ['Our ref.'] });

      // Not the schema language: the grammar's own message, nothing changed.
      const bad = await call('update_learned_extractor', {
        id,
        extractor: { kind: 'regex', pattern: '(?<value>[A-Z' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('invalid_regex');
      expect(bad.body.error.message).toContain('learned.fields.invoice_number.extract[0]');
      // Valid, but it does not read the corrected value on the capture it was learned from.
      const wrong = await call('update_learned_extractor', {
        id,
        extractor: { kind: 'labeled_value', labels: ['Dated'] },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toMatchObject({
        code: 'invalid_schema',
        details: { capture_id: first.body.capture.id, expected: 'ED-1', read: '5' },
      });
      expect(wrong.body.error.message).toContain('dry_run_schema');
      // A second capture of the vendor, corrected: a regression case the edit must not break.
      const second = await call('ingest_message', { eml: statement(vendor, 'ED-2', '6 March 2026', '2,00') });
      // Confirmed as read (the same value): the learned extractor keeps it, and the capture becomes a case.
      const kept = await call('correct_field', { id: second.body.capture.id, field: 'invoice_number', value: 'ED-2' });
      expect(kept.body.learning).toMatchObject({ status: 'kept', test_case_id: expect.stringMatching(/^tst_/) });
      const breaks = await call('update_learned_extractor', {
        id,
        extractor: { kind: 'regex', pattern: '(?<value>ED-1)' },
      });
      expect(breaks.status).toBe(409);
      expect(breaks.body.error.code).toBe('tests_failing');
      expect(breaks.body.error.message).toContain('the edited extractor breaks regression case');
      expect((await call('get_bucket', { id: 'editing' })).body.learned_extractors[0].extractor).toEqual({
        kind: 'labeled_value',
        labels: ['Our ref.'],
      });

      const edited = await call('update_learned_extractor', {
        id,
        extractor: { kind: 'regex', pattern: 'Our\\s+ref\\.\\s+(?<value>ED-\\d+)' },
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        id,
        vendor_domain: vendor,
        field: 'invoice_number',
        extractor: { kind: 'regex', pattern: 'Our\\s+ref\\.\\s+(?<value>ED-\\d+)' },
        learned_from: first.body.capture.id,
        confirmations: 0,
        corrections: 0,
      });
      const events = await call('list_events', { type: 'learned_extractor.edited' });
      // The actor is the key that edited, as for the learning itself.
      const learnedBy = (await call('list_events', { type: 'learned_extractor.learned' })).body.events[0].actor;
      expect(learnedBy).toMatch(/\S/);
      expect(events.body.events).toEqual([
        expect.objectContaining({
          subject_id: id,
          actor: learnedBy,
          diff: expect.objectContaining({
            before: { kind: 'labeled_value', labels: ['Our ref.'] },
            extractor: { kind: 'regex', pattern: 'Our\\s+ref\\.\\s+(?<value>ED-\\d+)' },
          }),
        }),
      ]);
      // The vendor's next mail is read by the edited extractor.
      const third = await call('ingest_message', { eml: statement(vendor, 'ED-3', '7 March 2026', '3,00') });
      expect(third.body.capture.fields.invoice_number).toMatchObject({ value: 'ED-3', learned: id });

      // The same edit over MCP answers the same body; an unknown id the same 404.
      const client = await mcpClient(t.h3, sandbox.key);
      const viaMcp = await callMcp(client, 'update_learned_extractor', {
        id,
        extractor: { kind: 'regex', pattern: 'Our\\s+ref\\.\\s+(?<value>ED-\\d+)' },
      });
      expect(viaMcp.isError).toBe(false);
      expect(normalize(viaMcp.body)).toEqual(normalize(edited.body));
      const missing = await call('update_learned_extractor', {
        id: 'lrn_nope',
        extractor: { kind: 'regex', pattern: 'x' },
      });
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toContain('get_bucket lists');
      await client.close();
    } finally {
      await t.close();
    }
  });
});

describe('a vendor with two layouts', () => {
  it('keeps one extractor per layout: a correction on a new layout adds one, each layout is read by its own', async () => {
    const t = await makeTestApp();
    try {
      const call = caller(t.h3, (await createSandbox(t.app, 'operator')).key);
      await setUp(call, 'layouts');
      const first = await call('ingest_message', {
        eml: statement('twolayouts.example', 'TL-1', '5 March 2026', '1,00'),
      });
      const taught = await call('correct_field', { id: first.body.capture.id, field: 'invoice_number', value: 'TL-1' });
      expect(taught.body.learning.status).toBe('learned');
      const slip = (code: string) =>
        buildEml({
          from: 'Accounts <accounts@twolayouts.example>',
          subject: 'Credit statement',
          text: `CREDIT SLIP\nDocument code: ${code}\nIssued by the warehouse team\nReturned goods, see list\nOur ref. CS-5521\n`,
        });
      const second = await call('ingest_message', { eml: slip('NX-77') });
      // The first layout's extractor reads the wrong text on the new layout.
      expect(second.body.capture.fields.invoice_number).toMatchObject({
        value: 'CS-5521',
        learned: taught.body.learning.learned_extractor.id,
      });
      const added = await call('correct_field', {
        id: second.body.capture.id,
        field: 'invoice_number',
        value: 'NX-77',
      });
      expect(added.body.learning).toMatchObject({
        status: 'learned',
        reason: expect.stringContaining('a layout of twolayouts.example not seen before'),
        learned_extractor: { extractor: { kind: 'labeled_value', labels: ['Document code'] }, corrections: 0 },
      });
      expect(added.body.learning.learned_extractor.id).not.toBe(taught.body.learning.learned_extractor.id);
      const bucket = await call('get_bucket', { id: 'layouts' });
      expect(
        bucket.body.learned_extractors.map((l: { id: string; corrections: number }) => [l.id, l.corrections]).sort(),
      ).toEqual(
        [
          // The old one read the wrong value on the new layout: one correction on its record.
          [taught.body.learning.learned_extractor.id, 1],
          [added.body.learning.learned_extractor.id, 0],
        ].sort(),
      );
      // Each layout's next mail is read by the extractor of its layout.
      const third = await call('ingest_message', {
        eml: statement('twolayouts.example', 'TL-2', '6 March 2026', '2,00'),
      });
      expect(third.body.capture.fields.invoice_number).toMatchObject({
        value: 'TL-2',
        learned: taught.body.learning.learned_extractor.id,
      });
      const fourth = await call('ingest_message', { eml: slip('NX-78') });
      expect(fourth.body.capture.fields.invoice_number).toMatchObject({
        value: 'NX-78',
        learned: added.body.learning.learned_extractor.id,
      });
      // Both corrected captures stay active regression cases: neither extractor broke the other.
      const cases = (await call('list_tests', { bucket: 'layouts' })).body.tests;
      expect(cases.map((c: { status: string }) => c.status)).toEqual(['active', 'active']);
    } finally {
      await t.close();
    }
  });
});

describe('forwarded mail', () => {
  it('learns for the original sender of a trusted forwarder’s mail, not for the forwarder', async () => {
    const t = await makeTestApp();
    try {
      const call = caller(t.h3, (await createSandbox(t.app, 'operator')).key);
      await setUp(call, 'forwarded', { forwarders: ['@customer-staff.example'] });
      const forwarded = (ref: string) =>
        buildEml({
          from: 'Pat <pat@customer-staff.example>',
          subject: 'Fwd: Your statement',
          text:
            'FYI\n\n---------- Forwarded message ---------\nFrom: Accounts <accounts@fwd-vendor.example>\n' +
            `Date: Mon, 2 Mar 2026\nSubject: Your statement\n\nOur ref. ${ref}\nDated 2 March 2026\n`,
        });
      const first = await call('ingest_message', { eml: forwarded('FV-1') });
      const taught = await call('correct_field', { id: first.body.capture.id, field: 'invoice_number', value: 'FV-1' });
      expect(taught.body.learning).toMatchObject({
        status: 'learned',
        learned_extractor: { vendor_domain: 'fwd-vendor.example' },
      });
      const next = await call('ingest_message', { eml: forwarded('FV-2') });
      expect(next.body.capture.fields.invoice_number).toMatchObject({ value: 'FV-2', confidence: 0.75 });
      // The forwarder's own mail is another sender: nothing learned applies.
      const own = await call('ingest_message', {
        eml: buildEml({ from: 'Pat <pat@customer-staff.example>', subject: 'statement', text: 'Our ref. PS-9\n' }),
      });
      expect(own.body.capture.fields.invoice_number.value).toBeNull();
    } finally {
      await t.close();
    }
  });
});

describe('the regression gate', () => {
  it('refuses to learn an extractor that breaks a passing case of the vendor, and says which', async () => {
    const t = await makeTestApp();
    try {
      const call = caller(t.h3, (await createSandbox(t.app, 'operator')).key);
      await call('create_bucket', {
        name: 'guarded',
        priority: 1,
        rule: { subject_contains: ['statement'] },
        schema: {
          name: 's',
          fields: {
            invoice_number: { type: 'string', extract: [{ kind: 'labeled_value', labels: ['Invoice number'] }] },
          },
        },
      });
      const mail = (text: string) =>
        buildEml({ from: 'A <a@guarded-vendor.example>', subject: 'Your statement', text });
      const first = await call('ingest_message', { eml: mail('Invoice number: INV-1\nRef: AAA-1\n') });
      expect(first.body.capture.fields.invoice_number.value).toBe('INV-1');
      const promoted = await call('promote_to_test', { capture_id: first.body.capture.id });
      expect(promoted.body.origin).toBe('capture');
      // This mail prints no invoice number label; "Ref" would read AAA-1 on the first mail.
      const second = await call('ingest_message', { eml: mail('Ref: BBB-2\n') });
      const corrected = await call('correct_field', {
        id: second.body.capture.id,
        field: 'invoice_number',
        value: 'BBB-2',
      });
      expect(corrected.body.learning).toEqual({
        status: 'not_learned',
        reason: `the extractor it would learn breaks regression case ${promoted.body.id} (invoice_number: expected "INV-1", would read "AAA-1"); nothing learned`,
        learned_extractor: null,
        test_case_id: null,
      });
      expect((await call('get_bucket', { id: 'guarded' })).body.learned_extractors).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('learn_from_corrections: false', () => {
  it('a correction teaches nothing and learning says null', async () => {
    const t = await makeTestApp();
    try {
      const call = caller(t.h3, (await createSandbox(t.app, 'operator')).key);
      await setUp(call, 'quiet', { learn_from_corrections: false });
      const first = await call('ingest_message', {
        eml: statement('acme-tools.example', 'AT-1', '5 March 2026', '1,00'),
      });
      const corrected = await call('correct_field', {
        id: first.body.capture.id,
        field: 'invoice_number',
        value: 'AT-1',
      });
      expect(corrected.status).toBe(200);
      expect(corrected.body.learning).toBeNull();
      expect((await call('get_bucket', { id: 'quiet' })).body.learned_extractors).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('a general reader for the vendor’s other layouts', () => {
  it('a correction also teaches which printed reader the field is; another layout of the vendor is read with it; removing it restores the earlier result', async () => {
    const t = await makeTestApp();
    try {
      const call = caller(t.h3, (await createSandbox(t.app, 'operator')).key);
      // A custom field the schema has no extractor for, named otherwise than any reader.
      const bucket = await call('create_bucket', {
        name: 'payables',
        priority: 1,
        rule: { subject_contains: ['invoice', 'statement'] },
        schema: { name: 'payable', fields: { betrag: { type: 'number', extract: [] } } },
      });
      expect(bucket.status).toBe(200);
      const invoice = (vendor: string, no: string, total: string) =>
        buildEml({
          from: `Accounts <accounts@${vendor}>`,
          subject: `Your invoice ${no}`,
          text: invoicePage(no, total),
        });
      const statementOf = (vendor: string, total: string) =>
        buildEml({
          from: `Accounts <accounts@${vendor}>`,
          subject: 'Your monthly statement',
          text: statementPage(total),
        });
      const first = await call('ingest_message', { eml: invoice('harbour-tools.example', 'HT-1', '1.234,50') });
      expect(first.body.capture.fields.betrag.value).toBeNull();
      const taught = await call('correct_field', { id: first.body.capture.id, field: 'betrag', value: 1234.5 });
      expect(taught.body.learning).toMatchObject({
        status: 'learned',
        reason: expect.stringMatching(/; for its other layouts, a general reader: learned lrn_\w+$/),
      });
      const learned = (await call('get_bucket', { id: 'payables' })).body.learned_extractors;
      const reader = learned.find((l: { extractor: { kind: string } }) => l.extractor.kind === 'printed');
      expect(reader).toMatchObject({
        vendor_domain: 'harbour-tools.example',
        field: 'betrag',
        extractor: { kind: 'printed', field: 'total_amount' },
        learned_from: first.body.capture.id,
        confirmations: 0,
        corrections: 0,
      });
      expect(learned).toHaveLength(2);

      // The vendor's statement prints no label of the invoice's: the reader reads its total, held for review.
      const next = await call('ingest_message', { eml: statementOf('harbour-tools.example', '95,10') });
      expect(next.body.capture.fields.betrag).toMatchObject({ value: 95.1, confidence: 0.75, learned: reader.id });
      expect(next.body.capture.status).toBe('held');
      // Another vendor's statement is untouched.
      const other = await call('ingest_message', { eml: statementOf('other-tools.example', '95,10') });
      expect(other.body.capture.fields.betrag.value).toBeNull();

      const removed = await call('delete_learned_extractor', { id: reader.id });
      expect(removed.status).toBe(200);
      const again = await call('reprocess_message', { id: next.body.message_id });
      const reread = await call('get_capture', { id: again.body.capture.id });
      expect(reread.body.fields.betrag).toEqual({ value: null, confidence: 0, raw: null, source: null });
    } finally {
      await t.close();
    }
  });
});
