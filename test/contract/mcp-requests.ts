// Raw MCP requests over the in-process app, for checks below what the SDK client shows.
import type { H3 } from 'h3';

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
};

export async function mcpPost(h3: H3, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await h3.fetch(
    new Request(`http://svc.test${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : null };
}

/** `initialize` with the key in the URL, as /mcp/<API_KEY>. */
export function mcpInitialize(h3: H3, key: string) {
  return mcpPost(h3, `/mcp/${encodeURIComponent(key)}`, INITIALIZE);
}
