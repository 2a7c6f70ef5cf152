// Webhook isolation (issue 23, finding 3): how long tenant B's delivery waits while tenant A's
// receivers stall, and how long an attempt against a dripping receiver lasts, against a real
// `svc serve` with its default 10 s webhook deadline. Run alone:
//   node bin/run-ts.mjs bench/webhook-isolation.ts [finding|crowd|drain]
// "finding": A has a receiver that answers 200 then drips a body byte every 2 s (for 60 s, so
//   the old sender's wait has an end to measure) and one that never answers; one message.
// "crowd": A also has a receiver that drips its header block a byte every 2 s, forever, and
//   36 messages: 72 stalling deliveries, more than the worker's 64 slots.
// "drain": what the share per tenant costs one tenant alone: 200 queued deliveries drained by
//   a started worker to a receiver answering after 200 ms, then at once (in process;
//   SVC_WEBHOOK_CONCURRENCY / SVC_WEBHOOK_TENANT_CONCURRENCY from the environment apply).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callTool } from '../services/call.ts';
import { DeliveryWorker } from '../services/webhooks.ts';
import { findTool } from '../tools/index.ts';
import { benchApp } from './lib.ts';
import { rest, startServeSlowly as startServe } from '../test/helpers/cluster.ts';
import { svc, svcEnv, tempDataDir } from '../test/helpers/process.ts';
import { startReceiver, type Answer } from '../test/helpers/receiver.ts';

const SECRET = 'isolation-secret-0123';
const WAIT_LIMIT_MS = 120_000;
const invoice = (n: string) =>
  `From: billing@vendor.example\r\nSubject: Invoice ${n}\r\n\r\nInvoice number: ${n}\r\nInvoice date: 2026-03-01\r\nTotal due: 10.00 EUR\r\n`;

async function waitFor(check: () => boolean | Promise<boolean>, limitMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 20));
  }
  return null;
}

async function scenario(name: 'finding' | 'crowd') {
  const slow: Record<string, Answer> = {
    'body-drip': { status: 200, dripBodyMs: 2000, bytes: 30 },
    silent: 'hang',
    ...(name === 'crowd' ? { 'header-drip': { dripHeadersMs: 2000 } } : {}),
  };
  const receivers = Object.fromEntries(
    await Promise.all(Object.entries(slow).map(async ([k, a]) => [k, await startReceiver(SECRET, () => a)] as const)),
  );
  const normal = await startReceiver(SECRET, () => 200);
  const env = svcEnv(tempDataDir(), {
    SVC_ALLOW_PRIVATE_DESTINATIONS: '1',
    SVC_SMTP_PORT: '0',
    SVC_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const serve = await startServe(env);
  try {
    const a = serve.key!;
    const b = JSON.parse(await svc(['sandbox', '--json'], env)).key as string;
    for (const kind of Object.keys(slow))
      await rest(serve.url, a, 'POST', '/v1/destinations', { name: kind, url: `${receivers[kind]!.url}/${kind}` });
    await rest(serve.url, a, 'PUT', '/v1/buckets/invoices', { destinations: Object.keys(slow) });
    await rest(serve.url, b, 'POST', '/v1/destinations', { name: 'normal', url: `${normal.url}/hook` });
    await rest(serve.url, b, 'PUT', '/v1/buckets/invoices', { destinations: ['normal'] });
    const messages = name === 'crowd' ? 36 : 1;
    const captures: string[] = [];
    for (let i = 0; i < messages; i++)
      captures.push(
        (await rest(serve.url, a, 'POST', '/v1/messages/ingest', { eml: invoice(`A-${i}`) })).body.capture.id,
      );
    // A's slow receivers hold requests before B's message arrives.
    const stalled = Object.keys(slow).filter((k) => k !== 'body-drip');
    const stalledOpen = () => stalled.reduce((n, k) => n + receivers[k]!.open(), 0);
    // In "crowd", until A holds its share (16 by default) of the slots, or 30 s.
    await waitFor(
      () => stalled.every((k) => receivers[k]!.received.length > 0) && (name === 'finding' || stalledOpen() >= 16),
      30_000,
    );
    const stalledOpenWhenBQueued = stalledOpen();
    // B's delivery is queued when its ingest answers: the wait runs from then to its arrival.
    await rest(serve.url, b, 'POST', '/v1/messages/ingest', { eml: invoice('B-1') });
    const queued = Date.now();
    const arrived = await waitFor(() => normal.received.length > 0, WAIT_LIMIT_MS);
    // A's first message's attempts, from its attempt log, once none is in flight (or the limit).
    let attempts: Record<string, unknown> = {};
    await waitFor(async () => {
      const deliveries = (await rest(serve.url, a, 'GET', `/v1/captures/${captures[0]}`)).body.deliveries;
      attempts = Object.fromEntries(
        deliveries.map(
          (d: {
            destination: string;
            attempt_log: { outcome: string; duration_ms: number; error: string | null }[];
          }) => {
            const first = d.attempt_log[0];
            return [
              d.destination,
              first && `${first.outcome} after ${first.duration_ms} ms${first.error ? `: ${first.error}` : ''}`,
            ];
          },
        ),
      );
      return Object.values(attempts).every((x) => x && !String(x).startsWith('in_flight'));
    }, WAIT_LIMIT_MS);
    return {
      scenario: name,
      a_deliveries: messages * Object.keys(slow).length,
      a_stalled_attempts_open_when_b_queued: stalledOpenWhenBQueued,
      b_waited_ms: arrived === null ? `not delivered within ${WAIT_LIMIT_MS} ms` : normal.received[0]!.at - queued,
      first_attempts_of_a: attempts,
      most_open_at_once: Object.fromEntries(Object.entries(receivers).map(([k, r]) => [k, r.maxOpen()])),
    };
  } finally {
    // SIGKILL: a sender stuck on a dripping receiver may never finish a graceful stop.
    await serve.stop('SIGKILL');
    for (const r of [...Object.values(receivers), normal]) await r.close();
  }
}

async function drain(delayMs: number, count = 200) {
  let answered = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      setTimeout(() => {
        answered += 1;
        res.writeHead(204).end();
      }, delayMs),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const env = Object.fromEntries(
    ['SVC_WEBHOOK_CONCURRENCY', 'SVC_WEBHOOK_TENANT_CONCURRENCY'].flatMap((k) =>
      process.env[k] ? [[k, process.env[k]!]] : [],
    ),
  );
  const { app, key } = await benchApp({ SVC_ALLOW_PRIVATE_DESTINATIONS: '1', ...env });
  const call = (name: string, args: Record<string, unknown>) =>
    callTool(app, findTool(name)!, { token: key, args, tenantSelector: undefined });
  await call('add_destination', { name: 'drain', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
  await call('update_bucket', { id: 'invoices', destinations: ['drain'] });
  for (let i = 0; i < count; i++)
    await call('ingest_message', {
      eml: `From: v@vendor.example\r\nSubject: Invoice D-${i}\r\n\r\nInvoice number: D-${i}\r\nInvoice date: 2026-03-01\r\nTotal due: 1.00 EUR\r\n`,
    });
  const worker = new DeliveryWorker(app);
  const started = performance.now();
  worker.start();
  await waitFor(() => answered >= count, WAIT_LIMIT_MS);
  const ms = performance.now() - started;
  await worker.stop();
  server.close();
  app.db.close();
  return {
    scenario: 'drain',
    receiver_ms: delayMs,
    slots: app.config.webhookConcurrency,
    tenant_slots: app.config.webhookTenantConcurrency,
    deliveries_per_second: +(count / (ms / 1000)).toFixed(1),
  };
}

const only = process.argv[2];
if (!only || only === 'drain') for (const delay of [200, 0]) console.log(JSON.stringify(await drain(delay), null, 1));
for (const name of (only ? [only].filter((x) => x !== 'drain') : ['finding', 'crowd']) as ('finding' | 'crowd')[])
  console.log(JSON.stringify(await scenario(name), null, 1));
