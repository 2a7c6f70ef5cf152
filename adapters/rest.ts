// Registry -> REST routes under /v1 on h3. Path params, query (GET/DELETE) or JSON body
// (POST/PUT), the tenant selector, then services/call.ts; nothing about any operation here.
import { getRequestIP, getRouterParams, type H3, type H3Event } from 'h3';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FastResponse } from 'srvx';
import type { AppContext } from '../services/app.ts';
import type { Caller } from '../services/auth.ts';
import type { HeldTurn } from '../services/analysis-pool.ts';
import { parseJsonInWorker, type ParseJsonResult } from '../services/analysis.ts';
import { admitOutcome, callTool, type CallOutcome } from '../services/call.ts';
import { ToolError, type ToolDef } from '../tools/define.ts';
import { propertyTypes, toolSchemas } from './schemas.ts';

export function bearerToken(header: string | null): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * The client's address: the socket's, or with `trustedHops` reverse proxies in front, the
 * X-Forwarded-For entry that many from the right (each proxy appends the address it saw;
 * entries further left are whatever the client sent).
 */
export function clientAddress(event: H3Event, trustedHops: number): string | undefined {
  if (trustedHops > 0) {
    const hops = (event.req.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    const hop = hops[Math.max(0, hops.length - trustedHops)];
    if (hop) return hop;
  }
  return getRequestIP(event);
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return jsonTextResponse(status, JSON.stringify(body), headers);
}

/**
 * srvx's FastResponse: under node:http its text is written to the socket as it is, with a
 * Content-Length; a web Response's body went through a ReadableStream, chunk by chunk.
 */
function jsonTextResponse(status: number, json: string, headers: Record<string, string>): Response {
  return new FastResponse(json, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** x-svc-tenant names the tenant a response is about; with none (a 401, an unknown route) it is left out, not sent empty. */
function tenantHeader(tenantId: string | null): Record<string, string> {
  return tenantId ? { 'x-svc-tenant': tenantId } : {};
}

export function errorResponse(error: ToolError, tenantId: string | null = null): Response {
  const headers: Record<string, string> = tenantHeader(tenantId);
  const retry = error.details.retry_after_seconds;
  if ((error.code === 'rate_limited' || error.code === 'unavailable') && typeof retry === 'number')
    headers['retry-after'] = String(retry);
  return jsonResponse(error.status, error.toBody(), headers);
}

export function outcomeResponse(outcome: CallOutcome): Response {
  if (!outcome.ok) return errorResponse(outcome.error, outcome.tenantId);
  return jsonTextResponse(200, outcome.json ?? JSON.stringify(outcome.result), tenantHeader(outcome.tenantId));
}

/** Query strings carry only text: turn them into the types the input schema declares. */
function queryArgs(tool: ToolDef, url: URL): Record<string, unknown> {
  const properties = toolSchemas(tool).input.properties ?? {};
  const args: Record<string, unknown> = {};
  for (const name of new Set(url.searchParams.keys())) {
    if (name === 'tenant') continue;
    const values = url.searchParams.getAll(name);
    const types = propertyTypes(properties[name]);
    const coerce = (v: string): unknown => {
      if ((types.has('integer') || types.has('number')) && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
      if (types.has('boolean') && (v === 'true' || v === 'false')) return v === 'true';
      if (types.has('null') && v === 'null') return null;
      return v;
    };
    args[name] = types.has('array') ? values.map(coerce) : coerce(values[values.length - 1]!);
  }
  return args;
}

/** Why a body was not read to its end. */
export type BodyRefusal = 'too_large' | 'timeout';

function nodeOf(request: Request): { req?: IncomingMessage; res?: ServerResponse } | undefined {
  return (request as { runtime?: { node?: { req?: IncomingMessage; res?: ServerResponse } } }).runtime?.node;
}

/**
 * The raw body; 'too_large' when it is over `maxBytes` (by Content-Length or while
 * streaming); 'timeout' when it has not all arrived `timeoutMs` after the read began.
 */
export async function readLimitedBody(
  request: Request,
  maxBytes: number,
  timeoutMs: number,
  shared = false,
): Promise<Buffer | BodyRefusal> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) return 'too_large';
  // Under node:http, read the socket's stream itself: the web stream h3 would wrap it in
  // costs a promise and a copy per chunk. In-process (h3.fetch) there is only the web one.
  const node = nodeOf(request);
  if (node?.req && !node.req.readableDidRead)
    return readNodeBody(node.req, node.res, maxBytes, timeoutMs, shared && declared > 0 ? declared : 0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      for (;;) {
        const read = await Promise.race([reader.read(), deadline]);
        if (read === 'timeout') {
          await reader.cancel().catch(() => undefined);
          return 'timeout';
        }
        if (read.done) break;
        size += read.value.byteLength;
        if (size > maxBytes) {
          await reader.cancel();
          return 'too_large';
        }
        chunks.push(read.value);
      }
    } finally {
      clearTimeout(timer);
    }
  }
  return Buffer.concat(chunks);
}

/**
 * `sharedSize`: the declared Content-Length, to read the body into shared memory as it
 * arrives (a worker then reads it without a copy, and no one large copy joins the chunks
 * on the main thread); 0 to collect the chunks.
 */
function readNodeBody(
  req: IncomingMessage,
  res: ServerResponse | undefined,
  maxBytes: number,
  timeoutMs: number,
  sharedSize = 0,
): Promise<Buffer | BodyRefusal> {
  return new Promise((resolve, reject) => {
    // The client left while the body waited for its turn: no event would come until the deadline.
    if (req.destroyed) {
      reject(new Error('the client closed the request before its body was read'));
      return;
    }
    const chunks: Buffer[] = [];
    const into = sharedSize > 0 ? Buffer.from(new SharedArrayBuffer(sharedSize)) : null;
    let size = 0;
    // Read no more of what is refused: the answer goes out and the connection then closes
    // (kept alive, Node would read the rest of the body, however long, to reuse it).
    const refuse = (why: BodyRefusal) => {
      cleanup();
      req.pause();
      res?.setHeader('connection', 'close');
      resolve(why);
    };
    const timer = setTimeout(() => refuse('timeout'), timeoutMs);
    const onData = (chunk: Buffer) => {
      // Node's parser ends a body at its Content-Length; more than it declared is refused.
      if (size + chunk.byteLength > (into?.byteLength ?? maxBytes)) {
        refuse('too_large');
        return;
      }
      if (into) into.set(chunk, size);
      else chunks.push(chunk);
      size += chunk.byteLength;
    };
    const onEnd = () => {
      cleanup();
      if (into) resolve(size === into.byteLength ? into : into.subarray(0, size));
      else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** Bodies over this are decoded and parsed in turn (inItsTurn). */
const LARGE_BODY_BYTES = 1024 * 1024;
let lastLargeParse: Promise<void> = Promise.resolve();

/**
 * Runs `parse` for a large body only after the large body before it, and a turn of the event
 * loop later: decoding and parsing 6.5 MiB of JSON holds the main thread ~70 ms, and twenty
 * arriving together ran back to back, so /healthz and every small request waited behind all
 * of them (bench/large-pdfs.ts: the worst wait held 240 ms of main-thread CPU, 110 ms with
 * this). Small bodies never wait.
 */
async function inItsTurn<T>(size: number, parse: () => T): Promise<T> {
  if (size <= LARGE_BODY_BYTES) return parse();
  const before = lastLargeParse;
  let done!: () => void;
  lastLargeParse = new Promise((resolve) => {
    done = resolve;
  });
  await before;
  try {
    return parse();
  } finally {
    setImmediate(done);
  }
}

/** Parses a large body elsewhere (a worker); null when it could not, and the body is parsed here. */
export type LargeJsonParser = (body: Uint8Array) => Promise<ParseJsonResult | null>;

/**
 * Reads a JSON object body with a byte limit and a deadline, refusing what is not one.
 * With `parseLarge`, a body over LARGE_BODY_BYTES is read into shared memory and parsed by it.
 */
export async function readJsonBody(
  request: Request,
  maxBytes: number,
  timeoutMs: number,
  parseLarge?: LargeJsonParser,
): Promise<Record<string, unknown>> {
  const large = parseLarge !== undefined && Number(request.headers.get('content-length') ?? '0') > LARGE_BODY_BYTES;
  const body = await readLimitedBody(request, maxBytes, timeoutMs, large);
  if (body === 'too_large') throw tooLarge(maxBytes);
  if (body === 'timeout') throw bodyTimeout(timeoutMs);
  if (body.byteLength === 0) return {};
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new ToolError(
      'unsupported_media_type',
      `Send the body as JSON with "Content-Type: application/json" (got "${type || 'none'}").`,
      { content_type: type },
    );
  }
  const notJson = (message: string) =>
    new ToolError('invalid_request', `The body is not valid JSON (${message}); send one JSON object.`);
  let parsed: unknown;
  const elsewhere = large && parseLarge ? await parseLarge(body) : null;
  if (elsewhere && !elsewhere.ok) throw notJson(elsewhere.error);
  if (elsewhere) parsed = elsewhere.value;
  else {
    try {
      parsed = await inItsTurn(body.byteLength, () => JSON.parse(body.toString('utf8')));
    } catch (error) {
      throw notJson((error as Error).message);
    }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ToolError('invalid_request', 'The body must be one JSON object, e.g. {"name": "..."}.');
  }
  return parsed as Record<string, unknown>;
}

function tooLarge(maxBytes: number): ToolError {
  return new ToolError(
    'too_large',
    `The request body is over ${maxBytes} bytes; send larger messages over SMTP or split the request.`,
    { limit_bytes: maxBytes },
  );
}

export function bodyTimeout(timeoutMs: number): ToolError {
  const seconds = Math.round(timeoutMs / 100) / 10;
  return new ToolError(
    'request_timeout',
    `The request body did not arrive within ${seconds} s (SVC_BODY_TIMEOUT_SECONDS); send it in one go, ` +
      'or send large messages over SMTP.',
    { timeout_seconds: seconds },
  );
}

/**
 * The Idempotency-Key header, for an operation whose input takes `idempotency_key`: the
 * same value as that field (an RFC 8941 string's quotes are taken off). Sent both ways,
 * they must agree.
 */
function withIdempotencyKey(tool: ToolDef, request: Request, args: Record<string, unknown>): Record<string, unknown> {
  const header = request.headers.get('idempotency-key');
  if (header === null || !('idempotency_key' in (toolSchemas(tool).input.properties ?? {}))) return args;
  const key = header.trim().replace(/^"(.*)"$/, '$1');
  if (args.idempotency_key !== undefined && args.idempotency_key !== key) {
    throw new ToolError(
      'invalid_request',
      "The Idempotency-Key header and the body's idempotency_key differ; send the key one way only.",
      { issues: [{ path: 'idempotency_key', message: 'differs from the Idempotency-Key header' }] },
    );
  }
  return { ...args, idempotency_key: key };
}

/** Another way a request may be authenticated (the console's session cookie); throws the ToolError to answer. */
export type RestCredential = (event: H3Event) => Promise<Caller | undefined>;

async function handle(app: AppContext, tool: ToolDef, event: H3Event, credential?: RestCredential): Promise<Response> {
  const request = event.req;
  let caller: Caller | undefined;
  try {
    caller = await credential?.(event);
  } catch (error) {
    if (error instanceof ToolError) {
      event.context.error = error.code;
      return errorResponse(error);
    }
    throw error;
  }
  const url = new URL(request.url);
  const params = getRouterParams(event, { decode: true }) as Record<string, string>;
  const isQueryMethod = tool.http.method === 'GET' || tool.http.method === 'DELETE';
  const token = bearerToken(request.headers.get('authorization'));
  const client = clientAddress(event, app.config.trustProxyHops);
  // The key, its rate limit and the scope before the body: a refused caller's body is
  // never read. Node ends the connection after an answer sent before the body was all in
  // (Connection: close), rather than read the rest to reuse it.
  const admitted = await admitOutcome(app, tool, { token, client, ...(caller ? { caller } : {}) });
  if (!admitted.ok) {
    if (!admitted.outcome.ok) event.context.error = admitted.outcome.error.code;
    return outcomeResponse(admitted.outcome);
  }
  // A large body is a message to analyse (REST's only large bodies are mail): it is read
  // when its turn in the analysis queue comes, and stays in its socket until then, so a
  // burst of large mail neither fills memory nor the main thread's time with bodies that
  // could not be analysed yet. Past the queue's limits: 503 with Retry-After, body unread.
  let turn: HeldTurn | undefined;
  if (!isQueryMethod) {
    try {
      turn = await turnForLargeBody(app, request, app.config.maxBodyBytes);
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      event.context.error = error.code;
      return errorResponse(error);
    }
  }
  try {
    let args: Record<string, unknown>;
    try {
      args = isQueryMethod
        ? queryArgs(tool, url)
        : await readJsonBody(request, app.config.maxBodyBytes, app.config.bodyTimeoutMs, (body) =>
            parseJsonInWorker(app.analysis, body),
          );
      args = withIdempotencyKey(tool, request, args);
    } catch (error) {
      if (error instanceof ToolError) {
        event.context.error = error.code;
        return errorResponse(error);
      }
      throw error;
    }
    const tenantSelector = isQueryMethod
      ? (url.searchParams.get('tenant') ?? undefined)
      : (request.headers.get('x-svc-tenant') ?? undefined);
    const outcome = await callTool(app, tool, {
      token,
      args: { ...args, ...params },
      tenantSelector: tenantSelector || undefined,
      client,
      admitted: admitted.caller,
      ...(turn ? { analysisTurn: turn } : {}),
    });
    // For the request's log line (http-log.ts): reading it back from the response's headers
    // would build a Headers object per request.
    event.context.tenant = outcome.tenantId;
    if (!outcome.ok) event.context.error = outcome.error.code;
    return outcomeResponse(outcome);
  } finally {
    // Unused (not an ingest, or refused before analysis): the next message takes it.
    turn?.release();
  }
}

/**
 * For a body over LARGE_BODY_BYTES (and within `maxBytes`): waits for a message's turn in the
 * analysis queue before the body is read (REST and MCP alike), and returns it for the ingest
 * to run in; undefined for a small body. Past the queue's limits it throws 503 `unavailable`
 * with Retry-After, the body left unread and the connection to close after the answer.
 */
export async function turnForLargeBody(
  app: AppContext,
  request: Request,
  maxBytes: number,
): Promise<HeldTurn | undefined> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (!(declared > LARGE_BODY_BYTES && declared <= maxBytes)) return undefined;
  try {
    return await app.analysis.hold(declared);
  } catch (error) {
    if (error instanceof ToolError) leaveBodyUnread(request);
    throw error;
  }
}

/** Answered before its body was read: Node closes the connection after the answer rather than read the rest. */
function leaveBodyUnread(request: Request): void {
  const node = nodeOf(request);
  node?.req?.pause();
  node?.res?.setHeader('connection', 'close');
}

export function toH3Path(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

export function mountRest(h3: H3, app: AppContext, tools: readonly ToolDef[], credential?: RestCredential): void {
  for (const tool of tools) {
    h3.on(tool.http.method, toH3Path(tool.http.path), (event) => handle(app, tool, event, credential));
  }
}

/** For an unmatched /v1 request: 405 when the path exists under another method, else 404. */
export function unmatchedResponse(tools: readonly ToolDef[], method: string, pathname: string): Response {
  const allowed = tools
    .filter((t) => new RegExp(`^${t.http.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(pathname))
    .map((t) => t.http.method)
    .sort();
  if (allowed.length > 0) {
    const error = new ToolError(
      'method_not_allowed',
      `${method} is not allowed on ${pathname}; use ${allowed.join(' or ')}.`,
      { allowed },
    );
    return jsonResponse(405, error.toBody(), { allow: allowed.join(', ') });
  }
  const error = new ToolError('not_found', `No route ${method} ${pathname}; GET /v1/openapi.json lists every route.`, {
    path: pathname,
  });
  return errorResponse(error);
}
