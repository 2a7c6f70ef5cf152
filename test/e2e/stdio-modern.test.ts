// `svc mcp` (stdio) speaks MCP 2026-07-28 to a client that opens with it (server/discover,
// no initialize) and the 2025 revisions to one that opens with `initialize`: the same
// tools, results and refusals either way, and the per-message rate limit in both.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { beforeAll, describe, expect, it } from 'vitest';
import { INSTRUCTIONS } from '../../adapters/mcp.ts';
import { tools } from '../../tools/index.ts';
import { ROOT, SVC, svc, svcEnv, tempDataDir } from '../helpers/process.ts';

const MODERN = '2026-07-28';
/** Each test starts `svc mcp` up to three times; on a busy machine one start can take 20 s. */
const STARTS_WITHIN_MS = 240_000;

async function stdioClient(env: NodeJS.ProcessEnv, negotiation: 'pin' | 'auto' | 'legacy'): Promise<Client> {
  const client = new Client(
    { name: 'stdio-modern', version: '0' },
    negotiation === 'legacy' ? {} : { versionNegotiation: { mode: negotiation === 'pin' ? { pin: MODERN } : 'auto' } },
  );
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [SVC, 'mcp'],
      env: env as Record<string, string>,
      cwd: ROOT,
      stderr: 'pipe',
    }),
  );
  return client;
}

describe('svc mcp (stdio), MCP 2026-07-28 and 2025', () => {
  let dataDir: string;
  let key: string;
  let tenantId: string;
  beforeAll(async () => {
    dataDir = tempDataDir();
    const sandbox = JSON.parse(await svc(['sandbox', '--json'], svcEnv(dataDir)));
    key = sandbox.key;
    tenantId = sandbox.tenant_id;
  });

  it(
    'serves a 2026-07-28 client (pinned and auto) exactly what a 2025 client gets',
    async () => {
      const env = svcEnv(dataDir, { SVC_API_KEY: key });
      const legacy = await stdioClient(env, 'legacy');
      expect(legacy.getProtocolEra()).toBe('legacy');
      const legacyTools = (await legacy.listTools()).tools;
      expect(legacyTools).toHaveLength(tools.length);
      const legacyRefusal = await legacy.callTool({ name: 'create_tenant', arguments: { name: 'x' } });
      await legacy.close();
      for (const mode of ['pin', 'auto'] as const) {
        const client = await stdioClient(env, mode);
        expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
        expect(client.getProtocolEra()).toBe('modern');
        expect(client.getInstructions()).toBe(INSTRUCTIONS);
        expect(JSON.stringify((await client.listTools()).tools)).toBe(JSON.stringify(legacyTools));
        const tenant = await client.callTool({ name: 'get_tenant', arguments: {} });
        expect((tenant.structuredContent as { id: string }).id).toBe(tenantId);
        const refused = await client.callTool({ name: 'create_tenant', arguments: { name: 'x' } });
        expect(refused.isError).toBe(true);
        expect((refused.structuredContent as { error: { code: string } }).error.code).toBe('account_not_verified');
        expect(refused.structuredContent).toEqual(legacyRefusal.structuredContent);
        await client.close();
      }
    },
    STARTS_WITHIN_MS,
  );

  it(
    'counts every 2026-07-28 message against the key: a call past it is an isError rate_limited result',
    async () => {
      // A database of its own: the budget is a bucket shared through the database.
      const ownDir = tempDataDir();
      const own = JSON.parse(await svc(['sandbox', '--json'], svcEnv(ownDir))).key;
      const client = await stdioClient(svcEnv(ownDir, { SVC_API_KEY: own, SVC_RATE_LIMIT_PER_MINUTE: '3' }), 'pin');
      const outcomes: string[] = [];
      // Three a minute: the fourth call at the latest is past the budget.
      for (let i = 0; i < 4; i++) {
        const result = await client.callTool({ name: 'get_tenant', arguments: {} });
        outcomes.push(result.isError ? (result.structuredContent as { error: { code: string } }).error.code : 'ok');
      }
      expect(outcomes[0]).toBe('ok');
      expect(outcomes.at(-1)).toBe('rate_limited');
      expect(outcomes.filter((o) => o !== 'ok' && o !== 'rate_limited')).toEqual([]);
      await client.close();
    },
    STARTS_WITHIN_MS,
  );
});
