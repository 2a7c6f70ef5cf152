// The writer thread of a local file (storage/writer-thread.ts, writer.mjs): on a real file,
// batches answer exactly as @libsql/client's own batch did, batches queued together commit
// together while a failing one rolls back alone, and the thread neither outlives close()
// nor keeps a process alive.
import { createClient, type ResultSet } from '@libsql/client';
import Database from 'libsql';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Db, openDb } from '../../storage/db.ts';

const SCHEMA = 'CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT UNIQUE, n INTEGER, b BLOB)';
const opened: Db[] = [];

async function fileDb(): Promise<{ db: Db; path: string }> {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-writer-')), 'svc.db');
  const db = await openDb(`file:${path}`);
  opened.push(db);
  await db.batch([SCHEMA]);
  return { db, path };
}

/** The path before the writer thread: @libsql/client's batch on the main thread. */
async function clientDb(): Promise<Db> {
  const client = createClient({ url: `file:${join(mkdtempSync(join(tmpdir(), 'svc-client-')), 'svc.db')}` });
  await client.execute(SCHEMA);
  const db = new Db(client);
  opened.push(db);
  return db;
}

const later = () => {
  let release!: () => void;
  const promise = new Promise<void>((r) => {
    release = r;
  });
  return { promise, release };
};

/** What a caller can see of a result: every field, each row's keys, indexes and length. */
function visible(results: ResultSet[]) {
  return results.map((r) => ({
    columns: r.columns,
    columnTypes: r.columnTypes,
    rowsAffected: r.rowsAffected,
    lastInsertRowid: r.lastInsertRowid,
    rows: r.rows.map((row) => ({ ...row, keys: Object.keys(row), length: row.length, values: Array.from(row) })),
    json: JSON.stringify(r),
  }));
}

async function failure(promise: Promise<unknown>) {
  const e = (await promise.then(
    () => null,
    (error: unknown) => error,
  )) as Record<string, unknown> | null;
  expect(e).not.toBeNull();
  return {
    class: e!.constructor.name,
    name: e!.name,
    message: e!.message,
    code: e!.code,
    extendedCode: e!.extendedCode,
    rawCode: e!.rawCode,
    statementIndex: e!.statementIndex,
  };
}

const count = async (db: Db, sql = 'SELECT COUNT(*) AS c FROM t') => Number((await db.readOne(sql))?.c);

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

describe('writer thread', () => {
  it('answers a batch exactly as the main-thread client did: results, rows, blobs and ids', async () => {
    const { db } = await fileDb();
    const old = await clientDb();
    const statements = [
      { sql: 'INSERT INTO t (v, n, b) VALUES (?, ?, ?)', args: ['a', 7, new Uint8Array([1, 2, 3])] },
      { sql: 'INSERT INTO t (v, n) VALUES (?, ?), (?, ?)', args: ['b', 2 ** 40, 'c', true] },
      { sql: 'SELECT id, v, n, b, n AS v FROM t ORDER BY id', args: [] },
      { sql: 'UPDATE t SET n = n + 1 WHERE v <> ?', args: ['a'] },
      { sql: 'UPDATE t SET n = 0 WHERE v = ? RETURNING id, n', args: ['a'] },
      "DELETE FROM t WHERE v = 'c'",
    ];
    const got = visible(await db.batch(statements));
    expect(got).toEqual(visible(await old.batch(statements)));
    expect(got[0]).toMatchObject({ rowsAffected: 1, lastInsertRowid: 1n });
    expect(got[1]).toMatchObject({ rowsAffected: 2, lastInsertRowid: 3n });
    expect(got[2]!.rows[1]).toMatchObject({
      keys: ['id', 'v', 'n', 'b'],
      length: 5,
      values: [2, 'b', 2 ** 40, null, 2 ** 40],
    });
    expect(got[3]!.rowsAffected).toBe(2);
    expect(got[5]!.rowsAffected).toBe(1);
    const [blob] = await db.batch(["SELECT b FROM t WHERE v = 'a'"]);
    expect(new Uint8Array(blob!.rows[0]!.b as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('fails a batch exactly as the main-thread client did, and writes none of it', async () => {
    const { db } = await fileDb();
    const old = await clientDb();
    for (const target of [db, old]) await target.batch([{ sql: 'INSERT INTO t (v) VALUES (?)', args: ['taken'] }]);
    const cases = [
      [
        { sql: 'INSERT INTO t (v) VALUES (?)', args: ['new'] },
        { sql: 'INSERT INTO t (v) VALUES (?)', args: ['taken'] },
      ],
      [{ sql: 'INSERT INTO t (v) VALUES (?)', args: ['new'] }, 'SELEC 1'],
      [{ sql: 'INSERT INTO t (v) VALUES (?)', args: [undefined as unknown as null] }],
      [{ sql: 'INSERT INTO t (n) VALUES (?)', args: [Number.NaN] }],
      [{ sql: 'SELECT ? AS big', args: [2n ** 60n] }],
    ];
    for (const statements of cases) {
      expect(await failure(db.batch(statements))).toEqual(await failure(old.batch(statements)));
    }
    const unique = await failure(db.batch(cases[0]!));
    expect(unique).toMatchObject({
      class: 'LibsqlBatchError',
      code: 'SQLITE_CONSTRAINT',
      extendedCode: 'SQLITE_CONSTRAINT_UNIQUE',
      statementIndex: 1,
    });
    expect(String(unique.message)).toContain('UNIQUE constraint failed: t.v');
    expect(await count(db)).toBe(1);
  });

  it('writes batches queued behind a transaction as one group; a failing one rolls back alone', async () => {
    const { db } = await fileDb();
    const held = later();
    const transaction = db.transaction(async (tx) => {
      await tx.execute({ sql: 'INSERT INTO t (v) VALUES (?)', args: ['tx'] });
      await held.promise;
    });
    const insert = (v: string) => ({ sql: 'INSERT INTO t (v) VALUES (?)', args: [v] });
    const groupsBefore = db.writer!.groups;
    const first = db.batch([insert('one'), insert('two')]);
    const failing = db.batch([insert('three'), insert('one')]);
    // OR ROLLBACK ends the whole transaction, not only the statement: the others are written again.
    const rollingBack = db.batch([insert('four'), { sql: 'INSERT OR ROLLBACK INTO t (v) VALUES (?)', args: ['tx'] }]);
    const last = db.batch([insert('five')]);
    held.release();
    await transaction;
    expect((await first).map((r) => r.rowsAffected)).toEqual([1, 1]);
    expect(await failure(failing)).toMatchObject({ code: 'SQLITE_CONSTRAINT', statementIndex: 1 });
    expect(await failure(rollingBack)).toMatchObject({ code: 'SQLITE_CONSTRAINT', statementIndex: 1 });
    expect((await last)[0]!.rowsAffected).toBe(1);
    expect(db.writer!.groups - groupsBefore).toBe(1);
    const values = (await db.read('SELECT v FROM t ORDER BY id')).map((r) => r.v);
    expect(values).toEqual(['tx', 'one', 'two', 'five']);
  });

  it('an argument that cannot reach the writer fails only its own batch', async () => {
    const { db } = await fileDb();
    const held = later();
    const transaction = db.transaction(() => held.promise);
    const good = db.batch([{ sql: 'INSERT INTO t (v) VALUES (?)', args: ['good'] }]);
    const bad = db.batch([{ sql: 'INSERT INTO t (v) VALUES (?)', args: [(() => 1) as unknown as string] }]);
    held.release();
    await transaction;
    expect((await good)[0]!.rowsAffected).toBe(1);
    expect(await failure(bad)).toMatchObject({ class: 'TypeError' });
    expect((await db.read('SELECT v FROM t')).map((r) => r.v)).toEqual(['good']);
  });

  it('bounds a group by its statements', async () => {
    const { db } = await fileDb();
    const held = later();
    const transaction = db.transaction(() => held.promise);
    const before = db.writer!.groups;
    // 2,500 statements in batches of 100: at most 1,000 per group, so three groups.
    const batches = Array.from({ length: 25 }, (_, b) =>
      db.batch(Array.from({ length: 100 }, (_, i) => ({ sql: 'INSERT INTO t (n) VALUES (?)', args: [b * 100 + i] }))),
    );
    held.release();
    await transaction;
    await Promise.all(batches);
    expect(db.writer!.groups - before).toBe(3);
    expect(await count(db)).toBe(2500);
  });

  it('bounds a group by the bytes of its arguments', async () => {
    const { db } = await fileDb();
    const held = later();
    const transaction = db.transaction(() => held.promise);
    const before = db.writer!.groups;
    // Three 3 MiB blobs: two fit the 8 MiB bound, the third waits for the next group.
    const blob = new Uint8Array(3 * 1024 * 1024).fill(7);
    const writes = [1, 2, 3].map((n) => db.batch([{ sql: 'INSERT INTO t (n, b) VALUES (?, ?)', args: [n, blob] }]));
    held.release();
    await transaction;
    await Promise.all(writes);
    expect(db.writer!.groups - before).toBe(2);
    expect(Number((await db.readOne('SELECT SUM(length(b)) AS s FROM t'))?.s)).toBe(3 * blob.byteLength);
  });

  it("the writer's connection has the file's settings: WAL, busy timeout, synchronous, foreign keys", async () => {
    const { db } = await fileDb();
    const answers = await db.batch(['PRAGMA busy_timeout', 'PRAGMA synchronous', 'PRAGMA foreign_keys']);
    expect(answers.map((r) => Object.values(r.rows[0]!)[0])).toEqual([5000, 2, 1]);
    expect((await db.readOne('PRAGMA journal_mode'))?.journal_mode).toBe('wal');
    await db.batch(['CREATE TABLE child (id INTEGER PRIMARY KEY, parent INTEGER NOT NULL REFERENCES t (id))']);
    expect(await failure(db.batch([{ sql: 'INSERT INTO child (parent) VALUES (?)', args: [42] }]))).toMatchObject({
      code: 'SQLITE_CONSTRAINT',
      extendedCode: 'SQLITE_CONSTRAINT_FOREIGNKEY',
    });
  });

  it('a read after an awaited write sees it', async () => {
    const { db } = await fileDb();
    for (let i = 0; i < 50; i++) {
      await db.batch([{ sql: 'INSERT INTO t (n) VALUES (?)', args: [i] }]);
      expect(Number((await db.readOne('SELECT MAX(n) AS m FROM t'))?.m)).toBe(i);
    }
  });

  it('keeps every row when many batches and read-then-write transactions run at once', async () => {
    const { db } = await fileDb();
    await db.batch([
      'CREATE TABLE counter (k INTEGER PRIMARY KEY, n INTEGER NOT NULL)',
      'INSERT INTO counter (k, n) VALUES (1, 0)',
    ]);
    const writes = Array.from({ length: 300 }, (_, i) => {
      if (i % 10 === 0) {
        return db.transaction(async (tx) => {
          const n = Number((await tx.execute('SELECT n FROM counter WHERE k = 1')).rows[0]!.n);
          await new Promise((r) => setTimeout(r, 1));
          await tx.execute({ sql: 'UPDATE counter SET n = ? WHERE k = 1', args: [n + 1] });
        });
      }
      return db.batch([{ sql: 'INSERT INTO t (n) VALUES (?)', args: [i] }]);
    });
    await Promise.all(writes);
    expect(await count(db)).toBe(270);
    expect(Number((await db.readOne('SELECT n FROM counter'))?.n)).toBe(30);
    expect(Number((await db.readOne('SELECT SUM(n) AS s FROM t'))?.s)).toBe(
      Array.from({ length: 300 }, (_, i) => i)
        .filter((i) => i % 10 !== 0)
        .reduce((a, b) => a + b, 0),
    );
  });

  it('close() stops the thread and refuses later writes', async () => {
    const { db } = await fileDb();
    await db.batch([{ sql: 'INSERT INTO t (n) VALUES (1)', args: [] }]);
    const thread = db.writer!.thread!;
    let exited = false;
    thread.once('exit', () => {
      exited = true;
    });
    db.close();
    await db.writer!.stopped();
    expect(exited).toBe(true);
    expect(db.writer!.thread).toBeNull();
    expect(await failure(db.batch(['SELECT 1']))).toMatchObject({ code: 'CLIENT_CLOSED' });
  });

  it('a writer that dies answers its callers 503 and the next write starts a new one', async () => {
    const { db, path } = await fileDb();
    await db.batch([{ sql: 'INSERT INTO t (v) VALUES (?)', args: ['acknowledged'] }]);
    // Another connection holds the write lock, so the writer waits in BEGIN when it is stopped.
    const other = new Database(path);
    other.exec('BEGIN IMMEDIATE');
    const first = db.writer!.thread!;
    const pending = db.batch([{ sql: 'INSERT INTO t (v) VALUES (?)', args: ['in flight'] }]);
    await new Promise((r) => setTimeout(r, 100));
    const stopping = first.terminate();
    other.exec('COMMIT');
    other.close();
    await stopping;
    expect(await failure(pending)).toMatchObject({ class: 'ToolError', code: 'unavailable' });
    await db.batch([{ sql: 'INSERT INTO t (v) VALUES (?)', args: ['after'] }]);
    expect(db.writer!.thread).not.toBe(first);
    expect((await db.read('SELECT v FROM t ORDER BY id')).map((r) => r.v)).toEqual(['acknowledged', 'after']);
  });

  it('an idle writer does not keep a process alive', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-writer-exit-'));
    const script = join(dir, 'write.mts');
    const dbModule = resolve(import.meta.dirname, '../../storage/db.ts');
    writeFileSync(
      script,
      `import { openDb } from ${JSON.stringify(dbModule)};
const db = await openDb(${JSON.stringify(`file:${join(dir, 'svc.db')}`)});
await db.batch(['CREATE TABLE x (v)', "INSERT INTO x VALUES ('kept')"]);
console.log(String((await db.readOne('SELECT v FROM x'))?.v));\n`,
    );
    // No close(): the process must end by itself once its work is done.
    const child = spawnSync(process.execPath, [resolve(import.meta.dirname, '../../bin/run-ts.mjs'), script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('kept');
    expect(child.status).toBe(0);
  });
});
