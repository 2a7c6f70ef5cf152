// The whole OAuth 2.1 flow against a real `svc serve`, as an MCP client and a person do it:
// discovery from a 401, dynamic client registration, authorization with PKCE through the
// sign-in page (driven in Chromium), the token exchange, then tools/list and a tool call with
// the token; a refresh, a grant narrower than the key, a token for another resource, and a
// revoked grant.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../../tools/index.ts';
import { launchChromium } from '../helpers/browser.ts';
import { startServe, svcEnv, tempDataDir, type ServeProcess } from '../helpers/process.ts';

/** The client's redirect target: a loopback server that hands each arrival to whoever waits for it. */
function callbackServer(): Promise<{ server: Server; url: string; next: () => Promise<URL> }> {
  const waiting: ((url: URL) => void)[] = [];
  const arrived: URL[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    res.writeHead(200, { 'content-type': 'text/plain' }).end('Signed in; you may close this window.');
    const waiter = waiting.shift();
    if (waiter) waiter(url);
    else arrived.push(url);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        server,
        url: `http://127.0.0.1:${port}/callback`,
        next: () => {
          const ready = arrived.shift();
          return ready ? Promise.resolve(ready) : new Promise((r) => waiting.push(r));
        },
      });
    });
  });
}

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function postForm(url: string, fields: Record<string, string>): Promise<{ status: number; body: any }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, body: await response.json() };
}

async function mcpClient(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'oauth-e2e', version: '0.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  return client;
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});

function postMcp(url: string, token?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: initialize,
  });
}

describe('OAuth 2.1 sign-in for /mcp against svc serve', () => {
  let serve: ServeProcess;
  let browser: Browser;
  let callback: Awaited<ReturnType<typeof callbackServer>>;
  let mcpUrl: string;
  // Filled in as the flow goes, each step using what the one before found.
  let resourceMetadataUrl: string;
  let authServer: Record<string, any>;
  let clientId: string;
  let tokens: { access_token: string; refresh_token: string; expires_in: number; scope: string };

  beforeAll(async () => {
    serve = await startServe(svcEnv(tempDataDir(), { SVC_LOG_LEVEL: 'warn' }));
    mcpUrl = `${serve.url}/mcp`;
    callback = await callbackServer();
    browser = await launchChromium();
    // Generous: the machine is shared, and a start under load has taken over a minute.
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    callback?.server.close();
    await serve?.stop();
  });

  it('a request with no token gets 401 with a Bearer challenge naming the resource metadata', async () => {
    const response = await postMcp(mcpUrl);
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    resourceMetadataUrl = challenge.match(/resource_metadata="([^"]+)"/)?.[1] ?? '';
    expect(resourceMetadataUrl).toBe(`${serve.url}/.well-known/oauth-protected-resource/mcp`);
    expect((await response.json()).error.code).toBe('unauthorized');
    // A bad key gets the same challenge, and says why.
    const bad = await postMcp(mcpUrl, 'svc_AAAAAAAAAAAA_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB');
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(bad.headers.get('www-authenticate')).toContain('error_description="Unknown API key');
  });

  it('discovers the authorization server from the resource metadata (RFC 9728, RFC 8414)', async () => {
    const resource = await (await fetch(resourceMetadataUrl)).json();
    expect(resource.resource).toBe(mcpUrl);
    expect(resource.authorization_servers).toEqual([serve.url]);
    expect(resource.scopes_supported).toEqual(['read', 'propose', 'run', 'approve', 'configure']);
    // The root form describes the origin it is derived from (RFC 9728 §3.3), and the same server.
    const root = await (await fetch(`${serve.url}/.well-known/oauth-protected-resource`)).json();
    expect(root).toEqual({ ...resource, resource: `${serve.url}/` });
    authServer = await (
      await fetch(`${resource.authorization_servers[0]}/.well-known/oauth-authorization-server`)
    ).json();
    expect(authServer.issuer).toBe(serve.url);
    expect(authServer.code_challenge_methods_supported).toEqual(['S256']);
    expect(authServer.grant_types_supported).toEqual(['authorization_code', 'refresh_token']);
    expect(authServer.client_id_metadata_document_supported).toBe(true);
    for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'revocation_endpoint'])
      expect(authServer[endpoint]).toMatch(new RegExp(`^${serve.url}/`));
  });

  it('registers a public client (RFC 7591) and refuses a redirect URI off loopback over http', async () => {
    const refused = await fetch(authServer.registration_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['http://example.com/cb'], token_endpoint_auth_method: 'none' }),
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe('invalid_client_metadata');
    const response = await fetch(authServer.registration_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: [callback.url],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        client_name: 'E2E <client>',
      }),
    });
    expect(response.status).toBe(201);
    const registered = await response.json();
    expect(registered.client_secret).toBeUndefined();
    expect(registered.redirect_uris).toEqual([callback.url]);
    clientId = registered.client_id;
  });

  it('lets the port of a loopback redirect URI registered without one vary (RFC 8252 §7.3), nothing else', async () => {
    const response = await fetch(authServer.registration_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['http://127.0.0.1/callback'], token_endpoint_auth_method: 'none' }),
    });
    expect(response.status).toBe(201);
    const portless = (await response.json()).client_id as string;
    const page = (id: string, redirectUri: string) => {
      const authorize = new URL(authServer.authorization_endpoint);
      authorize.search = new URLSearchParams({
        response_type: 'code',
        client_id: id,
        redirect_uri: redirectUri,
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
        state: 'port',
        resource: mcpUrl,
      }).toString();
      return fetch(authorize, { redirect: 'manual' });
    };
    const signIn = await page(portless, 'http://127.0.0.1:3118/callback');
    expect(signIn.status).toBe(200);
    expect(await signIn.text()).toContain('name="api_key"');
    for (const other of [
      'http://localhost:3118/callback',
      'http://127.0.0.1:3118/other',
      'http://127.0.0.1:3118/callback?x=1',
    ]) {
      const refused = await page(portless, other);
      expect(refused.status).toBe(400);
      // The SDK refuses what no registered URI matches in any port ("Unregistered redirect_uri"), we the rest.
      expect(await refused.text()).toMatch(/Unregistered redirect_uri|is not one this client registered/);
    }
    // Registered with its port (the client above): only that port.
    const otherPort = callback.url.replace(/:\d+\//, ':1/');
    const exact = await page(clientId, otherPort);
    expect(exact.status).toBe(400);
    expect(await exact.text()).toContain(`redirect_uri ${otherPort} is not one this client registered`);
  });

  it('signs in through the page with PKCE, granting less than the key, and exchanges the code', async () => {
    const { verifier, challenge } = pkce();
    const state = randomBytes(8).toString('hex');
    const authorize = new URL(authServer.authorization_endpoint);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: callback.url,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      scope: 'read run',
      state,
      resource: mcpUrl,
    }).toString();

    const page = await browser.newPage();
    const signIn = await page.goto(authorize.href);
    expect(signIn?.status()).toBe(200);
    const policy = (await signIn?.allHeaders())?.['content-security-policy'] ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('script-src');
    // The client's name is shown as text, escaped.
    expect(await page.locator('main p strong').first().textContent()).toBe('E2E <client>');
    // A wrong key is refused on the page itself.
    await page.getByLabel('API key').fill('svc_AAAAAAAAAAAA_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB');
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('Unknown API key');
    await page.getByLabel('API key').fill(serve.key!);
    await page.getByRole('button', { name: 'Continue' }).click();

    // The sandbox key has every scope; the client asked for read and run, and the person
    // narrows that to read alone.
    const offered = await page
      .getByRole('checkbox')
      .evaluateAll((boxes) =>
        boxes.map((b) => ({ value: (b as HTMLInputElement).value, checked: (b as HTMLInputElement).checked })),
      );
    expect(offered.filter((b) => b.value !== '1' && !b.value.startsWith('ten_'))).toEqual([
      { value: 'read', checked: true },
      { value: 'propose', checked: false },
      { value: 'run', checked: true },
      { value: 'approve', checked: false },
      { value: 'configure', checked: false },
    ]);
    expect(offered.filter((b) => b.value.startsWith('ten_'))).toHaveLength(1);
    await page.getByRole('checkbox', { name: /^run:/ }).uncheck();
    await page.getByRole('button', { name: 'Grant access' }).click();
    const arrived = await callback.next();
    await page.close();
    expect(arrived.searchParams.get('state')).toBe(state);
    // RFC 9207: the response names the issuer of the metadata (Gemini CLI requires it).
    expect(arrived.searchParams.get('iss')).toBe(serve.url);
    const code = arrived.searchParams.get('code') ?? '';
    expect(code).toMatch(/^svc_ac_/);

    // The wrong verifier is refused; the right one gets tokens; the code then works no more.
    const exchange = {
      grant_type: 'authorization_code',
      code,
      client_id: clientId,
      redirect_uri: callback.url,
      resource: mcpUrl,
    };
    const wrong = await postForm(authServer.token_endpoint, { ...exchange, code_verifier: pkce().verifier });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    const granted = await postForm(authServer.token_endpoint, { ...exchange, code_verifier: verifier });
    expect(granted.status).toBe(200);
    tokens = granted.body;
    expect(tokens.access_token).toMatch(/^svc_at_[0-9A-Za-z]{40}$/);
    expect(tokens.refresh_token).toMatch(/^svc_rt_[0-9A-Za-z]{40}$/);
    expect(tokens.scope).toBe('read');
    expect(tokens.expires_in).toBe(3600);
  }, 120_000);

  it('lists and calls tools with the access token, within the grant only', async () => {
    const client = await mcpClient(mcpUrl, tokens.access_token);
    const listed = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(listed).toEqual(
      tools
        .filter((t) => t.scope === 'read')
        .map((t) => t.name)
        .sort(),
    );
    const tenant = await client.callTool({ name: 'get_tenant', arguments: {} });
    expect(tenant.isError).toBeFalsy();
    expect((tenant.structuredContent as { kind: string }).kind).toBe('sandbox');
    // The key may configure; the grant may not.
    const created = await client.callTool({ name: 'create_key', arguments: { label: 'escalate' } });
    expect(created.isError).toBe(true);
    expect((created.structuredContent as { error: { code: string } }).error.code).toBe('insufficient_scope');
    await client.close();
    // The token is for the MCP endpoint alone: REST refuses it.
    const rest = await fetch(`${serve.url}/v1/tenant`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(rest.status).toBe(401);
    expect((await rest.json()).error.message).toContain(`access token for ${mcpUrl}`);
  });

  it('refuses a token at another resource, and an authorization for another resource', async () => {
    // The same server reached under another name is another resource (RFC 8707): the token names 127.0.0.1.
    const elsewhere = mcpUrl.replace('127.0.0.1', 'localhost');
    const response = await postMcp(elsewhere, tokens.access_token);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect((await response.json()).error.message).toContain(`issued for ${mcpUrl}, not ${elsewhere}`);

    const authorize = new URL(authServer.authorization_endpoint);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: callback.url,
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
      state: 'other',
      resource: 'https://mcp.example.com/mcp',
    }).toString();
    const redirect = await fetch(authorize, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = new URL(redirect.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe(callback.url);
    expect(location.searchParams.get('error')).toBe('invalid_target');
    expect(location.searchParams.get('state')).toBe('other');
  });

  it('refreshes with rotation: the new pair works, the spent refresh token does not', async () => {
    const refreshed = await postForm(authServer.token_endpoint, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
      resource: mcpUrl,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).not.toBe(tokens.access_token);
    expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.body.scope).toBe('read');
    const client = await mcpClient(mcpUrl, refreshed.body.access_token);
    expect((await client.callTool({ name: 'get_tenant', arguments: {} })).isError).toBeFalsy();
    await client.close();
    tokens = refreshed.body;
  });

  it("the key's owner lists the grant and revokes it; its tokens are then refused", async () => {
    const owner = { authorization: `Bearer ${serve.key}` };
    const listed = await (await fetch(`${serve.url}/v1/oauth/grants`, { headers: owner })).json();
    expect(listed.grants).toHaveLength(1);
    const [grant] = listed.grants;
    expect(grant).toMatchObject({
      client_id: clientId,
      client_name: 'E2E <client>',
      scopes: ['read'],
      all_tenants: false,
      resource: mcpUrl,
      revoked_at: null,
    });
    expect(grant.last_used_at).not.toBeNull();
    const revoked = await fetch(`${serve.url}/v1/oauth/grants/${grant.id}`, { method: 'DELETE', headers: owner });
    expect(revoked.status).toBe(200);
    expect((await revoked.json()).already_revoked).toBe(false);

    const refused = await postMcp(mcpUrl, tokens.access_token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect((await refused.json()).error.message).toContain('grant was revoked');
    const refresh = await postForm(authServer.token_endpoint, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    });
    expect(refresh.status).toBe(400);
    expect(refresh.body.error).toBe('invalid_grant');
  });
});
