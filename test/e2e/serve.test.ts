// The real service as a process: first-run sandbox, REST over a socket, MCP over HTTP
// and over stdio with the SDK's clients, the operator CLI, and the MCP inspector CLI.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../../tools/index.ts';
import { ROOT, SVC, startServe, svc, svcEnv, tempDataDir, type ServeProcess } from '../helpers/process.ts';

describe('svc serve', () => {
  let dataDir: string;
  let serve: ServeProcess;
  beforeAll(async () => {
    dataDir = tempDataDir();
    serve = await startServe(svcEnv(dataDir));
  });
  afterAll(() => serve?.stop());

  it('prints a sandbox key and MCP URL on an empty database, once', async () => {
    expect(serve.key).toMatch(/^svc_[0-9A-Za-z]{12}_[0-9A-Za-z]{32}$/);
    expect(serve.output).toContain(`MCP URL: ${serve.url}/mcp/${serve.key}`);
  });

  it('answers REST with the printed key', async () => {
    const response = await fetch(`${serve.url}/v1/tenant`, { headers: { authorization: `Bearer ${serve.key}` } });
    expect(response.status).toBe(200);
    const tenant = await response.json();
    expect(tenant.kind).toBe('sandbox');
    expect(response.headers.get('x-svc-tenant')).toBe(tenant.id);
    expect((await fetch(`${serve.url}/healthz`)).status).toBe(200);
  });

  it('lists and calls tools over HTTP MCP with the SDK client', async () => {
    const client = new Client({ name: 'e2e', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${serve.url}/mcp/${serve.key}`)));
    const listed = await client.listTools();
    expect(listed.tools.map((t) => t.name).sort()).toEqual(tools.map((t) => t.name).sort());
    const tenant = await client.callTool({ name: 'get_tenant', arguments: {} });
    expect(tenant.isError).toBeFalsy();
    expect((tenant.structuredContent as { kind: string }).kind).toBe('sandbox');
    await client.close();
  });

  it('does not create another sandbox on restart, and says how to get a key', async () => {
    await serve.stop();
    serve = await startServe(svcEnv(dataDir));
    expect(serve.key).toBeUndefined();
    expect(serve.output).not.toContain('Empty database');
    expect(serve.output).toContain('has accounts already; no key is shown again');
    expect(serve.output).toContain('npm run cli -- sandbox ');
    expect(serve.output).toContain(`${serve.url}/mcp and ask for a key in the browser`);
  });

  it('works with the MCP inspector CLI', async () => {
    const sandbox = JSON.parse(await svc(['sandbox', '--json'], svcEnv(dataDir)));
    const inspector = join(ROOT, 'node_modules/.bin/mcp-inspector');
    const run = promisify(execFile);
    const url = `${serve.url}/mcp/${sandbox.key}`;
    const listed = await run(inspector, ['--cli', url, '--transport', 'http', '--method', 'tools/list'], {
      timeout: 60_000,
    });
    expect(JSON.parse(listed.stdout).tools).toHaveLength(tools.length);
    const called = await run(
      inspector,
      [
        '--cli',
        url,
        '--transport',
        'http',
        '--method',
        'tools/call',
        '--tool-name',
        'submit_feedback',
        '--tool-arg',
        'text=inspector works',
      ],
      { timeout: 60_000 },
    );
    expect(JSON.parse(called.stdout).structuredContent.id).toMatch(/^fbk_/);
  });
});

describe('svc mcp (stdio)', () => {
  it('serves the same tools over stdio with the key from SVC_API_KEY', async () => {
    const dataDir = tempDataDir();
    const sandbox = JSON.parse(await svc(['sandbox', '--json'], svcEnv(dataDir)));
    expect(Object.keys(sandbox).sort()).toEqual(['account_id', 'key', 'mcp_url', 'tenant_id']);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [SVC, 'mcp'],
      env: svcEnv(dataDir, { SVC_API_KEY: sandbox.key }) as Record<string, string>,
      cwd: ROOT,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'stdio-e2e', version: '0.0.0' });
    await client.connect(transport);
    expect((await client.listTools()).tools).toHaveLength(tools.length);
    const tenant = await client.callTool({ name: 'get_tenant', arguments: {} });
    expect((tenant.structuredContent as { id: string }).id).toBe(sandbox.tenant_id);
    const refused = await client.callTool({ name: 'create_tenant', arguments: { name: 'x' } });
    expect(refused.isError).toBe(true);
    expect((refused.structuredContent as { error: { code: string } }).error.code).toBe('account_not_verified');
    await client.close();
  });
});

describe('operator CLI', () => {
  it('creates a standard account, verifies it and issues a key that can create tenants', async () => {
    const dataDir = tempDataDir();
    const env = svcEnv(dataDir);
    const account = JSON.parse(await svc(['account', 'create', '--email', 'ops@example.com', '--json'], env));
    expect(account).toMatchObject({ kind: 'standard', email_verified: false });
    const key = JSON.parse(await svc(['key', 'create', '--account', account.id, '--json'], env));
    expect(key.scopes).toEqual(['read', 'propose', 'run', 'approve', 'configure']);

    const serve = await startServe(env);
    try {
      const create = () =>
        fetch(`${serve.url}/v1/tenants`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'acme' }),
        });
      const before = await create();
      expect(before.status).toBe(403);
      expect((await before.json()).error.code).toBe('account_not_verified');
      expect(await svc(['account', 'verify', account.id], env)).toContain('verified');
      const after = await create();
      expect(after.status).toBe(200);
      expect((await after.json()).tenant.name).toBe('acme');
    } finally {
      await serve.stop();
    }
  }, 90_000); // several CLI processes, each starting tsx: 20 to 28 s alone, over 30 s when the whole suite shares 2 cores

  it('refuses bad usage with exit code 2 and one line, a data error with exit code 1 and one line', async () => {
    const run = promisify(execFile);
    const env = svcEnv(tempDataDir());
    const fail = (args: string[]) =>
      run(process.execPath, [SVC, ...args], { env }).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => e,
      );
    const usage = await fail(['account', 'create']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe(
      'svc: svc account create needs --email you@example.com (svc --help lists the commands)\n',
    );
    const data = await fail(['account', 'verify', 'acc_nope']);
    expect(data.code).toBe(1);
    expect(data.stderr).toBe('svc: no account acc_nope\n');
  }, 90_000);
});
