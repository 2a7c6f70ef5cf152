// REST over a real node:http socket: the adapter reads bodies from Node's own stream and
// answers with srvx's FastResponse there (in-process tests go through h3.fetch instead),
// so what a client receives must be byte for byte what the in-process path returns.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenHttp, type RunningHttp } from '../../adapters/http.ts';
import { createSandbox, http, makeTestApp, type TestApp } from '../helpers/app.ts';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request; `chunks` are written one by one, a tick apart, with no Content-Length unless given. */
function send(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  chunks: string[] = [],
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(`${url}${path}`, { method, headers, agent: false }, (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    // The server may close while the body is still being written (a refused body): the
    // response, already received, is what the test checks.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const write = (i: number) => {
      if (i === chunks.length) return void req.end();
      req.write(chunks[i]!, () => setImmediate(() => write(i + 1)));
    };
    write(0);
  });
}

describe('REST over node:http', () => {
  let t: TestApp;
  let server: RunningHttp;
  let key: string;
  const eml = 'From: a@example.com\r\nTo: b@example.com\r\nSubject: Chunked body\r\n\r\nHello, chunks.\r\n';
  beforeAll(async () => {
    t = await makeTestApp({ SVC_MAX_MESSAGE_BYTES: '65536' });
    key = (await createSandbox(t.app, 'operator')).key;
    server = await listenHttp(t.h3, 0, '127.0.0.1');
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  const auth = () => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });

  it('reads a body sent in several chunks and answers with a Content-Length', async () => {
    const body = JSON.stringify({ eml });
    const thirds = [body.slice(0, 10), body.slice(10, 40), body.slice(40)];
    const r = await send(server.url, 'POST', '/v1/messages/ingest', auth(), thirds);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.headers['content-length']).toBe(String(Buffer.byteLength(r.text)));
    const result = JSON.parse(r.text);
    expect(result.message_id).toMatch(/^msg_/);
    expect(r.headers['x-svc-tenant']).toBeTruthy();
    const message = await http(t.h3, 'GET', `/v1/messages/${result.message_id}`, { key });
    expect(message.body.subject).toBe('Chunked body');
  });

  it('sends a read exactly as the in-process path does', async () => {
    const path = '/v1/messages?limit=5';
    const overSocket = await send(server.url, 'GET', path, { authorization: `Bearer ${key}` });
    const inProcess = await t.h3.fetch(
      new Request(`http://svc.test${path}`, { headers: { authorization: `Bearer ${key}` } }),
    );
    expect(overSocket.status).toBe(200);
    expect(overSocket.text).toBe(await inProcess.text());
    expect(JSON.parse(overSocket.text).messages.length).toBeGreaterThan(0);
    expect(overSocket.headers['x-svc-tenant']).toBe(inProcess.headers.get('x-svc-tenant'));
  });

  it('refuses a streamed body over the limit with 413, closes that connection, and keeps serving', async () => {
    const before = await http(t.h3, 'GET', '/v1/messages?limit=50', { key });
    const chunk = `{"eml": "${'x'.repeat(16_384)}`;
    const r = await send(server.url, 'POST', '/v1/messages/ingest', auth(), Array(8).fill(chunk));
    expect(r.status).toBe(413);
    expect(JSON.parse(r.text).error).toMatchObject({ code: 'too_large', details: { limit_bytes: 65536 } });
    expect(r.headers.connection).toBe('close');
    const after = await http(t.h3, 'GET', '/v1/messages?limit=50', { key });
    expect(after.body.messages.length).toBe(before.body.messages.length);
    const next = await send(server.url, 'GET', '/healthz', {});
    expect(next.status).toBe(200);
  });

  it('refuses a body whose Content-Length is over the limit before reading it', async () => {
    const body = JSON.stringify({ eml: 'x'.repeat(70_000) });
    const r = await send(
      server.url,
      'POST',
      '/v1/messages/ingest',
      { ...auth(), 'content-length': String(Buffer.byteLength(body)) },
      [body],
    );
    expect(r.status).toBe(413);
    expect(JSON.parse(r.text).error.code).toBe('too_large');
  });
});
