// The loop from an email to a record: held -> corrected -> approved; tasks; paging;
// reprocessing; the flow; dry runs over stored messages; raw MIME never leaks.
import { describe, expect, it } from 'vitest';
import { tools } from '../../tools/index.ts';
import { caller, createSandbox, makeTestApp, useSandboxApp } from '../helpers/app.ts';
import { buildEml } from '../helpers/mail.ts';

describe('captures, corrections, approvals, tasks', () => {
  const suite = useSandboxApp();
  const call: ReturnType<typeof caller> = (tool, args) => suite.call(tool, args);

  it('invoice held for low confidence -> correct_field -> approve -> applied', async () => {
    const eml = buildEml({
      subject: 'Invoice 2026-77 from Vendor Ltd',
      text: 'Invoice number: 2026-77\nInvoice date: 05/06/2026\nTotal due: EUR 1,500.00\n',
    });
    const ingested = await call('ingest_message', { eml });
    expect(ingested.body).toMatchObject({
      status: 'held',
      bucket: { name: 'invoices' },
      capture: { status: 'held', reason: 'low_confidence' },
    });
    expect(ingested.body.capture.fields.invoice_date).toEqual({ value: '2026-06-05', confidence: expect.any(Number) });
    expect(ingested.body.capture.fields.invoice_date.confidence).toBeLessThan(0.8);
    const captureId = ingested.body.capture.id;
    const [review] = ingested.body.tasks;
    expect(review.kind).toBe('review');
    const task = await call('get_task', { id: review.id });
    expect(task.body.payload).toMatchObject({
      capture_id: captureId,
      reasons: ['low_confidence'],
      next_steps: expect.stringContaining('correct_field'),
    });

    // The sender is American: 05/06 is May 6th.
    const corrected = await call('correct_field', {
      id: captureId,
      field: 'invoice_date',
      value: 'May 6, 2026',
      reason: 'US date order',
    });
    expect(corrected.body.status).toBe('held');
    expect(corrected.body.fields.invoice_date).toMatchObject({
      value: '2026-05-06',
      confidence: 1,
      corrected: true,
      source: { corrected: true },
    });
    expect(corrected.body.corrections).toEqual([
      expect.objectContaining({
        field: 'invoice_date',
        before: '2026-06-05',
        after: '2026-05-06',
        reason: 'US date order',
      }),
    ]);
    expect(corrected.body.confidence).toBeGreaterThanOrEqual(0.8);

    const approved = await call('approve_capture', { id: captureId, note: 'checked' });
    expect(approved.body).toMatchObject({ status: 'applied', applied_by: expect.stringMatching(/^key_/) });
    expect(approved.body.tasks.every((x: { status: string }) => x.status === 'resolved')).toBe(true);
    expect((await call('get_message', { id: ingested.body.message_id })).body.status).toBe('applied');
    const events = await call('list_events', { subject_id: captureId });
    expect(events.body.events.map((e: { type: string }) => e.type)).toEqual([
      'capture.approved',
      'capture.corrected',
      'capture.created',
    ]);
    expect((await call('approve_capture', { id: captureId })).body.error.code).toBe('invalid_state');
  });

  it('requires_human field -> task -> correct -> approve; invalid values are refused', async () => {
    await call('create_bucket', {
      name: 'pos',
      priority: 1,
      rule: { subject_contains: ['purchase order'] },
      schema: {
        name: 'po',
        fields: {
          po_number: { type: 'string', required: true, extract: [{ kind: 'labeled_value', labels: ['PO number'] }] },
          amount: {
            type: 'number',
            required: true,
            requires_human: true,
            extract: [{ kind: 'labeled_value', labels: ['Amount'] }],
          },
          terms: { type: 'string', enum: ['net30', 'net60'], extract: [{ kind: 'labeled_value', labels: ['Terms'] }] },
        },
      },
    });
    const r = await call('ingest_message', {
      eml: buildEml({ subject: 'Purchase order 9', text: 'PO number: 9\nAmount: 250\nTerms: net90' }),
    });
    expect(r.body.capture).toMatchObject({ status: 'task', reason: 'requires_human' });
    expect(r.body.capture.issues).toEqual([expect.objectContaining({ field: 'terms', code: 'not_in_enum' })]);
    const task = (await call('get_task', { id: r.body.tasks[0].id })).body;
    expect(task).toMatchObject({
      kind: 'human_field',
      payload: { fields: [{ name: 'amount', value: 250, confidence: 0.9 }] },
    });
    const id = r.body.capture.id;
    expect((await call('correct_field', { id, field: 'amount', value: 'lots' })).body.error.code).toBe(
      'invalid_request',
    );
    expect((await call('correct_field', { id, field: 'colour', value: 'red' })).body.error.code).toBe('not_found');
    expect((await call('correct_field', { id, field: 'terms', value: 'net45' })).body.error.code).toBe(
      'invalid_request',
    );
    const blocked = await call('approve_capture', { id });
    expect(blocked.status).toBe(409);
    expect(blocked.body.error).toMatchObject({
      code: 'validation_issues',
      details: { issues: [expect.objectContaining({ field: 'terms' })] },
    });
    await call('correct_field', { id, field: 'amount', value: 275, reason: 'confirmed with buyer' });
    const fixed = await call('correct_field', { id, field: 'terms', value: 'NET60' });
    expect(fixed.body.fields.terms.value).toBe('net60');
    expect(fixed.body.issues).toEqual([]);
    const approved = await call('approve_capture', { id });
    expect(approved.body.status).toBe('applied');
    expect((await call('get_task', { id: r.body.tasks[0].id })).body.status).toBe('resolved');
  });

  it('approve with force despite validation issues; resolve_task stores the note', async () => {
    const r = await call('ingest_message', {
      eml: buildEml({ subject: 'Purchase order 10', text: 'PO number: 10\nAmount: 5\nTerms: weekly' }),
    });
    const forced = await call('approve_capture', { id: r.body.capture.id, force: true });
    expect(forced.body.status).toBe('applied');
    const unrouted = await call('ingest_message', { eml: buildEml({ subject: 'Lunch?', text: 'Are you free?' }) });
    const taskId = unrouted.body.tasks[0].id;
    const open = await call('list_tasks', { kind: 'unrouted' });
    expect(open.body.tasks.map((x: { id: string }) => x.id)).toContain(taskId);
    const dismissed = await call('resolve_task', { id: taskId, status: 'dismissed', note: 'personal mail' });
    expect(dismissed.body).toMatchObject({ status: 'dismissed', note: 'personal mail' });
    expect((await call('resolve_task', { id: taskId })).body.error.code).toBe('invalid_state');
    const closed = await call('list_tasks', { status: 'dismissed' });
    expect(closed.body.tasks[0]).toMatchObject({ id: taskId, note: 'personal mail' });
  });
});

describe('messages', () => {
  const suite = useSandboxApp();
  const call: ReturnType<typeof caller> = (tool, args) => suite.call(tool, args);

  it('before-paging gives every message exactly once, newest first, under concurrent ingests', async () => {
    const first = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('ingest_message', { eml: buildEml({ subject: `Invoice P-${i}`, text: `Invoice number: P-${i}` }) }),
      ),
    );
    const ids = first.map((r) => r.body.message_id as string);
    const seen: string[] = [];
    let before: string | undefined;
    let round = 0;
    do {
      const page = await call('list_messages', { limit: 5, ...(before ? { before } : {}) });
      seen.push(...page.body.messages.map((m: { id: string }) => m.id));
      before = page.body.next_before ?? undefined;
      // Mail keeps arriving while the pages are read; it is newer than every page.
      if (round++ < 2)
        await Promise.all(
          [1, 2].map((j) => call('ingest_message', { eml: buildEml({ subject: `late ${round}-${j}`, text: 'x' }) })),
        );
    } while (before);
    const original = new Set(ids);
    expect(seen.filter((id) => original.has(id)).sort()).toEqual([...ids].sort());
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort().reverse()).toEqual(seen);
  });

  it('filters by bucket and status', async () => {
    const held = await call('list_messages', { bucket: 'invoices', status: 'held' });
    expect(held.body.messages.length).toBeGreaterThan(0);
    expect(held.body.messages.every((m: { status: string }) => m.status === 'held')).toBe(true);
    expect((await call('list_messages', { bucket: 'nope' })).status).toBe(404);
  });

  it('raw MIME never appears in any response of any operation', async () => {
    const marker = 'RAWMIMEMARKER7Q';
    const eml = [
      'From: Vendor <billing@vendor.example>',
      'To: ap@customer.example',
      'Subject: Invoice M-1',
      `X-Trace-${marker}: internal`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="b-${marker}"`,
      '',
      `--b-${marker}`,
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Invoice number: M-1=0ATotal due: 10.00 EUR',
      `--b-${marker}`,
      'Content-Type: application/octet-stream; name="blob.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(`${marker}${marker}`).toString('base64'),
      `--b-${marker}--`,
      '',
    ].join('\r\n');
    const responses: unknown[] = [];
    const ingested = await call('ingest_message', { eml });
    responses.push(ingested.body);
    const message = await call('get_message', { id: ingested.body.message_id });
    responses.push(message.body);
    for (const doc of message.body.documents) responses.push((await call('get_document_text', { id: doc.id })).body);
    const captureId = ingested.body.capture.id;
    const reads: [string, Record<string, unknown>][] = [
      ['list_messages', {}],
      ['get_capture', { id: captureId }],
      ['list_captures', {}],
      ['list_tasks', {}],
      ['get_flow', {}],
      ['list_events', { limit: 200 }],
      ['reprocess_message', { id: ingested.body.message_id }],
      ['list_buckets', {}],
      ['dry_run_rule', { rule: { has_attachment: true }, message_ids: [ingested.body.message_id] }],
      ['dry_run_schema', { schema: 'starter:invoice', message_ids: [ingested.body.message_id] }],
      ['correct_field', { id: captureId, field: 'po_number', value: 'PO-1' }],
    ];
    for (const [tool, args] of reads) {
      const r = await call(tool, args);
      expect(r.status, tool).toBe(200);
      responses.push(r.body);
    }
    expect(tools.filter((x) => x.name.startsWith('get_') || x.name.startsWith('list_')).length).toBeGreaterThan(10);
    const all = JSON.stringify(responses);
    expect(all).not.toContain(marker);
    expect(all).not.toContain(Buffer.from(`${marker}${marker}`).toString('base64'));
    expect(all).not.toContain('quoted-printable');
    // The readable parts are there.
    expect(message.body.text).toContain('Total due: 10.00 EUR');
    // Decoded headers come only when asked for.
    const withHeaders = await call('get_message', { id: ingested.body.message_id, include_headers: true });
    expect(withHeaders.body.headers.find((h: { name: string }) => h.name === 'subject').value).toBe('Invoice M-1');
  });

  it('reprocess after a bucket change makes a second capture and leaves the first unchanged', async () => {
    const r = await call('ingest_message', {
      eml: buildEml({ subject: 'Invoice R-1', text: 'Invoice number: R-1\nTotal due: 9.00 EUR' }),
    });
    const firstId = r.body.capture.id;
    const before = (await call('get_capture', { id: firstId })).body;
    expect(before.status).toBe('held');
    await call('update_bucket', {
      id: 'invoices',
      policy: { auto_accept: { require_complete: false, min_confidence: 0 } },
    });
    const again = await call('reprocess_message', { id: r.body.message_id });
    expect(again.body.capture.id).not.toBe(firstId);
    expect(again.body.capture.status).toBe('applied');
    expect((await call('get_capture', { id: firstId })).body).toEqual(before);
    const message = (await call('get_message', { id: r.body.message_id })).body;
    expect(message.captures.map((c: { id: string }) => c.id)).toEqual([firstId, again.body.capture.id]);
    expect(message.status).toBe('applied');
    await call('update_bucket', { id: 'invoices', policy: null });
  });

  it('a dry run over stored message_ids gives the same fields as the captures ingest made', async () => {
    const made = await Promise.all(
      ['D-1', 'D-2'].map((n) =>
        call('ingest_message', {
          eml: buildEml({
            subject: `Invoice ${n}`,
            html: `<table><tr><td>Invoice No</td><td>${n}</td></tr><tr><td>Total due</td><td>€ 12,50</td></tr></table>`,
          }),
        }),
      ),
    );
    const ids = made.map((m) => m.body.message_id);
    const dry = await call('dry_run_schema', {
      schema: 'starter:invoice',
      message_ids: ids,
      expected: { [ids[0]]: { invoice_number: 'D-1', total_amount: 12.5 } },
    });
    for (const [i, result] of dry.body.results.entries()) {
      const capture = (await call('get_capture', { id: made[i]!.body.capture.id })).body;
      expect(result.message).toBe(ids[i]);
      expect(result.fields).toEqual(Object.fromEntries(Object.entries(capture.fields).map(([k, f]) => [k, f])));
      expect(result.confidence).toBe(capture.confidence);
    }
    expect(dry.body.results[0].passed).toBe(true);
    const rule = await call('dry_run_rule', { rule: { subject_contains: ['D-2'] }, message_ids: ids });
    expect(rule.body.results.map((x: { matched: boolean }) => x.matched)).toEqual([false, true]);
    expect((await call('dry_run_rule', { rule: { has_attachment: true }, message_ids: ['msg_nope'] })).status).toBe(
      404,
    );
  });
});

describe('flow and activity', () => {
  it('get_flow counts match the messages ingested, link by link', async () => {
    const t = await makeTestApp();
    const { key } = await createSandbox(t.app, 'operator');
    const call = caller(t.h3, key);
    const send = (subject: string, text: string) => call('ingest_message', { eml: buildEml({ subject, text }) });
    await send('Invoice F-1', 'Invoice number: F-1\nInvoice date: 2026-01-01\nTotal due: 5.00 EUR'); // auto-applied
    await send('Invoice F-2', 'Invoice number: F-2\nInvoice date: 2026-01-01\nTotal due: 6.00 EUR'); // auto-applied
    const held = await send('Invoice F-3', 'Invoice number: F-3'); // held: incomplete
    await send('Your receipt', 'Order #: R-77\nDate: 2026-01-02\nTotal: 3.00 USD'); // receipts, auto-applied
    await send('Hi', 'unrouted'); // unrouted
    await call('approve_capture', { id: held.body.capture.id }); // missing required only: approvable -> approved
    const flow = (await call('get_flow', { hours: 24 })).body;
    const buckets = (await call('list_buckets')).body.buckets;
    const inv = buckets.find((b: { name: string }) => b.name === 'invoices');
    const rec = buckets.find((b: { name: string }) => b.name === 'receipts');
    expect(flow.messages).toBe(5);
    const link = (from: string, to: string) =>
      flow.links.find((l: { from: string; to: string }) => l.from === from && l.to === to)?.count ?? 0;
    expect(link('source:uploads', `bucket:${inv.id}`)).toBe(3);
    expect(link('source:uploads', `bucket:${rec.id}`)).toBe(1);
    expect(link('source:uploads', 'outcome:unrouted')).toBe(1);
    expect(link(`bucket:${inv.id}`, 'outcome:auto_applied')).toBe(2);
    expect(link(`bucket:${inv.id}`, 'outcome:approved')).toBe(1);
    expect(link(`bucket:${rec.id}`, 'outcome:auto_applied')).toBe(1);
    expect(link('outcome:auto_applied', 'exit:held_for_reading')).toBe(3);
    expect(flow.links.reduce((n: number, l: { count: number }) => n + l.count, 0)).toBe(4 + 1 + 4 + 5);
    expect(JSON.stringify(flow)).not.toContain('Invoice F-1');
    expect(inv.activity).toMatchObject({ messages: 3, auto_applied: 2, held: 0 });
    expect(rec.activity).toMatchObject({ messages: 1, auto_applied: 1, held: 0 });
    t.clock.now = new Date(t.clock.now.getTime() + 48 * 3_600_000);
    expect((await call('get_flow', { hours: 24 })).body.messages).toBe(0);
    await t.close();
  });
});
