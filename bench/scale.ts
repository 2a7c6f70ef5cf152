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
  for (let done = 0; done < count;) {
    const chunk = [];
    for (let i = 0; i < 2000 && done < count; i++, done++) {
      const at = start + done * 1000;
      const id = newId('msg', at);
      ids.push(id);
      const m: StoredMessage = {
        id, tenant_id: tenantId, raw_sha256: 'f'.repeat(64), size_bytes: 2048, source: 'upload', address_id: null, envelope_from: null,
        recipients: ['ap@customer.example'], from: { name: 'Vendor', address: `billing${done % 97}@vendor.example` }, to: [], cc: [],
        subject: `Invoice ${done}`, sent_at: null, message_id_header: null, headers: [], auth: null, flags: [], hidden_text: [], notes: [],
        status: (['applied', 'held', 'task', 'unrouted'] as const)[done % 4]!, bucket_id: null,
        classification: { bucket_id: null, bucket_name: null, decided_by: null, reason: '' }, received_at: new Date(at).toISOString(),
      };
      chunk.push(insertMessageStatement(m));
    }
    await app.db.batch(chunk);
  }
  return { app, key, dir, ids };
}

async function timeList(app: Awaited<ReturnType<typeof fill>>['app'], key: string, args: Record<string, unknown>, runs: number) {
  const tool = findTool('list_messages')!;
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const out = await callTool(app, tool, { token: key, args, tenantSelector: undefined });
    samples.push(performance.now() - t);
    if (!out.ok) throw new Error(out.error.message);
  }
  samples.sort((a, b) => a - b);
  return +percentile(samples, 50).toFixed(3);
}

export async function runScale() {
  const sizes = QUICK ? [10_000, 50_000] : [10_000, 200_000];
  const results: Record<string, { first_page_ms: number; deep_page_ms: number; db_bytes_per_row: number }> = {};
  for (const n of sizes) {
    const { app, key, dir, ids } = await fill(n);
    const deep = ids[Math.floor(n * 0.1)]!;
    results[String(n)] = {
      first_page_ms: await timeList(app, key, { limit: 50 }, 40),
      deep_page_ms: await timeList(app, key, { limit: 50, before: deep }, 40),
      db_bytes_per_row: Math.round(dbFileBytes(dir) / n),
    };
    app.db.close();
  }
  const [small, large] = sizes.map(String) as [string, string];
  return {
    sizes: results,
    ratio_first_page: +(results[large]!.first_page_ms / results[small]!.first_page_ms).toFixed(2),
    ratio_deep_page: +(results[large]!.deep_page_ms / results[small]!.deep_page_ms).toFixed(2),
  };
}
