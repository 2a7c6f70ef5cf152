// The libSQL client: a local file, or a libSQL server (sqld) shared by several nodes,
// optionally read through an embedded replica. A local file has one writer, and an
// autocommit write issued while an interactive transaction is open on the same client
// is swept into that transaction (GOTCHAS.md), so local writes go through one gate (write-gate.ts), waiting as long as it takes.
// A server serializes writes itself, but sqld 0.24 wedged with dozens of writers waiting
// on its lock: so each process sends it one write at a time (write-gate.ts), and every
// request to it is bounded in time.
import {
  createClient,
  type Client,
  type InStatement,
  type ResultSet,
  type Row,
  type Transaction,
} from '@libsql/client';
import Database from 'libsql';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unavailable } from '../services/errors.ts';
import { migrate } from './migrate.ts';
import { Replica } from './replica.ts';
import { RETRY_AFTER_SECONDS, WriteGate, WriteWaitExceeded } from './write-gate.ts';
import { WriterThread } from './writer-thread.ts';

export type Statement = { sql: string; args: (string | number | null | bigint | Uint8Array)[] };

type Prepared = ReturnType<Database.Database['prepare']>;

const STATEMENT_CACHE_SIZE = 500;
export { RETRY_AFTER_SECONDS };
/** A write waits this long for this node's earlier writes before it is answered 503. */
export const WRITE_WAIT_MS = 15_000;
/** No request to the server waits longer: a hung one becomes a 503, never a hung call. */
export const REQUEST_TIMEOUT_MS = 30_000;

export interface DbOptions {
  authToken?: string | undefined;
  sync?: 'full' | 'normal';
  /** A local file kept in sync with the server; reads go to it (remote URLs only). */
  replicaPath?: string | undefined;
  /** How often the replica pulls other nodes' writes. */
  replicaSyncMs?: number;
  /** How long a write waits for this process's earlier ones (WRITE_WAIT_MS). */
  writeWaitMs?: number;
  /** How long one request to the server may take (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs?: number;
}

export class Db {
  private readonly prepared = new Map<string, Prepared>();
  private readonly writes: WriteGate;
  /** For a local file: the thread that runs write batches (writer-thread.ts); null elsewhere. */
  readonly writer: WriterThread | null;

  /**
   * `reader`: for a local file, a read-only connection to the same file. @libsql/client
   * prepares every statement anew (preparing and listing columns was half the CPU of an
   * API read); this connection keeps prepared statements. Writes never use it.
   * `remote`: the client talks to a server; its connection failures become 503 `unavailable`.
   */
  constructor(
    readonly client: Client,
    private readonly reader: Database.Database | null = null,
    readonly remote = false,
    private readonly replica: Replica | null = null,
    writeWaitMs = WRITE_WAIT_MS,
    writer: { path: string; sync: 'full' | 'normal' } | null = null,
  ) {
    // A local file has one writer and waits its turn; a server write waits a bounded time.
    this.writes = new WriteGate(remote ? writeWaitMs : null);
    // The writer thread's groups pass the same gate as transactions: never both at once.
    this.writer = writer && new WriterThread(writer.path, writer.sync, (fn) => this.writes.run(fn));
  }

  /** A read outside the write queue; it sees committed data (and this node's own writes). */
  async read(sql: string, args: Statement['args'] = []): Promise<Row[]> {
    if (this.replica) return this.guard(async () => (await this.replica!.read(sql, args)).rows);
    if (!this.reader) return this.guard(async () => (await this.client.execute({ sql, args })).rows);
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

  /** A read from the server itself, never a replica: for rows another node just wrote. */
  async readPrimary(sql: string, args: Statement['args'] = []): Promise<Row[]> {
    if (!this.remote) return this.read(sql, args);
    return this.guard(async () => (await this.client.execute({ sql, args })).rows);
  }

  /** Runs `fn` alone: on a local file the one writer, on a server this process's one write. */
  private serialize<T>(fn: () => Promise<T>): Promise<T> {
    if (this.remote) {
      return this.writes
        .run(() => this.retryBusy(fn))
        .catch((error: unknown) => {
          if (error instanceof WriteWaitExceeded) throw unavailable(RETRY_AFTER_SECONDS, error.message);
          throw error;
        })
        .finally(() => this.replica?.wrote());
    }
    return this.writes.run(fn);
  }

  /**
   * sqld answers SQLITE_BUSY when several nodes' writes wait on its write lock (measured:
   * 16 concurrent ingests on one node). A busy batch or transaction applied nothing, so it
   * is tried again with jittered backoff (about 3 s in all), then reported as `unavailable`.
   */
  private async retryBusy<T>(fn: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.guard(fn);
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (attempt >= BUSY_RETRIES) throw unavailable(RETRY_AFTER_SECONDS, 'the database stayed busy');
        await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** attempt) * (0.5 + Math.random())));
      }
    }
  }

  /** Connection failures of a server become `unavailable` (503 / SMTP 451); SQL errors pass. */
  private async guard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      const cause = this.remote ? connectionFailure(error) : null;
      if (cause) throw unavailable(RETRY_AFTER_SECONDS, cause);
      throw error;
    }
  }

  /** Atomic batch of statements. */
  batch(statements: InStatement[]): Promise<ResultSet[]> {
    if (this.writer) return this.writer.batch(statements);
    return this.serialize(() => this.client.batch(statements, 'write'));
  }

  /**
   * An interactive transaction for writes that depend on a read made inside it ('write':
   * BEGIN IMMEDIATE, so it holds the write lock from its first statement). One that fails is
   * rolled back and its stream closed before the next write starts: an abandoned stream
   * would keep the server's write lock until the server expires it (10 s in sqld).
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.serialize(async () => {
      const tx = await this.client.transaction('write');
      try {
        const result = await fn(tx);
        await tx.commit();
        return result;
      } catch (error) {
        await tx.rollback().catch(() => undefined);
        throw error;
      } finally {
        tx.close();
      }
    });
  }

  close(): void {
    this.writer?.close();
    this.replica?.close();
    this.reader?.close();
    this.client.close();
  }
}

const BUSY_RETRIES = 8;

function isBusy(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e?.code === 'SQLITE_BUSY' || /database is locked/.test(String(e?.message ?? ''));
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_CLOSED',
]);

/** Why a server call failed, when the reason is the connection (not the SQL); else null. */
export function connectionFailure(error: unknown): string | null {
  const chain: { code?: unknown; message?: unknown }[] = [];
  for (
    let e = error as { cause?: unknown } | undefined;
    e && typeof e === 'object' && chain.length < 5;
    e = e.cause as typeof e
  ) {
    chain.push(e as { code?: unknown; message?: unknown });
  }
  const code = chain.map((e) => String(e.code ?? '')).find((c) => CONNECTION_CODES.has(c));
  if (code) return code;
  // Our own bound on a request (boundedFetch), before or after the headers came.
  if (chain.some((e) => (e as { name?: unknown }).name === 'TimeoutError')) return 'no answer in time';
  // sqld answering 5XX while it starts or stops, and a replica that cannot reach it.
  const message = chain
    .map((e) => String(e.message ?? ''))
    .find((m) => /Replication\(|HTTP status 5\d\d|fetch failed|other side closed|socket hang up/i.test(m));
  if (message) return message.slice(0, 80);
  return chain.some((e) => e.code === 'SERVER_ERROR') ? 'server error' : null;
}

export async function openDb(url: string, options: DbOptions = {}): Promise<Db> {
  const local = url.startsWith('file:') || url === ':memory:';
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length);
    if (path && !path.startsWith(':')) mkdirSync(dirname(path), { recursive: true });
  }
  const serverFetch = boundedFetch(options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS);
  const client = createClient({ url, authToken: options.authToken, ...(local ? {} : { fetch: serverFetch }) });
  if (local) {
    // WAL lets readers proceed while the single writer commits; busy_timeout covers a
    // second process (another `svc serve` or the CLI) holding the write lock briefly.
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA busy_timeout = 5000');
    await client.execute(`PRAGMA synchronous = ${options.sync === 'normal' ? 'NORMAL' : 'FULL'}`);
    await client.execute('PRAGMA foreign_keys = ON');
  }
  await migrate(new Db(client, null, !local), migrationsDir);
  if (!local) {
    const replica = options.replicaPath
      ? await Replica.open(options.replicaPath, url, options.authToken, options.replicaSyncMs ?? 1000)
      : null;
    return new Db(client, null, true, replica, options.writeWaitMs);
  }
  const path = url.startsWith('file:') ? url.slice('file:'.length) : null;
  if (!path || path.startsWith(':')) return new Db(client);
  // Migrations ran above on the client; the writer thread starts with the first batch.
  const writer = { path, sync: options.sync ?? 'full' };
  return new Db(client, new Database(path, { readonly: true }), false, null, WRITE_WAIT_MS, writer);
}

/**
 * The server's fetch. sqld compresses a response (brotli or gzip) whenever the client
 * accepts it, which Node's fetch always does: a 1 MiB blob chunk then took 1 to 5 s of the
 * server's CPU instead of 13 ms (measured). Asking for identity keeps rows, blob chunks above all, cheap. The
 * client sets no time limit of its own (undici gives up on headers after 300 s): a server
 * that stops answering would hold the call, and this process's writes behind it.
 *
 * The bound is a timer that holds its AbortController strongly. A copied `Request` (or one
 * built on `AbortSignal.any`) follows its signal only weakly: after a garbage collection the
 * abort never reached the fetch, and a request to a hung server waited forever (Node 20-24,
 * nodejs/undici#4068; reproduced here with --expose-gc, and seen as a hung CI test). The
 * timer runs its full length, so the bound covers a body that stalls after the headers too.
 */
function boundedFetch(timeoutMs: number) {
  return async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    headers.set('accept-encoding', 'identity');
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException(`no answer in ${timeoutMs} ms`, 'TimeoutError')),
      timeoutMs,
    );
    timer.unref();
    const follow = () => controller.abort(request.signal.reason);
    if (request.signal.aborted) follow();
    else request.signal.addEventListener('abort', follow, { once: true });
    const body = request.body === null ? undefined : await request.arrayBuffer();
    return fetch(request.url, { method: request.method, headers, body, signal: controller.signal });
  };
}

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
