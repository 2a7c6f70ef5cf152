// 50 ingests at once over REST against a real `svc serve` at the default rate limit (600 a
// minute), from a key that has never been used: every one is stored (issue 23, finding 7:
// 8 of 50 were answered 429 within the budget). Each waits its turn to be read in the
// analysis queue; none is refused. Speed is measured by bench/large-pdfs.ts, not here.
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEml, makePdf } from '../helpers/mail.ts';
import { startServe, svcEnv, tempDataDir, type ServeProcess } from '../helpers/process.ts';

const MAILS = 50;

function post(agent: Agent, url: string, key: string, body: unknown): Promise<{ status: number; body: any }> {
  const data = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': data.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.once('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
        );
        res.once('error', reject);
      },
    );
    req.once('error', reject);
    req.end(data);
  });
}

describe('many ingests at once', () => {
  let serve: ServeProcess;
  let key: string;
  const agent = new Agent({ keepAlive: true, maxSockets: MAILS });
  beforeAll(async () => {
    serve = await startServe(svcEnv(tempDataDir()));
    const made = await post(agent, `${serve.url}/v1/keys`, serve.key!, { label: 'burst', scopes: ['run', 'read'] });
    expect(made.status).toBe(200);
    key = made.body.key;
  });
  afterAll(async () => {
    agent.destroy();
    await serve?.stop();
  });

  it('stores all 50 from a fresh key within the default rate limit: no 429, no 503', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `Line ${i + 1}: pallet ${i * 7}, net weight ${i * 13} kg`);
    const pdf = await makePdf(lines);
    const body = 'The delivery notes follow.\n'.repeat(8000);
    const answers = await Promise.all(
      Array.from({ length: MAILS }, (_, i) =>
        post(agent, `${serve.url}/v1/messages/ingest`, key, {
          eml: buildEml({
            subject: `Delivery ${i + 1}`,
            text: body,
            attachments: [{ filename: `delivery-${i + 1}.pdf`, contentType: 'application/pdf', content: pdf }],
          }),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses, JSON.stringify(answers.find((a) => a.status !== 200)?.body)).toEqual(statuses.map(() => 200));
    const ids = new Set(answers.map((a) => a.body.message_id));
    expect(ids.size).toBe(MAILS);

    const listed = await fetch(`${serve.url}/v1/messages?limit=200`, { headers: { authorization: `Bearer ${key}` } });
    const page = (await listed.json()) as { messages: { id: string; subject: string }[] };
    expect(new Set(page.messages.map((m) => m.id))).toEqual(ids);
    expect(page.messages.map((m) => m.subject).sort()).toEqual(
      Array.from({ length: MAILS }, (_, i) => `Delivery ${i + 1}`).sort(),
    );
    // Each was read whole: its PDF's text is there.
    const one = await fetch(`${serve.url}/v1/messages/${page.messages[0]!.id}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const message = (await one.json()) as { documents: { mime_type: string; text_length: number }[] };
    expect(message.documents.find((d) => d.mime_type === 'application/pdf')!.text_length).toBeGreaterThan(1000);
  }, 600_000);
});
