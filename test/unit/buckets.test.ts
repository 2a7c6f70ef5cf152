// Bucket operations and dry runs, through the real REST surface.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRest, createSandbox, makeTestApp, toolNamed, verifiedAccount, type TestApp } from '../helpers/app.ts';
import { buildEml } from '../helpers/mail.ts';

describe('buckets', () => {
  let t: TestApp;
  let key: string;
  const call = (tool: string, args: Record<string, unknown> = {}, tenant?: string) =>
    callRest(t.h3, toolNamed(tool), key, args, tenant);

  beforeAll(async () => {
    t = await makeTestApp();
    key = (await createSandbox(t.app, 'operator')).key;
  });
  afterAll(() => t.close());

  it('sandboxes start with the invoices and receipts starter buckets', async () => {
    const list = await call('list_buckets');
    expect(list.body.buckets.map((b: { name: string; schema: string }) => [b.name, b.schema])).toEqual([
      ['invoices', 'starter:invoice'],
      ['receipts', 'starter:receipt'],
    ]);
    expect(list.body.buckets[0].activity).toEqual({ messages: 0, auto_applied: 0, held: 0, last_received: null });
  });

  it('create_tenant seeds starters only with with_starters', async () => {
    const { key: owner } = await verifiedAccount(t.app, 'buckets@example.com');
    await callRest(t.h3, toolNamed('create_tenant'), owner, { name: 'with' });
    await callRest(t.h3, toolNamed('create_tenant'), owner, { name: 'without', with_starters: false });
    const withList = await callRest(t.h3, toolNamed('list_buckets'), owner, {}, 'with');
    const withoutList = await callRest(t.h3, toolNamed('list_buckets'), owner, {}, 'without');
    expect(withList.body.buckets).toHaveLength(2);
    expect(withoutList.body.buckets).toHaveLength(0);
  });

  it('lists by priority then name; update changes only passed fields; null clears', async () => {
    await call('create_bucket', { name: 'b-second', priority: 5 });
    const created = await call('create_bucket', {
      name: 'a-first',
      priority: 5,
      rule: { has_attachment: true },
      schema: 'starter:receipt',
      policy: { no_schema: 'task' },
    });
    expect(created.status).toBe(200);
    const names = (await call('list_buckets')).body.buckets.map((b: { name: string }) => b.name);
    expect(names.slice(0, 2)).toEqual(['a-first', 'b-second']);
    const updated = await call('update_bucket', { id: 'a-first', description: 'PDFs' });
    expect(updated.body).toMatchObject({
      description: 'PDFs',
      rule: { has_attachment: true },
      schema: 'starter:receipt',
      policy: { no_schema: 'task' },
    });
    const cleared = await call('update_bucket', { id: created.body.id, rule: null, schema: null, policy: null });
    expect(cleared.body).toMatchObject({ rule: null, schema: null, policy: null, description: 'PDFs' });
    const refused = await call('update_bucket', { id: 'a-first', rule: { all: [{ subject_matches: '[' }] } });
    expect(refused.body.error).toMatchObject({
      code: 'invalid_regex',
      details: { path: 'rule.all[0].subject_matches' },
    });
    expect((await call('get_bucket', { id: 'a-first' })).body.rule).toBeNull();
  });

  it('delete frees the name; the old id is gone', async () => {
    const first = await call('create_bucket', { name: 'temp' });
    await call('delete_bucket', { id: 'temp' });
    expect((await call('get_bucket', { id: first.body.id })).status).toBe(404);
    const again = await call('create_bucket', { name: 'temp' });
    expect(again.status).toBe(200);
    expect(again.body.id).not.toBe(first.body.id);
  });

  it('dry runs save nothing and report per message', async () => {
    const newestEvent = async () => (await call('list_events', { limit: 1 })).body.events[0].id;
    const before = await newestEvent();
    const eml = buildEml({
      subject: 'Invoice 12',
      text: 'Invoice number: N-12\nInvoice date: 2026-01-05\nTotal: 42.00 USD',
    });
    const rule = await call('dry_run_rule', {
      rule: { all: [{ subject_contains: ['invoice'] }, { text_contains: ['total'] }] },
      eml,
    });
    expect(rule.body.results).toEqual([
      {
        message: 'eml',
        subject: 'Invoice 12',
        from: 'billing@vendor.example',
        matched: true,
        decided_by: 'rule.all',
        reason: 'all 2 conditions matched',
      },
    ]);
    const schema = await call('dry_run_schema', {
      schema: 'starter:invoice',
      eml,
      expected: { eml: { invoice_number: 'N-12', total_amount: 40 } },
    });
    const result = schema.body.results[0];
    expect(result.fields.invoice_number).toMatchObject({
      value: 'N-12',
      source: { document_id: null, document_index: 0 },
    });
    expect(result.comparison).toEqual({
      invoice_number: { expected: 'N-12', actual: 'N-12', pass: true },
      total_amount: { expected: 40, actual: 42, pass: false },
    });
    expect(result.passed).toBe(false);
    expect((await call('dry_run_schema', { schema: { name: 'x', fields: {} } })).body.error.code).toBe(
      'invalid_schema',
    );
    expect((await call('dry_run_rule', { rule: { has_attachment: true } })).body.error.code).toBe('invalid_request');
    expect(await newestEvent()).toBe(before);
  });
});
