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
import { errorResponse, jsonResponse, mountRest, unmatchedResponse } from './rest.ts';

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
    const server = createMcpServer(app, tools, key);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      // ingest_message carries a whole message; leave room for JSON escaping.
      maxRequestBodySize: app.config.maxBodyBytes * 2,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(event.req);
    } finally {
      await server.close();
    }
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
