// MCP over stdio (`svc mcp`): the same tools as /mcp/<API_KEY>, keyed by SVC_API_KEY, with
// the same message limit and the same per-message rate limit as MCP over HTTP.
// stdout belongs to the protocol, so anything for a person goes to stderr.
import type { AppContext } from '../services/app.ts';
import type { Caller } from '../services/auth.ts';
import { spendRequest } from '../services/call.ts';
import { countAccounts } from '../storage/accounts.ts';
import { ToolError, type ToolDef } from '../tools/define.ts';
import { type JSONRPCMessage, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { serveStdio as serveMcpStdio } from '@modelcontextprotocol/server/stdio';
import { connectCaller, createMcpServer, mcpMessageLimit, toCallToolResult } from './mcp.ts';
import { BoundedStdioTransport, type Refusal } from './stdio-transport.ts';

/** JSON-RPC's range for server errors: a request (not a tools/call) refused by the rate limit, with the shared Error as data. */
export const RATE_LIMITED_RPC_CODE = -32000;

/** Where the key was looked up, for a person reading the refusal. */
function databaseName(app: AppContext): string {
  return app.config.databaseUrl.replace(/^file:/, '');
}

/**
 * Checks the key before speaking MCP: a wrong key or a wrong database (SVC_DATA_DIR unset
 * opens ./data/svc.db) must stop `svc mcp` at start, not look connected and fail every call.
 * Returns the caller, or the message to print and exit with.
 */
export async function stdioCaller(app: AppContext, key: string): Promise<Caller | string> {
  try {
    return await connectCaller(app, key);
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    const where = `database ${databaseName(app)}`;
    if ((await countAccounts(app.db)) === 0) {
      return (
        `svc mcp: ${where} has no accounts, so SVC_API_KEY cannot be in it; set SVC_DATA_DIR (or SVC_DATABASE_URL) ` +
        'to the one `svc serve` uses.'
      );
    }
    return `svc mcp: ${error.message} (SVC_API_KEY checked against ${where})`;
  }
}

export async function serveStdio(app: AppContext, tools: readonly ToolDef[], key: string): Promise<void> {
  const caller = await stdioCaller(app, key);
  if (typeof caller === 'string') {
    console.error(caller);
    app.db.close();
    process.exit(1);
  }
  // Every message counts against the key's rate limit, as over HTTP (where the refusal is
  // HTTP 429). A refused tools/call is the tool's isError result with the shared Error, as
  // any other refusal of a call; other requests get a JSON-RPC error carrying the same.
  const admit = async (message: JSONRPCMessage): Promise<Refusal | null> => {
    try {
      await spendRequest(app, caller);
      return null;
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      if ('method' in message && message.method === 'tools/call') {
        const result = toCallToolResult({ ok: false, error, tenantId: null });
        // A 2026-07-28 request (its revision in `_meta`) must get a result that says it is complete.
        const modern = (message.params?._meta as Record<string, unknown> | undefined)?.[PROTOCOL_VERSION_META_KEY];
        return { result: modern === undefined ? result : { ...result, resultType: 'complete' } };
      }
      return { error: { code: RATE_LIMITED_RPC_CODE, message: error.message, data: { ...error.toBody() } } };
    }
  };
  const transport = new BoundedStdioTransport(mcpMessageLimit(app.config), admit);
  // The SDK picks the revision from the first message: `initialize` pins a 2025-era server for
  // the connection, a request carrying the 2026-07-28 `_meta` envelope (server/discover or any
  // other) a 2026-07-28 one. Either comes from the same factory, for the same caller.
  serveMcpStdio(() => createMcpServer(app, tools, key, caller, { rateCounted: true }), { transport });
  // Set after serveStdio, which takes the transport's onclose for its own teardown.
  const sdkOnClose = transport.onclose;
  transport.onclose = () => {
    sdkOnClose?.();
    app.db.close();
    process.exit(0);
  };
}
