// One log line per HTTP request: method, route pattern (never the raw path of a matched
// route: /mcp/<KEY> carries a key), the path of an unmatched request with anything shaped
// like a key or token masked, the tool, status, the refusal's error code, duration, the
// key's public prefix and the tenant.
import type { H3Event } from 'h3';
import { keyPrefix, log } from '../services/log.ts';
import type { ToolDef } from '../tools/define.ts';
import { bearerToken, toH3Path } from './rest.ts';

/** What the MCP handler learns while answering, for the request's log line. */
export interface McpLogContext {
  rpc: string[];
  tools: string[];
  tenant: string | null;
  error: string | null;
}

export function markRequestStart(event: H3Event): void {
  event.context.startedAt = performance.now();
}

export function mcpLogContext(event: H3Event): McpLogContext {
  const context: McpLogContext = { rpc: [], tools: [], tenant: null, error: null };
  event.context.mcp = context;
  return context;
}

const routesOf = new WeakMap<readonly ToolDef[], Map<string, ToolDef>>();

/** Each REST route's tool by "METHOD /route", made once: a search per request showed in profiles. */
function restRoutes(tools: readonly ToolDef[]): Map<string, ToolDef> {
  let routes = routesOf.get(tools);
  if (!routes) {
    routes = new Map(tools.map((t) => [`${t.http.method} ${toH3Path(t.http.path)}`, t]));
    routesOf.set(tools, routes);
  }
  return routes;
}

export function logRequest(event: H3Event, response: Response, tools: readonly ToolDef[]): void {
  const logger = log();
  if (!logger.isLevelEnabled('info')) return;
  const started = event.context.startedAt as number | undefined;
  const method = event.req.method;
  const route = event.context.matchedRoute?.route ?? null;
  const mcp = event.context.mcp as McpLogContext | undefined;
  const rest = route?.startsWith('/v1/') ? restRoutes(tools).get(`${method} ${route}`) : undefined;
  const token = route === '/mcp/:key' ? event.context.params?.key : bearerToken(event.req.headers.get('authorization'));
  const failed = response.status >= 400;
  const error = (event.context.error as string | undefined) ?? mcp?.error ?? null;
  logger[response.status >= 500 ? 'error' : 'info'](
    {
      method,
      route: route === null || route === '/**' ? 'unmatched' : route,
      ...(route === null || route === '/**' ? { path: maskedPath(new URL(event.req.url).pathname) } : {}),
      ...(rest ? { tool: rest.name } : {}),
      ...(mcp
        ? {
            rpc: mcp.rpc,
            ...(mcp.tools.length ? { tool: mcp.tools.join(',') } : {}),
            ...(mcp.error ? { tool_error: mcp.error } : {}),
          }
        : {}),
      status: response.status,
      ...(failed && error ? { error } : {}),
      ms: started === undefined ? null : Math.round((performance.now() - started) * 10) / 10,
      key: keyPrefix(token),
      tenant: (event.context.tenant as string | null | undefined) ?? mcp?.tenant ?? null,
    },
    failed ? 'request refused' : 'request',
  );
}

/** A path as logged: a segment that may be an API key or a token (svc_...) shows only a key's public prefix. */
export function maskedPath(pathname: string): string {
  const shown = pathname.length > 200 ? `${pathname.slice(0, 200)}…` : pathname;
  return shown.replace(/svc_[^/]*/g, (token) => {
    const prefix = keyPrefix(token);
    return prefix?.startsWith('svc_') ? `${prefix}_…` : 'svc_…';
  });
}
