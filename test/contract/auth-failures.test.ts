// Failed authentications are rate limited per client address (REST and HTTP MCP): an
// unknown key costs a database read, so an address over its budget gets 429 with
// Retry-After, in the shared Error shape, before any read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenHttp, type RunningHttp } from '../../adapters/http.ts';
import { clientKey } from '../../services/rate-limit.ts';
import { createSandbox, http, makeTestApp, type TestApp } from '../helpers/app.ts';

const BUDGET = 5;
const BAD = 'svc_notarealkey_0000000000000000000000000000';

function restFrom(t: TestApp, forwardedFor: string, key: string) {
  return http(t.h3, 'GET', '/v1/account', { key, headers: { 'x-forwarded-for': forwardedFor } });
}

function mcpFrom(t: TestApp, forwardedFor: string, key: string) {
  const body = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_account","arguments":{}}}';
  return http(t.h3, 'POST', `/mcp/${key}`, {
    rawBody: body,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'x-forwarded-for': forwardedFor,
    },
  });
}

describe('failed authentications per client address', () => {
  let t: TestApp;
  let good: string;
  beforeAll(async () => {
    t = await makeTestApp({ SVC_AUTH_FAILURES_PER_MINUTE: String(BUDGET), SVC_TRUST_PROXY_HOPS: '1' });
    good = (await createSandbox(t.app, 'operator')).key;
  });
  afterAll(() => t.close());

  it(`REST: ${BUDGET} failures a minute pass as 401, then 429 with Retry-After until the budget refills`, async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < BUDGET; i++) {
      const r = await restFrom(t, ip, BAD);
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('unauthorized');
    }
    const limited = await restFrom(t, ip, BAD);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('12');
    expect(limited.body.error).toMatchObject({ code: 'rate_limited', details: { retry_after_seconds: 12 } });
    expect(limited.body.error.message).toContain(`limit ${BUDGET} a minute`);
    expect(limited.body.error.message).toContain('valid API key');
    // Refused before the key is even looked up: a valid key from this address waits too.
    expect((await restFrom(t, ip, good)).status).toBe(429);
    // Another address is unaffected, with a good key and with a bad one.
    expect((await restFrom(t, '203.0.113.8', good)).status).toBe(200);
    expect((await restFrom(t, '203.0.113.8', BAD)).status).toBe(401);
    // One token comes back every 60/BUDGET = 12 s.
    t.clock.now = new Date(t.clock.now.getTime() + 12_000);
    expect((await restFrom(t, ip, good)).status).toBe(200);
    expect((await restFrom(t, ip, BAD)).status).toBe(401);
    expect((await restFrom(t, ip, BAD)).status).toBe(429);
  });

  it('only the entry the trusted proxy appended counts: addresses a client puts before it are ignored', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < BUDGET; i++) expect((await restFrom(t, `10.9.9.${i}, ${ip}`, BAD)).status).toBe(401);
    expect((await restFrom(t, `10.9.9.99, ${ip}`, BAD)).status).toBe(429);
  });

  it('HTTP MCP: the same budget, refused at connect with the same Error', async () => {
    const ip = '192.0.2.55';
    for (let i = 0; i < BUDGET; i++) {
      const r = await mcpFrom(t, ip, BAD);
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('unauthorized');
    }
    const r = await mcpFrom(t, ip, BAD);
    expect(r.status).toBe(429);
    expect(r.body.error).toMatchObject({ code: 'rate_limited', details: { retry_after_seconds: 12 } });
    // REST and MCP share the address's budget.
    expect((await restFrom(t, ip, BAD)).status).toBe(429);
  });

  it('a missing key costs no lookup and is not counted', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < BUDGET * 2; i++) {
      const r = await http(t.h3, 'GET', '/v1/account', { headers: { 'x-forwarded-for': ip } });
      expect(r.status).toBe(401);
    }
    expect((await restFrom(t, ip, good)).status).toBe(200);
  });

  it('IPv6 clients count per /64; IPv4-mapped addresses count as the IPv4 address', () => {
    expect(clientKey('2001:db8:1:2::1')).toBe(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
});

describe('failed authentications, real socket address (no proxy trusted)', () => {
  let t: TestApp;
  let server: RunningHttp;
  beforeAll(async () => {
    t = await makeTestApp({ SVC_AUTH_FAILURES_PER_MINUTE: String(BUDGET) });
    server = await listenHttp(t.h3, 0, '127.0.0.1');
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  it('counts by the socket address and ignores X-Forwarded-For', async () => {
    const call = (forwardedFor: string) =>
      fetch(`${server.url}/v1/account`, {
        headers: { authorization: `Bearer ${BAD}`, 'x-forwarded-for': forwardedFor },
      });
    for (let i = 0; i < BUDGET; i++) expect((await call(`198.51.100.${i}`)).status).toBe(401);
    const limited = await call('198.51.100.200');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('12');
    expect((await limited.json()).error.code).toBe('rate_limited');
  });
});
