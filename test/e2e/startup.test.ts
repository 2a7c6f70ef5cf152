// Start-up failures name their fix: a port in use names SVC_HTTP_PORT / SVC_SMTP_PORT, an
// unwritable data directory names the path and says it is a permission problem; the
// started service logs a JSON start line and, on SIGTERM, stopping and stopped lines.
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, SVC, startServe, svcEnv, tempDataDir } from '../helpers/process.ts';

const run = promisify(execFile);

async function failingServe(env: NodeJS.ProcessEnv, prefix: string[] = []): Promise<{ code: number; stderr: string }> {
  const [command, ...args] = [...prefix, process.execPath, SVC, 'serve'];
  try {
    await run(command!, args, { env, cwd: ROOT, timeout: 30_000 });
    return { code: 0, stderr: '' };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  }
}

describe('svc serve start-up errors', () => {
  let busy: Server;
  let port: number;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    port = (busy.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

  it('names SVC_HTTP_PORT when the HTTP port is taken', async () => {
    const r = await failingServe(svcEnv(tempDataDir(), { SVC_HTTP_PORT: String(port) }));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `svc: HTTP port ${port} on 127.0.0.1 is already in use: stop the other process or set SVC_HTTP_PORT to a free port.`,
    );
  }, 60_000);

  it('names SVC_SMTP_PORT when the SMTP port is taken', async () => {
    const r = await failingServe(svcEnv(tempDataDir(), { SVC_SMTP_PORT: String(port) }));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `SMTP port ${port} on 127.0.0.1 is already in use: stop the other process or set SVC_SMTP_PORT to a free port.`,
    );
  }, 60_000);

  // root may write anywhere, so the check runs the service as nobody (setpriv, util-linux).
  it.skipIf(process.getuid?.() !== 0)(
    'says which data directory is not writable and that it is a permission problem',
    async () => {
      const parent = tempDataDir();
      const dir = join(parent, 'data');
      mkdirSync(dir);
      chmodSync(parent, 0o755);
      chmodSync(dir, 0o755);
      try {
        const r = await failingServe(svcEnv(dir), ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups']);
        expect(r.code).toBe(1);
        expect(r.stderr).toContain(`svc: cannot write to the data directory ${dir}: permission denied.`);
        expect(r.stderr).toContain('SVC_DATA_DIR');
      } finally {
        rmSync(parent, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it('svc key create --tenant refuses a tenant that does not exist, or one of another account', async () => {
    const env = svcEnv(tempDataDir());
    const sandbox = JSON.parse((await run(process.execPath, [SVC, 'sandbox', '--json'], { env, cwd: ROOT })).stdout);
    const refused = await run(process.execPath, [SVC, 'key', 'create', '--tenant', 'ten_nope'], {
      env,
      cwd: ROOT,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused.code).toBe(1); // a data error (usage errors exit 2)
    expect(refused.stderr).toContain('svc: no tenant ten_nope');
    const mismatch = await run(
      process.execPath,
      [SVC, 'key', 'create', '--tenant', sandbox.tenant_id, '--account', 'acc_other'],
      { env, cwd: ROOT },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(mismatch.stderr).toContain(
      `tenant ${sandbox.tenant_id} belongs to account ${sandbox.account_id}, not acc_other`,
    );
  }, 60_000);

  it('svc mcp exits at start, naming the database, when the key is not in it', async () => {
    const dir = tempDataDir();
    const r = await run(process.execPath, [SVC, 'mcp'], {
      env: svcEnv(dir, { SVC_API_KEY: 'svc_AAAAAAAAAAAA_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB' }),
      cwd: ROOT,
    }).then(
      () => ({ code: 0, stderr: '', stdout: '' }),
      (e: { code: number; stderr: string; stdout: string }) => e,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`svc mcp: database ${dir}/svc.db has no accounts, so SVC_API_KEY cannot be in it`);
    // stdout belongs to the protocol: nothing was written there.
    expect(r.stdout).toBe('');
  }, 60_000);

  it('logs start and shutdown as JSON lines at SVC_LOG_LEVEL', async () => {
    const serve = await startServe(svcEnv(tempDataDir(), { SVC_LOG_LEVEL: 'info' }));
    let output = serve.output;
    serve.child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const ended = new Promise((resolve) => serve.child.stdout!.once('end', resolve));
    await serve.stop('SIGTERM');
    await ended;
    const lines = output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    expect({ code: serve.child.exitCode, signal: serve.child.signalCode, output }).toMatchObject({
      code: 0,
      signal: null,
    });
    expect(lines.map((l) => l.msg)).toEqual(['svc started', 'svc stopping', 'svc stopped']);
    expect(lines[0]).toMatchObject({ version: '0.1.0', http: serve.url, smtp_port: null, level: 30 });
    expect(lines[1]).toMatchObject({ signal: 'SIGTERM' });
    // The first-run sandbox key is printed once for the operator, never logged.
    expect(JSON.stringify(lines)).not.toContain(serve.key!);
    const bad = await failingServe(svcEnv(tempDataDir(), { SVC_LOG_LEVEL: 'loud' }));
    expect(bad.stderr).toContain(
      'SVC_LOG_LEVEL=loud is not a log level; use one of fatal, error, warn, info, debug, trace, silent',
    );
  }, 90_000);
});
