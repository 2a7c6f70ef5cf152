// The HTTP surface: /healthz, /v1/openapi.json, MCP over streamable HTTP at
// /mcp/<API_KEY> (stateless: a fresh server and transport per request) and REST /v1.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { H3, getRouterParam } from 'h3';
import { toNodeHandler } from 'h3/node';
import { createServer, type Server as NodeServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppContext } from '../services/app.ts';
import { VERSION } from '../services/config.ts';
import { ToolError, type ToolDef } from '../tools/define.ts';
import { createMcpServer } from './mcp.ts';
import { buildOpenApi } from './openapi.ts';
import { clientAddress, errorResponse, jsonResponse, mountRest, readLimitedBody, unmatchedResponse } from './rest.ts';

export function createHttpApp(app: AppContext, tools: readonly ToolDef[]): H3 {
  const h3 = new H3({
    onError: (error) => {
      console.error('[svc] unhandled HTTP error:', error);
      return errorResponse(new ToolError('internal', 'Internal error; it has been logged. Retry the request.'));
    },
  });

  h3.get('/healthz', () => jsonResponse(200, { ok: true, version: VERSION }));
  h3.get('/v1/openapi.json', () => jsonResponse(200, buildOpenApi(tools, app.config.publicUrl)));

  h3.all('/mcp/:key', async (event) => {
    const key = getRouterParam(event, 'key', { decode: true });
    let parsedBody: unknown;
    if (event.req.method === 'POST') {
      const body = await readLimitedBody(event.req, app.config.maxBodyBytes * 2);
      if (body === null) return jsonResponse(413, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Request body too large' } });
      try {
        parsedBody = JSON.parse(body.toString('utf8'));
      } catch {
        return jsonResponse(400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the body is not JSON' } });
      }
    }
    // Plain JSON answers are faster; a call that asked for progress needs an SSE stream
    // so the progress notifications can reach the client before the result.
    const wantsProgress = [parsedBody].flat().some((m) => (m as { params?: { _meta?: { progressToken?: unknown } } })?.params?._meta?.progressToken !== undefined);
    const server = createMcpServer(app, tools, key, clientAddress(event, app.config.trustProxyHops));
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: !wantsProgress });
    await server.connect(transport);
    const response = await transport.handleRequest(event.req, parsedBody === undefined ? {} : { parsedBody });
    if (!wantsProgress || !response.body) {
      await server.close();
      return response;
    }
    const closing = new TransformStream({ flush: () => { void server.close(); } });
    return new Response(response.body.pipeThrough(closing), { status: response.status, headers: response.headers });
  });
  h3.all('/mcp', () => errorResponse(new ToolError('unauthorized',
    'Put the API key in the MCP URL: /mcp/<API_KEY>.')));

  mountRest(h3, app, tools);
  h3.all('/**', (event) => unmatchedResponse(tools, event.req.method, new URL(event.req.url).pathname));
  return h3;
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
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

