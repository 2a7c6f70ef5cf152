// The HTTP surface: /healthz, /v1/openapi.json, MCP over streamable HTTP at
// /mcp/<API_KEY> or /mcp with a Bearer header (stateless: a fresh server and transport per
// request, POST only; the key is checked before the body is read) and REST /v1.
// MCP 2026-07-28 requests (each carries its revision in `_meta`, no `initialize`) go to the
// SDK's per-request handler; 2025-era requests to a stateless streamable HTTP transport.
import {
  createMcpHandler,
  isLegacyRequest,
  type Server as McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { H3, getRouterParam, type H3Event } from 'h3';
import { toNodeHandler } from 'h3/node';
import { createServer, type Server as NodeServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppContext } from '../services/app.ts';
import type { HeldTurn } from '../services/analysis-pool.ts';
import type { Caller } from '../services/auth.ts';
import { mcpResource } from '../services/oauth.ts';
import { VERSION } from '../services/config.ts';
import { ToolError, type ToolDef } from '../tools/define.ts';
import { spendRequest } from '../services/call.ts';
import { log } from '../services/log.ts';
import { logRequest, markRequestStart, mcpLogContext } from './http-log.ts';
import { allowedHosts, checkHostAndOrigin } from './host-check.ts';
import { consoleCredential, mountConsole } from './console.ts';
import { batchRefusal, connectCaller, createMcpServer, messageTooLarge, mcpMessageLimit, rpcError } from './mcp.ts';
import { challengeUnauthorized, mountOAuth, OAUTH_PAGE_ROUTES } from './oauth.ts';
import { buildOpenApi } from './openapi.ts';
import {
  bearerToken,
  bodyTimeout,
  clientAddress,
  errorResponse,
  jsonResponse,
  mountRest,
  readLimitedBody,
  turnForLargeBody,
  unmatchedResponse,
} from './rest.ts';
import { parseToolsets, TOOLSETS } from './toolsets.ts';

/** Routes that are no tool; a tool's own routes are known from the registry. */
const FIXED_ROUTES: readonly (readonly [string, string])[] = [
  ['GET', '/healthz'],
  ['GET', '/v1/openapi.json'],
  ...OAUTH_PAGE_ROUTES,
];

export function createHttpApp(app: AppContext, tools: readonly ToolDef[]): H3 {
  const h3 = new H3({
    onRequest: markRequestStart,
    onResponse: (response, event) => logRequest(event, response, tools),
    onError: (error) => {
      log().error({ err: error }, 'unhandled HTTP error');
      return errorResponse(new ToolError('internal', 'Internal error; it has been logged. Retry the request.'));
    },
  });

  h3.use(challengeUnauthorized(app));
  mountOAuth(h3, app);
  h3.get('/healthz', () => jsonResponse(200, { ok: true, version: VERSION }));
  h3.get('/v1/openapi.json', (event) =>
    jsonResponse(200, buildOpenApi(tools, app.config.publicUrl ?? new URL(event.req.url).origin)),
  );

  const hosts = allowedHosts(app.config);
  // One handler for 2026-07-28 requests; the server for each comes from the request's own
  // caller, set just before the request is handed over (the SDK passes the same Request back).
  const modernServers = new WeakMap<Request, McpServer>();
  const modern = createMcpHandler(
    ({ requestInfo }) => {
      const server = requestInfo && modernServers.get(requestInfo);
      if (!server) throw new Error('No MCP server was prepared for this request.');
      return server;
    },
    {
      legacy: 'reject',
      // The SDK answers a JSON body unless a call sends progress first, then an SSE stream.
      responseMode: 'auto',
      maxRequestBodySize: mcpMessageLimit(app.config),
      onerror: (error) => log().debug({ err: error }, 'MCP 2026-07-28 request refused or failed'),
    },
  );
  const mcp = async (event: H3Event, token: string | undefined): Promise<Response> => {
    // The refusal's code goes in the request's log line (http-log.ts).
    const refuse = (error: ToolError, response = errorResponse(error)): Response => {
      event.context.error = error.code;
      return response;
    };
    const refused = checkHostAndOrigin(app.config, hosts, event.req.headers);
    if (refused) return refuse(refused);
    const resource = mcpResource(app.config.publicUrl, new URL(event.req.url).origin);
    // Stateless: no session, so no stream to GET and nothing to DELETE.
    if (event.req.method !== 'POST') {
      // Except that a request with no key or token at all gets the 401 and its Bearer challenge
      // first, whatever its method: Gemini CLI, when its POST's 401 did not hand it the
      // challenge, looks for it with `HEAD /mcp`, and a 405 there ended its OAuth sign-in
      // (docs/mcp.md, "Clients"). With a key it is still 405 before the key is looked up.
      if (!token) {
        try {
          await connectCaller(app, token, clientAddress(event, app.config.trustProxyHops), resource);
        } catch (error) {
          if (error instanceof ToolError) return refuse(error);
          throw error;
        }
      }
      const error = new ToolError(
        'method_not_allowed',
        `${event.req.method} is not allowed on the MCP endpoint: it is stateless; send JSON-RPC with POST.`,
        { allowed: ['POST'] },
      );
      return refuse(error, jsonResponse(405, error.toBody(), { allow: 'POST' }));
    }
    const toolsets = parseToolsets(new URL(event.req.url).searchParams.get('toolsets'));
    if (toolsets.unknown.length > 0) {
      return refuse(
        new ToolError(
          'invalid_request',
          `Unknown toolset ${toolsets.unknown.join(', ')}; use a comma list of ${Object.keys(TOOLSETS).join(', ')}.`,
          { toolsets: Object.keys(TOOLSETS) },
        ),
      );
    }
    let caller: Caller;
    try {
      caller = await connectCaller(app, token, clientAddress(event, app.config.trustProxyHops), resource);
      // Every JSON-RPC message counts against the key's rate limit: the first one here,
      // before the body is read; the rest of a batch once it is parsed.
      await spendRequest(app, caller);
    } catch (error) {
      if (error instanceof ToolError) return refuse(error);
      throw error;
    }
    const limit = mcpMessageLimit(app.config);
    // A large body (a message to ingest) is read when its turn in the analysis queue comes, as over REST.
    let turn: HeldTurn | undefined;
    try {
      turn = await turnForLargeBody(app, event.req, limit);
    } catch (error) {
      if (error instanceof ToolError) return refuse(error);
      throw error;
    }
    const answer = async (): Promise<Response> => {
      let parsedBody: unknown;
      const body = await readLimitedBody(event.req, limit, app.config.bodyTimeoutMs);
      if (body === 'too_large')
        return jsonResponse(413, rpcError(null, -32600, messageTooLarge(limit), { limit_bytes: limit }));
      if (body === 'timeout') {
        const late = bodyTimeout(app.config.bodyTimeoutMs);
        return jsonResponse(408, rpcError(null, -32600, late.message, late.details));
      }
      try {
        parsedBody = JSON.parse(body.toString('utf8'));
      } catch {
        return jsonResponse(400, rpcError(null, -32700, 'Parse error: the body is not JSON'));
      }
      const batchRefused = batchRefusal(parsedBody, event.req.headers.get('mcp-protocol-version'));
      if (batchRefused) return jsonResponse(400, batchRefused);
      const messages: unknown[] = [parsedBody].flat();
      try {
        for (let i = 1; i < messages.length; i++) await spendRequest(app, caller);
      } catch (error) {
        if (error instanceof ToolError) return errorResponse(error);
        throw error;
      }
      // Plain JSON answers are faster; a call that asked for progress needs an SSE stream
      // so the progress notifications can reach the client before the result.
      const wantsProgress = messages.some(
        (m) => (m as { params?: { _meta?: { progressToken?: unknown } } })?.params?._meta?.progressToken !== undefined,
      );
      const logContext = mcpLogContext(event);
      logContext.rpc = messages.map((m) => String((m as { method?: unknown } | null)?.method ?? 'response'));
      const server = createMcpServer(app, tools, token!, caller, {
        names: toolsets.names,
        rateCounted: true,
        ...(turn ? { analysisTurn: turn } : {}),
        client: clientAddress(event, app.config.trustProxyHops),
        resource,
        onCall: (tool, outcome) => {
          logContext.tools.push(tool);
          logContext.tenant = outcome.tenantId ?? logContext.tenant;
          if (!outcome.ok) logContext.error = outcome.error.code;
        },
      });
      if (!(await isLegacyRequest(event.req, parsedBody, { maxRequestBodySize: limit }))) {
        modernServers.set(event.req, server);
        return modern.fetch(event.req, { parsedBody });
      }
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: !wantsProgress,
      });
      await server.connect(transport);
      const response = await transport.handleRequest(event.req, { parsedBody });
      if (!wantsProgress || !response.body) {
        await server.close();
        return keepRequestId(response, parsedBody);
      }
      const closing = new TransformStream({
        flush: () => {
          void server.close();
        },
      });
      return new Response(response.body.pipeThrough(closing), { status: response.status, headers: response.headers });
    };
    try {
      return await answer();
    } finally {
      // Claimed by an ingest, the turn is given back when its message has been read (a call
      // that streams progress may still be reading); unclaimed, it is given back now.
      if (turn?.claim()) turn.release();
    }
  };
  h3.all('/mcp/:key', (event) => mcp(event, getRouterParam(event, 'key', { decode: true })));
  // The MCP authorization guidance and most clients send the key as a Bearer header.
  h3.all('/mcp', (event) => mcp(event, bearerToken(event.req.headers.get('authorization'))));

  // The review console: its files, its sign-in, and its session cookie accepted on /v1.
  mountConsole(h3, app);
  mountRest(h3, app, tools, consoleCredential(app));
  h3.all('/**', (event) => {
    const { pathname } = new URL(event.req.url);
    // A path this service has, asked with another method: 405 with Allow, as for the REST routes.
    const allowed = FIXED_ROUTES.filter(([, path]) => path === pathname).map(([method]) => method);
    const response =
      allowed.length > 0
        ? jsonResponse(
            405,
            new ToolError(
              'method_not_allowed',
              `${event.req.method} is not allowed on ${pathname}; use ${allowed.join(' or ')}.`,
              {
                allowed,
              },
            ).toBody(),
            { allow: allowed.join(', ') },
          )
        : unmatchedResponse(tools, event.req.method, pathname);
    event.context.error = response.status === 405 ? 'method_not_allowed' : 'not_found';
    return response;
  });
  return h3;
}

/**
 * The SDK transport answers some refusals with `"id": null` even when the request had an
 * id; JSON-RPC wants the request's id whenever it could be read.
 */
async function keepRequestId(response: Response, request: unknown): Promise<Response> {
  const id = (request as { id?: unknown } | null)?.id;
  if (response.status < 400 || Array.isArray(request) || (typeof id !== 'string' && typeof id !== 'number'))
    return response;
  const text = await response.text();
  let body: { id?: unknown } | null = null;
  try {
    body = JSON.parse(text) as { id?: unknown };
  } catch {
    body = null;
  }
  if (body && body.id === null) body.id = id;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(body ? JSON.stringify(body) : text, { status: response.status, headers });
}

export interface RunningHttp {
  server: NodeServer;
  url: string;
  close: () => Promise<void>;
}

export async function listenHttp(h3: H3, port: number, host: string): Promise<RunningHttp> {
  const server = createServer(toNodeHandler(h3));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    url: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
