// The 503 `unavailable` answer on a real sqld: documented on every route (one OpenAPI
// response with Retry-After), carried alike by REST and MCP, and given when this node's
// writes queue longer than the bound; a transaction that fails mid-way leaves nothing.
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createServer, connect, type Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../adapters/openapi.ts';
import { connectCaller, createMcpServer } from '../../adapters/mcp.ts';
import { ToolError } from '../../services/errors.ts';
import { openDb, RETRY_AFTER_SECONDS } from '../../storage/db.ts';
import { tools } from '../../tools/index.ts';
import { caller, createSandbox, makeTestApp } from '../helpers/app.ts';
import { startSqld, type RunningSqld } from '../helpers/sqld.ts';

/** A TCP proxy to sqld that can stop passing requests on: a server that hangs, not one that is down. */
async function freezableProxy(port: number) {
  let frozen = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      if (!frozen) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const s of [client, upstream]) {
      s.on('close', end);
      s.on('error', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${own}`,
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => {
          s.destroy();
        });
        server.close(() => resolve());
      }),
  };
}

/** A full garbage collection now, as a busy process would run one at any moment. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

describe('OpenAPI: 503 unavailable', () => {
  const doc = buildOpenApi(tools) as any;

  it('is one shared response with Retry-After and the Error body', () => {
    const response = doc.components.responses.Unavailable;
    expect(response.headers['Retry-After'].schema).toEqual({ type: 'integer', minimum: 1 });
    expect(response.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(response.description).toMatch(/^unavailable: .*Retry-After/);
  });

  it('is listed on every operation, and is the only 5XX listed', () => {
    const operations = Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((p) => Object.values(p));
    expect(operations.length).toBe(tools.length);
    for (const op of operations) {
      expect(op.responses[503], op.operationId).toEqual({ $ref: '#/components/responses/Unavailable' });
      expect(
        Object.keys(op.responses).filter((s) => s.startsWith('5')),
        op.operationId,
      ).toEqual(['503']);
    }
  });
});

describe('503 unavailable on a real sqld', () => {
  let sqld: RunningSqld;
  beforeAll(async () => {
    sqld = await startSqld();
  }, 120_000);
  afterAll(async () => {
    await sqld?.stop();
  });

  it('REST and MCP carry the same error while the server is down, as documented', async () => {
    const own = await startSqld();
    const t = await makeTestApp({ SVC_DATABASE_URL: own.url, SVC_BLOB_DRIVER: 'db' }, { realClock: true });
    try {
      const { key } = await createSandbox(t.app, 'operator');
      // The MCP server `svc mcp` runs over stdio: its caller is checked once, at start.
      const server = createMcpServer(t.app, tools, key, await connectCaller(t.app, key));
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const mcp = new Client({ name: 'svc-test', version: '0.0.0' });
      await mcp.connect(clientSide);
      expect((await mcp.callTool({ name: 'list_messages', arguments: {} })).isError).toBeFalsy();
      await own.stop();

      const rest = await caller(t.h3, key)('list_messages');
      expect(rest.status).toBe(503);
      expect(rest.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      expect(rest.body.error).toMatchObject({
        code: 'unavailable',
        details: { retry_after_seconds: RETRY_AFTER_SECONDS },
      });
      expect(rest.body.error.message).toMatch(/^The database server did not answer \(ECONNREFUSED\).*Retry in 2 s\.$/);
      // The Error schema's shape, exactly: code, message, details.
      expect(Object.keys(rest.body)).toEqual(['error']);
      expect(Object.keys(rest.body.error).sort()).toEqual(['code', 'details', 'message']);

      const result = await mcp.callTool({ name: 'list_messages', arguments: {} });
      expect(result.isError).toBe(true);
      // No header in a tool result: details.retry_after_seconds says the same.
      expect(result.structuredContent).toEqual(rest.body);
      expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(rest.body);
      await mcp.close();

      await own.start();
      expect((await caller(t.h3, key)('list_messages')).status).toBe(200);
    } finally {
      await t.close();
      await own.stop();
    }
  }, 60_000);

  it("a write that waits past the bound behind this node's earlier writes is refused with 503 and writes nothing", async () => {
    const db = await openDb(sqld.url, { writeWaitMs: 300 });
    const other = await openDb(sqld.url);
    try {
      await db.batch([{ sql: 'CREATE TABLE gate_rows (name TEXT PRIMARY KEY)', args: [] }]);
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const slow = db.transaction(async (tx) => {
        await tx.execute({ sql: 'INSERT INTO gate_rows VALUES (?)', args: ['slow'] });
        await held;
      });
      const refused = await db
        .batch([{ sql: 'INSERT INTO gate_rows VALUES (?)', args: ['queued'] }])
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ToolError);
      expect((refused as ToolError).code).toBe('unavailable');
      expect((refused as ToolError).status).toBe(503);
      expect((refused as ToolError).details).toEqual({ retry_after_seconds: RETRY_AFTER_SECONDS });
      expect((refused as ToolError).message).toMatch(
        /earlier writes held the database for more than 0.3 s.*Retry in 2 s\.$/,
      );
      release();
      await slow;
      // Another node's writes never waited on this node's queue.
      await other.batch([{ sql: 'INSERT INTO gate_rows VALUES (?)', args: ['other'] }]);
      const names = (await other.read('SELECT name FROM gate_rows ORDER BY name')).map((r) => r.name);
      expect(names).toEqual(['other', 'slow']);
    } finally {
      db.close();
      other.close();
    }
  });

  it('a server that stops answering gives 503 after the request bound, also after a garbage collection; writes go on once it answers', async () => {
    const proxy = await freezableProxy(sqld.port);
    const direct = await openDb(sqld.url);
    const db = await openDb(proxy.url, { requestTimeoutMs: 3_000 });
    try {
      await direct.batch([{ sql: 'CREATE TABLE hung_rows (name TEXT PRIMARY KEY)', args: [] }]);
      proxy.freeze();
      for (const call of [
        () => db.batch([{ sql: 'INSERT INTO hung_rows VALUES (?)', args: ['held'] }]),
        () => db.read('SELECT name FROM hung_rows'),
      ]) {
        // A collection while the request waits: the bound must still fire (it once held
        // its signal only weakly, and the request then waited forever).
        const pending = call().catch((e: unknown) => e);
        await new Promise((resolve) => setTimeout(resolve, 100));
        collectGarbage();
        const error = await pending;
        expect(error).toBeInstanceOf(ToolError);
        expect((error as ToolError).code).toBe('unavailable');
        expect((error as ToolError).message).toMatch(/^The database server did not answer \(no answer in time\)/);
      }
      proxy.thaw();
      await db.batch([{ sql: 'INSERT INTO hung_rows VALUES (?)', args: ['after'] }]);
      // The held request never reached the server.
      expect((await direct.read('SELECT name FROM hung_rows')).map((r) => r.name)).toEqual(['after']);
    } finally {
      db.close();
      direct.close();
      await proxy.close();
    }
  }, 60_000);

  it('a transaction that fails mid-way is rolled back: its rows are gone and every node writes on', async () => {
    const db = await openDb(sqld.url);
    const other = await openDb(sqld.url);
    try {
      await db.batch([{ sql: 'CREATE TABLE tx_rows (name TEXT PRIMARY KEY)', args: [] }]);
      const failed = db.transaction(async (tx) => {
        await tx.execute({ sql: 'INSERT INTO tx_rows VALUES (?)', args: ['half'] });
        // A constraint error after a write: the first row must not survive it.
        await tx.execute({ sql: 'INSERT INTO tx_rows VALUES (?)', args: ['half'] });
      });
      await expect(failed).rejects.toThrow(/UNIQUE constraint failed/);
      await other.batch([{ sql: 'INSERT INTO tx_rows VALUES (?)', args: ['other'] }]);
      await db.transaction(async (tx) => {
        const n = Number((await tx.execute('SELECT COUNT(*) AS n FROM tx_rows')).rows[0]!.n);
        await tx.execute({ sql: 'INSERT INTO tx_rows VALUES (?)', args: [`after-${n}`] });
      });
      expect((await other.read('SELECT name FROM tx_rows ORDER BY name')).map((r) => r.name)).toEqual([
        'after-1',
        'other',
      ]);
    } finally {
      db.close();
      other.close();
    }
  });
});
