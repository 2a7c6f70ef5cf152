// What a caller without a valid key can make `svc serve` spend (issue 23, finding 6): the
// server's RSS while 20 anonymous 25 MiB bodies arrive at once, on REST and on /mcp, and how
// long a body that trickles in holds the connection before it is answered (anonymous, and
// with a valid key). Figures, not tests: `node bin/run-ts.mjs bench/anonymous.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { mib } from './lib.ts';
import { startServe, type Serve } from './server.ts';

const BODY_BYTES = 25 * 1024 * 1024;
const PARALLEL = 20;
/** A trickling body is given this long to be answered before the run gives up on it. */
const TRICKLE_CAP_MS = Number(process.env.BENCH_TRICKLE_CAP_MS ?? 30_000);

function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) * 1024;
}

/** The server's own pid: `svc serve` may run as the child of a small wrapper (bin/svc.mjs). */
function serverPid(pid: number): number {
  try {
    const child = Number(readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)[0]);
    return child > 0 ? child : pid;
  } catch {
    return pid;
  }
}

interface Answer {
  status: number | null;
  ms: number;
  error?: string;
}

/**
 * POSTs `total` bytes of JSON to `path`, written by `write` (all at once, or trickled), and
 * resolves with the status and the time to the response's headers (or the failure).
 */
function post(
  s: Serve,
  path: string,
  total: number,
  headers: Record<string, string>,
  write: (req: ReturnType<typeof request>) => void,
  capMs = 600_000,
): Promise<Answer> {
  const url = new URL(path, s.url);
  const started = performance.now();
  return new Promise((done) => {
    let settled = false;
    const finish = (answer: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(cap);
      req.destroy();
      done(answer);
    };
    const cap = setTimeout(
      () => finish({ status: null, ms: Math.round(performance.now() - started), error: 'no answer (cap)' }),
      capMs,
    );
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'content-length': String(total),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        finish({ status: res.statusCode ?? null, ms: Math.round(performance.now() - started) });
      },
    );
    req.on('error', (error) =>
      finish({
        status: null,
        ms: Math.round(performance.now() - started),
        error: (error as NodeJS.ErrnoException).code,
      }),
    );
    write(req);
  });
}

/** `{"eml":"xxxx..."}` of exactly `bytes` bytes. */
function bigBody(bytes: number): Buffer {
  const body = Buffer.alloc(bytes, 0x78);
  body.write('{"eml":"', 0);
  body.write('"}', bytes - 2);
  return body;
}

async function parallelBodies(s: Serve, pid: number, path: string, headers: Record<string, string>) {
  const body = bigBody(BODY_BYTES);
  const baseline = procStatus(pid, 'VmRSS');
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: PARALLEL }, () => post(s, path, body.byteLength, headers, (req) => req.end(body))),
  );
  const statuses = [...new Set(answers.map((a) => a.status ?? a.error))].join(',');
  return {
    path,
    statuses,
    all_answered_s: +((performance.now() - started) / 1000).toFixed(2),
    slowest_answer_ms: Math.max(...answers.map((a) => a.ms)),
    baseline_rss_mib: mib(baseline),
    peak_rss_mib: mib(procStatus(pid, 'VmHWM')),
  };
}

/**
 * 64 bytes every 100 ms of a declared 1 MiB body (a client that would take 4.5 hours to send
 * it): the time to the answer, then how long the server keeps the connection while the
 * client goes on trickling (capped at 5 s: "held" means it would take the whole body).
 */
function trickle(s: Serve, path: string, headers: Record<string, string>) {
  const url = new URL(path, s.url);
  const started = performance.now();
  return new Promise<Record<string, unknown>>((done) => {
    let answeredAt: number | null = null;
    let status: number | string | null = null;
    let settled = false;
    const finish = (held: string) => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      clearTimeout(cap);
      req.destroy();
      done({
        path: path.replace(/svc_\S+/, '<KEY>'),
        key: headers.authorization || path.includes('svc_') ? 'valid' : 'none',
        status: status ?? 'no answer (cap)',
        answer_ms: answeredAt === null ? null : Math.round(answeredAt - started),
        connection: held,
      });
    };
    const req = request(url, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'content-length': String(1024 * 1024),
        ...headers,
      },
    });
    req.on('response', (res) => {
      answeredAt = performance.now();
      status = res.statusCode ?? null;
      res.resume();
      clearTimeout(cap);
      cap = setTimeout(() => finish('held by the server past 5 s'), 5000);
    });
    req.on('error', (error) => {
      status ??= (error as NodeJS.ErrnoException).code ?? 'error';
      finish(
        answeredAt === null
          ? 'failed'
          : `closed by the server ${Math.round(performance.now() - answeredAt)} ms after the answer`,
      );
    });
    // The socket, not the request: a request counts as closed once its response has ended.
    req.on('socket', (socket) =>
      socket.on('close', () =>
        finish(
          answeredAt === null
            ? 'closed without an answer'
            : `closed by the server ${Math.round(performance.now() - answeredAt)} ms after the answer`,
        ),
      ),
    );
    req.write('{"eml":"');
    const timer = setInterval(() => req.write('x'.repeat(64)), 100);
    let cap = setTimeout(() => finish('open, no answer'), TRICKLE_CAP_MS);
  });
}

export async function runAnonymous() {
  const s = await startServe();
  // BENCH_ANON=trickle or =bodies runs one half (a quick re-measure).
  const only = process.env.BENCH_ANON;
  try {
    const pid = serverPid(s.child.pid!);
    const wrongKey = 'svc_wrongwrongwr_wrongwrongwrongwrongwrongwrongwr';
    const bodies =
      only === 'trickle'
        ? []
        : [
            await parallelBodies(s, pid, '/v1/messages/ingest', {}),
            await parallelBodies(s, pid, '/v1/messages/ingest', { authorization: `Bearer ${wrongKey}` }),
            await parallelBodies(s, pid, '/mcp', {}),
          ];
    const trickles =
      only === 'bodies'
        ? []
        : [
            await trickle(s, '/v1/messages/ingest', {}),
            await trickle(s, '/mcp', {}),
            await trickle(s, '/v1/messages/ingest', { authorization: `Bearer ${s.key}` }),
            await trickle(s, `/mcp/${s.key}`, {}),
          ];
    return { parallel_25_mib_bodies: bodies, trickling_bodies: trickles, trickle_cap_ms: TRICKLE_CAP_MS };
  } finally {
    s.child.kill('SIGTERM');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.log(JSON.stringify(await runAnonymous(), null, 2));
}
