import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openBlobStore } from '../../storage/blobs.ts';
import { openDb } from '../../storage/db.ts';
import { newId } from '../../storage/ids.ts';
import {
  deleteLearnedStatement,
  editLearnedStatement,
  listLearnedOfTenant,
  upsertLearnedStatement,
} from '../../storage/learned.ts';
import { migrate } from '../../storage/migrate.ts';
import { createSandbox, makeTestApp } from '../helpers/app.ts';

describe('storage', () => {
  it('applies migrations once; a restart applies nothing', async () => {
    const url = `file:${join(mkdtempSync(join(tmpdir(), 'svc-db-')), 'svc.db')}`;
    const first = await openDb(url);
    const names = (await first.read('SELECT name FROM schema_migrations')).map((r) => r.name);
    expect(names).toContain('0001_foundation.sql');
    first.close();
    const second = await openDb(url);
    expect(await migrate(second, fileURLToPath(new URL('../../storage/migrations/', import.meta.url)))).toEqual([]);
    second.close();
  });

  it('queues writes so a transaction never swallows a concurrent write', async () => {
    const db = await openDb(`file:${join(mkdtempSync(join(tmpdir(), 'svc-db-')), 'svc.db')}`);
    await db.batch([{ sql: 'CREATE TABLE t (v INTEGER)', args: [] }]);
    const failing = db.transaction(async (tx) => {
      await tx.execute({ sql: 'INSERT INTO t (v) VALUES (1)', args: [] });
      await new Promise((r) => setTimeout(r, 20));
      throw new Error('roll back');
    });
    const concurrent = db.batch([{ sql: 'INSERT INTO t (v) VALUES (2)', args: [] }]);
    await expect(failing).rejects.toThrow('roll back');
    await concurrent;
    expect((await db.read('SELECT v FROM t')).map((r) => Number(r.v))).toEqual([2]);
    db.close();
  });

  it('makes prefixed ids that sort by creation time', () => {
    const ids = Array.from({ length: 50 }, () => newId('msg'));
    expect(ids.every((id) => /^msg_[0-9a-z]{26}$/.test(id))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(newId('evt', Date.parse('2026-01-01')) < newId('evt', Date.parse('2026-01-02'))).toBe(true);
  });

  it('gives ids made in different milliseconds random parts that differ and use every character', () => {
    const start = Date.parse('2030-01-01');
    // The pooled random bytes refill every 4,096: 1,000 ids of 16 characters cross several refills.
    const randomParts = Array.from({ length: 1000 }, (_, i) => newId('doc', start + i).slice(-16));
    expect(new Set(randomParts).size).toBe(1000);
    const counts = new Map<string, number>();
    for (const c of randomParts.join('')) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(32);
    // 16,000 characters over 32: about 500 each; a skewed draw would leave some far below.
    expect(Math.min(...counts.values())).toBeGreaterThan(350);
  });

  it('stores blobs by content hash', async () => {
    const blobs = openBlobStore('fs', mkdtempSync(join(tmpdir(), 'svc-blobs-')));
    const bytes = new TextEncoder().encode('Subject: hi\r\n\r\nbody');
    const sha = await blobs.put(bytes);
    expect(sha).toMatch(/^[0-9a-f]{64}$/);
    expect(await blobs.put(bytes)).toBe(sha);
    expect(Buffer.from((await blobs.get(sha))!).toString()).toBe('Subject: hi\r\n\r\nbody');
    expect(await blobs.get('0'.repeat(64))).toBeNull();
  });

  it("ingest's per-process copy of learned extractors follows every write, even one in the same millisecond that keeps every length and count", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-db-'));
    const t = await makeTestApp({ SVC_DATABASE_URL: `file:${join(dir, 'svc.db')}` });
    // A second process on the same file: its copy must follow writes it did not make.
    const other = await openDb(`file:${join(dir, 'svc.db')}`);
    try {
      const { tenant_id } = await createSandbox(t.app, 'operator');
      const at = '2026-11-26T10:00:00.000Z';
      const learned = {
        id: 'lx_one',
        tenant_id,
        bucket_id: 'bkt_x',
        vendor_domain: 'acme.example',
        field: 'invoice_number',
        extractor: { kind: 'labeled_value' as const, labels: ['Invoice A'] },
        layout: '',
        learned_from: 'cap_x',
        confirmations: 0,
        corrections: 0,
        created_by: 'test',
        created_at: at,
        updated_at: at,
      };
      expect(await listLearnedOfTenant(other, tenant_id)).toEqual([]);
      await t.app.db.batch([upsertLearnedStatement(learned)]);
      expect((await listLearnedOfTenant(other, tenant_id)).map((l) => l.extractor)).toEqual([learned.extractor]);
      // Same length, same counts, same updated_at: only the label's letter changes.
      const edited = { kind: 'labeled_value' as const, labels: ['Invoice B'] };
      await t.app.db.batch([editLearnedStatement(tenant_id, 'lx_one', edited, new Date(at))]);
      expect((await listLearnedOfTenant(other, tenant_id)).map((l) => l.extractor)).toEqual([edited]);
      await t.app.db.batch([deleteLearnedStatement(tenant_id, 'lx_one')]);
      expect(await listLearnedOfTenant(other, tenant_id)).toEqual([]);
    } finally {
      other.close();
      await t.close();
    }
  });
});
