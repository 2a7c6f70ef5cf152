// A real service for tests: a libSQL file in a temp directory, the in-memory blob
// driver, the real H3 app; REST through app.fetch and MCP through a real SDK Client
// whose HTTP transport calls the same app, so no port is needed.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll } from 'vitest';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { H3 } from 'h3';
import { createHttpApp } from '../../adapters/http.ts';
import { createAppContext, type AppContext } from '../../services/app.ts';
import { createSandbox, createStandardAccount, issueKey } from '../../services/accounts.ts';
import { loadConfig } from '../../services/config.ts';
import type { DnsResolver } from '../../services/mail-auth.ts';
import { verifyAccount } from '../../storage/accounts.ts';
import { SCOPES } from '../../storage/keys.ts';
import { tools } from '../../tools/index.ts';
import type { ToolDef } from '../../tools/define.ts';

export interface TestApp {
  app: AppContext;
  h3: H3;
  clock: { now: Date };
  close: () => Promise<void>;
}

export async function makeTestApp(
  env: Record<string, string> = {},
  overrides: { resolver?: DnsResolver; realClock?: boolean } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-test-'));
  const config = loadConfig({
    SVC_DATA_DIR: dir,
    SVC_BLOB_DRIVER: 'memory',
    SVC_RATE_LIMIT_PER_MINUTE: '1000000',
    ...env,
  });
  const clock = { now: new Date('2026-11-01T10:00:00.000Z') };
  const now = overrides.realClock ? () => new Date() : () => new Date(clock.now);
  const app = await createAppContext(config, { now, ...(overrides.resolver ? { resolver: overrides.resolver } : {}) });
  const h3 = createHttpApp(app, tools);
  return {
    app,
    h3,
    clock,
    close: async () => {
      app.db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A verified standard account with a key of every scope reaching every tenant. */
export async function verifiedAccount(app: AppContext, email = 'owner@example.com') {
  const account = await createStandardAccount(app, email);
  await verifyAccount(app.db, account.id, app.now());
  const { key } = await issueKey(app, account.id, 'owner', [...SCOPES], null);
  return { accountId: account.id, key };
}

export { createSandbox };

export interface HttpResult {
  status: number;
  body: any;
  headers: Headers;
}

export async function http(
  h3: H3,
  method: string,
  path: string,
  opts: {
    key?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<HttpResult> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await h3.fetch(new Request(`http://svc.test${path}`, { method, headers, body }));
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

/** Calls a tool over REST the way a developer would: path params, query or body, tenant. */
export async function callRest(
  h3: H3,
  tool: ToolDef,
  key: string,
  args: Record<string, unknown> = {},
  tenant?: string,
  headers: Record<string, string> = {},
) {
  const rest = { ...args };
  const path = tool.http.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = String(rest[name] ?? '');
    delete rest[name];
    return encodeURIComponent(value);
  });
  if (tool.http.method === 'GET' || tool.http.method === 'DELETE') {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(rest)) {
      if (Array.isArray(v))
        v.forEach((item) => {
          query.append(k, String(item));
        });
      else if (v !== undefined) query.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
    if (tenant) query.set('tenant', tenant);
    const qs = query.toString();
    return http(h3, tool.http.method, qs ? `${path}?${qs}` : path, { key });
  }
  return http(h3, tool.http.method, path, {
    key,
    body: rest,
    headers: { ...headers, ...(tenant ? { 'x-svc-tenant': tenant } : {}) },
  });
}

/** `call(tool, args)` over REST with one key (and tenant): what most tests need. */
export function caller(h3: H3, key: string, tenant?: string) {
  return (tool: string, args: Record<string, unknown> = {}) => callRest(h3, toolNamed(tool), key, args, tenant);
}

export async function mcpClient(h3: H3, key: string): Promise<Client> {
  const client = new Client({ name: 'svc-test', version: '0.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`http://svc.test/mcp/${encodeURIComponent(key)}`), {
    fetch: async (url, init) => h3.fetch(new Request(url, init)),
  });
  await client.connect(transport);
  // Listing tools makes the client validate every structuredContent against its outputSchema.
  await client.listTools();
  return client;
}

export interface McpResult {
  isError: boolean;
  body: any;
}

export async function callMcp(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
  tenant?: string,
): Promise<McpResult> {
  const result = await client.callTool({ name, arguments: tenant ? { ...args, tenant } : args });
  const text = (result.content as { type: string; text: string }[])[0]?.text ?? 'null';
  // The text block and structuredContent must say the same thing.
  const structured = result.structuredContent;
  if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(structured)) {
    throw new Error(`MCP text and structuredContent differ for ${name}`);
  }
  return { isError: result.isError === true, body: structured };
}

/**
 * Replaces what differs between two otherwise identical runs (random ids and key
 * material) with placeholders numbered by first appearance, so results compare equal.
 */
export function normalize(value: unknown, seen = new Map<string, string>()): unknown {
  if (typeof value === 'string') {
    return value.replace(/\b(?:[a-z]{3}_[0-9a-z]{26}|svc_[0-9A-Za-z]{12}(?:_[0-9A-Za-z]{32})?)\b/g, (token) => {
      if (!seen.has(token)) seen.set(token, `<${token.slice(0, 3)}#${seen.size + 1}>`);
      return seen.get(token)!;
    });
  }
  if (Array.isArray(value)) return value.map((v) => normalize(v, seen));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v, seen)]));
  }
  return value;
}

export function toolNamed(name: string): ToolDef {
  const tool = tools.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool;
}

/**
 * For a describe block: a test app with one sandbox, made before its tests and closed
 * after them. Read `t`, `key` and `call` inside tests or later hooks.
 */
export function useSandboxApp(env: Record<string, string> = {}) {
  const suite = {} as { t: TestApp; key: string; call: ReturnType<typeof caller> };
  beforeAll(async () => {
    suite.t = await makeTestApp(env);
    suite.key = (await createSandbox(suite.t.app, 'operator')).key;
    suite.call = caller(suite.t.h3, suite.key);
  });
  afterAll(() => suite.t.close());
  return suite;
}
