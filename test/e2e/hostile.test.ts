// Mail built to hurt us, sent to a real `svc serve` process over REST and SMTP: PDF and
// DOCX bombs, billion laughs, pathological HTML, costly tenant regexes. The service must
// stay up and keep answering /healthz while each is analysed, answer 200 (SMTP 250) or a
// 4XX that names the reason, and store the message with what could be read and a flag
// for what could not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServe, svcEnv, tempDataDir, type ServeProcess } from '../helpers/process.ts';
import { ATTACHMENT_BOMBS, HOSTILE_HTML } from '../helpers/hostile.ts';
import { buildEml } from '../helpers/mail.ts';
import { SmtpClient } from '../helpers/smtp.ts';

const LIMIT_FLAGS = ['analysis_limit', 'attachment_unreadable', 'truncated'];

interface StoredMessage {
  flags: string[];
  notes: string[];
  text: string;
  documents: { filename: string | null; unreadable: string | null; truncated: boolean }[];
}

// Built once, before the server starts: generating a bomb takes seconds, and a keep-alive
// connection left idle that long is closed by the server just as the next request reuses it.
const built = new Map<string, string>();
const bomb = (i: number) => {
  const [name, make] = ATTACHMENT_BOMBS[i]!;
  if (!built.has(name)) built.set(name, make());
  return built.get(name)!;
};

describe('hostile mail against a running service', () => {
  let serve: ServeProcess;
  let smtpPort: number;
  let key: string;
  const healthFailures: string[] = [];
  let polling = true;
  let poller: Promise<void>;

  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${serve.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  beforeAll(async () => {
    ATTACHMENT_BOMBS.forEach((_, i) => {
      bomb(i);
    });
    smtpPort = await freePort();
    serve = await startServe(
      svcEnv(tempDataDir(), {
        SVC_SMTP_PORT: String(smtpPort),
        SVC_ANALYSIS_TIMEOUT_MS: '3000',
        SVC_ANALYSIS_WORKERS: '2',
      }),
    );
    key = serve.key!;
    expect((await api('POST', '/v1/subdomain', { name: 'hostile-test' })).body.outcome).toBe('claimed');
    expect((await api('POST', '/v1/addresses', { local_part: 'in' })).status).toBe(200);
    // Warm up (the process's first requests and the workers' start) before timing anything.
    expect(
      (await api('POST', '/v1/messages/ingest', { eml: buildEml({ subject: 'warm-up', text: 'hello' }) })).status,
    ).toBe(200);
    // /healthz keeps answering while hostile mail is analysed: every poll must succeed.
    poller = (async () => {
      while (polling) {
        try {
          const r = await fetch(`${serve.url}/healthz`, { signal: AbortSignal.timeout(5000) });
          if (r.status !== 200) healthFailures.push(`status ${r.status}`);
        } catch (error) {
          healthFailures.push((error as Error).message);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
  }, 60_000);

  afterAll(async () => {
    polling = false;
    await poller;
    await serve?.stop();
  });

  /** The covering note survives; the bomb is a flagged document; the body of the mail is kept. */
  function expectBombContained(m: StoredMessage) {
    expect(m.text).toContain('INV-HOSTILE-1');
    expect(m.flags.some((f) => LIMIT_FLAGS.includes(f))).toBe(true);
    const bomb = m.documents[1]!;
    expect(bomb.unreadable !== null || bomb.truncated).toBe(true);
  }

  for (const [i, [name]] of ATTACHMENT_BOMBS.entries()) {
    it(`ingest_message: ${name}`, async () => {
      const ingested = await api('POST', '/v1/messages/ingest', { eml: bomb(i) });
      expect(ingested.status).toBe(200);
      const m = (await api('GET', `/v1/messages/${ingested.body.message_id}`)).body as StoredMessage;
      expectBombContained(m);
    }, 60_000);
  }

  it('the zip and XML limits name themselves', async () => {
    const read = async (eml: string) => {
      const { body } = await api('POST', '/v1/messages/ingest', { eml });
      return ((await api('GET', `/v1/messages/${body.message_id}`)).body as StoredMessage).documents[1]!.unreadable;
    };
    expect(await read(bomb(2))).toMatch(/declares \d+ bytes inflated; the limit is 16777216/);
    expect(await read(bomb(3))).toMatch(/inflates past 16777216 bytes/);
    expect(await read(bomb(4))).toMatch(/DOCTYPE/);
  }, 60_000);

  // What a person sees in each: the text a browser renders.
  const visible: Record<keyof typeof HOSTILE_HTML, (text: string) => void> = {
    pipes: (text) => expect(text).toMatch(/x$/),
    style: (text) => expect(text).not.toContain('aaaa'),
    deep: (text) => expect(text).toBe('deep text'),
    unclosed: (text) => expect(text).toBe('unclosed text'),
  };
  for (const [name, html] of Object.entries(HOSTILE_HTML) as [keyof typeof HOSTILE_HTML, string][]) {
    it(`ingest_message: pathological HTML (${name})`, async () => {
      const ingested = await api('POST', '/v1/messages/ingest', { eml: buildEml({ subject: name, html }) });
      expect(ingested.status).toBe(200);
      const m = (await api('GET', `/v1/messages/${ingested.body.message_id}`)).body as StoredMessage;
      expect(m.flags).not.toContain('analysis_limit');
      visible[name](m.text);
    }, 60_000);
  }

  it('SMTP: every bomb is accepted with 250 after it is stored, and stored flagged', async () => {
    const { client } = await SmtpClient.open(smtpPort);
    try {
      for (const i of ATTACHMENT_BOMBS.keys()) {
        const reply = await client.send('sender@elsewhere.example', ['hostile-test.in@in.localhost'], bomb(i));
        expect(reply.data).toMatch(/^250 /);
      }
    } finally {
      await client.close();
    }
    const listed = await api('GET', `/v1/messages?limit=${ATTACHMENT_BOMBS.length}`);
    const stored = await Promise.all(
      (listed.body.messages as { id: string }[]).map(
        async ({ id }) => (await api('GET', `/v1/messages/${id}`)).body as StoredMessage & { source: string },
      ),
    );
    expect(stored.map((m) => m.source)).toEqual(ATTACHMENT_BOMBS.map(() => 'smtp'));
    for (const m of stored) expectBombContained(m);
  }, 120_000);

  it('dry_run_rule: a costly counted repeat over a 1 MiB body is refused with a 4XX naming the limit', async () => {
    const r = await api('POST', '/v1/dry-run/rule', {
      rule: { text_matches: '[a-z]{1000}!' },
      html: `<p>${'a'.repeat(1024 * 1024)}</p>`,
    });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(['invalid_regex', 'analysis_limit']).toContain(r.body.error.code);
    expect(r.body.error.message).toMatch(/limit|budget/);
  }, 60_000);

  it('dry runs read pathological HTML like ingest does', async () => {
    const r = await api('POST', '/v1/dry-run/rule', {
      rule: { text_contains: ['deep text'] },
      html: HOSTILE_HTML.deep,
    });
    expect(r.status).toBe(200);
    expect(r.body.results[0].matched).toBe(true);
  }, 60_000);

  it('stayed up: /healthz answered throughout and still does', async () => {
    expect(serve.child.exitCode).toBeNull();
    expect(healthFailures).toEqual([]);
    expect((await fetch(`${serve.url}/healthz`)).status).toBe(200);
  });
});
