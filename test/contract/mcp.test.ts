// MCP over HTTP by the book: the key is checked before initialize, Bearer at /mcp,
// Host/Origin validation, stateless 405s, error ids, and stdio's start-up refusal.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stdioCaller } from '../../adapters/stdio.ts';
import { issueKey } from '../../services/accounts.ts';
import { createSandbox, http, makeTestApp, verifiedAccount, type TestApp } from '../helpers/app.ts';
import { INITIALIZE, mcpInitialize, mcpPost } from './mcp-requests.ts';

describe('MCP over HTTP', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await makeTestApp({
      SVC_PUBLIC_URL: 'https://capture.example.net',
      SVC_ALLOWED_HOSTS: 'mcp.internal, other.example',
    });
    key = (await createSandbox(t.app, 'operator')).key;
  });
  afterAll(() => t.close());

  it('refuses an unknown key with 401 and the Error body before answering initialize', async () => {
    const r = await mcpInitialize(t.h3, 'svc_AAAAAAAAAAAA_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB');
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('unauthorized');
    expect(r.body.error.message).toContain('Unknown API key');
    expect(r.headers.has('x-svc-tenant')).toBe(false);
    const ok = await mcpInitialize(t.h3, key);
    expect(ok.status).toBe(200);
    expect(ok.body.result.serverInfo.name).toBe('inbound-capture');
  });

  it('accepts the key as a Bearer header at /mcp, and refuses /mcp without one', async () => {
    const client = new Client({ name: 'bearer', version: '0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('http://svc.test/mcp'), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
        fetch: async (url, init) => t.h3.fetch(new Request(url, init)),
      }),
    );
    const result = await client.callTool({ name: 'get_tenant', arguments: {} });
    expect((result.structuredContent as { kind: string }).kind).toBe('sandbox');
    await client.close();
    const none = await mcpPost(t.h3, '/mcp', INITIALIZE);
    expect(none.status).toBe(401);
    expect(none.body.error.message).toContain('Authorization: Bearer');
  });

  it('answers only the hosts it serves (DNS-rebinding protection)', async () => {
    const path = `/mcp/${key}`;
    const status = async (headers: Record<string, string>) => (await mcpPost(t.h3, path, INITIALIZE, headers)).status;
    const evil = await mcpPost(t.h3, path, INITIALIZE, { host: 'evil.example.com', origin: 'http://evil.example.com' });
    expect(evil.status).toBe(403);
    expect(evil.body.error.code).toBe('forbidden');
    expect(evil.body.error.message).toContain('SVC_ALLOWED_HOSTS');
    expect(await status({ host: 'localhost:8080', origin: 'http://evil.example.com' })).toBe(403);
    expect(await status({ host: 'localhost:8080', origin: 'null' })).toBe(403);
    expect(await status({ host: 'localhost:8080' })).toBe(200);
    expect(await status({ host: '127.0.0.1:8080', origin: 'http://localhost:5173' })).toBe(200);
    expect(await status({ host: '[::1]:8080' })).toBe(200);
    expect(await status({ host: 'capture.example.net', origin: 'https://capture.example.net' })).toBe(200);
    expect(await status({ host: 'mcp.internal:9000' })).toBe(200);
    expect(await status({ host: 'OTHER.example' })).toBe(200);
    expect(await status({ host: '10.1.2.3:8080' })).toBe(403);
  });

  it('is stateless: GET and DELETE answer 405, even with a bogus key', async () => {
    for (const method of ['GET', 'DELETE']) {
      for (const k of [key, 'bogus']) {
        const r = await http(t.h3, method, `/mcp/${k}`, { headers: { accept: 'text/event-stream' } });
        expect(r.status).toBe(405);
        expect(r.headers.get('allow')).toBe('POST');
        expect(r.body.error.code).toBe('method_not_allowed');
      }
    }
  });

  it('answers any method without a key or token with the 401 challenge (Gemini CLI looks for it with HEAD)', async () => {
    for (const method of ['HEAD', 'GET', 'DELETE']) {
      const r = await http(t.h3, method, '/mcp', { headers: { accept: 'application/json' } });
      expect(r.status).toBe(401);
      expect(r.headers.get('allow')).toBeNull();
      expect(r.headers.get('www-authenticate')).toBe(
        'Bearer resource_metadata="https://capture.example.net/.well-known/oauth-protected-resource/mcp", ' +
          'scope="read propose run approve configure"',
      );
      if (method !== 'HEAD') expect(r.body.error.message).toMatch(/^No API key: send the header/);
    }
    // A request that sends a key, good or not, still learns only that the method is wrong.
    for (const k of [key, 'bogus']) {
      const r = await http(t.h3, 'HEAD', '/mcp', { key: k });
      expect(r.status).toBe(405);
      expect(r.headers.get('allow')).toBe('POST');
    }
  });

  it('keeps the request id in error replies', async () => {
    const notAcceptable = await mcpPost(t.h3, `/mcp/${key}`, { ...INITIALIZE, id: 7 }, { accept: 'application/json' });
    expect(notAcceptable.status).toBe(406);
    expect(notAcceptable.body).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32000 } });
    const unknownMethod = await mcpPost(t.h3, `/mcp/${key}`, { jsonrpc: '2.0', id: 'abc', method: 'no/such' });
    expect(unknownMethod.body).toMatchObject({ id: 'abc', error: { code: -32601 } });
    // Unreadable JSON has no id to keep.
    const garbage = await mcpPost(t.h3, `/mcp/${key}`, '{"id": 3,');
    expect(garbage.body).toMatchObject({ id: null, error: { code: -32700 } });
  });
});

describe('MCP batches', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await makeTestApp();
    key = (await createSandbox(t.app, 'operator')).key;
  });
  afterAll(() => t.close());

  const feedback = (id: number | string, text: string) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'submit_feedback', arguments: { text } },
  });
  const stored = async () => (await t.app.db.read('SELECT text FROM feedback ORDER BY id')).map((r) => r.text);
  const v2025_03 = { 'mcp-protocol-version': '2025-03-26' };

  it('refuses a batch whose requests share an id, and runs none of them', async () => {
    const r = await mcpPost(t.h3, `/mcp/${key}`, [feedback(1, 'first'), feedback(1, 'second')], v2025_03);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, data: { id: 1 } } });
    expect(r.body.error.message).toContain('own id');
    const strings = await mcpPost(t.h3, `/mcp/${key}`, [feedback('a', 'third'), feedback('a', 'fourth')], v2025_03);
    expect(strings.status).toBe(400);
    expect(await stored()).toEqual([]);
  });

  it('answers every request of a 2025-03-26 batch with distinct ids (1 and "1" differ)', async () => {
    const r = await mcpPost(t.h3, `/mcp/${key}`, [feedback(1, 'one'), feedback('1', 'uno')], v2025_03);
    expect(r.status).toBe(200);
    const answers = (r.body as { id: unknown; result: { structuredContent: { id: string } } }[])
      .map((a) => [a.id, a.result.structuredContent.id.slice(0, 4)])
      .sort((a, b) => String(typeof a[0]).localeCompare(String(typeof b[0])));
    expect(answers).toEqual([
      [1, 'fbk_'],
      ['1', 'fbk_'],
    ]);
    expect((await stored()).sort()).toEqual(['one', 'uno']);
  });

  it('refuses batches under MCP 2025-06-18 and later, and an empty batch', async () => {
    for (const version of ['2025-06-18', '2025-11-25']) {
      const r = await mcpPost(t.h3, `/mcp/${key}`, [feedback(7, 'late'), feedback(8, 'later')], {
        'mcp-protocol-version': version,
      });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: -32600 });
      expect(r.body.error.message).toContain('one message per request');
    }
    const empty = await mcpPost(t.h3, `/mcp/${key}`, [], v2025_03);
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe(-32600);
    expect(await stored()).not.toContain('late');
  });
});

describe('svc mcp (stdio) start-up check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('names the database and the problem when the key is not in it', async () => {
    const empty = await stdioCaller(t.app, 'svc_AAAAAAAAAAAA_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB');
    const where = t.app.config.databaseUrl.replace(/^file:/, '');
    expect(empty).toBe(
      `svc mcp: database ${where} has no accounts, so SVC_API_KEY cannot be in it; set SVC_DATA_DIR ` +
        '(or SVC_DATABASE_URL) to the one `svc serve` uses.',
    );
    const { accountId, key } = await verifiedAccount(t.app);
    const unknown = await stdioCaller(t.app, `${key}x`);
    expect(unknown).toBe(
      `svc mcp: Unknown API key: check for a typo or create a new key. (SVC_API_KEY checked against database ${where})`,
    );
    const good = await stdioCaller(t.app, key);
    expect(typeof good === 'object' && good.account.id).toBe(accountId);
    const { key: reader } = await issueKey(t.app, accountId, 'r', ['read'], null);
    expect(typeof (await stdioCaller(t.app, reader))).toBe('object');
  });
});
