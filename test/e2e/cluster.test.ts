// Two `svc serve` processes on one real sqld, set up as docs/deploy.md says: data written
// through one node reads at once through the other (REST, MCP, SMTP), webhook deliveries
// go out once, a killed node's claimed deliveries are taken over after the lease, the rate
// limit is shared with a stdio `svc mcp`, and a sqld restart during traffic loses nothing.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpOver, rest, startNode, structured, type Node } from '../helpers/cluster.ts';
import { ROOT, SVC, tempDataDir } from '../helpers/process.ts';
import { startReceiver, until, type Answer } from '../helpers/receiver.ts';
import { SmtpClient } from '../helpers/smtp.ts';
import { startSqld, type RunningSqld } from '../helpers/sqld.ts';

const SECRET = 'cluster-secret-0123456789';
// The lease must outlast a whole attempt (claim, two writes, the POST): at 3 s a loaded
// machine (load ~20 on 2 cores) let it expire mid-attempt and the other node sent it again.
const LEASE_MS = 10_000;
const NODE_ENV = {
  SVC_ALLOW_PRIVATE_DESTINATIONS: '1',
  SVC_WEBHOOK_LEASE_MS: String(LEASE_MS),
  SVC_WEBHOOK_TIMEOUT_MS: '2000',
  SVC_WEBHOOK_RETRY_SCALE: '0.001',
};
const invoice = (n: string) =>
  `From: billing@vendor.example\r\nTo: ap@example.com\r\nSubject: Invoice ${n}\r\n\r\nInvoice number: ${n}\r\nInvoice date: 2026-03-01\r\nTotal due: 10.00 EUR\r\n`;

describe('two nodes on one libSQL server', () => {
  let sqld: RunningSqld;
  let a: Node;
  let b: Node;
  let key: string;
  let answer: Answer = 200;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const stop: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    sqld = await startSqld();
    // The runbook: the first node alone on the empty database prints the first key.
    a = await startNode(sqld.url, NODE_ENV);
    key = a.key!;
    b = await startNode(sqld.url, NODE_ENV);
    expect(b.key).toBeUndefined();
    receiver = await startReceiver(SECRET, () => answer);
    expect(
      (await rest(a.url, key, 'POST', '/v1/destinations', { name: 'erp', url: `${receiver.url}/hook`, secret: SECRET }))
        .status,
    ).toBe(200);
    expect((await rest(b.url, key, 'PUT', '/v1/buckets/invoices', { destinations: ['erp'] })).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    for (const s of stop) await s();
    await a?.stop();
    await b?.stop();
    await receiver?.close();
    await sqld?.stop();
  });

  it('a message ingested on A reads at once on B over REST and MCP, and B reprocesses it', async () => {
    const ingested = (await rest(a.url, key, 'POST', '/v1/messages/ingest', { eml: invoice('X-1') })).body;
    expect(ingested.capture.status).toBe('applied');
    const message = await rest(b.url, key, 'GET', `/v1/messages/${ingested.message_id}`);
    expect(message.status).toBe(200);
    expect(message.body.subject).toBe('Invoice X-1');
    const mcp = await mcpOver(b.url, key);
    const capture = structured(await mcp.callTool({ name: 'get_capture', arguments: { id: ingested.capture.id } }));
    expect(capture.fields.invoice_number.value).toBe('X-1');
    await mcp.close();
    const again = await rest(b.url, key, 'POST', `/v1/messages/${ingested.message_id}/reprocess`, {});
    expect(again.status).toBe(200);
    expect(again.body.capture.status).toBe('applied');
  });

  it("a node reading from an embedded replica sees others' writes after a sync and its own at once", async () => {
    const r = await startNode(sqld.url, {
      ...NODE_ENV,
      SVC_SMTP_PORT: '0',
      SVC_WEBHOOK_WORKER: '0',
      SVC_DATABASE_REPLICA: `${tempDataDir()}/replica.db`,
      SVC_DATABASE_REPLICA_SYNC_MS: '200',
    });
    stop.push(() => r.stop());
    const ingested = (await rest(a.url, key, 'POST', '/v1/messages/ingest', { eml: invoice('R-1') })).body;
    const seen = await until(
      () => rest(r.url, key, 'GET', `/v1/messages/${ingested.message_id}`),
      (x) => x.status === 200,
      5000,
    );
    expect(seen.body.subject).toBe('Invoice R-1');
    const again = (await rest(r.url, key, 'POST', `/v1/messages/${ingested.message_id}/reprocess`, {})).body;
    const own = await rest(r.url, key, 'GET', `/v1/captures/${again.capture.id}`);
    expect(own.status).toBe(200);
    expect(own.body.fields.invoice_number.value).toBe('R-1');
  }, 90_000);

  it('SMTP to node B is stored and reads on node A', async () => {
    expect((await rest(a.url, key, 'POST', '/v1/subdomain', { name: 'cluster-co' })).body.outcome).toBe('claimed');
    expect((await rest(a.url, key, 'POST', '/v1/addresses', { local_part: 'ap' })).status).toBe(200);
    const { client } = await SmtpClient.open(b.smtpPort);
    const sent = await client.send('billing@vendor.example', ['cluster-co.ap@in.test'], invoice('SMTP-1'));
    await client.close();
    expect(sent.data).toMatch(/^250 /);
    // The 250 reply names one opaque id, not the tenant's message id: find it by listing.
    const listed = (await rest(a.url, key, 'GET', '/v1/messages?limit=1')).body.messages as { id: string }[];
    const stored = (await rest(a.url, key, 'GET', `/v1/messages/${listed[0]!.id}`)).body;
    expect(stored).toMatchObject({ subject: 'Invoice SMTP-1', source: 'smtp' });
  });

  it('the receiver sees each delivery once while both nodes run their workers', async () => {
    const before = receiver.received.length;
    const captures: string[] = [];
    for (let i = 0; i < 20; i++) {
      const node = i % 2 === 0 ? a : b;
      captures.push(
        (await rest(node.url, key, 'POST', '/v1/messages/ingest', { eml: invoice(`W-${i}`) })).body.capture.id,
      );
    }
    const arrived = () =>
      receiver.received.slice(before).filter((r) => captures.includes(JSON.parse(r.body).capture.id)).length;
    await until(arrived, (n) => n >= 20, 20_000);
    await new Promise((r) => setTimeout(r, 1000));
    // Only this test's captures: the SMTP test's delivery may still arrive in this window.
    const mine = receiver.received.slice(before).filter((r) => captures.includes(JSON.parse(r.body).capture.id));
    const ids = mine.map((r) => r.headers['x-svc-delivery']);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(mine.every((r) => r.signatureValid)).toBe(true);
    const delivered = new Set(mine.map((r) => JSON.parse(r.body).capture.id));
    expect([...delivered].sort()).toEqual([...captures].sort());
  });

  it('shares the rate limit between two nodes and a stdio `svc mcp` within the tolerance', async () => {
    const limited = { SVC_RATE_LIMIT_PER_MINUTE: '60', SVC_SMTP_PORT: '0', SVC_WEBHOOK_WORKER: '0' };
    const [c, d] = await Promise.all([startNode(sqld.url, limited), startNode(sqld.url, limited)]);
    stop.push(
      () => c.stop(),
      () => d.stop(),
    );
    // A fresh key, so the shared bucket starts full at this budget.
    const made = await rest(a.url, key, 'POST', '/v1/keys', { label: 'rate-limit test' });
    expect(made.status).toBe(200);
    const sandbox = { key: made.body.key as string };
    const stdio = new Client({ name: 'svc-cluster-test', version: '0.0.0' });
    await stdio.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [SVC, 'mcp'],
        cwd: ROOT,
        env: { ...c.env, SVC_API_KEY: sandbox.key } as Record<string, string>,
        stderr: 'ignore',
      }),
    );
    stop.push(() => stdio.close());
    const calls: (() => Promise<number>)[] = [
      async () => (await rest(c.url, sandbox.key, 'GET', '/v1/tenant')).status,
      async () => (await rest(d.url, sandbox.key, 'GET', '/v1/tenant')).status,
      async () => {
        const result = await stdio.callTool({ name: 'get_tenant', arguments: {} });
        return result.isError ? ((result.structuredContent as any).error.code === 'rate_limited' ? 429 : 500) : 200;
      },
    ];
    const started = Date.now();
    const statuses: number[] = [];
    // Each process alone would allow all 180 calls (60 each); together they share 60.
    await Promise.all(
      calls.map(async (call) => {
        for (let i = 0; i < 60; i++) statuses.push(await call());
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const allowed = statuses.filter((s) => s === 200).length;
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    // Documented tolerance: 3 processes x 10 calls either way, plus the refill (1/s).
    expect(allowed).toBeGreaterThanOrEqual(60 - 30);
    expect(allowed).toBeLessThanOrEqual(60 + Math.ceil(seconds) + 30);
  }, 90_000);

  it('B delivers what A had claimed when A is SIGKILLed mid-send, once the lease expires', async () => {
    answer = 'hang';
    const before = receiver.received.length;
    const captures: string[] = [];
    for (let i = 0; i < 3; i++) {
      captures.push(
        (await rest(a.url, key, 'POST', '/v1/messages/ingest', { eml: invoice(`K-${i}`) })).body.capture.id,
      );
    }
    // Every delivery is claimed and in flight (A's worker wakes on its own ingest).
    await until(
      () => receiver.received.length - before,
      (n) => n >= 3,
    );
    await a.stop('SIGKILL');
    // A comes back whatever this test finds: the tests after it use it.
    try {
      answer = 200;
      const deliveries = await until(
        async () =>
          Promise.all(
            captures.map(async (id) => (await rest(b.url, key, 'GET', `/v1/captures/${id}`)).body.deliveries[0]),
          ),
        (all) => all.every((d) => d?.status === 'delivered'),
        45_000,
      );
      // A's attempt in flight at the kill is the one B finds interrupted. Under load an
      // earlier attempt of A's may have timed out first (2 s) and been retried by A, so the
      // interrupted attempt is not always the first (a loaded CI run had every first attempt
      // time out before the kill).
      type Attempt = { outcome: string; started_at: string };
      const takenOver = deliveries.filter((d) => d.attempt_log.some((x: Attempt) => x.outcome === 'interrupted'));
      expect(takenOver.length, JSON.stringify(deliveries.map((d) => d.attempt_log))).toBeGreaterThan(0);
      for (const d of takenOver) {
        const log: Attempt[] = d.attempt_log;
        const cut = log.findIndex((x) => x.outcome === 'interrupted');
        expect(log[cut + 1]!.outcome).toBe('success');
        // Not before A's lease ran out.
        expect(Date.parse(log[cut + 1]!.started_at) - Date.parse(log[cut]!.started_at)).toBeGreaterThanOrEqual(
          LEASE_MS - 100,
        );
      }
      for (const d of deliveries)
        expect(d.attempt_log.filter((x: { outcome: string }) => x.outcome === 'success')).toHaveLength(1);
    } finally {
      a = await startNode(sqld.url, NODE_ENV);
    }
  }, 90_000);

  it('loses no acknowledged message and answers no 500 while sqld stops and restarts under traffic', async () => {
    const acknowledged: string[] = [];
    const statuses = new Map<string, number>();
    const count = (what: string) => statuses.set(what, (statuses.get(what) ?? 0) + 1);
    let running = true;
    let n = 0;
    const restLoop = async (node: Node) => {
      while (running) {
        const subject = `T-${n++}`;
        const r = await rest(node.url, key, 'POST', '/v1/messages/ingest', { eml: invoice(subject) });
        count(`rest ${r.status}`);
        if (r.status === 200) acknowledged.push(`Invoice ${subject}`);
        else if (r.status === 503) expect(r.headers.get('retry-after')).toBe('2');
        await new Promise((res) => setTimeout(res, 20));
      }
    };
    const smtpLoop = async (node: Node) => {
      const { client } = await SmtpClient.open(node.smtpPort);
      while (running) {
        const subject = `S-${n++}`;
        const sent = await client.send('billing@vendor.example', ['cluster-co.ap@in.test'], invoice(subject));
        const code = (sent.data ?? sent.rcpt[0]!).slice(0, 3);
        count(`smtp ${code}`);
        if (code === '250') acknowledged.push(`Invoice ${subject}`);
        await new Promise((res) => setTimeout(res, 20));
      }
      await client.close();
    };
    const loops = [restLoop(a), restLoop(b), smtpLoop(a), smtpLoop(b)];
    await until(
      () => acknowledged.length,
      (x) => x >= 10,
      20_000,
    );
    await sqld.stop();
    await new Promise((r) => setTimeout(r, 1500));
    await sqld.start();
    // Each node recovers by itself: fresh acknowledgements after the restart.
    const mark = acknowledged.length;
    await until(
      () => acknowledged.length - mark,
      (x) => x >= 10,
      30_000,
    );
    running = false;
    await Promise.all(loops);
    const seen = Object.fromEntries(statuses);
    expect(
      Object.keys(seen).filter((s) => !['rest 200', 'rest 503', 'smtp 250', 'smtp 451'].includes(s)),
      JSON.stringify(seen),
    ).toEqual([]);
    expect((seen['rest 503'] ?? 0) + (seen['smtp 451'] ?? 0), JSON.stringify(seen)).toBeGreaterThan(0);
    const stored = new Set<string>();
    let before = '';
    for (;;) {
      const page = (await rest(b.url, key, 'GET', `/v1/messages?limit=200${before ? `&before=${before}` : ''}`)).body;
      for (const m of page.messages) stored.add(m.subject);
      if (!page.next_before) break;
      before = page.next_before;
    }
    expect(acknowledged.filter((s) => !stored.has(s))).toEqual([]);
  }, 90_000);
});
