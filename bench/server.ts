// (d) REST ingest at concurrency 8, (e) SMTP ingest with a real client, and API latency
// under load (autocannon on loopback) for REST reads and MCP tools/call, against `svc serve`
// running as its own process.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../test/helpers/process.ts';
import { SmtpClient } from '../test/helpers/smtp.ts';
import { QUICK, ROOT, cpuMs, percentile, rate, totalBytes, warmUpWorkload } from './lib.ts';
import { parseOnly, tally, timed, workloadSlices } from './throughput.ts';

export interface Serve {
  child: ChildProcess;
  url: string;
  key: string;
  smtpPort: number;
}

export async function startServe(env: Record<string, string> = {}): Promise<Serve> {
  const smtpPort = await freePort();
  // BENCH_SERVE_NODE_ARGS: extra Node flags for the server (e.g. --cpu-prof --cpu-prof-dir=DIR).
  const nodeArgs = (process.env.BENCH_SERVE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(ROOT, 'bin/svc.mjs'), 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      SVC_DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-bench-serve-')),
      SVC_HTTP_PORT: '0',
      SVC_SMTP_PORT: String(smtpPort),
      SVC_RATE_LIMIT_PER_MINUTE: '1000000000',
      SVC_AUTH_DNS: 'none',
      SVC_INBOUND_DOMAIN: 'in.bench',
      SVC_WEBHOOK_WORKER: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (c: Buffer) => {
      out += c.toString();
      if (!/listening on http/.test(out)) return;
      // Past start-up the log (a line per request) is drained unread: scanning an ever
      // growing string here cost the load generator, in this process, most of its CPU.
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolve();
    };
    child.stdout!.on('data', onData);
    child.once('exit', () => reject(new Error(`svc serve exited:\n${out}`)));
  });
  return {
    child,
    url: out.match(/listening on (http:\/\/\S+)/)![1]!,
    key: out.match(/key:\s+(svc_\S+)/)![1]!,
    smtpPort,
  };
}

async function api(s: Serve, method: string, path: string, body?: unknown) {
  const r = await fetch(`${s.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${s.key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return r.json() as Promise<any>;
}

/**
 * CPU ms used so far by `pid` and every process below it (Linux /proc): `svc serve` is a
 * wrapper whose child is the server (bin/svc.mjs), so the wrapper's own figure is ~0.
 */
export function treeCpuMs(pid: number): number {
  let total = 0;
  try {
    total = cpuMs(pid);
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) total += treeCpuMs(Number(child));
    }
  } catch {
    // The process ended between listing and reading: it no longer uses CPU.
  }
  return total;
}

/** One POST over a kept-alive connection of `agent`; resolves with the status once the body is read. */
function post(agent: Agent, url: URL, headers: Record<string, string>, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': String(body.byteLength) } },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
        res.once('error', reject);
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

export async function restIngest(s: Serve, messages: Uint8Array[], concurrency: number) {
  const bodies = messages.map((m) => Buffer.from(JSON.stringify({ eml: Buffer.from(m).toString('latin1') })));
  // The load generator shares the machine's cores with the server it measures: fetch
  // (undici through web streams) cost real CPU per request, all of it taken from the
  // server. node:http with kept-alive sockets (one per request in flight) costs far less.
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const url = new URL(`${s.url}/v1/messages/ingest`);
  const headers = { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' };
  let next = 0;
  let failures = 0;
  const serverStart = treeCpuMs(s.child.pid!);
  const clientStart = cpuMs();
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < bodies.length) {
          if ((await post(agent, url, headers, bodies[next++]!)) !== 200) failures++;
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  const elapsed = performance.now() - started;
  const perMessage = (ms: number) => +(ms / messages.length).toFixed(2);
  return {
    ...rate(messages.length, totalBytes(messages), elapsed),
    concurrency,
    failures,
    server_cpu_ms_per_message: perMessage(treeCpuMs(s.child.pid!) - serverStart),
    client_cpu_ms_per_message: perMessage(cpuMs() - clientStart),
  };
}

async function smtpIngest(s: Serve, messages: Uint8Array[], connections: number) {
  await api(s, 'POST', '/v1/subdomain', { name: 'bench-tenant' });
  await api(s, 'POST', '/v1/addresses', { local_part: 'inbox' });
  // An MTA sends CRLF line endings; the corpus has files with bare LF.
  const texts = messages.map((m) =>
    Buffer.from(m)
      .toString('latin1')
      .replace(/\r?\n|\r/g, '\r\n'),
  );
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const { client } = await SmtpClient.open(s.smtpPort);
      while (next < texts.length) {
        const r = await client.send('sender@bench.example', ['bench-tenant.inbox@in.bench'], texts[next++]!);
        if (!r.data?.startsWith('250')) failures++;
      }
      await client.close();
    }),
  );
  return { ...rate(messages.length, totalBytes(messages), performance.now() - started), connections, failures };
}

async function load(opts: autocannon.Options) {
  const result = await autocannon({ connections: 32, duration: QUICK ? 5 : 20, ...opts });
  return {
    connections: opts.connections ?? 32,
    requests_per_second: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    ...(opts.overallRate ? { offered_rate: opts.overallRate } : {}),
  };
}

/**
 * (d) REST ingest, 8 in flight, paired with an (a) of its own as bench/throughput.ts pairs
 * (b) and (c): slice by slice, (a) then (d), so d/a' compares runs seconds apart.
 */
export async function pairedRestIngest(s: Serve, messages: Uint8Array[]) {
  // The warm-up pass (bench/lib.ts), outside the ratio: throughput is the server's steady
  // state (bench/throughput.ts says why). Its rate is kept apart, as the first pass.
  const cold = await restIngest(s, warmUpWorkload(), 8);
  const parse = tally();
  const d = { ms: 0, failures: cold.failures, server: 0, client: 0 };
  for (const slice of workloadSlices(messages)) {
    await timed(parse, () => parseOnly(slice));
    global.gc?.();
    const r = await restIngest(s, slice, 8);
    d.ms += r.seconds * 1000;
    d.failures += r.failures;
    d.server += r.server_cpu_ms_per_message * slice.length;
    d.client += r.client_cpu_ms_per_message * slice.length;
  }
  const perMessage = (ms: number) => +(ms / messages.length).toFixed(2);
  return {
    ...rate(messages.length, totalBytes(messages), d.ms),
    concurrency: 8,
    failures: d.failures,
    server_cpu_ms_per_message: perMessage(d.server),
    client_cpu_ms_per_message: perMessage(d.client),
    paired_a_per_second: +(messages.length / (parse.ms / 1000)).toFixed(1),
    first_pass_after_start: { per_second: cold.per_second, server_cpu_ms_per_message: cold.server_cpu_ms_per_message },
  };
}

export async function runServer(messages: Uint8Array[]) {
  const s = await startServe();
  try {
    const rest = await pairedRestIngest(s, messages);
    const smtp = await smtpIngest(s, messages.slice(0, Math.min(messages.length, 1000)), 4);
    const captures = await api(s, 'GET', '/v1/captures?limit=1');
    const captureId = captures.captures[0].id as string;
    const headers = { authorization: `Bearer ${s.key}` };
    const mcpBody = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_capture', arguments: { id: captureId } },
    });
    const mcp = {
      url: `${s.url}/mcp/${s.key}`,
      method: 'POST' as const,
      body: mcpBody,
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    };
    const getCapture = { url: `${s.url}/v1/captures/${captureId}`, headers };
    // autocannon releases a rate-limited run's requests in bursts across its connections:
    // with 32 connections even 100 req/s arrive 32 at a time. Steady arrivals at
    // 1,000 req/s are measured with 4 connections; the 32-connection figure is kept too.
    const latency = {
      rest_list_captures: await load({ url: `${s.url}/v1/captures?limit=50`, headers }),
      rest_get_capture: await load(getCapture),
      rest_get_capture_1000_rps_4_conn: await load({ ...getCapture, overallRate: 1000, connections: 4 }),
      rest_get_capture_1000_rps_32_conn: await load({ ...getCapture, overallRate: 1000 }),
      mcp_get_capture: await load(mcp),
      mcp_get_capture_1000_rps_4_conn: await load({ ...mcp, overallRate: 1000, connections: 4 }),
      mcp_get_capture_1000_rps_32_conn: await load({ ...mcp, overallRate: 1000 }),
    };
    return { d_rest_ingest: rest, e_smtp_ingest: smtp, latency };
  } finally {
    s.child.kill('SIGTERM');
  }
}

export { percentile };
