// MCP 2026-07-28 over HTTP (stateless: no initialize, every request carries its revision
// in `_meta`, `server/discover` describes the server), beside the 2025-era clients: the
// same tools, results, errors, key checks and rate limit, with the SDK's v2 client and raw.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { H3 } from 'h3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTRUCTIONS } from '../../adapters/mcp.ts';
import { REVIEW_VIEW_URI } from '../../adapters/mcp-app.ts';
import { caller, createSandbox, makeTestApp, mcpClient, type TestApp } from '../helpers/app.ts';
import { buildEml } from '../helpers/mail.ts';
import { INITIALIZE, mcpPost } from './mcp-requests.ts';

const MODERN = '2026-07-28';

/** The `_meta` envelope a 2026-07-28 client puts on every request. */
const envelope = (revision = MODERN) => ({
  'io.modelcontextprotocol/protocolVersion': revision,
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
  'io.modelcontextprotocol/clientCapabilities': {},
});

function modernPost(h3: H3, key: string, method: string, params: Record<string, unknown> = {}, revision = MODERN) {
  return mcpPost(
    h3,
    '/mcp',
    { jsonrpc: '2.0', id: 7, method, params: { ...params, _meta: envelope(revision) } },
    {
      authorization: `Bearer ${key}`,
      'mcp-protocol-version': revision,
      'mcp-method': method,
      // 2026-07-28 repeats the tool name or resource uri in a header, checked against the body.
      ...(typeof (params.name ?? params.uri) === 'string' ? { 'mcp-name': String(params.name ?? params.uri) } : {}),
    },
  );
}

async function modernClient(h3: H3, key: string, negotiation: 'auto' | 'pin' = 'pin'): Promise<Client> {
  const client = new Client(
    { name: 'modern', version: '0' },
    { versionNegotiation: { mode: negotiation === 'pin' ? { pin: MODERN } : 'auto' } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL('http://svc.test/mcp'), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
      fetch: async (url, init) => h3.fetch(new Request(url, init)),
    }),
  );
  return client;
}

const invoice = (n: number) =>
  buildEml({
    subject: `Invoice T-${n}`,
    text: `Invoice number: T-${n}\nInvoice date: 2026-03-0${n + 1}\nTotal due: 5.00 EUR`,
  });

describe('MCP 2026-07-28 over HTTP', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await makeTestApp();
    key = (await createSandbox(t.app, 'operator')).key;
  });
  afterAll(() => t.close());

  it('answers server/discover with the revision, capabilities and the same instructions, no initialize needed', async () => {
    const r = await modernPost(t.h3, key, 'server/discover');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/json');
    expect(r.body.id).toBe(7);
    expect(r.body.result.supportedVersions).toEqual([MODERN]);
    expect(r.body.result.capabilities).toEqual({ tools: {}, resources: {} });
    expect(r.body.result.instructions).toBe(INSTRUCTIONS);
    expect(r.body.result._meta['io.modelcontextprotocol/serverInfo']).toMatchObject({ name: 'inbound-capture' });
  });

  it('negotiates 2026-07-28 with the v2 client (pinned and auto) and lists exactly what a 2025 client sees', async () => {
    const legacy = await mcpClient(t.h3, key);
    const before = await legacy.listTools();
    for (const mode of ['pin', 'auto'] as const) {
      const client = await modernClient(t.h3, key, mode);
      expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
      expect(client.getProtocolEra()).toBe('modern');
      expect(client.getInstructions()).toBe(INSTRUCTIONS);
      const listed = await client.listTools();
      expect(listed.tools.map((tool) => tool.name)).toEqual(before.tools.map((tool) => tool.name));
      expect(JSON.stringify(listed.tools)).toBe(JSON.stringify(before.tools));
      await client.close();
    }
    await legacy.close();
  });

  it('gives the same results and isError refusals as a 2025 client and REST', async () => {
    const legacy = await mcpClient(t.h3, key);
    const client = await modernClient(t.h3, key);
    for (const [name, args] of [
      ['get_tenant', {}],
      ['get_capture', { id: 'cap_nope' }],
      ['create_bucket', { name: 'Bad Name!' }],
      ['list_keys', { limit: 'many' }],
    ] as const) {
      const modern = await client.callTool({ name, arguments: args });
      const old = await legacy.callTool({ name, arguments: args });
      const rest = await caller(t.h3, key)(name, args);
      expect(modern.structuredContent, name).toEqual(old.structuredContent);
      expect(modern.content, name).toEqual(old.content);
      expect(modern.isError === true, name).toBe(rest.status >= 400);
      expect(modern.structuredContent, name).toEqual(rest.body);
    }
    const missing = await client.callTool({ name: 'get_capture', arguments: { id: 'cap_nope' } });
    expect((missing.structuredContent as { error: { code: string } }).error.code).toBe('not_found');
    await client.close();
    await legacy.close();
  });

  it('serves the review view as a resource and names the one it has for another uri', async () => {
    const client = await modernClient(t.h3, key);
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual([REVIEW_VIEW_URI]);
    const read = await client.readResource({ uri: REVIEW_VIEW_URI });
    expect((read.contents[0] as { text: string }).text).toContain('<html');
    const other = await modernPost(t.h3, key, 'resources/read', { uri: 'ui://nope' });
    expect(other.body.error.code).toBe(-32602);
    expect(other.body.error.message).toContain(`resources/list shows ${REVIEW_VIEW_URI}`);
    expect(other.body.error.data).toEqual({ uri: 'ui://nope' });
    await client.close();
  });

  it('sends progress notifications before the result when the call asks for it', async () => {
    const call = caller(t.h3, key);
    for (let i = 0; i < 2; i++) {
      const r = (await call('ingest_message', { eml: invoice(i) })).body;
      await call('promote_to_test', { capture_id: r.capture.id });
    }
    const client = await modernClient(t.h3, key);
    const progress: { progress: number; total?: number }[] = [];
    const result = await client.callTool(
      { name: 'run_tests', arguments: { bucket: 'invoices' } },
      {
        onprogress: (p) => {
          progress.push({ progress: p.progress, total: p.total });
        },
      },
    );
    expect((result.structuredContent as { passed: number }).passed).toBe(2);
    expect(progress).toEqual([
      { progress: 1, total: 2 },
      { progress: 2, total: 2 },
    ]);
    await client.close();
  });

  it('refuses a revision it does not serve, naming the ones it does', async () => {
    const r = await modernPost(t.h3, key, 'tools/list', {}, '2099-01-01');
    expect(r.status).toBe(400);
    expect(r.body.id).toBe(7);
    expect(r.body.error.code).toBe(-32022);
    expect(r.body.error.data).toMatchObject({ supported: [MODERN], requested: '2099-01-01' });
  });

  it('checks the key first: 401 with the Bearer challenge, the same Error as for initialize', async () => {
    const wrong = 'svc_AAAAAAAAAAAA_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
    const modern = await modernPost(t.h3, wrong, 'server/discover');
    const legacy = await mcpPost(t.h3, '/mcp', INITIALIZE, { authorization: `Bearer ${wrong}` });
    expect(modern.status).toBe(401);
    expect(modern.body.error.message).toContain('Unknown API key');
    expect(modern.body).toEqual(legacy.body);
    expect(modern.headers.get('www-authenticate')).toBe(legacy.headers.get('www-authenticate'));
    expect(modern.headers.get('www-authenticate')).toContain('resource_metadata=');
  });

  it('refuses a batch of 2026-07-28 requests, running none', async () => {
    const message = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'submit_feedback', arguments: { text: `batch ${id}` }, _meta: envelope() },
    });
    const r = await mcpPost(t.h3, '/mcp', [message(1), message(2)], {
      authorization: `Bearer ${key}`,
      'mcp-protocol-version': MODERN,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(-32600);
    expect(r.body.error.message).toContain(`MCP ${MODERN} has no JSON-RPC batches`);
    const feedback = await t.app.db.read("SELECT count(*) AS n FROM feedback WHERE text LIKE 'batch %'");
    expect(Number(feedback[0]!.n)).toBe(0);
  });
});

describe('MCP 2026-07-28 rate limit', () => {
  it('counts every request against the key, discover included, and refuses past it with 429', async () => {
    const t = await makeTestApp({ SVC_RATE_LIMIT_PER_MINUTE: '3' });
    const { key } = await createSandbox(t.app, 'operator');
    expect((await modernPost(t.h3, key, 'server/discover')).status).toBe(200);
    expect((await modernPost(t.h3, key, 'tools/list')).status).toBe(200);
    // A tools/call counts once, not once for the request and again for the call.
    const call = await modernPost(t.h3, key, 'tools/call', { name: 'get_tenant', arguments: {} });
    expect(call.status).toBe(200);
    expect(call.body.result.structuredContent.kind).toBe('sandbox');
    const refused = await modernPost(t.h3, key, 'tools/call', { name: 'get_tenant', arguments: {} });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    await t.close();
  });
});
