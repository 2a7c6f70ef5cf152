// MCP over stdio (`svc mcp`): the same tools as /mcp/<API_KEY>, keyed by SVC_API_KEY.
// stdout belongs to the protocol, so anything for a person goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { AppContext } from '../services/app.ts';
import type { ToolDef } from '../tools/define.ts';
import { createMcpServer } from './mcp.ts';

export async function serveStdio(app: AppContext, tools: readonly ToolDef[], key: string): Promise<void> {
  const server = createMcpServer(app, tools, key);
  const transport = new StdioServerTransport();
  transport.onclose = () => {
    app.db.close();
    process.exit(0);
  };
  await server.connect(transport);
}
