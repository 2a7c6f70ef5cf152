// The writer thread of a local database file (see writer-thread.ts). It owns the one
// connection that runs write batches, so the SQL and the WAL commit run here and not on the
// main thread's event loop. Plain JavaScript: it needs no TypeScript loader, so it starts
// in milliseconds. Each message is a group of batches written in one transaction, each
// batch inside its own SAVEPOINT: a failing batch rolls back alone and the others commit.
// Statements run as @libsql/client's local client runs them (same conversions, same
// results), so callers cannot tell which path wrote.
import { Buffer } from 'node:buffer';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'libsql';

const db = new Database(workerData.path);
// The same settings as the main thread's connection (db.ts): they are per connection.
db.exec('PRAGMA journal_mode = WAL');
db.exec('PRAGMA busy_timeout = 5000');
db.exec(`PRAGMA synchronous = ${workerData.sync === 'normal' ? 'NORMAL' : 'FULL'}`);
db.exec('PRAGMA foreign_keys = ON');

const STATEMENT_CACHE_SIZE = 500;
/** Prepared statements by SQL, with whether each returns rows and its columns. */
const prepared = new Map();
const MIN_SAFE = -9007199254740991n;
const MAX_SAFE = 9007199254740991n;
const MIN_INTEGER = -9223372036854775808n;
const MAX_INTEGER = 9223372036854775807n;

function prepare(sql) {
  let entry = prepared.get(sql);
  if (entry) return entry;
  const statement = db.prepare(sql);
  statement.safeIntegers(true);
  let returnsData = true;
  try {
    statement.raw(true);
  } catch {
    // raw() throws for a statement that returns no rows.
    returnsData = false;
  }
  const columns = returnsData ? statement.columns() : [];
  entry = {
    statement,
    returnsData,
    columns: columns.map((c) => c.name),
    columnTypes: columns.map((c) => c.type ?? ''),
  };
  if (prepared.size >= STATEMENT_CACHE_SIZE) prepared.clear();
  prepared.set(sql, entry);
  return entry;
}

function valueToSql(value) {
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new RangeError('Only finite numbers (not Infinity or NaN) can be passed as arguments');
    return value;
  }
  if (typeof value === 'bigint') {
    if (value < MIN_INTEGER || value > MAX_INTEGER)
      throw new RangeError('bigint is too large to be represented as a 64-bit integer and passed as argument');
    return value;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  // A Buffer arrives as a plain Uint8Array (structured clone); libsql binds Buffers.
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value instanceof Date) return value.valueOf();
  if (value === undefined) throw new TypeError('undefined cannot be passed as argument to the database');
  return value;
}

function valueFromSql(value) {
  if (typeof value === 'bigint') {
    if (value < MIN_SAFE || value > MAX_SAFE)
      throw new RangeError('Received integer which cannot be safely represented as a JavaScript number');
    return Number(value);
  }
  if (value instanceof Uint8Array) return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength);
  return value;
}

function bind(args) {
  if (Array.isArray(args)) return args.map(valueToSql);
  const named = {};
  for (const name in args) {
    named[name[0] === '@' || name[0] === '$' || name[0] === ':' ? name.substring(1) : name] = valueToSql(args[name]);
  }
  return named;
}

function execute({ sql, args }) {
  const bound = bind(args);
  const entry = prepare(sql);
  if (entry.returnsData) {
    const rows = entry.statement.all(bound).map((row) => row.map(valueFromSql));
    return {
      columns: entry.columns,
      columnTypes: entry.columnTypes,
      rows,
      rowsAffected: 0,
      lastInsertRowid: undefined,
    };
  }
  const info = entry.statement.run(bound);
  return {
    columns: [],
    columnTypes: [],
    rows: [],
    rowsAffected: info.changes,
    lastInsertRowid: BigInt(info.lastInsertRowid),
  };
}

/** An error as data: its class and SQLite codes, for writer-thread.ts to rebuild. */
function describe(error, statementIndex) {
  const sqlite = error instanceof Database.SqliteError;
  return {
    name: sqlite ? 'SqliteError' : (error?.name ?? 'Error'),
    message: String(error?.message ?? error),
    extendedCode: sqlite ? error.code : undefined,
    rawCode: sqlite ? error.rawCode : undefined,
    statementIndex,
  };
}

function run(sql) {
  prepare(sql).statement.run();
}

/**
 * Writes the batches at `indices` in one transaction. Returns the outcome of each, or
 * `{ restart }` when a failing statement ended the whole transaction (SQLite does so on
 * some errors, and `OR ROLLBACK` asks for it): the others must then be written again.
 */
function writeGroup(batches, indices) {
  const outcomes = new Map();
  const alone = indices.length === 1;
  run('BEGIN IMMEDIATE');
  try {
    for (const i of indices) {
      if (!alone) run('SAVEPOINT batch');
      const results = [];
      let failed = null;
      for (let s = 0; s < batches[i].length; s++) {
        try {
          results.push(execute(batches[i][s]));
        } catch (error) {
          failed = describe(error, s);
          break;
        }
      }
      if (failed) {
        outcomes.set(i, { ok: false, error: failed });
        if (!db.inTransaction) return { restart: i, error: failed };
        if (alone) {
          run('ROLLBACK');
          return { outcomes };
        }
        run('ROLLBACK TO batch');
      } else {
        outcomes.set(i, { ok: true, results });
      }
      if (!alone) run('RELEASE batch');
    }
    run('COMMIT');
    return { outcomes };
  } catch (error) {
    if (db.inTransaction) run('ROLLBACK');
    throw error;
  }
}

function writeAll(batches) {
  const outcomes = new Array(batches.length);
  let indices = batches.map((_, i) => i);
  for (;;) {
    const written = writeGroup(batches, indices);
    if (written.restart === undefined) {
      for (const [i, outcome] of written.outcomes) outcomes[i] = outcome;
      return outcomes;
    }
    outcomes[written.restart] = { ok: false, error: written.error };
    indices = indices.filter((i) => i !== written.restart);
    if (indices.length === 0) return outcomes;
  }
}

parentPort.on('message', (message) => {
  if (message.close) {
    db.close();
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage({ id: message.id, outcomes: writeAll(message.batches) });
  } catch (error) {
    // BEGIN or COMMIT failed (the file is busy past the timeout, or the disk failed):
    // nothing of the group was written, and every caller in it gets the error.
    parentPort.postMessage({ id: message.id, failed: describe(error, undefined) });
  }
});
