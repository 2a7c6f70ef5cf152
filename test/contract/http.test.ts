// The REST surface's own refusals: every 4XX in the shared Error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../services/accounts.ts';
import { createSandbox, http, makeTestApp, type TestApp } from '../helpers/app.ts';

describe('REST protocol errors', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await makeTestApp({ SVC_MAX_MESSAGE_BYTES: '4096' });
    key = (await createSandbox(t.app, 'operator')).key;
  });
  afterAll(() => t.close());

  const expectError = (r: { status: number; body: any; headers: Headers }, status: number, code: string) => {
    expect(r.status).toBe(status);
    expect(r.body.error.code).toBe(code);
    expect(typeof r.body.error.message).toBe('string');
    expect(r.body.error.details).toBeTypeOf('object');
    // No tenant was resolved for these refusals: the header is left out rather than sent empty.
    expect(r.headers.get('x-svc-tenant')).not.toBe('');
  };

  it('unknown route: 404', async () => {
    expectError(await http(t.h3, 'GET', '/v1/nothing-here', { key }), 404, 'not_found');
    expectError(await http(t.h3, 'GET', '/elsewhere', { key }), 404, 'not_found');
  });

  it('known path, wrong method: 405 with Allow', async () => {
    const r = await http(t.h3, 'PATCH', '/v1/keys', { key });
    expectError(r, 405, 'method_not_allowed');
    expect(r.headers.get('allow')).toBe('GET, POST');
  });

  it('bad JSON: 400; a JSON array: 400', async () => {
    const headers = { 'content-type': 'application/json' };
    expectError(
      await http(t.h3, 'POST', '/v1/feedback', { key, rawBody: '{"text": ', headers }),
      400,
      'invalid_request',
    );
    expectError(
      await http(t.h3, 'POST', '/v1/feedback', { key, rawBody: '["text"]', headers }),
      400,
      'invalid_request',
    );
  });

  it('wrong content type: 415', async () => {
    const r = await http(t.h3, 'POST', '/v1/feedback', {
      key,
      rawBody: 'text=hi',
      headers: { 'content-type': 'text/plain' },
    });
    expectError(r, 415, 'unsupported_media_type');
  });

  it('body over the limit: 413, with and without Content-Length', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(5000) });
    const r = await http(t.h3, 'POST', '/v1/feedback', {
      key,
      rawBody: big,
      headers: { 'content-type': 'application/json' },
    });
    expectError(r, 413, 'too_large');
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const response = await t.h3.fetch(
      new Request('http://svc.test/v1/feedback', {
        method: 'POST',
        body: stream,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(413);
  });

  it('refuses by key and scope before the body: a bad body is not even looked at', async () => {
    const big = JSON.stringify({ eml: 'x'.repeat(5000) });
    // Over the limit, not JSON, the wrong media type: the key decides first.
    for (const [rawBody, type] of [
      [big, 'application/json'],
      ['{"eml": ', 'application/json'],
      ['eml=hi', 'text/plain'],
    ] as const) {
      const r = await http(t.h3, 'POST', '/v1/messages/ingest', { rawBody, headers: { 'content-type': type } });
      expectError(r, 401, 'unauthorized');
    }
    const sandbox = await createSandbox(t.app, 'operator');
    const { key: reader } = await issueKey(t.app, sandbox.account_id, 'reader', ['read'], null);
    const headers = { 'content-type': 'application/json' };
    const asReader = await http(t.h3, 'POST', '/v1/messages/ingest', { key: reader, rawBody: big, headers });
    expectError(asReader, 403, 'insufficient_scope');
    expectError(await http(t.h3, 'POST', '/v1/messages/ingest', { key, rawBody: big, headers }), 413, 'too_large');
  });

  it('schema failures list every bad field', async () => {
    const r = await http(t.h3, 'POST', '/v1/interest', { key, body: { email: 'x', wants_beta: 'yes', extra: 1 } });
    expectError(r, 400, 'invalid_request');
    const paths = r.body.error.details.issues.map((i: { path: string }) => i.path).sort();
    expect(paths).toEqual(['(input)', 'email', 'wants_beta']);
  });

  it('query values are typed from the schema', async () => {
    const ok = await http(t.h3, 'GET', '/v1/events?limit=2', { key });
    expect(ok.status).toBe(200);
    expect(ok.body.events).toHaveLength(2);
    expectError(await http(t.h3, 'GET', '/v1/events?limit=lots', { key }), 400, 'invalid_request');
    expectError(await http(t.h3, 'GET', '/v1/events?limit=0', { key }), 400, 'invalid_request');
    expectError(await http(t.h3, 'GET', '/v1/events?colour=red', { key }), 400, 'invalid_request');
  });

  it('healthz needs no key; openapi.json is served', async () => {
    expect((await http(t.h3, 'GET', '/healthz')).body).toEqual({ ok: true, version: '0.1.0' });
    const doc = await http(t.h3, 'GET', '/v1/openapi.json');
    expect(doc.body.info.version).toBe('0.1.0');
    expect(doc.body.paths['/v1/keys/{id}'].delete.operationId).toBe('revoke_key');
  });
});
