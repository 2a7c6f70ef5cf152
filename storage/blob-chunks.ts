// Blobs in the database, so every node on a shared server reads what any node stored.
// sqld refuses one argument of ~20 MiB and answers at most 10 MB per response, so the
// bytes go in chunks, written and read a few per request.
import type { InStatement } from '@libsql/client';
import type { BlobStore } from './blobs.ts';
import { sha256HexOffThread } from './sha256.ts';
import type { Db } from './db.ts';

export const CHUNK_BYTES = 1024 * 1024;
/** Chunks per request: about 5.5 MB of JSON (base64) each way, under sqld's limits. */
const CHUNKS_PER_REQUEST = 4;

export class DbBlobStore implements BlobStore {
  constructor(private readonly db: Db) {}

  async put(bytes: Uint8Array): Promise<string> {
    const sha256 = await sha256HexOffThread(bytes);
    if (await this.has(sha256)) return sha256;
    const chunks = Math.max(1, Math.ceil(bytes.byteLength / CHUNK_BYTES));
    const statements: InStatement[] = [];
    for (let seq = 0; seq < chunks; seq++) {
      statements.push({
        sql: 'INSERT OR REPLACE INTO blob_chunks (sha256, seq, bytes) VALUES (?, ?, ?)',
        args: [sha256, seq, bytes.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES)],
      });
    }
    // The blobs row goes with the last chunks: the blob exists only once every chunk does.
    const done = {
      sql: 'INSERT OR IGNORE INTO blobs (sha256, size_bytes, chunks, created_at) VALUES (?, ?, ?, ?)',
      args: [sha256, bytes.byteLength, chunks, new Date().toISOString()],
    };
    for (let i = 0; i < statements.length; i += CHUNKS_PER_REQUEST) {
      const group = statements.slice(i, i + CHUNKS_PER_REQUEST);
      await this.db.batch(i + CHUNKS_PER_REQUEST >= statements.length ? [...group, done] : group);
    }
    return sha256;
  }

  async get(sha256: string): Promise<Uint8Array | null> {
    const row = await this.db.readOne('SELECT size_bytes, chunks FROM blobs WHERE sha256 = ?', [sha256]);
    if (!row) return null;
    const out = new Uint8Array(Number(row.size_bytes));
    let offset = 0;
    for (let seq = 0; seq < Number(row.chunks); seq += CHUNKS_PER_REQUEST) {
      const rows = await this.db.read(
        'SELECT bytes FROM blob_chunks WHERE sha256 = ? AND seq >= ? AND seq < ? ORDER BY seq',
        [sha256, seq, seq + CHUNKS_PER_REQUEST],
      );
      for (const r of rows) {
        const part = toBytes(r.bytes);
        out.set(part, offset);
        offset += part.byteLength;
      }
    }
    if (offset !== out.byteLength)
      throw new Error(`blob ${sha256}: ${offset} of ${out.byteLength} bytes found in its chunks`);
    return out;
  }

  async has(sha256: string): Promise<boolean> {
    return (await this.db.readOne('SELECT 1 AS found FROM blobs WHERE sha256 = ?', [sha256])) !== undefined;
  }
}

function toBytes(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  throw new Error(`a blob chunk came back as ${typeof value}, not bytes`);
}
