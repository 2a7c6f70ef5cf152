// Standard Webhooks headers verified by the `standardwebhooks` package as the receiver,
// and redeliver_captures re-queuing failed deliveries in bulk (REST and MCP alike).
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { DeliveryWorker } from '../../services/webhooks.ts';
import { callMcp, caller, createSandbox, makeTestApp, mcpClient } from '../helpers/app.ts';
import { buildEml } from '../helpers/mail.ts';
import { startReceiver, until, type Answer } from '../helpers/receiver.ts';

const invoice = (n: number) =>
  buildEml({
    subject: `Invoice R-${n}`,
    text: `Invoice number: R-${n}\nInvoice date: 2026-03-01\nTotal due: ${n}0.00 EUR`,
  });

async function setup(secret: string, script?: (n: number) => Answer) {
  const t = await makeTestApp(
    { SVC_ALLOW_PRIVATE_DESTINATIONS: '1', SVC_WEBHOOK_RETRY_SCALE: '0.0001', SVC_WEBHOOK_TIMEOUT_MS: '400' },
    { realClock: true },
  );
  const receiver = await startReceiver(secret, script);
  const { key } = await createSandbox(t.app, 'operator');
  const call = caller(t.h3, key);
  expect((await call('add_destination', { name: 'erp', url: `${receiver.url}/hook`, secret })).status).toBe(200);
  await call('update_bucket', { id: 'invoices', destinations: ['erp'] });
  return { t, receiver, call, key };
}

describe('Standard Webhooks', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0)) await c();
  });

  it.each([
    [
      'a whsec_ secret (the standard format)',
      `whsec_${Buffer.from('standard-webhooks-key-0123456789').toString('base64')}`,
      false,
    ],
    ['any other secret, as a raw key', 'plain-secret-0123456789', true],
  ])('signs so the standardwebhooks library verifies it: %s', async (_label, secret, raw) => {
    const { t, receiver, call } = await setup(secret);
    const worker = new DeliveryWorker(t.app, { pollMs: 20 });
    worker.start();
    cleanup.push(async () => {
      await worker.stop();
      await receiver.close();
      await t.close();
    });
    await call('ingest_message', { eml: invoice(1) });
    const [got] = await until(
      () => receiver.received,
      (r) => r.length >= 1,
    );
    const verifier = raw ? new Webhook(secret, { format: 'raw' }) : new Webhook(secret);
    const payload = verifier.verify(got!.body, got!.headers as Record<string, string>) as { delivery_id: string };
    expect(payload.delivery_id).toBe(got!.headers['x-svc-delivery']);
    expect(got!.headers['webhook-id']).toBe(got!.headers['x-svc-delivery']);
    expect(got!.headers['webhook-timestamp']).toBe(got!.headers['x-svc-timestamp']);
    expect(got!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    // The spec's own signature stays.
    expect(got!.signatureValid).toBe(true);
    // A changed body or a wrong key fails verification.
    expect(() => verifier.verify(`${got!.body} `, got!.headers as Record<string, string>)).toThrow();
    expect(() =>
      new Webhook('other-secret-000000', { format: 'raw' }).verify(got!.body, got!.headers as Record<string, string>),
    ).toThrow();
  });
});

describe('redeliver_captures', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0)) await c();
  });

  it('re-queues the failed deliveries of a bucket since a time, once, over REST and MCP', async () => {
    let down = true;
    const { t, receiver, call, key } = await setup('secret-redeliver-01', () => (down ? 410 : 200));
    const worker = new DeliveryWorker(t.app, { pollMs: 20 });
    cleanup.push(async () => {
      await worker.stop();
      await receiver.close();
      await t.close();
    });
    const before = new Date(Date.now() - 1000).toISOString();
    const captures = [];
    for (const n of [1, 2, 3]) captures.push((await call('ingest_message', { eml: invoice(n) })).body.capture.id);
    // 410 Gone ends a delivery at once: all three fail.
    while ((await worker.tick()) > 0) {
      /* drain */
    }
    const failed = await call('list_captures', { delivery: 'failed' });
    expect(failed.body.captures.map((c: { id: string }) => c.id).sort()).toEqual([...captures].sort());

    // Nothing failed after "now": nothing to redeliver.
    const none = await call('redeliver_captures', {
      bucket: 'invoices',
      since: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(none.body).toMatchObject({ bucket: 'invoices', queued: 0, deliveries: [], more: false });

    const first = await call('redeliver_captures', { bucket: 'invoices', since: before, limit: 2 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ bucket: 'invoices', queued: 2, more: true });
    expect(first.body.deliveries[0]).toMatchObject({
      capture_id: captures[0],
      destination: 'erp',
      id: expect.stringMatching(/^dlv_/),
    });
    // Over MCP, the same operation picks up the rest; a third call finds nothing left.
    const client = await mcpClient(t.h3, key);
    const second = await callMcp(client, 'redeliver_captures', { bucket: 'invoices', since: before });
    expect(second.body).toMatchObject({ queued: 1, more: false });
    expect(second.body.deliveries[0].capture_id).toBe(captures[2]);
    expect((await call('redeliver_captures', { bucket: 'invoices', since: before })).body.queued).toBe(0);

    down = false;
    const sent = receiver.received.length;
    while ((await worker.tick()) > 0) {
      /* drain */
    }
    expect(receiver.received.length - sent).toBe(3);
    const delivered = await call('list_captures', { delivery: 'delivered' });
    expect(delivered.body.captures).toHaveLength(3);
    const capture = (await call('get_capture', { id: captures[0] })).body;
    expect(capture.deliveries.map((d: { status: string }) => d.status)).toEqual(['failed', 'delivered']);

    // status "all" replays delivered ones too; a failed-only call now finds none.
    expect((await call('redeliver_captures', { bucket: 'invoices', since: before })).body.queued).toBe(0);
    expect(
      (await call('redeliver_captures', { bucket: 'invoices', since: before, status: 'all', destination: 'erp' })).body
        .queued,
    ).toBe(3);
  });

  it('refuses what it cannot do with a clear 4XX and changes nothing', async () => {
    const { t, receiver, call } = await setup('secret-redeliver-02');
    cleanup.push(async () => {
      await receiver.close();
      await t.close();
    });
    const bad = await call('redeliver_captures', { bucket: 'invoices', since: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues[0].path).toBe('since');
    const noBucket = await call('redeliver_captures', { bucket: 'nope', since: '2026-01-01T00:00:00Z' });
    expect(noBucket.status).toBe(404);
    const noDest = await call('redeliver_captures', {
      bucket: 'invoices',
      since: '2026-01-01T00:00:00Z',
      destination: 'nope',
    });
    expect(noDest.status).toBe(404);
    expect(noDest.body.error.message).toContain("destination 'nope'");
  });
});
