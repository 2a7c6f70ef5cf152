// SMTP ingest against REST ingest (d) on the same workload, with mail authentication on:
// `svc serve` as its own process asks a DNS server in this process (SVC_DNS_SERVERS) that
// holds each answer back 20 ms, as a resolver asking the internet would. The SMTP client is a
// raw socket over 4 connections that writes the envelope commands at once and each message in
// one write, so the client is not what is measured (test/helpers/smtp.ts tops out near 93/s).
import { connect, type Socket } from 'node:net';
import { startDns } from '../test/helpers/dns.ts';
import { freePort, startServe, svcEnv, tempDataDir, type ServeProcess } from '../test/helpers/process.ts';
import { QUICK, rate, totalBytes } from './lib.ts';

const DNS_DELAY_MS = 20;
const RCPT = 'bench-smtp.inbox@in.bench';

/** One SMTP connection that reads whole replies; `expect(n)` resolves with the next n replies. */
class RawSmtp {
  private buffer = '';
  private waiting: { count: number; replies: string[]; resolve: (r: string[]) => void }[] = [];
  private constructor(private readonly socket: Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (data: string) => {
      this.buffer += data;
      for (;;) {
        const m = /^(?:\d{3}-[^\n]*\n)*\d{3} [^\n]*\n/.exec(this.buffer);
        if (!m) break;
        this.buffer = this.buffer.slice(m[0].length);
        const head = this.waiting[0];
        if (!head) continue; // QUIT's reply
        head.replies.push(m[0].trimEnd());
        if (head.replies.length === head.count) head.resolve(this.waiting.shift()!.replies);
      }
    });
  }

  static async open(port: number): Promise<RawSmtp> {
    const client = new RawSmtp(connect(port, '127.0.0.1'));
    await client.send('', 1);
    await client.send('EHLO bench.example\r\n', 1);
    return client;
  }

  send(text: string, count: number): Promise<string[]> {
    const replies = new Promise<string[]>((resolve) => this.waiting.push({ count, replies: [], resolve }));
    if (text) this.socket.write(text);
    return replies;
  }

  /** MAIL, RCPT and DATA in one write (PIPELINING), then the dot-stuffed message and its terminator in one. */
  async deliver(from: string, message: string): Promise<boolean> {
    const [, rcpt, go] = await this.send(`MAIL FROM:<${from}>\r\nRCPT TO:<${RCPT}>\r\nDATA\r\n`, 3);
    if (!rcpt!.startsWith('250') || !go!.startsWith('354')) return false;
    const [done] = await this.send(
      `${message.replace(/(^|\r\n)\./g, '$1..')}${message.endsWith('\r\n') ? '' : '\r\n'}.\r\n`,
      1,
    );
    return done!.startsWith('250');
  }

  close(): void {
    this.socket.end('QUIT\r\n');
  }
}

async function rest(s: ServeProcess, path: string, body: unknown) {
  const r = await fetch(`${s.url}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' },
  });
  return r.json() as Promise<any>;
}

async function smtpIngest(port: number, texts: string[], connections: number) {
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = await RawSmtp.open(port);
      while (next < texts.length) if (!(await client.deliver('sender@bench.example', texts[next++]!))) failures++;
      client.close();
    }),
  );
  return { ms: performance.now() - started, failures };
}

async function restIngest(s: ServeProcess, texts: string[], concurrency: number) {
  const bodies = texts.map((eml) => JSON.stringify({ eml }));
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) {
        const r = await fetch(`${s.url}/v1/messages/ingest`, {
          method: 'POST',
          body: bodies[next++],
          headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' },
        });
        await r.arrayBuffer();
        if (r.status !== 200) failures++;
      }
    }),
  );
  return { ms: performance.now() - started, failures };
}

export async function runSmtp(workload: Uint8Array[]) {
  const messages = workload.slice(0, QUICK ? 300 : 1000);
  // An MTA sends CRLF line endings; the corpus has files with bare LF.
  const texts = messages.map((m) =>
    Buffer.from(m)
      .toString('latin1')
      .replace(/\r?\n|\r/g, '\r\n'),
  );
  const bytes = totalBytes(messages);
  const dns = await startDns({ 'bench.example': { TXT: ['v=spf1 ip4:127.0.0.1 -all'] } }, DNS_DELAY_MS);
  /** One `svc serve`; REST first when asked (so SMTP, measured after, runs on the fuller database). */
  const run = async (env: Record<string, string>, count: number, withRest: boolean) => {
    const smtpPort = await freePort();
    const s = await startServe(
      svcEnv(tempDataDir(), {
        SVC_AUTH_DNS: 'system',
        SVC_DNS_SERVERS: dns.address,
        SVC_SMTP_PORT: String(smtpPort),
        SVC_INBOUND_DOMAIN: 'in.bench',
        SVC_RATE_LIMIT_PER_MINUTE: '1000000000',
        SVC_WEBHOOK_WORKER: '0',
        ...env,
      }),
    );
    try {
      await rest(s, '/v1/subdomain', { name: 'bench-smtp' });
      await rest(s, '/v1/addresses', { local_part: 'inbox' });
      const restRun = withRest ? await restIngest(s, texts, 8) : null;
      const asked = dns.queries.length;
      const smtp = await smtpIngest(smtpPort, texts.slice(0, count), 4);
      return { restRun, smtp, dnsQueries: dns.queries.length - asked };
    } finally {
      await s.stop();
    }
  };
  try {
    const cached = await run({}, texts.length, true);
    const restRun = cached.restRun!;
    // The same path without the cache, on a sample: what every message paid in DNS waits before.
    const sample = Math.min(texts.length, QUICK ? 100 : 200);
    const uncached = await run({ SVC_DNS_CACHE_ENTRIES: '0' }, sample, false);
    const smtpRate = rate(messages.length, bytes, cached.smtp.ms);
    const restRate = rate(messages.length, bytes, restRun.ms);
    return {
      dns_delay_ms: DNS_DELAY_MS,
      smtp_ingest: { ...smtpRate, connections: 4, failures: cached.smtp.failures, dns_queries: cached.dnsQueries },
      smtp_ingest_no_dns_cache: {
        ...rate(sample, totalBytes(messages.slice(0, sample)), uncached.smtp.ms),
        connections: 4,
        failures: uncached.smtp.failures,
        dns_queries: uncached.dnsQueries,
      },
      d_rest_ingest: { ...restRate, concurrency: 8, failures: restRun.failures },
      ratio_smtp_over_d: +(smtpRate.per_second / restRate.per_second).toFixed(3),
    };
  } finally {
    await dns.close();
  }
}
