// The libSQL client and the one write queue. A local file has one writer, and an
// autocommit write issued while an interactive transaction is open on the same client
// is swept into that transaction (GOTCHAS.md), so every write goes through `write`.
import { createClient, type Client, type InStatement, type ResultSet, type Row, type Transaction } from '@libsql/client';
import Database from 'libsql';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from './migrate.ts';

export type Statement = { sql: string; args: (string | number | null | bigint | Uint8Array)[] };

type Prepared = ReturnType<Database.Database['prepare']>;

const STATEMENT_CACHE_SIZE = 500;

export class Db {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly prepared = new Map<string, Prepared>();

  /**
   * `reader`: for a local file, a read-only connection to the same file. @libsql/client
   * prepares every statement anew (preparing and listing columns was half the CPU of an
   * API read); this connection keeps prepared statements. Writes never use it.
   */
  constructor(readonly client: Client, private readonly reader: Database.Database | null = null) {}

  /** A read outside the write queue; it sees committed data. */
  async read(sql: string, args: Statement['args'] = []): Promise<Row[]> {
    if (!this.reader) return (await this.client.execute({ sql, args })).rows;
    let statement = this.prepared.get(sql);
    if (!statement) {
      if (this.prepared.size >= STATEMENT_CACHE_SIZE) this.prepared.clear();
      statement = this.reader.prepare(sql);
      this.prepared.set(sql, statement);
    }
    return statement.all(args) as Row[];
  }

  async readOne(sql: string, args: Statement['args'] = []): Promise<Row | undefined> {
    return (await this.read(sql, args))[0];
  }

  /** Runs `fn` alone: writes never interleave with another write or transaction. */
  private serialize<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Atomic batch of statements. */
  batch(statements: InStatement[]): Promise<ResultSet[]> {
    return this.serialize(() => this.client.batch(statements, 'write'));
  }

  /** An interactive transaction for writes that depend on a read made inside it. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.serialize(async () => {
      const tx = await this.client.transaction('write');
      try {
        const result = await fn(tx);
        await tx.commit();
        return result;
      } finally {
        tx.close();
      }
    });
  }

  close(): void {
    this.reader?.close();
    this.client.close();
  }
}

export async function openDb(url: string, authToken?: string, sync: 'full' | 'normal' = 'full'): Promise<Db> {
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length);
    if (path && !path.startsWith(':')) mkdirSync(dirname(path), { recursive: true });
  }
  const client = createClient({ url, authToken });
  if (url.startsWith('file:') || url === ':memory:') {
    // WAL lets readers proceed while the single writer commits; busy_timeout covers a
    // second process (another `svc serve` or the CLI) holding the write lock briefly.
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA busy_timeout = 5000');
    await client.execute(`PRAGMA synchronous = ${sync === 'normal' ? 'NORMAL' : 'FULL'}`);
  }
  await client.execute('PRAGMA foreign_keys = ON');
  await migrate(new Db(client), migrationsDir);
  const path = url.startsWith('file:') ? url.slice('file:'.length) : null;
  const reader = path && !path.startsWith(':') ? new Database(path, { readonly: true }) : null;
  return new Db(client, reader);
}

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
