// What a request costs before its key is known, against a real `svc serve`: a caller
// without a valid key is answered 401 before its body is read (the server answers while the
// client has sent a sliver of a 25 MiB body, then closes the connection); a body that
// trickles in with a valid key is cut off at SVC_BODY_TIMEOUT_SECONDS; every MCP message
// counts against the key's rate limit.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, svcEnv, tempDataDir, type ServeProcess } from '../helpers/process.ts';

const DECLARED = 25 * 1024 * 1024;
const SLIVER = 64 * 1024;
/** Generous: the machine is shared; an answer that needs the body never comes at all. */
const ANSWER_WITHIN_MS = 20_000;

interface PartialAnswer {
  status: number;
  body: any;
  headers: Record<string, string | string[] | undefined>;
  /** Bytes of the body the client had written when the answer came. */
  sent: number;
  /** Resolves once the server has closed the connection. */
  closed: Promise<void>;
}

/**
 * POSTs headers declaring a `declared`-byte body, then `first` and, every 100 ms, `trickle`
 * more bytes, never the whole body. Resolves with the answer, or rejects if none comes.
 */
function partialPost(
  url: string,
  path: string,
  headers: Record<string, string>,
  first: number,
  trickle = 0,
): Promise<PartialAnswer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const req = request(new URL(path, url), {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'content-length': String(DECLARED),
        ...headers,
      },
    });
    let socketClosed!: () => void;
    const closed = new Promise<void>((r) => {
      socketClosed = r;
    });
    req.on('socket', (socket) => socket.on('close', () => socketClosed()));
    const write = (bytes: number) => {
      if (bytes === 0 || req.destroyed) return;
      req.write('x'.repeat(bytes));
      sent += bytes;
    };
    const deadline = setTimeout(() => {
      clearInterval(timer);
      req.destroy();
      reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms after ${sent} of ${DECLARED} bytes`));
    }, ANSWER_WITHIN_MS);
    req.on('response', (res) => {
      clearTimeout(deadline);
      const sentThen = sent;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => {
        clearInterval(timer);
        resolve({
          status: res.statusCode!,
          body: JSON.parse(text),
          headers: res.headers,
          sent: sentThen,
          closed,
        });
      });
    });
    // Writes after the server closed fail with EPIPE/ECONNRESET: that is the point.
    req.on('error', () => clearInterval(timer));
    req.write('{"eml":"');
    write(first);
    if (trickle > 0) timer = setInterval(() => write(trickle), 100);
  });
}

/** Waits for the server to close the connection, failing the test if it keeps it. */
async function closedByServer(answer: PartialAnswer): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const kept = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the server kept the connection open')), ANSWER_WITHIN_MS);
  });
  await Promise.race([answer.closed, kept]);
  clearTimeout(timer);
}

describe('request guards against svc serve', () => {
  let serve: ServeProcess;
  let key: string;
  beforeAll(async () => {
    serve = await startServe(
      svcEnv(tempDataDir(), { SVC_BODY_TIMEOUT_SECONDS: '2', SVC_RATE_LIMIT_PER_MINUTE: '6' }),
      60_000,
    );
    key = serve.key!;
  }, 90_000);
  afterAll(() => serve?.stop());

  const BAD_KEY = 'svc_AAAAAAAAAAAA_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
  it.each([
    ['REST, no key', '/v1/messages/ingest', {}, 'No API key'],
    ['REST, unknown key', '/v1/messages/ingest', { authorization: `Bearer ${BAD_KEY}` }, 'Unknown API key'],
    ['MCP at /mcp, no key', '/mcp', {}, 'No API key'],
    ['MCP at /mcp/<KEY>, unknown key', `/mcp/${BAD_KEY}`, {}, 'Unknown API key'],
  ])('%s: 401 while the body is still coming, then the connection closes', async (_name, path, headers, says) => {
    const answer = await partialPost(serve.url, path, headers, SLIVER, 64);
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatchObject({ code: 'unauthorized', details: {} });
    expect(answer.body.error.message).toContain(says);
    // Answered from the headers: the client had sent well under 1 % of the declared body.
    expect(answer.sent).toBeLessThan(DECLARED / 100);
    expect(answer.headers.connection).toBe('close');
    await closedByServer(answer);
  });

  it('an unknown route answers 404 without reading the body, then closes the connection', async () => {
    const answer = await partialPost(serve.url, '/v1/no-such-route', { authorization: `Bearer ${key}` }, SLIVER, 64);
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('not_found');
    expect(answer.sent).toBeLessThan(DECLARED / 100);
    expect(answer.headers.connection).toBe('close');
    await closedByServer(answer);
  });

  it.each([
    ['REST', '/v1/messages/ingest', true],
    ['MCP', '/mcp', false],
  ])('%s with a valid key: a trickling body is cut off at SVC_BODY_TIMEOUT_SECONDS', async (_name, path, isRest) => {
    const started = performance.now();
    const answer = await partialPost(serve.url, path, { authorization: `Bearer ${key}` }, 10, 64);
    const seconds = (performance.now() - started) / 1000;
    expect(answer.status).toBe(408);
    // REST answers the shared Error; MCP a JSON-RPC error carrying the same details.
    if (isRest) expect(answer.body.error).toMatchObject({ code: 'request_timeout', details: { timeout_seconds: 2 } });
    else expect(answer.body.error).toMatchObject({ code: -32600, data: { timeout_seconds: 2 } });
    expect(answer.body.error.message).toContain('within 2 s (SVC_BODY_TIMEOUT_SECONDS)');
    expect(seconds).toBeGreaterThanOrEqual(1.9);
    expect(answer.headers.connection).toBe('close');
    await closedByServer(answer);
  });

  it('counts initialize, tools/list, ping and notifications against the key: 429 with Retry-After past the budget', async () => {
    // A key of its own, so its budget of 6 is untouched.
    const made = await fetch(`${serve.url}/v1/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ label: 'mcp-budget' }),
    });
    expect(made.status).toBe(200);
    const agent = ((await made.json()) as { key: string }).key;
    const post = (message: Record<string, unknown>) =>
      fetch(`${serve.url}/mcp/${agent}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', ...message }),
      });
    const initialize = {
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'e2e', version: '0' } },
    };
    const statuses = [];
    for (const message of [
      initialize,
      { method: 'notifications/initialized' },
      { id: 2, method: 'tools/list' },
      { id: 3, method: 'ping' },
      { id: 4, method: 'tools/list' },
      { id: 5, method: 'ping' },
    ])
      statuses.push((await post(message)).status);
    expect(statuses).toEqual([200, 202, 200, 200, 200, 200]);
    for (const message of [initialize, { id: 6, method: 'tools/list' }]) {
      const refused = await post(message);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    }
  });
});
