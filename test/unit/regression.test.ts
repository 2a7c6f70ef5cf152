// Regression tests guarding schema changes, the case cap, run retention, and MCP progress.
import { describe, expect, it } from 'vitest';
import { purgeExpiredTestRuns } from '../../services/retention.ts';
import { STARTERS } from '../../pipeline/starters.ts';
import { callRest, createSandbox, makeTestApp, mcpClient, toolNamed, verifiedAccount, caller } from '../helpers/app.ts';
import { buildEml } from '../helpers/mail.ts';

const invoice = (n: number, total: string) =>
  buildEml({
    subject: `Invoice T-${n}`,
    text: `Invoice number: T-${n}\nInvoice date: 2026-03-0${(n % 9) + 1}\nTotal due: ${total} EUR`,
  });

/** The invoice starter with the total read from a label these mails do not have: it breaks the cases. */
const broken = structuredClone(STARTERS.invoice!);
broken.fields.total_amount!.extract = [{ kind: 'labeled_value', labels: ['Grand total'] }];
/** A harmless change: one more label for due dates. */
const harmless = structuredClone(STARTERS.invoice!);
(harmless.fields.due_date!.extract.find((x) => x.kind === 'labeled_value') as { labels: string[] }).labels.push(
  'Payable by',
);

async function setup(env: Record<string, string> = {}, standard = false) {
  const t = await makeTestApp(env);
  let key: string;
  if (standard) {
    // Sandboxes expire after 30 days; a standard account's tenant lives as long as needed.
    key = (await verifiedAccount(t.app)).key;
    await callRest(t.h3, toolNamed('create_tenant'), key, { name: 'main' });
  } else {
    key = (await createSandbox(t.app, 'operator')).key;
  }
  const call = caller(t.h3, key);
  return { t, key, call };
}

describe('regression tests', () => {
  it('promote -> run -> breaking schema refused naming the field -> force accepted; policy and passing changes accepted', async () => {
    const { t, call } = await setup();
    const a = (await call('ingest_message', { eml: invoice(1, '100.00') })).body;
    const b = (await call('ingest_message', { eml: invoice(2, '250.50') })).body;
    const caseA = (await call('promote_to_test', { capture_id: a.capture.id })).body;
    expect(caseA).toMatchObject({
      tricky: false,
      message_pinned: true,
      expected: { invoice_number: 'T-1', total_amount: 100 },
    });
    const caseB = (
      await call('promote_to_test', {
        capture_id: b.capture.id,
        expected: { total_amount: '250,50' },
        note: 'comma decimals',
      })
    ).body;
    expect(caseB.expected).toEqual({ total_amount: 250.5 });

    const run = (await call('run_tests', { bucket: 'invoices' })).body;
    expect(run).toMatchObject({ passed: 2, failed: 0, candidate: false, trigger: 'run_tests' });
    expect(run.cases[0].fields.total_amount).toMatchObject({ expected: 100, actual: 100, pass: true, confidence: 0.9 });

    const refused = await call('update_bucket', { id: 'invoices', schema: broken });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('tests_failing');
    expect(refused.body.error.message).toContain('total_amount');
    expect(refused.body.error.details.failures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          case_id: caseA.id,
          fields: [{ field: 'total_amount', expected: 100, actual: null }],
        }),
      ]),
    );
    expect((await call('get_bucket', { id: 'invoices' })).body.schema).toBe('starter:invoice');
    const refusedRun = (await call('get_test_run', { id: refused.body.error.details.run_id })).body;
    expect(refusedRun).toMatchObject({ trigger: 'update_bucket', candidate: true, failed: 2 });

    const forced = await call('update_bucket', { id: 'invoices', schema: broken, force: true });
    expect(forced.status).toBe(200);
    expect(forced.body.schema).toEqual(broken);
    const outcomes = (await call('list_events', { type: 'bucket.schema_tested' })).body.events.map(
      (e: { diff: { outcome: string } }) => e.diff.outcome,
    );
    expect(outcomes).toEqual(['forced', 'refused']);

    // Back to the starter (the cases pass again), then the policy switch lets a failing change through.
    expect((await call('update_bucket', { id: 'invoices', schema: 'starter:invoice' })).status).toBe(200);
    await call('update_bucket', { id: 'invoices', policy: { require_passing_tests: false } });
    expect((await call('update_bucket', { id: 'invoices', schema: broken })).status).toBe(200);
    await call('update_bucket', { id: 'invoices', schema: 'starter:invoice', policy: null });
    // A change that keeps every case passing needs no force.
    const ok = await call('update_bucket', { id: 'invoices', schema: harmless });
    expect(ok.status).toBe(200);
    const lastOutcomes = (await call('list_events', { type: 'bucket.schema_tested', limit: 1 })).body.events[0].diff;
    expect(lastOutcomes).toMatchObject({ outcome: 'passed', failed: 0 });
    await t.close();
  });

  it('run_tests with a candidate schema leaves the bucket unchanged', async () => {
    const { t, call } = await setup();
    const r = (await call('ingest_message', { eml: invoice(3, '9.99') })).body;
    await call('promote_to_test', { capture_id: r.capture.id });
    const before = (await call('get_bucket', { id: 'invoices' })).body;
    const run = (await call('run_tests', { bucket: 'invoices', schema: broken })).body;
    expect(run).toMatchObject({ candidate: true, failed: 1 });
    expect((await call('get_bucket', { id: 'invoices' })).body).toEqual(before);
    const runs = (await call('list_test_runs', { bucket: 'invoices' })).body.runs;
    expect(runs[0]).toMatchObject({ id: run.id, failed: 1 });
    await t.close();
  });

  it('cap: over the cap the oldest non-tricky case is retired; tricky ones are kept; all tricky is refused', async () => {
    const { t, call } = await setup({ SVC_TEST_CASE_CAP: '3' });
    const captures: string[] = [];
    for (let i = 0; i < 6; i++)
      captures.push((await call('ingest_message', { eml: invoice(i, `${i + 1}.00`) })).body.capture.id);
    const first = (await call('promote_to_test', { capture_id: captures[0], tricky: true })).body;
    const second = (await call('promote_to_test', { capture_id: captures[1] })).body;
    const third = (await call('promote_to_test', { capture_id: captures[2] })).body;
    const fourth = (await call('promote_to_test', { capture_id: captures[3] })).body;
    expect(fourth.retired_case).toBe(second.id);
    const fifth = (await call('promote_to_test', { capture_id: captures[4], tricky: true })).body;
    expect(fifth.retired_case).toBe(third.id);
    const active = (await call('list_tests', { bucket: 'invoices' })).body.tests
      .map((x: { id: string }) => x.id)
      .sort();
    expect(active).toEqual([first.id, fourth.id, fifth.id].sort());
    await call('promote_to_test', { capture_id: captures[5], tricky: true }); // retires `fourth`
    const full = await call('promote_to_test', { capture_id: captures[5], tricky: true });
    expect(full.status).toBe(409);
    expect(full.body.error.message).toContain('all tricky');
    const all = (await call('list_tests', { include_retired: true })).body.tests;
    expect(all.find((x: { id: string }) => x.id === second.id)).toMatchObject({
      status: 'retired',
      message_pinned: false,
    });
    const removed = await call('remove_test', { id: first.id, reason: 'no longer relevant' });
    expect(removed.body).toMatchObject({
      status: 'retired',
      retired_reason: 'no longer relevant',
      message_pinned: false,
    });
    expect((await call('remove_test', { id: first.id })).body.error.code).toBe('invalid_state');
    await t.close();
  });

  it('test runs older than 90 days are purged (clock moved forward)', async () => {
    const { t, call } = await setup({}, true);
    const r = (await call('ingest_message', { eml: invoice(1, '1.00') })).body;
    await call('promote_to_test', { capture_id: r.capture.id });
    const old = (await call('run_tests', { bucket: 'invoices' })).body;
    t.clock.now = new Date(t.clock.now.getTime() + 60 * 86_400_000);
    const recent = (await call('run_tests', { bucket: 'invoices' })).body;
    t.clock.now = new Date(t.clock.now.getTime() + 31 * 86_400_000);
    expect(await purgeExpiredTestRuns(t.app)).toBe(1);
    expect((await call('get_test_run', { id: old.id })).status).toBe(404);
    expect((await call('get_test_run', { id: recent.id })).status).toBe(200);
    await t.close();
  });

  it('reports progress over MCP when the client asks for it', async () => {
    const { t, key, call } = await setup();
    for (let i = 0; i < 3; i++) {
      const r = (await call('ingest_message', { eml: invoice(i, '5.00') })).body;
      await call('promote_to_test', { capture_id: r.capture.id });
    }
    const client = await mcpClient(t.h3, key);
    const progress: { progress: number; total?: number }[] = [];
    const result = await client.callTool({ name: 'run_tests', arguments: { bucket: 'invoices' } }, undefined, {
      onprogress: (p) => {
        progress.push({ progress: p.progress, total: p.total });
      },
    });
    expect((result.structuredContent as { passed: number }).passed).toBe(3);
    expect(progress).toEqual([
      { progress: 1, total: 3 },
      { progress: 2, total: 3 },
      { progress: 3, total: 3 },
    ]);
    await t.close();
  });
});
