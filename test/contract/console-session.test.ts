// The console's sign-in over the real H3 app, in process: an API key exchanged for an
// HttpOnly SameSite=Strict cookie that /v1 accepts as that key, a CSRF token on every
// request that changes something, sign-out and revocation ending the session, and the
// security headers on every console file.
import { describe, expect, it } from 'vitest';
import { CONSOLE_CSP, CSRF_HEADER, readCookies, SESSION_COOKIE } from '../../adapters/console.ts';
import { SESSION_HOURS } from '../../services/console-sessions.ts';
import { purgeEndedSessions } from '../../services/retention.ts';
import { http, toolNamed, useSandboxApp } from '../helpers/app.ts';

const ORIGIN = 'http://svc.test';

describe('console sign-in', () => {
  const suite = useSandboxApp();

  async function signIn(key: string) {
    const response = await suite.t.h3.fetch(
      new Request(`${ORIGIN}/console/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, host: 'svc.test' },
        body: JSON.stringify({ key }),
      }),
    );
    const setCookie = response.headers.get('set-cookie') ?? '';
    const token = readCookies(setCookie.split(';')[0]!).get(SESSION_COOKIE) ?? '';
    return { response, setCookie, token, body: (await response.json()) as Record<string, string> };
  }

  const withCookie = (token: string, headers: Record<string, string> = {}) => ({
    cookie: `${SESSION_COOKIE}=${token}`,
    host: 'svc.test',
    ...headers,
  });

  it('exchanges a key for an HttpOnly, SameSite=Strict session cookie and a CSRF token', async () => {
    const { response, setCookie, token, body } = await signIn(suite.key);
    expect(response.status).toBe(200);
    expect(setCookie).toMatch(/^svc_console=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/);
    expect(43200).toBe(SESSION_HOURS * 3600);
    expect(token).not.toContain(suite.key);
    expect(body.csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body).not.toHaveProperty('key');
    expect(response.headers.get('cache-control')).toBe('no-store');
    // The stored session holds the token's hash, never the token or the key.
    const rows = await suite.t.app.db.read('SELECT * FROM console_sessions');
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(suite.key);
  });

  it('refuses a wrong key (401), no key (400) and a sign-in from another origin (403)', async () => {
    expect((await signIn('svc_AAAAAAAAAAAA_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB')).response.status).toBe(401);
    expect((await signIn('')).response.status).toBe(400);
    const foreign = await suite.t.h3.fetch(
      new Request(`${ORIGIN}/console/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example', host: 'svc.test' },
        body: JSON.stringify({ key: suite.key }),
      }),
    );
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('set-cookie')).toBeNull();
  });

  it('answers /v1 reads with the cookie as the key, and gives the CSRF token back', async () => {
    const { token, body } = await signIn(suite.key);
    const tenant = await http(suite.t.h3, 'GET', '/v1/tenant', { headers: withCookie(token) });
    expect(tenant.status).toBe(200);
    expect(tenant.body.kind).toBe('sandbox');
    const state = await http(suite.t.h3, 'GET', '/console/session', { headers: withCookie(token) });
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ signed_in: true, csrf_token: body.csrf_token });
    const none = await http(suite.t.h3, 'GET', '/console/session', { headers: { host: 'svc.test' } });
    expect(none.body).toEqual({ signed_in: false });
  });

  it('refuses a change without the CSRF token (403), from another origin (403), and does it with the token', async () => {
    const { token, body } = await signIn(suite.key);
    const feedback = { text: 'from the console' };
    const forged = await http(suite.t.h3, 'POST', '/v1/feedback', { headers: withCookie(token), body: feedback });
    expect(forged.status).toBe(403);
    expect(forged.body.error.code).toBe('forbidden');
    expect(forged.body.error.message).toContain(CSRF_HEADER);
    const wrong = await http(suite.t.h3, 'POST', '/v1/feedback', {
      // One character changed (a token that already ends in A gets a B).
      headers: withCookie(token, {
        [CSRF_HEADER]: `${body.csrf_token!.slice(0, -1)}${body.csrf_token!.endsWith('A') ? 'B' : 'A'}`,
      }),
      body: feedback,
    });
    expect(wrong.status).toBe(403);
    const crossSite = await http(suite.t.h3, 'POST', '/v1/feedback', {
      headers: withCookie(token, { [CSRF_HEADER]: body.csrf_token!, origin: 'https://evil.example' }),
      body: feedback,
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.error.details.origin).toBe('https://evil.example');
    const real = await http(suite.t.h3, 'POST', '/v1/feedback', {
      headers: withCookie(token, { [CSRF_HEADER]: body.csrf_token!, origin: ORIGIN }),
      body: feedback,
    });
    expect(real.status).toBe(200);
    expect(real.body.id).toMatch(/^fbk_/);
  });

  it('lets an Authorization header win over a cookie', async () => {
    const response = await http(suite.t.h3, 'POST', '/v1/feedback', {
      key: suite.key,
      headers: withCookie('not-a-session'),
      body: { text: 'with a key' },
    });
    expect(response.status).toBe(200);
  });

  it('ends the session on sign-out: the cookie no longer works', async () => {
    const { token, body } = await signIn(suite.key);
    const noToken = await http(suite.t.h3, 'DELETE', '/console/session', { headers: withCookie(token) });
    expect(noToken.status).toBe(403);
    const out = await http(suite.t.h3, 'DELETE', '/console/session', {
      headers: withCookie(token, { [CSRF_HEADER]: body.csrf_token! }),
    });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^svc_console=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0$/);
    const after = await http(suite.t.h3, 'GET', '/v1/tenant', { headers: withCookie(token) });
    expect(after.status).toBe(401);
    expect(after.body.error.message).toContain('signed out');
    const state = await http(suite.t.h3, 'GET', '/console/session', { headers: withCookie(token) });
    expect(state.body.signed_in).toBe(false);
    expect(state.body.reason).toContain('signed out');
  });

  it('ends at its expiry, and with its key', async () => {
    const { token } = await signIn(suite.key);
    suite.t.clock.now = new Date(suite.t.clock.now.getTime() + SESSION_HOURS * 3_600_000);
    const expired = await http(suite.t.h3, 'GET', '/v1/tenant', { headers: withCookie(token) });
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toContain('expired');

    const created = await http(suite.t.h3, 'POST', '/v1/keys', { key: suite.key, body: { label: 'short-lived' } });
    const session = await signIn(created.body.key);
    expect((await http(suite.t.h3, 'GET', '/v1/tenant', { headers: withCookie(session.token) })).status).toBe(200);
    await http(suite.t.h3, 'DELETE', `/v1/keys/${created.body.id}`, { key: suite.key });
    const revoked = await http(suite.t.h3, 'GET', '/v1/tenant', { headers: withCookie(session.token) });
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.message).toContain('revoked');
  });

  it("acts with the key's scopes: a read key's session cannot approve", async () => {
    const created = await http(suite.t.h3, 'POST', '/v1/keys', {
      key: suite.key,
      body: { label: 'reader', scopes: ['read'] },
    });
    const { token, body } = await signIn(created.body.key);
    const account = await http(suite.t.h3, 'GET', '/v1/account', { headers: withCookie(token) });
    expect(account.body.calling_key.scopes).toEqual(['read']);
    const approve = toolNamed('approve_capture');
    const response = await http(
      suite.t.h3,
      approve.http.method,
      '/v1/captures/cap_00000000000000000000000000/approve',
      {
        headers: withCookie(token, { [CSRF_HEADER]: body.csrf_token! }),
        body: {},
      },
    );
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('insufficient_scope');
  });

  it('forgets sessions a day after they expired or were signed out, and no other', async () => {
    const count = async () => Number((await suite.t.app.db.readOne('SELECT COUNT(*) AS n FROM console_sessions'))!.n);
    const signedOut = await signIn(suite.key);
    await http(suite.t.h3, 'DELETE', '/console/session', {
      headers: withCookie(signedOut.token, { [CSRF_HEADER]: signedOut.body.csrf_token! }),
    });
    const before = await count();
    // Within the day nothing goes: the cookie still hears why it is refused.
    expect(await purgeEndedSessions(suite.t.app)).toBe(0);
    suite.t.clock.now = new Date(suite.t.clock.now.getTime() + 24 * 3_600_000 + 1);
    const live = await signIn(suite.key);
    const purged = await purgeEndedSessions(suite.t.app);
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await count()).toBe(before + 1 - purged);
    expect((await http(suite.t.h3, 'GET', '/v1/tenant', { headers: withCookie(live.token) })).status).toBe(200);
    const gone = await http(suite.t.h3, 'GET', '/v1/tenant', { headers: withCookie(signedOut.token) });
    expect(gone.status).toBe(401);
  });

  it('serves the console with a strict CSP, nosniff and no referrer; nothing outside its file list', async () => {
    const page = await suite.t.h3.fetch(new Request(`${ORIGIN}/console/`));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toBe(CONSOLE_CSP);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const worker = await suite.t.h3.fetch(new Request(`${ORIGIN}/console/vendor/pdfjs/pdf.worker.min.mjs`));
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    for (const path of ['/console/../package.json', '/console/%2e%2e/package.json', '/console/vendor/pdfjs/../../x']) {
      const response = await suite.t.h3.fetch(new Request(`${ORIGIN}${path}`));
      expect(response.status).toBe(404);
    }
    const redirect = await suite.t.h3.fetch(new Request(`${ORIGIN}/console`));
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get('location')).toBe('/console/');
  });
});
