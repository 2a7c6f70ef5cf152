// Field names come from callers: a name Object.prototype also has (constructor, toString,
// __proto__, hasOwnProperty, valueOf) is an unknown field like any other (404), not a crash
// (500), over REST and MCP alike; and a schema field really named `constructor` still works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMcp, caller, createSandbox, makeTestApp, mcpClient, type TestApp } from '../helpers/app.ts';
import { buildEml } from '../helpers/mail.ts';

const PROTOTYPE_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

describe('caller-supplied field names', () => {
  let t: TestApp;
  let key: string;
  let call: ReturnType<typeof caller>;
  let captureId: string;
  let invoiceCaptureId: string;
  beforeAll(async () => {
    t = await makeTestApp();
    key = (await createSandbox(t.app, 'operator')).key;
    call = caller(t.h3, key);
    await call('create_bucket', {
      name: 'shipments',
      priority: 1,
      rule: { subject_contains: ['shipment'] },
      schema: {
        name: 'shipment',
        fields: {
          // A legal field name that Object.prototype also has.
          constructor: { type: 'string', extract: [{ kind: 'labeled_value', labels: ['Builder'] }] },
          tracking: { type: 'string', extract: [{ kind: 'labeled_value', labels: ['Tracking'] }] },
        },
      },
    });
    const ingested = await call('ingest_message', {
      eml: buildEml({ subject: 'Shipment 12', text: 'Builder: Acme Works\nTracking: TR-99\n' }),
    });
    expect(ingested.body.capture.fields.constructor).toMatchObject({ value: 'Acme Works' });
    captureId = ingested.body.capture.id;
    const invoice = await call('ingest_message', {
      eml: buildEml({
        subject: 'Invoice 5 from Vendor Ltd',
        text: 'Invoice number: 5\nInvoice date: 2026-03-02\nTotal due: EUR 10.00\n',
      }),
    });
    expect(invoice.body).toMatchObject({ bucket: { name: 'invoices' }, capture: { id: expect.any(String) } });
    invoiceCaptureId = invoice.body.capture.id;
  });
  afterAll(() => t.close());

  it.each(['toString', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'correct_field on %s: 404 naming the fields, REST and MCP alike',
    async (field) => {
      const rest = await call('correct_field', { id: captureId, field, value: 'x' });
      expect(rest.status).toBe(404);
      expect(rest.body.error).toEqual({
        code: 'not_found',
        message: `Capture ${captureId} has no field '${field}'; its fields are: constructor, tracking.`,
        details: { field, fields: ['constructor', 'tracking'] },
      });
      const mcp = await callMcp(await mcpClient(t.h3, key), 'correct_field', { id: captureId, field, value: 'x' });
      expect(mcp.isError).toBe(true);
      expect(mcp.body).toEqual(rest.body);
    },
  );

  it('correct_field on a schema field named constructor corrects it', async () => {
    const corrected = await call('correct_field', { id: captureId, field: 'constructor', value: 'Globex' });
    expect(corrected.status).toBe(200);
    expect(corrected.body.fields.constructor).toMatchObject({ value: 'Globex', corrected: true });
    expect(corrected.body.corrections).toEqual([
      expect.objectContaining({ field: 'constructor', before: 'Acme Works', after: 'Globex' }),
    ]);
  });

  it('correct_field on prototype names of a capture without that field: 404 for every one', async () => {
    for (const field of PROTOTYPE_NAMES) {
      const r = await call('correct_field', { id: invoiceCaptureId, field, value: 'x' });
      expect([field, r.status, r.body.error.code]).toEqual([field, 404, 'not_found']);
    }
  });

  it('promote_to_test refuses expected values for prototype names: 404, and 400 for a __proto__ member', async () => {
    for (const field of ['constructor', 'toString', 'valueOf']) {
      // The invoice schema has none of these (the shipment schema has a real `constructor`).
      const r = await call('promote_to_test', { capture_id: invoiceCaptureId, expected: { [field]: 'x' } });
      expect([field, r.status, r.body.error?.code]).toEqual([field, 404, 'not_found']);
    }
    // JSON.parse keeps "__proto__" as a member; refused by name rather than dropped.
    const proto = await call('promote_to_test', { capture_id: captureId, expected: JSON.parse('{"__proto__": "x"}') });
    expect(proto.status).toBe(400);
    expect(proto.body.error).toMatchObject({
      code: 'invalid_request',
      details: { issues: [{ path: 'expected.__proto__' }] },
    });
    const stored = await t.app.db.read('SELECT count(*) AS n FROM test_cases');
    expect(Number(stored[0]!.n)).toBe(0);
  });

  it('dry_run_schema compares an expected prototype name as a missing field', async () => {
    const r = await call('dry_run_schema', {
      schema: 'starter:invoice',
      eml: buildEml({ subject: 'Invoice 6', text: 'Invoice number: N-6\n' }),
      expected: { eml: { toString: 'a', valueOf: 'b', invoice_number: 'N-6' } },
    });
    expect(r.status).toBe(200);
    expect(r.body.results[0].comparison).toEqual({
      toString: { expected: 'a', actual: null, pass: false },
      valueOf: { expected: 'b', actual: null, pass: false },
      invoice_number: { expected: 'N-6', actual: 'N-6', pass: true },
    });
    const proto = await call('dry_run_schema', {
      schema: 'starter:invoice',
      eml: buildEml({ subject: 'Invoice 7', text: 'Invoice number: N-7\n' }),
      expected: JSON.parse('{"eml": {"__proto__": "x"}}'),
    });
    expect(proto.status).toBe(400);
    expect(proto.body.error.details.issues).toEqual([
      { path: 'expected.eml.__proto__', message: "'__proto__' is not accepted as a name" },
    ]);
  });
});
