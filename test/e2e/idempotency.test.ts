// A retried ingest is stored once (issue 23, from a soak): the server is SIGKILLed as the
// answer to a REST ingest arrives, so the client never reads it; after a restart the client
// retries with the same Idempotency-Key and gets the stored message's ids, over REST and MCP.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startServe, svcEnv, tempDataDir, type ServeProcess } from '../helpers/process.ts';

const EML =
  'From: Vendor <billing@vendor.example>\r\nTo: ap@acme.example\r\nSubject: Invoice K-1\r\n' +
  'Date: Mon, 02 Mar 2026 09:00:00 +0000\r\n\r\nInvoice number: K-1\r\nTotal due: EUR 12.00\r\n';

/** Sends the ingest and kills the server the moment its answer begins; the body is never read. */
function ingestAndKill(serve: ServeProcess, key: string, idempotencyKey: string): Promise<number> {
  const body = JSON.stringify({ eml: EML });
  return new Promise((resolve, reject) => {
    const req = request(new URL('/v1/messages/ingest', serve.url), {
      method: 'POST',
      agent: false,
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
        'content-length': String(Buffer.byteLength(body)),
      },
    });
    req.on('response', (res) => {
      const status = res.statusCode!;
      res.destroy();
      serve.stop('SIGKILL').then(() => resolve(status), reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function rest(serve: ServeProcess, key: string, method: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${serve.url}${path}`, {
    ...init,
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers },
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('a retried ingest after a lost answer', () => {
  it('returns the first ids and stores one message, after SIGKILL and restart', async () => {
    const dataDir = tempDataDir();
    // MALLOC_ARENA_MAX set: the server runs in the spawned process itself, so SIGKILL reaches it.
    const env = svcEnv(dataDir, { MALLOC_ARENA_MAX: '2' });
    const first = await startServe(env, 60_000);
    const key = first.key!;
    expect(await ingestAndKill(first, key, 'soak-42')).toBe(200);
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await startServe(env, 60_000);
    try {
      const retry = await rest(second, key, 'POST', '/v1/messages/ingest', {
        body: JSON.stringify({ eml: EML }),
        headers: { 'idempotency-key': 'soak-42' },
      });
      expect(retry.status).toBe(200);
      const listed = await rest(second, key, 'GET', '/v1/messages?limit=200');
      expect(listed.body.messages.map((m: { id: string }) => m.id)).toEqual([retry.body.message_id]);
      const stored = await rest(second, key, 'GET', `/v1/messages/${retry.body.message_id}`);
      expect(stored.body.subject).toBe('Invoice K-1');
      // The capture the retry names is the stored one (the invoice starter bucket takes it).
      expect(retry.body.bucket.name).toBe('invoices');
      const capture = await rest(second, key, 'GET', `/v1/captures/${retry.body.capture.id}`);
      expect(capture.body.message_id).toBe(retry.body.message_id);
      // The same key over MCP: the same answer, still one message.
      const mcp = await fetch(`${second.url}/mcp/${key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'ingest_message', arguments: { eml: EML, idempotency_key: 'soak-42' } },
        }),
      });
      const answer = (await mcp.json()) as { result: { isError?: boolean; structuredContent: unknown } };
      expect(answer.result.isError).toBeUndefined();
      expect(answer.result.structuredContent).toEqual(retry.body);
      expect((await rest(second, key, 'GET', '/v1/messages?limit=200')).body.messages).toHaveLength(1);
    } finally {
      await second.stop();
    }
  }, 240_000); // two starts of svc serve, each up to a minute on a loaded machine
});
