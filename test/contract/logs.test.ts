// Structured logs: one line per HTTP request (REST and MCP), per SMTP transaction, per
// webhook attempt; never a key, a destination secret, a webhook URL token or mail content.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenSmtp, type RunningSmtp } from '../../adapters/smtp.ts';
import { configureLogger } from '../../services/log.ts';
import { DeliveryWorker } from '../../services/webhooks.ts';
import { callMcp, caller, createSandbox, http, makeTestApp, mcpClient, type TestApp } from '../helpers/app.ts';
import { buildEml } from '../helpers/mail.ts';
import { startReceiver, until } from '../helpers/receiver.ts';
import { SmtpClient } from '../helpers/smtp.ts';

const SECRET = 'whsec-logs-test-secret-0123';
const URL_TOKEN = 'T0KEN-in-the-webhook-path-9f8e7d';
const CONTENT = 'Remit to IBAN DE44500105175407324931';

type Line = Record<string, any>;

describe('structured logs', () => {
  let t: TestApp;
  let smtp: RunningSmtp;
  let key: string;
  const lines: Line[] = [];
  let raw = '';
  beforeAll(async () => {
    configureLogger(
      'info',
      new Writable({
        write(chunk: Buffer, _enc, done) {
          raw += chunk.toString();
          for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      }),
    );
    t = await makeTestApp(
      { SVC_ALLOW_PRIVATE_DESTINATIONS: '1', SVC_INBOUND_DOMAIN: 'in.test', SVC_AUTH_DNS: 'none' },
      { realClock: true },
    );
    smtp = await listenSmtp(t.app, 0, '127.0.0.1');
    key = (await createSandbox(t.app, 'operator')).key;
  });
  afterAll(async () => {
    configureLogger('silent');
    await smtp.close();
    await t.close();
  });

  it('logs REST and MCP requests with route, tool, status, duration, key prefix and tenant', async () => {
    const call = caller(t.h3, key);
    const tenant = (await call('get_tenant')).body.id;
    await call('get_bucket', { id: 'no-such-bucket' });
    await http(t.h3, 'GET', '/v1/account', { key: `${key}x` });
    const client = await mcpClient(t.h3, key);
    await callMcp(client, 'list_buckets');
    const prefix = key.split('_').slice(0, 2).join('_');
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'request',
        method: 'GET',
        route: '/v1/tenant',
        tool: 'get_tenant',
        status: 200,
        key: prefix,
        tenant,
        ms: expect.any(Number),
        level: 30,
        service: 'svc',
        time: expect.any(String),
      }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'request refused',
        route: '/v1/buckets/:id',
        tool: 'get_bucket',
        status: 404,
        error: 'not_found',
        tenant,
      }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'request refused',
        route: '/v1/account',
        status: 401,
        error: 'unauthorized',
        key: prefix,
        tenant: null,
      }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'request',
        method: 'POST',
        route: '/mcp/:key',
        rpc: ['tools/call'],
        tool: 'list_buckets',
        status: 200,
        key: prefix,
        tenant,
      }),
    );
    expect(lines).toContainEqual(expect.objectContaining({ route: '/mcp/:key', rpc: ['initialize'], status: 200 }));
  });

  it('logs an unmatched request with its path (a key in it masked) and its code, and a wrong method as 405', async () => {
    await http(t.h3, 'GET', `/v2/tenants/${key}/x`, { key });
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'request refused',
        route: 'unmatched',
        path: `/v2/tenants/${key.split('_').slice(0, 2).join('_')}_…/x`,
        status: 404,
        error: 'not_found',
      }),
    );
    const wrong = await http(t.h3, 'GET', '/oauth/consent');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect(wrong.body.error.code).toBe('method_not_allowed');
    const health = await http(t.h3, 'POST', '/healthz');
    expect(health.status).toBe(405);
    expect(health.headers.get('allow')).toBe('GET');
    expect(lines).toContainEqual(
      expect.objectContaining({ route: 'unmatched', path: '/healthz', status: 405, error: 'method_not_allowed' }),
    );
    expect(raw).not.toContain(key);
  });

  it('logs each SMTP transaction and refused recipient with peer, recipients and reply', async () => {
    expect((await caller(t.h3, key)('claim_subdomain', { name: 'logging-co' })).status).toBe(200);
    expect((await caller(t.h3, key)('create_address', { local_part: 'ap' })).status).toBe(200);
    const { client } = await SmtpClient.open(smtp.port);
    const eml = buildEml({
      subject: 'Invoice L-1',
      text: `Invoice number: L-1\n${CONTENT}`,
      to: 'logging-co.ap@in.test',
    });
    const sent = await client.send('billing@vendor.example', ['logging-co.ap@in.test', 'nobody.here@in.test'], eml);
    await client.close();
    expect(sent.data).toMatch(/^250/);
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'smtp transaction',
        peer: '127.0.0.1',
        mail_from: 'billing@vendor.example',
        recipients: ['logging-co.ap@in.test'],
        reply: expect.stringMatching(/^250 2\.0\.0 Stored as [0-9A-F]{16}$/),
      }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'smtp recipient refused',
        recipients: ['nobody.here@in.test'],
        reply: expect.stringMatching(/^550 5\.1\.1 /),
      }),
    );
  });

  it('logs each webhook attempt with destination, status, duration and next retry', async () => {
    const receiver = await startReceiver(SECRET, (n) => (n === 1 ? 503 : 200));
    const call = caller(t.h3, key);
    await call('add_destination', {
      name: 'erp',
      url: `${receiver.url}/hooks/${URL_TOKEN}?token=${URL_TOKEN}`,
      secret: SECRET,
    });
    await call('update_bucket', { id: 'invoices', destinations: ['erp'] });
    const eml = buildEml({
      subject: 'Invoice L-2',
      text: `Invoice number: L-2\nInvoice date: 2026-03-01\nTotal due: 10.00 EUR\n${CONTENT}`,
    });
    expect((await call('ingest_message', { eml })).body.capture.status).toBe('applied');
    const worker = new DeliveryWorker(t.app, { pollMs: 20 });
    await worker.tick();
    await receiver.close();
    const attempt = lines.find((l) => l.msg === 'webhook attempt');
    expect(attempt).toMatchObject({
      destination: 'erp',
      url: receiver.url,
      attempt: 1,
      status: 503,
      outcome: 'pending',
      level: 40,
      ms: expect.any(Number),
      next_retry: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      delivery: expect.stringMatching(/^dlv_/),
    });
  });

  it('never writes a key, a secret, a webhook URL token or message content', async () => {
    await until(
      () => lines.length,
      (n) => n > 10,
    );
    const secretPart = key.split('_')[2]!;
    expect(raw).not.toContain(secretPart);
    expect(raw).not.toContain(SECRET);
    expect(raw).not.toContain(URL_TOKEN);
    expect(raw).not.toContain('IBAN');
    expect(raw).not.toContain('Invoice L-');
  });
});
