// A large REST body is read only when its message's turn in the analysis queue comes
// (issue 23: a burst of 5 MB PDFs was read whole into memory while the queue was full,
// which grew RSS and held the main thread). Against a real `svc serve` with one worker
// (two messages in analysis at once): while two large bodies are still arriving, a third
// is answered 503 with Retry-After without a byte of its body having been sent; the two
// are then stored, and a large message sent after them is too.
import { randomBytes } from 'node:crypto';
import { request, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEml } from '../helpers/mail.ts';
import { startServe, svcEnv, tempDataDir, type ServeProcess } from '../helpers/process.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/** A request whose body the test sends when it chooses; `answer` settles with the response, whenever it comes. */
function open(
  url: string,
  key: string,
  body: Buffer,
  headers: Record<string, string> = {},
): { req: ClientRequest; answer: Promise<Answer> } {
  const req = request(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      'content-length': String(body.byteLength),
      ...headers,
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.once('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        }),
      );
      res.once('error', reject);
    });
    // A request answered before its body was sent may see its socket closed under it.
    req.on('error', reject);
  });
  req.flushHeaders();
  return { req, answer };
}

function largeEml(i: number): string {
  return buildEml({
    subject: `Scan ${i}`,
    text: `Scan ${i} is attached.`,
    attachments: [
      { filename: `scan-${i}.bin`, contentType: 'application/octet-stream', content: randomBytes(1_500_000) },
    ],
  });
}

/** A message of about 2 MiB (over the 1 MiB at which a body waits for its turn), as JSON. */
function largeBody(i: number): Buffer {
  return Buffer.from(JSON.stringify({ eml: largeEml(i) }));
}

/** The same as an MCP tools/call of ingest_message (2025-11-25, stateless). */
function largeMcpCall(i: number): Buffer {
  return Buffer.from(
    JSON.stringify({
      jsonrpc: '2.0',
      id: i,
      method: 'tools/call',
      params: { name: 'ingest_message', arguments: { eml: largeEml(i) } },
    }),
  );
}
const MCP_HEADERS = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };

describe('a large body waits in its socket for its turn', () => {
  let serve: ServeProcess;
  beforeAll(async () => {
    serve = await startServe(
      svcEnv(tempDataDir(), {
        SVC_ANALYSIS_WORKERS: '1',
        SVC_ANALYSIS_QUEUE_WAIT_MS: '1500',
        SVC_BODY_TIMEOUT_SECONDS: '120',
      }),
    );
  });
  afterAll(async () => {
    await serve?.stop();
  });

  it('is answered 503 with Retry-After, unread, while the queue is full; the others are stored', async () => {
    const url = `${serve.url}/v1/messages/ingest`;
    const bodies = [1, 2, 3].map(largeBody);
    // Each body is held back after its first 64 KiB (the third's after none): whichever two
    // reach the queue first are reading, and the queue has no room for the other.
    const requests = bodies.map((body) => open(url, serve.key!, body));
    requests[0]!.req.write(bodies[0]!.subarray(0, 64 * 1024));
    requests[1]!.req.write(bodies[1]!.subarray(0, 64 * 1024));
    const first = await Promise.race(requests.map((r, i) => r.answer.then((a) => ({ i, a }))));
    expect(first.a.status, JSON.stringify(first.a.body)).toBe(503);
    expect(first.a.body.error.code).toBe('unavailable');
    expect(first.a.body.error.message).toMatch(
      /waited 1\.5 s for its turn to be read \(SVC_ANALYSIS_QUEUE_WAIT_MS=1500\)/,
    );
    expect(Number(first.a.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The two still reading get the rest of their bodies and are stored whole.
    const others = [0, 1, 2].filter((i) => i !== first.i);
    for (const i of others) {
      const sent = i === 2 ? 0 : 64 * 1024;
      requests[i]!.req.end(bodies[i]!.subarray(sent));
    }
    const stored = await Promise.all(others.map((i) => requests[i]!.answer));
    expect(stored.map((a) => a.status)).toEqual([200, 200]);
    expect(stored.map((a) => a.body.status)).not.toContain(undefined);
    // Their turns were given back: a large message sent now is read and stored.
    const fourth = largeBody(4);
    const later = open(url, serve.key!, fourth);
    later.req.end(fourth);
    const answer = await later.answer;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const listed = await fetch(`${serve.url}/v1/messages?limit=10`, {
      headers: { authorization: `Bearer ${serve.key}` },
    });
    const page = (await listed.json()) as { messages: { subject: string }[] };
    expect(page.messages.map((m) => m.subject).sort()).toEqual(
      [...others.map((i) => `Scan ${i + 1}`), 'Scan 4'].sort(),
    );
  });

  it('parses a large body off the main thread as it would on it: its errors, and text that is not ASCII', async () => {
    const url = `${serve.url}/v1/messages/ingest`;
    const whole = largeBody(5);
    const cut = whole.subarray(0, whole.byteLength - 10);
    const broken = open(url, serve.key!, cut);
    broken.req.end(cut);
    const refused = await broken.answer;
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('invalid_request');
    expect(refused.body.error.message).toMatch(/^The body is not valid JSON \(.+\); send one JSON object\.$/);
    // A raw UTF-8 subject (no encoded word): the message's bytes are its UTF-8, not Latin-1.
    const eml = buildEml({
      subject: 'Prüfbericht Ω 5',
      text: 'Attached.',
      attachments: [{ filename: 'scan.bin', contentType: 'application/octet-stream', content: randomBytes(1_500_000) }],
    });
    const body = Buffer.from(JSON.stringify({ eml }));
    const ingest = open(url, serve.key!, body);
    ingest.req.end(body);
    const answer = await ingest.answer;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const read = await fetch(`${serve.url}/v1/messages/${answer.body.message_id}`, {
      headers: { authorization: `Bearer ${serve.key}` },
    });
    const message = (await read.json()) as { subject: string; size_bytes?: number };
    expect(message.subject).toBe('Prüfbericht Ω 5');
  });

  it('over MCP too: a large tools/call body waits for its turn, 503 past the queue, the others stored', async () => {
    const url = `${serve.url}/mcp`;
    const bodies = [11, 12, 13].map(largeMcpCall);
    const requests = bodies.map((body) => open(url, serve.key!, body, MCP_HEADERS));
    requests[0]!.req.write(bodies[0]!.subarray(0, 64 * 1024));
    requests[1]!.req.write(bodies[1]!.subarray(0, 64 * 1024));
    const first = await Promise.race(requests.map((r, i) => r.answer.then((a) => ({ i, a }))));
    expect(first.a.status, JSON.stringify(first.a.body)).toBe(503);
    expect(first.a.body.error.code).toBe('unavailable');
    expect(Number(first.a.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const others = [0, 1, 2].filter((i) => i !== first.i);
    for (const i of others) requests[i]!.req.end(bodies[i]!.subarray(i === 2 ? 0 : 64 * 1024));
    const answers = await Promise.all(others.map((i) => requests[i]!.answer));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    for (const a of answers) {
      expect(a.body.result.isError, JSON.stringify(a.body).slice(0, 300)).toBeFalsy();
      expect(a.body.result.structuredContent.message_id).toMatch(/^msg_/);
    }
    // The turns were given back: another large call is read and stored.
    const fourth = largeMcpCall(14);
    const later = open(url, serve.key!, fourth, MCP_HEADERS);
    later.req.end(fourth);
    const answer = await later.answer;
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    expect(answer.body.result.isError).toBeFalsy();
  });
});
