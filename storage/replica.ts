// An embedded replica: a local libSQL file that pulls the server's changes. Reads go to
// it; writes go to the server. A node must read its own writes at once, so a write marks
// the replica stale and the next read syncs first; other nodes' writes arrive with the
// periodic sync (every `syncMs`).
import { createClient, type Client, type ResultSet } from '@libsql/client';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Statement } from './db.ts';

export class Replica {
  /** Writes this node made; the replica has pulled every write up to `synced`. */
  private written = 0;
  private synced = 0;
  private syncing: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly client: Client,
    syncMs: number,
  ) {
    this.timer = setInterval(() => {
      this.sync().catch(() => undefined);
    }, syncMs);
    this.timer.unref();
  }

  static async open(path: string, serverUrl: string, authToken: string | undefined, syncMs: number): Promise<Replica> {
    const file = resolve(path);
    mkdirSync(dirname(file), { recursive: true });
    const client = createClient({ url: `file:${file}`, syncUrl: serverUrl, authToken });
    const replica = new Replica(client, syncMs);
    await replica.sync();
    return replica;
  }

  wrote(): void {
    this.written++;
  }

  async read(sql: string, args: Statement['args']): Promise<ResultSet> {
    while (this.synced < this.written) await this.sync();
    return this.client.execute({ sql, args });
  }

  /** One sync at a time; a caller that arrives during one waits for it and the next. */
  sync(): Promise<void> {
    if (this.syncing) return this.syncing;
    const target = this.written;
    this.syncing = this.client
      .sync()
      .then(() => {
        this.synced = Math.max(this.synced, target);
      })
      .finally(() => {
        this.syncing = null;
      });
    return this.syncing;
  }

  close(): void {
    clearInterval(this.timer);
    this.client.close();
  }
}
