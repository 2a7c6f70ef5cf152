// Webhook deliveries per second to a local receiver, and the lag from apply to receipt.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callTool } from '../services/call.ts';
import { DeliveryWorker } from '../services/webhooks.ts';
import { findTool } from '../tools/index.ts';
import { benchApp, percentile } from './lib.ts';

export async function runWebhooks(count: number) {
  const receivedAt = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      receivedAt.set(JSON.parse(Buffer.concat(chunks).toString()).capture.id, performance.now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const { app, key } = await benchApp({ SVC_ALLOW_PRIVATE_DESTINATIONS: '1' });
  const call = (name: string, args: Record<string, unknown>) =>
    callTool(app, findTool(name)!, { token: key, args, tenantSelector: undefined });
  await call('add_destination', { name: 'bench', url, secret: 'bench-secret-123' });
  await call('update_bucket', { id: 'invoices', destinations: ['bench'] });
  const worker = new DeliveryWorker(app, { pollMs: 50 });
  worker.start();
  const appliedAt = new Map<string, number>();
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const out = await call('ingest_message', {
      eml: `From: v@vendor.example\r\nSubject: Invoice B-${i}\r\n\r\nInvoice number: B-${i}\r\nInvoice date: 2026-03-01\r\nTotal due: 1.00 EUR\r\n`,
    });
    if (out.ok) appliedAt.set((out.result as { capture: { id: string } }).capture.id, performance.now());
  }
  const deadline = performance.now() + 60_000;
  while (receivedAt.size < appliedAt.size && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const finished = Math.max(...receivedAt.values());
  await worker.stop();
  server.close();
  app.db.close();
  const lags = [...appliedAt]
    .filter(([id]) => receivedAt.has(id))
    .map(([id, t]) => receivedAt.get(id)! - t)
    .sort((a, b) => a - b);
  return {
    deliveries: receivedAt.size,
    of: appliedAt.size,
    deliveries_per_second: +(receivedAt.size / ((finished - started) / 1000)).toFixed(1),
    lag_p50_ms: +percentile(lags, 50).toFixed(1),
    lag_p99_ms: +percentile(lags, 99).toFixed(1),
  };
}
