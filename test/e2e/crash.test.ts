// Durability: the SMTP client gets 250 only for messages that are still readable after
// the server is killed with SIGKILL and started again. Also the operator's CLI review.
import { describe, expect, it } from 'vitest';
import { freePort, startServe, svc, svcEnv, tempDataDir } from '../helpers/process.ts';
import { SmtpClient } from '../helpers/smtp.ts';
import { startReceiver, until } from '../helpers/receiver.ts';

async function rest(url: string, key: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return response.json();
}

describe('crash safety', () => {
  it('every message answered 250 is readable after SIGKILL and restart', async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const env = svcEnv(dataDir, { SVC_SMTP_PORT: String(port), SVC_INBOUND_DOMAIN: 'in.test' });
    const first = await startServe(env);
    const key = first.key!;
    await rest(first.url, key, 'POST', '/v1/subdomain', { name: 'crash-test' });
    await rest(first.url, key, 'POST', '/v1/addresses', { local_part: 'inbox' });

    const accepted: string[] = [];
    const attempted: string[] = [];
    const { client } = await SmtpClient.open(port);
    const sending = (async () => {
      for (let i = 0; i < 400; i++) {
        const subject = `crash-${i}`;
        attempted.push(subject);
        const message = `From: a@vendor.example\r\nTo: crash-test.inbox@in.test\r\nSubject: ${subject}\r\n\r\nInvoice number: ${i}\r\n`;
        try {
          const r = await client.send('a@vendor.example', ['crash-test.inbox@in.test'], message);
          if (r.data?.startsWith('250')) accepted.push(subject);
        } catch {
          return;
        }
      }
    })();
    // Kill while messages are in flight.
    while (accepted.length < 10) await new Promise((r) => setTimeout(r, 10));
    await first.stop('SIGKILL');
    await sending;
    expect(accepted.length).toBeGreaterThanOrEqual(10);
    expect(attempted.length).toBeGreaterThan(accepted.length);

    const second = await startServe(svcEnv(dataDir));
    try {
      const stored = new Set<string>();
      let before = '';
      for (;;) {
        const page = await rest(second.url, key, 'GET', `/v1/messages?limit=200${before ? `&before=${before}` : ''}`);
        for (const m of page.messages) stored.add(m.subject);
        if (!page.next_before) break;
        before = page.next_before;
      }
      const missing = accepted.filter((s) => !stored.has(s));
      expect(missing).toEqual([]);
      // Nothing half-written: every stored message has its capture and documents.
      const page = await rest(second.url, key, 'GET', '/v1/messages?limit=5');
      for (const m of page.messages) {
        const full = await rest(second.url, key, 'GET', `/v1/messages/${m.id}`);
        expect(full.documents.length).toBeGreaterThan(0);
      }
    } finally {
      await second.stop();
    }
  }, 60_000);

  it('a queued delivery is sent after the worker is SIGKILLed mid-send and restarted; no attempt is lost', async () => {
    const receiver = await startReceiver('crash-secret-123', (n) => (n === 1 ? 'hang' : 200));
    const dataDir = tempDataDir();
    const env = svcEnv(dataDir, {
      SVC_ALLOW_PRIVATE_DESTINATIONS: '1',
      SVC_WEBHOOK_LEASE_MS: '1000',
      SVC_WEBHOOK_TIMEOUT_MS: '30000',
    });
    const first = await startServe(env);
    const key = first.key!;
    try {
      await rest(first.url, key, 'POST', '/v1/destinations', {
        name: 'erp',
        url: `${receiver.url}/hook`,
        secret: 'crash-secret-123',
      });
      await rest(first.url, key, 'PUT', '/v1/buckets/invoices', { destinations: ['erp'] });
      const eml =
        'From: a@vendor.example\r\nSubject: Invoice K-1\r\n\r\nInvoice number: K-1\r\nInvoice date: 2026-03-01\r\nTotal due: 5.00 EUR\r\n';
      const ingested = await rest(first.url, key, 'POST', '/v1/messages/ingest', { eml });
      expect(ingested.capture.status).toBe('applied');
      // The receiver holds the first request open; the worker dies waiting for the answer.
      await until(
        () => receiver.received.length,
        (n) => n === 1,
      );
      await first.stop('SIGKILL');

      const second = await startServe(env);
      try {
        await until(
          () => receiver.received.length,
          (n) => n >= 2,
          20_000,
        );
        const capture = await until(
          () => rest(second.url, key, 'GET', `/v1/captures/${ingested.capture.id}`),
          (c) => c.deliveries[0]?.status === 'delivered',
        );
        const delivery = capture.deliveries[0];
        expect(delivery.attempt_log.map((a: { outcome: string }) => a.outcome)).toEqual(['interrupted', 'success']);
        const ids = receiver.received.map((r) => r.headers['x-svc-delivery']);
        expect(new Set(ids)).toEqual(new Set([delivery.id]));
        expect(receiver.received.every((r) => r.signatureValid)).toBe(true);
        await new Promise((r) => setTimeout(r, 1500));
        expect(receiver.received).toHaveLength(2);
      } finally {
        await second.stop();
      }
    } finally {
      await receiver.close();
    }
  }, 60_000);

  it('the operator reviews a subdomain exception with the CLI', async () => {
    const dataDir = tempDataDir();
    const env = svcEnv(dataDir);
    const sandbox = JSON.parse(await svc(['sandbox', '--json'], env));
    const serve = await startServe(env);
    try {
      const filed = await rest(serve.url, sandbox.key, 'POST', '/v1/subdomain', {
        name: 'mx-records-inc',
        request_exception: true,
        reason: 'company name',
      });
      expect(filed.outcome).toBe('pending_review');
      const listed = JSON.parse(await svc(['operator', 'subdomain-requests', '--json'], env));
      expect(listed).toEqual([
        expect.objectContaining({ id: filed.pending_request.id, name: 'mx-records-inc', rule: 'mail_infrastructure' }),
      ]);
      expect(await svc(['operator', 'approve', filed.pending_request.id, '--note', 'checked'], env)).toContain(
        'approved',
      );
      const sub = await rest(serve.url, sandbox.key, 'GET', '/v1/subdomain');
      expect(sub.name).toBe('mx-records-inc');
    } finally {
      await serve.stop();
    }
  }, 90_000); // several CLI processes, each starting tsx: over 30 s when the whole suite shares 2 cores
});
