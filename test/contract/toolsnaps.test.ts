// The tool surface, pinned (after GitHub's MCP server, __toolsnaps__): every tool exactly as
// a real MCP client receives it from tools/list, one file per tool, the server
// instructions (field notes several tools share, which their schemas point to) and the
// OpenAPI document. A changed description, schema or annotation fails here until its snapshot is
// updated on purpose: `npx vitest run test/contract/toolsnaps.test.ts -u` (the file first:
// `-u` takes an optional value and would swallow it), then review the diff. A missing
// snapshot fails rather than being written (vitest alone writes one outside CI), and so
// does a snapshot whose tool is gone (-u deletes it).
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../../tools/index.ts';
import { callRest, http, makeTestApp, mcpClient, toolNamed, verifiedAccount, type TestApp } from '../helpers/app.ts';

const SNAPS = join(import.meta.dirname, '__toolsnaps__');
const OPENAPI = 'openapi';
const INSTRUCTIONS = 'instructions';

/** Keys sorted at every level, so a snapshot changes only when what it says changes. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
  );
}

const snapshotText = (value: unknown) => `${JSON.stringify(sorted(value), null, 2)}\n`;

const updating = () => expect.getState().snapshotState.snapshotUpdateState === 'all';

/** Like toMatchFileSnapshot, but a snapshot is only ever written by -u. */
async function matchSnapshot(text: string, name: string) {
  const file = join(SNAPS, `${name}.snap`);
  if (!updating())
    expect(existsSync(file), `no snapshot ${name}.snap: review the surface, then run with -u`).toBe(true);
  await expect(text).toMatchFileSnapshot(file);
}

describe('tool snapshots', () => {
  let t: TestApp;
  let listed: Record<string, unknown>[];
  let openapi: unknown;
  let instructions: string | undefined;
  beforeAll(async () => {
    t = await makeTestApp();
    const { key } = await verifiedAccount(t.app);
    // A key with every scope reaching two tenants sees every tool, each taking `tenant`.
    for (const name of ['acme', 'globex']) await callRest(t.h3, toolNamed('create_tenant'), key, { name });
    const client = await mcpClient(t.h3, key);
    listed = (await client.listTools()).tools as Record<string, unknown>[];
    instructions = client.getInstructions();
    await client.close();
    openapi = (await http(t.h3, 'GET', '/v1/openapi.json')).body;
  });
  afterAll(() => t.close());

  it('lists every registered tool', () => {
    expect(listed.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name));
  });

  it.each(tools.map((tool) => [tool.name]))('%s matches its snapshot', async (name) => {
    // The whole entry: name, title, description, inputSchema, annotations, and whatever
    // else the server adds (an outputSchema, _meta) the day it does.
    await matchSnapshot(snapshotText(listed.find((entry) => entry.name === name)), name);
  });

  it('the OpenAPI document matches its snapshot', async () => {
    await matchSnapshot(snapshotText(openapi), OPENAPI);
  });

  it('the server instructions match their snapshot', async () => {
    expect(instructions?.length).toBeLessThan(2048);
    await matchSnapshot(`${instructions}\n`, INSTRUCTIONS);
  });

  it('keeps no snapshot of a tool that is gone', () => {
    const wanted = new Set([...tools.map((tool) => `${tool.name}.snap`), `${OPENAPI}.snap`, `${INSTRUCTIONS}.snap`]);
    const orphans = readdirSync(SNAPS).filter((file) => !wanted.has(file));
    if (updating()) {
      for (const file of orphans) rmSync(join(SNAPS, file));
      return;
    }
    expect(
      orphans,
      'snapshots of removed tools: run `npx vitest run test/contract/toolsnaps.test.ts -u` to delete them',
    ).toEqual([]);
  });
});
