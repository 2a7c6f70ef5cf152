// The MCP tool list an agent pays for: its size, its annotations, the scope filter and
// ?toolsets=, and that nothing a tool's definition says is lost on the way.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTools } from '../../adapters/mcp-listing.ts';
import { INSTRUCTIONS } from '../../adapters/mcp.ts';
import { toolSchemas, type JsonSchema } from '../../adapters/schemas.ts';
import { TOOLSETS } from '../../adapters/toolsets.ts';
import { issueKey } from '../../services/accounts.ts';
import { tools } from '../../tools/index.ts';
import { callMcp, callRest, makeTestApp, mcpClient, toolNamed, verifiedAccount, type TestApp } from '../helpers/app.ts';
import { mcpPost } from './mcp-requests.ts';

const LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

describe('tools/list', () => {
  let t: TestApp;
  let owner: { accountId: string; key: string };
  beforeAll(async () => {
    t = await makeTestApp();
    owner = await verifiedAccount(t.app);
    // Two tenants: the worst case, where every tool also takes `tenant`.
    for (const name of ['acme', 'globex']) await callRest(t.h3, toolNamed('create_tenant'), owner.key, { name });
  });
  afterAll(() => t.close());

  const list = async (key: string, query = '') => {
    const r = await mcpPost(t.h3, `/mcp/${key}${query}`, LIST);
    return { ...r, tools: (r.body?.result?.tools ?? []) as { name: string; inputSchema: JsonSchema }[] };
  };

  it('lists all tools in under 52 KB, every tool taking `tenant` when the key reaches several', async () => {
    const r = await list(owner.key);
    expect(r.tools.map((x) => x.name)).toEqual(tools.map((x) => x.name));
    expect(Buffer.byteLength(r.text)).toBeLessThan(52 * 1024);
    for (const tool of r.tools) expect(tool.inputSchema.properties?.tenant).toEqual({ type: 'string' });
  });

  it('keeps every description in place: the tool text whole, every field note, the grammars in their tools', async () => {
    const r = await list(owner.key);
    const init = await mcpPost(t.h3, `/mcp/${owner.key}`, {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '0' } },
    });
    const instructions: string = init.body.result.instructions;
    // Claude Code keeps 2,048 characters of the instructions and drops the rest.
    expect(instructions.length).toBeLessThan(2048);
    const listedTool = (name: string) => JSON.stringify(r.tools.find((x) => x.name === name)?.inputSchema);
    for (const name of ['create_bucket', 'update_bucket', 'dry_run_rule'])
      expect(listedTool(name), name).toContain('subject_matches:\\"regex\\"');
    for (const name of ['create_bucket', 'update_bucket', 'dry_run_schema'])
      expect(listedTool(name), name).toContain('labeled_value');
    for (const name of ['create_bucket', 'update_bucket', 'set_tenant_policy'])
      for (const field of ['no_schema', 'on_flags', 'forwarders']) expect(listedTool(name), name).toContain(field);
    const texts = (s: JsonSchema, out: string[] = []): string[] => {
      if (typeof s.description === 'string') out.push(s.description);
      for (const v of Object.values(s.properties ?? {})) texts(v, out);
      s.anyOf?.forEach((m) => {
        texts(m, out);
      });
      if (s.items && typeof s.items === 'object') texts(s.items as JsonSchema, out);
      return out;
    };
    for (const listed of r.tools) {
      const tool = toolNamed(listed.name);
      expect((listed as unknown as { description: string }).description).toBe(tool.description);
      const listedTexts = texts(listed.inputSchema);
      for (const text of texts(toolSchemas(tool).input)) {
        if (text.startsWith('Tenant id or name')) continue;
        expect(listedTexts.includes(text), `${tool.name}: ${text.slice(0, 40)}`).toBe(true);
      }
      for (const field of Object.keys(toolSchemas(tool).input.properties ?? {})) {
        expect(listed.inputSchema.properties, `${tool.name}.${field}`).toHaveProperty(field);
      }
    }
  });

  it('docs/mcp.md states the sizes the code has (counts, bytes, instructions)', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/mcp.md'), 'utf8').replace(/\s+/g, ' ');
    const bytes = (list: unknown[]) => Buffer.byteLength(JSON.stringify({ tools: list })).toLocaleString('en-US');
    const all = listTools(tools, { scopes: null, names: null, tenantArgument: true });
    const one = listTools(tools, { scopes: null, names: null, tenantArgument: false });
    const read = listTools(tools, { scopes: ['read'], names: null, tenantArgument: false });
    expect(doc).toContain(
      `all ${all.length} tools for a key reaching several tenants take ${bytes(all)} bytes of \`tools/list\` result`,
    );
    expect(doc).toContain(
      `a one-tenant key's list is ${bytes(one)} bytes, a \`read\` key's (${read.length} tools) ${bytes(read)} bytes`,
    );
    expect(doc).toContain(`(a \`read\` key: ${read.length} of ${tools.length})`);
    expect(doc).toContain(`the server instructions stay at ${INSTRUCTIONS.length.toLocaleString('en-US')} characters`);
  });

  it('gives every tool a title and all four hints, as its definition says', async () => {
    const r = await list(owner.key);
    for (const listed of r.tools as unknown as {
      name: string;
      title: string;
      annotations: Record<string, unknown>;
    }[]) {
      const tool = toolNamed(listed.name);
      expect(listed.title).toBe(tool.title);
      expect(Object.keys(listed.annotations).sort()).toEqual([
        'destructiveHint',
        'idempotentHint',
        'openWorldHint',
        'readOnlyHint',
      ]);
      expect(listed.annotations).toEqual(tool.annotations);
    }
  });

  it('leaves out tools the key cannot call; the calls themselves answer as REST does', async () => {
    const { key: reader } = await issueKey(t.app, owner.accountId, 'reader', ['read'], null);
    const r = await list(reader);
    expect(r.tools.map((x) => x.name)).toEqual(tools.filter((x) => x.scope === 'read').map((x) => x.name));
    expect(r.tools.map((x) => x.name)).not.toContain('create_bucket');
    const viaMcp = await callMcp(await mcpClient(t.h3, reader), 'create_bucket', { name: 'x' }, 'acme');
    const viaRest = await callRest(t.h3, toolNamed('create_bucket'), reader, { name: 'x' }, 'acme');
    expect(viaMcp).toEqual({ isError: true, body: viaRest.body });
    expect(viaRest.body.error.code).toBe('insufficient_scope');
  });

  it('lists every tool for every key when SVC_MCP_LIST_ALL_TOOLS=1', async () => {
    const all = await makeTestApp({ SVC_MCP_LIST_ALL_TOOLS: '1' });
    const { accountId } = await verifiedAccount(all.app);
    const { key: reader } = await issueKey(all.app, accountId, 'reader', ['read'], null);
    const r = await mcpPost(all.h3, `/mcp/${reader}`, LIST);
    expect(r.body.result.tools).toHaveLength(tools.length);
    await all.close();
  });

  it('narrows to ?toolsets=, within the scopes, and refuses unknown toolsets', async () => {
    const review = await list(owner.key, '?toolsets=review,tests');
    expect(review.tools.map((x) => x.name).sort()).toEqual([...TOOLSETS.review, ...TOOLSETS.tests].sort());
    const { key: reader } = await issueKey(t.app, owner.accountId, 'reader2', ['read'], null);
    const readReview = await list(reader, '?toolsets=review');
    expect(readReview.tools.map((x) => x.name)).toEqual(['list_captures', 'get_capture', 'list_tasks', 'get_task']);
    expect((await list(owner.key, '?toolsets=all')).tools).toHaveLength(tools.length);
    const bad = await list(owner.key, '?toolsets=review,everything');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('Unknown toolset everything');
  });

  it('offers `tenant` only to keys that reach several tenants', async () => {
    const tenants = await callRest(t.h3, toolNamed('list_tenants'), owner.key);
    const acme = tenants.body.tenants.find((x: { name: string }) => x.name === 'acme').id;
    const { key: pinned } = await issueKey(t.app, owner.accountId, 'pinned', ['read'], [acme]);
    const r = await list(pinned);
    for (const tool of r.tools) expect(tool.inputSchema.properties ?? {}).not.toHaveProperty('tenant');
  });
});

describe('toolsets', () => {
  it('put every tool in exactly one toolset and name only real tools', () => {
    const named = Object.values(TOOLSETS).flat() as string[];
    expect([...named].sort()).toEqual(tools.map((x) => x.name).sort());
  });
});
