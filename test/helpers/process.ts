// Starting the real `svc` command as a child process, as a user would.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SVC = join(ROOT, 'bin/svc.mjs');

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'svc-e2e-'));
}

export function svcEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    SVC_DATA_DIR: dataDir,
    SVC_HTTP_PORT: '0',
    SVC_SMTP_PORT: '0',
    SVC_HOST: '127.0.0.1',
    SVC_AUTH_DNS: 'none',
    ...extra,
  };
}

const run = promisify(execFile);

/** Runs `svc ARGS` to completion and returns stdout. */
export async function svc(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { stdout } = await run(process.execPath, [SVC, ...args], { env, cwd: ROOT, timeout: 30_000 });
  return stdout;
}

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  output: string;
  /** The sandbox key printed on first start, if any. */
  key: string | undefined;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/**
 * Starts `svc serve` and resolves once it printed its address (and first-run sandbox). A
 * process that does not start within `timeoutMs` is stopped (by its pid), not left behind; on
 * a loaded 2-core machine (load average near 20) a start took over 20 s.
 */
export function startServe(env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<ServeProcess> {
  const child = spawn(process.execPath, [SVC, 'serve'], { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`svc serve did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = output.match(/listening on (http:\/\/\S+)/)?.[1];
      const key = output.match(/MCP URL: \S+\/mcp\/(svc_\S+)/)?.[1];
      if (url) {
        clearTimeout(timer);
        resolvePromise({
          child,
          url,
          output,
          key,
          stop: (signal = 'SIGTERM') =>
            new Promise((done) => {
              if (child.exitCode !== null || child.signalCode !== null) return done();
              child.once('exit', () => done());
              child.kill(signal);
            }),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`svc serve exited with ${code}:\n${output}`));
    });
  });
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
