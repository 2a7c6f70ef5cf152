// A cluster as docs/deploy.md describes it: a real sqld and `svc serve` nodes started with
// the runbook's environment block (read from the file), on free ports.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, SVC, freePort, svcEnv, tempDataDir, type ServeProcess } from './process.ts';

/** The KEY=VALUE lines between <!-- node-env --> markers in docs/deploy.md. */
export function runbookEnv(): Record<string, string> {
  const doc = readFileSync(join(ROOT, 'docs/deploy.md'), 'utf8');
  const block = doc.match(/<!-- node-env -->\s*```sh\n([\s\S]*?)```/)?.[1];
  if (!block) throw new Error('docs/deploy.md lost its <!-- node-env --> block');
  return Object.fromEntries(
    block
      .split('\n')
      .map((l) => l.replace(/\s+#.*$/, '').trim())
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

export interface Node extends ServeProcess {
  smtpPort: number;
  env: NodeJS.ProcessEnv;
}

/**
 * One node: the runbook's environment with what a test machine must change (this sqld,
 * free ports, a temporary data folder, loopback, no public URL) plus `extra`.
 */
export async function startNode(sqldUrl: string, extra: Record<string, string> = {}): Promise<Node> {
  const smtpPort = await freePort();
  const documented = runbookEnv();
  delete documented.SVC_PUBLIC_URL;
  const env = svcEnv(tempDataDir(), {
    ...documented,
    SVC_DATABASE_URL: sqldUrl,
    SVC_HTTP_PORT: '0',
    SVC_SMTP_PORT: String(smtpPort),
    SVC_DATA_DIR: tempDataDir(),
    SVC_HOST: '127.0.0.1',
    SVC_INBOUND_DOMAIN: 'in.test',
    SVC_AUTH_DNS: 'none',
    ...extra,
  });
  const serve = await startServeSlowly(env);
  return Object.assign(serve, { smtpPort, env });
}

/**
 * `svc serve` as process.ts starts it, but allowed a minute to come up: on two cores shared
 * with other suites and benchmarks, loading the TypeScript alone took over 20 s at times.
 */
export function startServeSlowly(env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<ServeProcess> {
  const child = spawn(process.execPath, [SVC, 'serve'], { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`svc serve did not start in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = output.match(/listening on (http:\/\/\S+)/)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({
        child,
        url,
        output,
        key: output.match(/MCP URL: \S+\/mcp\/(svc_\S+)/)?.[1],
        stop: (signal = 'SIGTERM') =>
          new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill(signal);
          }),
      });
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`svc serve exited with ${code}:\n${output}`));
    });
  });
}

export async function rest(
  url: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

export async function mcpOver(url: string, key: string): Promise<Client> {
  const client = new Client({ name: 'svc-cluster-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp/${key}`)));
  return client;
}

export function structured(result: Awaited<ReturnType<Client['callTool']>>): any {
  return result.structuredContent;
}
