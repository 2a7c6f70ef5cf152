// The folder blob store: content-addressed files in the layout unstorage's fs driver used,
// written under a temporary name and renamed into place, so no reader ever sees half a blob.
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FsBlobStore } from '../../storage/fs-blobs.ts';
import { sha256Hex } from '../../storage/blobs.ts';
import { sha256HexOffThread } from '../../storage/sha256.ts';

const folder = () => mkdtempSync(join(tmpdir(), 'svc-fs-blobs-'));
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));

describe('fs blob store', () => {
  for (const flush of [true, false]) {
    it(`stores by SHA-256 under aa/bb/<sha256> and reads it back (flush ${flush})`, async () => {
      const base = folder();
      const store = new FsBlobStore(base, flush);
      const bytes = new TextEncoder().encode('Subject: hi\r\n\r\nbody');
      const sha = await store.put(bytes);
      expect(sha).toBe(sha256Hex(bytes));
      expect(filesUnder(base)).toEqual([join(sha.slice(0, 2), sha.slice(2, 4), sha)]);
      expect(Buffer.from((await store.get(sha))!).toString()).toBe('Subject: hi\r\n\r\nbody');
      expect(await store.has(sha)).toBe(true);
    });
  }

  it('reads blobs written by the earlier store (unstorage fs driver, same layout)', async () => {
    const base = folder();
    const bytes = Buffer.from('From: a@example.com\r\n\r\nold');
    const sha = sha256Hex(bytes);
    mkdirSync(join(base, sha.slice(0, 2), sha.slice(2, 4)), { recursive: true });
    writeFileSync(join(base, sha.slice(0, 2), sha.slice(2, 4), sha), bytes);
    const store = new FsBlobStore(base, true);
    expect(Buffer.from((await store.get(sha))!).toString()).toBe('From: a@example.com\r\n\r\nold');
    // Stored bytes are not written again.
    expect(await store.put(bytes)).toBe(sha);
    expect(filesUnder(base)).toHaveLength(1);
  });

  it('the same bytes put many times at once leave one file and no temporary ones', async () => {
    const base = folder();
    const store = new FsBlobStore(base, true);
    const bytes = new Uint8Array(256 * 1024).fill(7);
    const shas = await Promise.all(Array.from({ length: 20 }, () => store.put(bytes)));
    expect(new Set(shas)).toEqual(new Set([sha256Hex(bytes)]));
    expect(filesUnder(base)).toEqual([join(shas[0]!.slice(0, 2), shas[0]!.slice(2, 4), shas[0]!)]);
    expect((await store.get(shas[0]!))!.byteLength).toBe(256 * 1024);
  });

  it('answers missing or malformed names with nothing, never a path outside the folder', async () => {
    const store = new FsBlobStore(folder(), true);
    expect(await store.get('0'.repeat(64))).toBeNull();
    expect(await store.has('0'.repeat(64))).toBe(false);
    expect(await store.get('../../etc/passwd')).toBeNull();
    expect(await store.has('../x')).toBe(false);
  });
});

describe('SHA-256 off the main thread', () => {
  it('names bytes as the hash on the main thread does, in plain or shared memory, whole or a view', async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 31) % 251);
    const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
    shared.set(bytes);
    const view = bytes.subarray(7, 1_000_007);
    expect(await sha256HexOffThread(bytes)).toBe(sha256Hex(bytes));
    expect(await sha256HexOffThread(shared)).toBe(sha256Hex(bytes));
    expect(await sha256HexOffThread(view)).toBe(sha256Hex(view));
    expect(await sha256HexOffThread(new Uint8Array(0))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });
});
