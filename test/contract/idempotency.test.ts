// ingest_message with an idempotency key (REST: the Idempotency-Key header; MCP: the
// idempotency_key input): a retry answers the first result and stores nothing new; the same
// key with another message is refused; concurrent retries store once; a key lasts 24 hours
// in its tenant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredIdempotency } from '../../services/retention.ts';
import { callMcp, createSandbox, http, makeTestApp, mcpClient, type HttpResult, type TestApp } from '../helpers/app.ts';
import { buildEml } from '../helpers/mail.ts';

const invoice = (n: number) =>
  buildEml({ subject: `Invoice ${n} from Vendor Ltd`, text: `Invoice number: ${n}\nTotal due: EUR ${n}.00\n` });

describe('ingest_message idempotency', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await makeTestApp();
    key = (await createSandbox(t.app, 'operator')).key;
  });
  afterAll(() => t.close());

  const ingest = (body: Record<string, unknown>, idempotencyKey?: string, apiKey = key): Promise<HttpResult> =>
    http(t.h3, 'POST', '/v1/messages/ingest', {
      key: apiKey,
      body,
      headers: idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey },
    });
  const messageCount = async (apiKey = key) =>
    (await http(t.h3, 'GET', '/v1/messages?limit=200', { key: apiKey })).body.messages.length as number;

  it('answers a retry with the first result and stores the message once, over REST and MCP', async () => {
    const before = await messageCount();
    const first = await ingest({ eml: invoice(1) }, 'order-0001');
    expect(first.status).toBe(200);
    expect(first.body.message_id).toMatch(/^msg_/);
    const retry = await ingest({ eml: invoice(1) }, 'order-0001');
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    // An RFC 8941 string ("...") names the same key.
    expect((await ingest({ eml: invoice(1) }, '"order-0001"')).body).toEqual(first.body);
    // The same key in the body, and as the MCP input: the same key, the same answer.
    expect((await ingest({ eml: invoice(1), idempotency_key: 'order-0001' })).body).toEqual(first.body);
    const mcp = await callMcp(await mcpClient(t.h3, key), 'ingest_message', {
      eml: invoice(1),
      idempotency_key: 'order-0001',
    });
    expect(mcp).toEqual({ isError: false, body: first.body });
    expect(await messageCount()).toBe(before + 1);
    const events = await t.app.db.read(
      "SELECT count(*) AS n FROM events WHERE type = 'message.received' AND subject_id = ?",
      [first.body.message_id],
    );
    expect(Number(events[0]!.n)).toBe(1);
  });

  it('refuses the same key with a different message (422), REST and MCP alike, storing nothing', async () => {
    const first = await ingest({ eml: invoice(2) }, 'order-0002');
    expect(first.status).toBe(200);
    const before = await messageCount();
    const other = await ingest({ eml: invoice(3) }, 'order-0002');
    expect(other.status).toBe(422);
    expect(other.body.error).toMatchObject({
      code: 'idempotency_key_reused',
      details: { idempotency_key: 'order-0002', first_used_at: '2026-11-01T10:00:00.000Z' },
    });
    expect(other.body.error.message).toContain('use a new key');
    // Another field counts too.
    expect((await ingest({ eml: invoice(2), to: 'ap@acme.example' }, 'order-0002')).status).toBe(422);
    const mcp = await callMcp(await mcpClient(t.h3, key), 'ingest_message', {
      eml: invoice(3),
      idempotency_key: 'order-0002',
    });
    expect(mcp).toEqual({ isError: true, body: other.body });
    expect(await messageCount()).toBe(before);
  });

  it('stores once when retries with one key run concurrently', async () => {
    const before = await messageCount();
    const answers = await Promise.all(Array.from({ length: 6 }, () => ingest({ eml: invoice(4) }, 'order-0004')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await messageCount()).toBe(before + 1);
  });

  it('keeps a key 24 hours per tenant; the purge removes it after', async () => {
    const first = await ingest({ eml: invoice(5) }, 'order-0005');
    const other = (await createSandbox(t.app, 'operator')).key;
    // Another tenant's key of the same name is its own.
    const elsewhere = await ingest({ eml: invoice(6) }, 'order-0005', other);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.message_id).not.toBe(first.body.message_id);
    t.clock.now = new Date(t.clock.now.getTime() + 24 * 3_600_000 - 1);
    expect((await ingest({ eml: invoice(5) }, 'order-0005')).body).toEqual(first.body);
    t.clock.now = new Date(t.clock.now.getTime() + 1);
    // Expired: the key is free again, for this message or another.
    const again = await ingest({ eml: invoice(7) }, 'order-0005');
    expect(again.status).toBe(200);
    expect(again.body.message_id).not.toBe(first.body.message_id);
    expect((await ingest({ eml: invoice(7) }, 'order-0005')).body).toEqual(again.body);
    // Every key written more than 24 hours ago is gone after the purge; the renewed one stays.
    const keys = async () => (await t.app.db.read('SELECT idempotency_key, tenant_id FROM idempotency_keys')).length;
    const stored = await keys();
    const purged = await purgeExpiredIdempotency(t.app);
    expect(purged).toBeGreaterThanOrEqual(4);
    expect(await keys()).toBe(stored - purged);
    const left = await t.app.db.read('SELECT idempotency_key FROM idempotency_keys');
    expect(left.map((r) => r.idempotency_key)).toEqual(['order-0005']);
  });

  it('records nothing for a refused attempt, and refuses bad keys and disagreeing header and body', async () => {
    expect((await ingest({ subject: 'no message' }, 'order-0008')).status).toBe(400);
    expect((await ingest({ eml: invoice(8) }, 'order-0008')).status).toBe(200);
    for (const bad of ['x'.repeat(256), 'café', 'two words']) {
      const r = await ingest({ eml: invoice(9), idempotency_key: bad });
      expect([bad.slice(0, 10), r.status, r.body.error.details.issues[0].path]).toEqual([
        bad.slice(0, 10),
        400,
        'idempotency_key',
      ]);
    }
    const both = await ingest({ eml: invoice(9), idempotency_key: 'a-1' }, 'b-1');
    expect(both.status).toBe(400);
    expect(both.body.error.message).toContain('Idempotency-Key header');
  });
});
