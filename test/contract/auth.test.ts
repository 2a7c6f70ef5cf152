// Scopes, revocation, tenant reach, sandbox expiry and rate limits, checked on every
// registered tool over both REST and MCP.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../services/accounts.ts';
import { SCOPES } from '../../storage/keys.ts';
import { tools } from '../../tools/index.ts';
import {
  callMcp,
  callRest,
  createSandbox,
  http,
  makeTestApp,
  mcpClient,
  toolNamed,
  verifiedAccount,
  type TestApp,
} from '../helpers/app.ts';
import { INITIALIZE, mcpInitialize, mcpPost } from './mcp-requests.ts';

function minimalArgs(path: string): Record<string, unknown> {
  return Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, 'x']));
}

describe('scopes, generated from the registry', () => {
  let t: TestApp;
  let accountId: string;
  beforeAll(async () => {
    t = await makeTestApp();
    ({ accountId } = await verifiedAccount(t.app));
  });
  afterAll(() => t.close());

  it.each(tools.map((tool) => [tool.name, tool] as const))('%s refuses a key without its scope', async (_n, tool) => {
    const others = SCOPES.filter((s) => s !== tool.scope);
    const { key } = await issueKey(t.app, accountId, 'lacking', others, null);
    const rest = await callRest(t.h3, tool, key, minimalArgs(tool.http.path));
    expect(rest.status).toBe(403);
    expect(rest.body.error.code).toBe('insufficient_scope');
    expect(rest.body.error.details.required).toBe(tool.scope);
    const mcp = await callMcp(await mcpClient(t.h3, key), tool.name, minimalArgs(tool.http.path));
    expect(mcp.isError).toBe(true);
    expect(mcp.body).toEqual(rest.body);
  });

  it('default scopes of create_key cannot approve or configure', async () => {
    const { key: owner } = await verifiedAccount(t.app, 'second@example.com');
    const made = await callRest(t.h3, toolNamed('create_key'), owner, { label: 'agent' });
    expect(made.body.scopes).toEqual(['read', 'propose', 'run']);
    const refused = await callRest(t.h3, toolNamed('create_key'), made.body.key, { label: 'escalate' });
    expect(refused.body.error).toMatchObject({ code: 'insufficient_scope', details: { required: 'configure' } });
  });

  it('stores keys only as their SHA-256', async () => {
    const { key } = await issueKey(t.app, accountId, 'stored', ['read'], null);
    const rows = await t.app.db.read('SELECT * FROM api_keys');
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(rows.map((r) => r.key_hash)).toContain(createHash('sha256').update(key).digest('hex'));
    const listed = await callRest(t.h3, toolNamed('list_keys'), key);
    expect(JSON.stringify(listed.body)).not.toContain(key);
  });

  it('a key cannot grant a scope it lacks', async () => {
    const { key } = await issueKey(t.app, accountId, 'configurer', ['read', 'configure'], null);
    const refused = await callRest(t.h3, toolNamed('create_key'), key, { label: 'x', scopes: ['approve'] });
    expect(refused.status).toBe(403);
    expect(refused.body.error.details.required).toBe('approve');
  });

  it('revocation is immediate, including for the calling key, over REST and MCP', async () => {
    const { key } = await issueKey(t.app, accountId, 'self-revoking', [...SCOPES], null);
    const client = await mcpClient(t.h3, key);
    const keys = await callRest(t.h3, toolNamed('list_keys'), key);
    const mine = keys.body.keys.find((k: { prefix: string }) => key.startsWith(`${k.prefix}_`));
    const revoked = await callRest(t.h3, toolNamed('revoke_key'), key, { id: mine.id });
    expect(revoked.body).toMatchObject({ id: mine.id, already_revoked: false });
    const after = await callRest(t.h3, toolNamed('get_account'), key);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('unauthorized');
    // The open MCP client's next request is refused at the HTTP level, with the same Error.
    await expect(callMcp(client, 'get_account')).rejects.toThrow(JSON.stringify(after.body));
    const viaMcp = await mcpInitialize(t.h3, key);
    expect(viaMcp).toMatchObject({ status: 401, body: after.body });
  });

  it('unknown and missing keys get 401', async () => {
    expect((await http(t.h3, 'GET', '/v1/account')).status).toBe(401);
    const unknown = await http(t.h3, 'GET', '/v1/account', {
      key: 'svc_AAAAAAAAAAAA_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('unauthorized');
    // MCP refuses before answering initialize: a wrong key never looks connected.
    const mcp = await mcpInitialize(t.h3, 'svc_AAAAAAAAAAAA_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB');
    expect(mcp).toMatchObject({ status: 401, body: unknown.body });
    await expect(mcpClient(t.h3, 'nope')).rejects.toThrow('Unknown API key');
  });
});

describe('tenants', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('an explicit tenant list does not reach tenants created later; an open key does', async () => {
    const { key: owner } = await verifiedAccount(t.app);
    const createTenant = toolNamed('create_tenant');
    const first = await callRest(t.h3, createTenant, owner, { name: 'first' });
    const pinned = await callRest(t.h3, toolNamed('create_key'), owner, { label: 'pinned', tenants: ['first'] });
    const later = await callRest(t.h3, createTenant, owner, { name: 'later' });
    expect(later.body.reachable_by_calling_key).toBe(true);

    const getTenant = toolNamed('get_tenant');
    // The pinned key reaches exactly one tenant, so it is implied.
    const implied = await callRest(t.h3, getTenant, pinned.body.key);
    expect(implied.body.id).toBe(first.body.tenant.id);
    expect(implied.headers.get('x-svc-tenant')).toBe(first.body.tenant.id);
    const refused = await callRest(t.h3, getTenant, pinned.body.key, {}, later.body.tenant.id);
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('not_found');
    const pinnedList = await callRest(t.h3, toolNamed('list_tenants'), pinned.body.key);
    expect(pinnedList.body.tenants.map((x: { name: string }) => x.name)).toEqual(['first']);

    // The owner's key reaches both: it must name one.
    const ambiguous = await callRest(t.h3, getTenant, owner);
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.error.code).toBe('tenant_required');
    expect(ambiguous.body.error.details.tenants).toHaveLength(2);
    const byName = await callRest(t.h3, getTenant, owner, {}, 'later');
    expect(byName.body.id).toBe(later.body.tenant.id);
    // POST/PUT take the selector from the x-svc-tenant header.
    const policy = await callRest(
      t.h3,
      toolNamed('set_tenant_policy'),
      owner,
      { policy: { no_schema: 'task' } },
      'later',
    );
    expect(policy.status).toBe(200);
    expect(policy.headers.get('x-svc-tenant')).toBe(later.body.tenant.id);
  });

  it("another account's tenants and keys are not found", async () => {
    const { key: mine } = await verifiedAccount(t.app, 'me@example.com');
    const { key: theirs } = await verifiedAccount(t.app, 'them@example.com');
    const theirTenant = await callRest(t.h3, toolNamed('create_tenant'), theirs, { name: 'theirs' });
    await callRest(t.h3, toolNamed('create_tenant'), mine, { name: 'mine' });
    const reach = await callRest(t.h3, toolNamed('get_tenant'), mine, {}, theirTenant.body.tenant.id);
    expect(reach.status).toBe(404);
    const theirKeys = await callRest(t.h3, toolNamed('list_keys'), theirs);
    const revoke = await callRest(t.h3, toolNamed('revoke_key'), mine, { id: theirKeys.body.keys[0].id });
    expect(revoke.status).toBe(404);
    expect((await callRest(t.h3, toolNamed('get_account'), theirs)).status).toBe(200);
  });

  it('create_tenant needs a verified account', async () => {
    const sandbox = await createSandbox(t.app, 'operator');
    const refused = await callRest(t.h3, toolNamed('create_tenant'), sandbox.key, { name: 'more' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('account_not_verified');
  });

  it('a sandbox key reaches exactly its tenant and expires after 30 days', async () => {
    const sandbox = await createSandbox(t.app, 'operator');
    const tenant = await callRest(t.h3, toolNamed('get_tenant'), sandbox.key);
    expect(tenant.body).toMatchObject({ id: sandbox.tenant_id, kind: 'sandbox' });
    expect(tenant.body.key_scopes).toEqual([...SCOPES]);
    t.clock.now = new Date(t.clock.now.getTime() + 31 * 86_400_000);
    const expired = await callRest(t.h3, toolNamed('get_tenant'), sandbox.key);
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('sandbox_expired');
    const mcp = await mcpInitialize(t.h3, sandbox.key);
    expect(mcp).toMatchObject({ status: 401, body: expired.body });
  });
});

describe('rate limit', () => {
  it('answers 429 rate_limited with Retry-After past the per-key budget, on REST and MCP alike', async () => {
    const t = await makeTestApp({ SVC_RATE_LIMIT_PER_MINUTE: '3' });
    const sandbox = await createSandbox(t.app, 'operator');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await callRest(t.h3, toolNamed('get_tenant'), sandbox.key)).status);
    expect(statuses).toEqual([200, 200, 200]);
    const limited = await callRest(t.h3, toolNamed('get_tenant'), sandbox.key);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // MCP refuses the request itself, before its body is read: the same status, header and Error.
    const mcp = await mcpInitialize(t.h3, sandbox.key);
    expect(mcp.status).toBe(429);
    expect(mcp.headers.get('retry-after')).toBe(limited.headers.get('retry-after'));
    expect(mcp.body).toEqual(limited.body);
    // Tokens come back with time: 20 s refills one of 3 a minute.
    t.clock.now = new Date(t.clock.now.getTime() + 20_000);
    expect((await callRest(t.h3, toolNamed('get_tenant'), sandbox.key)).status).toBe(200);
    await t.close();
  });

  it('counts every MCP message: initialize, notifications, tools/list, ping, each element of a batch', async () => {
    const t = await makeTestApp({ SVC_RATE_LIMIT_PER_MINUTE: '5' });
    const { key } = await createSandbox(t.app, 'operator');
    const path = `/mcp/${key}`;
    const v2025_03 = { 'mcp-protocol-version': '2025-03-26' };
    expect((await mcpInitialize(t.h3, key)).status).toBe(200);
    expect((await mcpPost(t.h3, path, { jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(202);
    expect((await mcpPost(t.h3, path, { jsonrpc: '2.0', id: 2, method: 'tools/list' })).status).toBe(200);
    expect((await mcpPost(t.h3, path, { jsonrpc: '2.0', id: 3, method: 'ping' })).status).toBe(200);
    // One left: a batch of two is refused whole, and nothing in it runs.
    const batch = await mcpPost(
      t.h3,
      path,
      [
        { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'submit_feedback', arguments: { text: 'a' } } },
        { jsonrpc: '2.0', id: 5, method: 'ping' },
      ],
      v2025_03,
    );
    expect(batch.status).toBe(429);
    expect(batch.body.error.code).toBe('rate_limited');
    expect(Number(batch.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    for (const message of [
      INITIALIZE,
      { jsonrpc: '2.0', id: 6, method: 'tools/list' },
      { jsonrpc: '2.0', id: 7, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]) {
      const refused = await mcpPost(t.h3, path, message);
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('rate_limited');
    }
    // The same budget as REST.
    expect((await callRest(t.h3, toolNamed('get_tenant'), key)).status).toBe(429);
    const feedback = await t.app.db.read('SELECT count(*) AS n FROM feedback');
    expect(Number(feedback[0]!.n)).toBe(0);
    // 12 s refills one of 5 a minute.
    t.clock.now = new Date(t.clock.now.getTime() + 12_000);
    expect((await mcpPost(t.h3, path, { jsonrpc: '2.0', id: 8, method: 'tools/list' })).status).toBe(200);
    await t.close();
  });

  it('counts a tools/call once over MCP', async () => {
    const t = await makeTestApp({ SVC_RATE_LIMIT_PER_MINUTE: '2' });
    const { key } = await createSandbox(t.app, 'operator');
    const call = (id: number) =>
      mcpPost(t.h3, `/mcp/${key}`, {
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'get_tenant', arguments: {} },
      });
    const first = await call(1);
    expect(first.status).toBe(200);
    expect(first.body.result.isError).toBeUndefined();
    expect(first.body.result.structuredContent.kind).toBe('sandbox');
    expect((await call(2)).status).toBe(200);
    expect((await call(3)).status).toBe(429);
    await t.close();
  });
});
