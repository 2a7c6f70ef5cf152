// Raw MIME and attachment bytes, content-addressed by SHA-256 so the same bytes are
// stored once and a blob's name proves its content.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { createStorage, type Storage } from 'unstorage';
import fsDriver from 'unstorage/drivers/fs';
import memoryDriver from 'unstorage/drivers/memory';

export class BlobStore {
  constructor(private readonly storage: Storage) {}

  /** Stores bytes and returns their SHA-256 (hex), which is also their key. */
  async put(bytes: Uint8Array): Promise<string> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
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

export function openBlobStore(driver: 'fs' | 'memory', dataDir: string): BlobStore {
  const storage = createStorage({
    driver: driver === 'memory' ? memoryDriver() : fsDriver({ base: join(dataDir, 'blobs') }),
  });
  return new BlobStore(storage);
}
