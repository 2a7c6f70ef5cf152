// list_messages first page and a deep page (`before` 90% into the set) with 10,000 and
// 200,000 stored messages: keyset paging should keep the large/small ratio near 1.
import { callTool } from '../services/call.ts';
import { newId } from '../storage/ids.ts';
import { insertMessageStatement, type StoredMessage } from '../storage/messages.ts';
import { findTool } from '../tools/index.ts';
import { benchApp, dbFileBytes, percentile, QUICK } from './lib.ts';

async function fill(count: number) {
  const { app, key, dir } = await benchApp();
  const tenantId = String((await app.db.readOne('SELECT id FROM tenants'))!.id);
  const start = Date.parse('2026-01-01T00:00:00Z');
  const ids: string[] = [];
  for (let done = 0; done < count; ) {
    const chunk = [];
    for (let i = 0; i < 2000 && done < count; i++, done++) {
      const at = start + done * 1000;
      const id = newId('msg', at);
      ids.push(id);
      const m: StoredMessage = {
        id,
        tenant_id: tenantId,
        raw_sha256: 'f'.repeat(64),
        size_bytes: 2048,
        source: 'upload',
        address_id: null,
        envelope_from: null,
        recipients: ['ap@customer.example'],
        from: { name: 'Vendor', address: `billing${done % 97}@vendor.example` },
        to: [],
        cc: [],
        subject: `Invoice ${done}`,
        sent_at: null,
        message_id_header: null,
        headers: [],
        auth: null,
        flags: [],
        hidden_text: [],
        notes: [],
        status: (['applied', 'held', 'task', 'unrouted'] as const)[done % 4]!,
        bucket_id: null,
        classification: { bucket_id: null, bucket_name: null, decided_by: null, reason: '' },
        received_at: new Date(at).toISOString(),
      };
      chunk.push(insertMessageStatement(m));
    }
    await app.db.batch(chunk);
  }
  return { app, key, dir, ids };
}

type Filled = Awaited<ReturnType<typeof fill>>;

async function timed(db: Filled, args: Record<string, unknown>): Promise<number> {
  const tool = findTool('list_messages')!;
  const t = performance.now();
  const out = await callTool(db.app, tool, { token: db.key, args, tenantSelector: undefined });
  if (!out.ok) throw new Error(out.error.message);
  return performance.now() - t;
}

const median = (xs: number[]) =>
  +percentile(
    [...xs].sort((a, b) => a - b),
    50,
  ).toFixed(3);

export async function runScale() {
  const sizes = QUICK ? [10_000, 50_000] : [10_000, 200_000];
  const dbs = await Promise.all(sizes.map((n) => fill(n)));
  // The machine is shared and noisy: alternate the two databases query by query so a slow
  // moment hits both, and compare medians of many samples.
  const samples = dbs.map(() => ({ first: [] as number[], deep: [] as number[] }));
  for (let round = 0; round < (QUICK ? 60 : 300); round++) {
    for (const [i, db] of dbs.entries()) {
      samples[i]!.first.push(await timed(db, { limit: 50 }));
      samples[i]!.deep.push(await timed(db, { limit: 50, before: db.ids[Math.floor(db.ids.length * 0.1)]! }));
    }
  }
  const results: Record<string, { first_page_ms: number; deep_page_ms: number; db_bytes_per_row: number }> = {};
  for (const [i, db] of dbs.entries()) {
    results[String(sizes[i])] = {
      first_page_ms: median(samples[i]!.first),
      deep_page_ms: median(samples[i]!.deep),
      db_bytes_per_row: Math.round(dbFileBytes(db.dir) / sizes[i]!),
    };
    db.app.db.close();
  }
  const [small, large] = sizes.map(String) as [string, string];
  return {
    sizes: results,
    ratio_first_page: +(results[large]!.first_page_ms / results[small]!.first_page_ms).toFixed(2),
    ratio_deep_page: +(results[large]!.deep_page_ms / results[small]!.deep_page_ms).toFixed(2),
  };
}
