// Blobs in a folder (the embedded default), written so that a blob is on disk before the
// rows that name it: each file is written under a temporary name, flushed (fsync), renamed
// into place and its folder flushed, when the database itself flushes every commit
// (SVC_DB_SYNC=full, the default). unstorage's fs driver writes with fs.writeFile and never
// flushes: after a power loss, a message the database kept (and SMTP answered 250 for)
// could name raw bytes the disk never got. The layout is the fs driver's (aa/bb/<sha256>),
// so existing data folders read the same.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BlobStore } from './blobs.ts';
import { sha256HexOffThread } from './sha256.ts';

export class FsBlobStore implements BlobStore {
  /** `flush`: fsync each new blob and its folder (as the database's commits are, with SVC_DB_SYNC=full). */
  constructor(
    private readonly base: string,
    private readonly flush: boolean,
  ) {}

  async put(bytes: Uint8Array): Promise<string> {
    const sha256 = await sha256HexOffThread(bytes);
    const path = this.pathOf(sha256)!;
    if (existsSync(path)) return sha256;
    const folder = dirname(path);
    await mkdir(folder, { recursive: true });
    // A name of its own per write: two writes of the same bytes at once never share a file.
    const temporary = `${path}.${randomUUID()}.tmp`;
    try {
      const file = await open(temporary, 'wx');
      try {
        await file.writeFile(bytes);
        if (this.flush) await file.sync();
      } finally {
        await file.close();
      }
      // Content-addressed: if the same bytes landed meanwhile, replacing them changes nothing.
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    if (this.flush) await flushFolder(folder);
    return sha256;
  }

  async get(sha256: string): Promise<Uint8Array | null> {
    const path = this.pathOf(sha256);
    if (!path) return null;
    try {
      return new Uint8Array(await readFile(path));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async has(sha256: string): Promise<boolean> {
    const path = this.pathOf(sha256);
    return path !== null && existsSync(path);
  }

  /** Null for anything but a SHA-256 in hex: no other name may reach the file system. */
  private pathOf(sha256: string): string | null {
    if (!/^[0-9a-f]{64}$/.test(sha256)) return null;
    return join(this.base, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }
}

/** A rename is durable once its folder's entry is flushed. */
async function flushFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
