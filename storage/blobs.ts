// Raw MIME and attachment bytes, content-addressed by SHA-256 so the same bytes are
// stored once and a blob's name proves its content. Where they live: a folder (the
// embedded default), memory (tests), the database (every node on a server sees them) or
// an S3-compatible store through unstorage.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { createStorage, type Storage } from 'unstorage';
import memoryDriver from 'unstorage/drivers/memory';
import s3Driver from 'unstorage/drivers/s3';
import { DbBlobStore } from './blob-chunks.ts';
import { FsBlobStore } from './fs-blobs.ts';
import type { Db } from './db.ts';
import { sha256HexOffThread } from './sha256.ts';

export interface BlobStore {
  /** Stores bytes and returns their SHA-256 (hex), which is also their key. */
  put(bytes: Uint8Array): Promise<string>;
  get(sha256: string): Promise<Uint8Array | null>;
  has(sha256: string): Promise<boolean>;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export class UnstorageBlobStore implements BlobStore {
  constructor(private readonly storage: Storage) {}

  async put(bytes: Uint8Array): Promise<string> {
    const sha256 = await sha256HexOffThread(bytes);
    const key = blobKey(sha256);
    if (!(await this.storage.hasItem(key))) await this.storage.setItemRaw(key, bytes);
    return sha256;
  }

  async get(sha256: string): Promise<Uint8Array | null> {
    const value = await this.storage.getItemRaw(blobKey(sha256));
    if (value === null || value === undefined) return null;
    return value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBuffer);
  }

  async has(sha256: string): Promise<boolean> {
    return this.storage.hasItem(blobKey(sha256));
  }
}

// Two levels of fan-out keep directories small on the fs driver.
function blobKey(sha256: string): string {
  return `${sha256.slice(0, 2)}:${sha256.slice(2, 4)}:${sha256}`;
}

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export type BlobDriver = 'fs' | 'memory' | 'db' | 's3';

/** `flush`: the fs store fsyncs each blob (SVC_DB_SYNC=full, the default), as the database does each commit. */
export function openBlobStore(
  driver: BlobDriver,
  dataDir: string,
  db?: Db,
  s3?: S3Options,
  { flush = true }: { flush?: boolean } = {},
): BlobStore {
  if (driver === 'db') {
    if (!db) throw new Error('SVC_BLOB_DRIVER=db needs the database');
    return new DbBlobStore(db);
  }
  if (driver === 's3') {
    if (!s3) throw new Error('SVC_BLOB_DRIVER=s3 needs SVC_BLOB_S3_ENDPOINT, SVC_BLOB_S3_BUCKET and the access keys');
    return new UnstorageBlobStore(createStorage({ driver: s3Driver(s3) }));
  }
  if (driver === 'fs') return new FsBlobStore(join(dataDir, 'blobs'), flush);
  return new UnstorageBlobStore(createStorage({ driver: memoryDriver() }));
}
