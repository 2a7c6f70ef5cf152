// OAuth decisions in process (services/oauth.ts over a real database): a grant never exceeds
// its key, tenants are narrowed, refresh tokens rotate and a replay ends the grant, Client ID
// Metadata Documents are read and checked, the 401 challenge is on REST and MCP alike. The
// whole flow through a browser is test/e2e/oauth.test.ts.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from '../../services/call.ts';
import {
  callerForAccessToken,
  checkSignInKey,
  denySignIn,
  exchangeCode,
  exchangeRefresh,
  findClient,
  grantSignIn,
  type OAuthRefusal,
  registerClient,
  startSignIn,
} from '../../services/oauth.ts';
import { http, makeTestApp, toolNamed, verifiedAccount, type TestApp } from '../helpers/app.ts';

const RESOURCE = 'http://svc.test/mcp';
const REDIRECT = 'http://127.0.0.1:9/callback';

describe('OAuth grants and tokens', () => {
  let t: TestApp;
  let key: string;
  let tenants: { id: string; name: string }[];
  let documentServer: Server;
  let documentUrl: string;
  let document: Record<string, unknown>;

  beforeAll(async () => {
    t = await makeTestApp({ SVC_ALLOW_PRIVATE_DESTINATIONS: '1' }, { realClock: true });
    const owner = await verifiedAccount(t.app);
    key = owner.key;
    for (const name of ['north', 'south']) {
      const made = await http(t.h3, 'POST', '/v1/tenants', { key, body: { name } });
      expect(made.status).toBe(200);
    }
    tenants = (await http(t.h3, 'GET', '/v1/tenants', { key })).body.tenants;
    expect(tenants).toHaveLength(2);
    await registerClient(t.app, 'client-1', { redirect_uris: [REDIRECT], client_name: 'One' }, undefined);
    documentServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document));
    });
    await new Promise<void>((resolve) => documentServer.listen(0, '127.0.0.1', resolve));
    documentUrl = `http://127.0.0.1:${(documentServer.address() as AddressInfo).port}/client.json`;
  });
  afterAll(async () => {
    documentServer?.close();
    await t?.close();
  });

  /** Signs in as a person would, with `choice`, and exchanges the code. */
  async function signIn(
    choice: { scopes: string[]; tenants: string[]; allTenants?: boolean },
    clientId = 'client-1',
    apiKey = key,
  ) {
    const verifier = randomBytes(32).toString('base64url');
    const requestId = await startSignIn(t.app, {
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      scopes: ['read'],
      state: 's',
      resource: RESOURCE,
    });
    const checked = await checkSignInKey(t.app, requestId, apiKey);
    const location = new URL(await grantSignIn(t.app, requestId, checked.consent, { allTenants: false, ...choice }));
    expect(location.searchParams.get('state')).toBe('s');
    expect(location.searchParams.get('iss')).toBe('http://svc.test');
    return exchangeCode(t.app, clientId, location.searchParams.get('code')!, REDIRECT, RESOURCE);
  }

  it('narrows the caller to the granted tenants and scopes; the tools refuse the rest', async () => {
    const tokens = await signIn({ scopes: ['read', 'run'], tenants: [tenants[0]!.id] });
    const caller = await callerForAccessToken(t.app, tokens.access_token, RESOURCE);
    expect(caller.key.scopes).toEqual(['read', 'run']);
    expect(caller.key.all_tenants).toBe(false);
    expect(caller.tenants.map((x) => x.id)).toEqual([tenants[0]!.id]);
    const call = (tool: string, args: Record<string, unknown> = {}, tenant?: string) =>
      callTool(t.app, toolNamed(tool), {
        token: tokens.access_token,
        args,
        tenantSelector: tenant,
        resource: RESOURCE,
      });
    const listed = await call('list_tenants');
    expect(listed.ok && (listed.result.tenants as { id: string }[]).map((x) => x.id)).toEqual([tenants[0]!.id]);
    const other = await call('get_tenant', {}, tenants[1]!.id);
    expect(!other.ok && other.error.code).toBe('not_found');
    const configure = await call('create_key', { label: 'x', tenants: [tenants[0]!.id] });
    expect(!configure.ok && configure.error.code).toBe('insufficient_scope');
    // Presented to REST (no resource) or to another resource, it is refused.
    const rest = await callTool(t.app, toolNamed('get_tenant'), {
      token: tokens.access_token,
      args: {},
      tenantSelector: undefined,
    });
    expect(!rest.ok && rest.error.code).toBe('unauthorized');
    await expect(callerForAccessToken(t.app, tokens.access_token, 'http://other.test/mcp')).rejects.toThrow(
      `issued for ${RESOURCE}, not http://other.test/mcp`,
    );
  });

  it('names this server as the issuer (RFC 9207 iss) when the person declines, too', async () => {
    const requestId = await startSignIn(t.app, {
      client_id: 'client-1',
      redirect_uri: REDIRECT,
      code_challenge: createHash('sha256').update('v'.repeat(43)).digest('base64url'),
      scopes: ['read'],
      state: 'declined',
      resource: RESOURCE,
    });
    const checked = await checkSignInKey(t.app, requestId, key);
    const location = new URL(await denySignIn(t.app, requestId, checked.consent));
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'The person declined the grant.',
      state: 'declined',
      iss: 'http://svc.test',
    });
  });

  it('refuses a grant wider than the key, even from a forged form', async () => {
    const narrow = await http(t.h3, 'POST', '/v1/keys', {
      key,
      body: { label: 'narrow', scopes: ['read'], tenants: [tenants[1]!.id] },
    });
    expect(narrow.status).toBe(200);
    const requestId = await startSignIn(t.app, {
      client_id: 'client-1',
      redirect_uri: REDIRECT,
      code_challenge: 'x'.repeat(43),
      scopes: ['read', 'configure'],
      state: null,
      resource: RESOURCE,
    });
    const checked = await checkSignInKey(t.app, requestId, narrow.body.key);
    // Offered: only what the key has.
    expect(checked.key.scopes).toEqual(['read']);
    expect(checked.suggestedScopes).toEqual(['read']);
    expect(checked.tenants.map((x) => x.id)).toEqual([tenants[1]!.id]);
    const grant = (choice: { scopes: string[]; tenants: string[]; allTenants: boolean }) =>
      grantSignIn(t.app, requestId, checked.consent, choice);
    await expect(
      grant({ scopes: ['read', 'configure'], tenants: [tenants[1]!.id], allTenants: false }),
    ).rejects.toThrow('lacks configure');
    await expect(grant({ scopes: ['read'], tenants: [tenants[0]!.id], allTenants: false })).rejects.toThrow(
      `No tenant ${tenants[0]!.id} reachable`,
    );
    await expect(grant({ scopes: ['read'], tenants: [], allTenants: true })).rejects.toThrow('listed tenants only');
    // Without the consent secret of the checked key, nothing can be granted.
    await expect(
      grantSignIn(t.app, requestId, 'forged', { scopes: ['read'], tenants: [tenants[1]!.id], allTenants: false }),
    ).rejects.toThrow('expired');
  });

  it('rotates refresh tokens; a spent one used again revokes the grant', async () => {
    const first = await signIn({ scopes: ['read'], tenants: [tenants[0]!.id] });
    const second = await exchangeRefresh(t.app, 'client-1', first.refresh_token, undefined, RESOURCE);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    await callerForAccessToken(t.app, second.access_token, RESOURCE);
    await expect(exchangeRefresh(t.app, 'client-1', first.refresh_token, undefined, RESOURCE)).rejects.toThrow(
      'already used, so the grant is revoked',
    );
    await expect(callerForAccessToken(t.app, second.access_token, RESOURCE)).rejects.toThrow('grant was revoked');
    await expect(exchangeRefresh(t.app, 'client-1', second.refresh_token, undefined, RESOURCE)).rejects.toThrow(
      'grant was revoked',
    );
  });

  it('refuses a refresh asking for more scopes, another client or another resource', async () => {
    const tokens = await signIn({ scopes: ['read'], tenants: [tenants[0]!.id] });
    const refused = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (e: OAuthRefusal) => e.code,
      );
    expect(await refused(exchangeRefresh(t.app, 'client-1', tokens.refresh_token, ['read', 'run'], RESOURCE))).toBe(
      'invalid_scope',
    );
    expect(await refused(exchangeRefresh(t.app, 'client-2', tokens.refresh_token, undefined, RESOURCE))).toBe(
      'invalid_grant',
    );
    expect(
      await refused(exchangeRefresh(t.app, 'client-1', tokens.refresh_token, undefined, 'http://other.test/mcp')),
    ).toBe('invalid_target');
  });

  it('revoking the key ends the tokens of its grants', async () => {
    const made = await http(t.h3, 'POST', '/v1/keys', { key, body: { label: 'short-lived', scopes: ['read'] } });
    const tokens = await signIn({ scopes: ['read'], tenants: [tenants[0]!.id] }, 'client-1', made.body.key);
    await callerForAccessToken(t.app, tokens.access_token, RESOURCE);
    expect((await http(t.h3, 'DELETE', `/v1/keys/${made.body.id}`, { key })).status).toBe(200);
    await expect(callerForAccessToken(t.app, tokens.access_token, RESOURCE)).rejects.toThrow(
      'API key behind this access token was revoked',
    );
  });

  it('reads a Client ID Metadata Document, which must name itself', async () => {
    document = { client_id: documentUrl, client_name: 'Doc client', redirect_uris: [REDIRECT] };
    const client = await findClient(t.app, documentUrl);
    expect(client).toMatchObject({ client_id: documentUrl, client_name: 'Doc client', redirect_uris: [REDIRECT] });
    const tokens = await signIn({ scopes: ['read'], tenants: [tenants[0]!.id] }, documentUrl);
    expect(tokens.scope).toBe('read');
    const other = documentUrl.replace('client.json', 'other.json');
    document = { client_id: documentUrl, redirect_uris: [REDIRECT] };
    await expect(findClient(t.app, other)).rejects.toThrow(`names client_id ${documentUrl}`);
    document = { client_id: other.replace('other', 'third'), redirect_uris: [REDIRECT], client_secret: 'x' };
    await expect(findClient(t.app, other.replace('other', 'third'))).rejects.toThrow('is invalid');
  });

  it('with SVC_OAUTH_METADATA_DOCUMENTS=0, fetches no metadata document and says so in the metadata', async () => {
    const closed = await makeTestApp({
      SVC_ALLOW_PRIVATE_DESTINATIONS: '1',
      SVC_OAUTH_METADATA_DOCUMENTS: '0',
      SVC_PUBLIC_URL: 'https://capture.example',
    });
    try {
      document = { client_id: documentUrl, redirect_uris: [REDIRECT] };
      expect(await findClient(closed.app, documentUrl)).toBeUndefined();
      const metadata = await http(closed.h3, 'GET', '/.well-known/oauth-authorization-server');
      expect(metadata.body.client_id_metadata_document_supported).toBe(false);
      expect(metadata.body.issuer).toBe('https://capture.example');
      expect(metadata.body.registration_endpoint).toBe('https://capture.example/register');
      // An http issuer off localhost is refused with the fix, not a 500.
      const plain = await http(t.h3, 'GET', '/.well-known/oauth-authorization-server');
      expect(plain.status).toBe(503);
      expect(plain.body.error.message).toContain('Set SVC_PUBLIC_URL');
    } finally {
      await closed.close();
    }
  });

  it('names in each resource metadata the URL it was derived from (RFC 9728 §3.3); both lead to /mcp tokens', async () => {
    const path = await http(t.h3, 'GET', '/.well-known/oauth-protected-resource/mcp');
    const root = await http(t.h3, 'GET', '/.well-known/oauth-protected-resource');
    // The path form is made from http://svc.test/mcp, the root form from http://svc.test/.
    expect(path.body.resource).toBe(RESOURCE);
    expect(root.body.resource).toBe('http://svc.test/');
    const { resource: _path, ...pathRest } = path.body;
    const { resource: _root, ...rootRest } = root.body;
    expect(rootRest).toEqual(pathRest);
    expect(rootRest.authorization_servers).toEqual(['http://svc.test']);
    // A client that started from the origin asks for it; its token works at /mcp (the origin's
    // only OAuth endpoint) and its refresh may name either form. Another origin is refused.
    const fromOrigin = await signInFor('http://svc.test/');
    await callerForAccessToken(t.app, fromOrigin.access_token, RESOURCE);
    const refreshed = await exchangeRefresh(t.app, 'client-1', fromOrigin.refresh_token, undefined, 'http://svc.test');
    await callerForAccessToken(t.app, refreshed.access_token, RESOURCE);
    await expect(callerForAccessToken(t.app, refreshed.access_token, 'http://svc.test/v1')).rejects.toThrow();
    await expect(
      exchangeRefresh(t.app, 'client-1', refreshed.refresh_token, undefined, 'http://other.test/'),
    ).rejects.toThrow('not http://other.test/');
  });

  /** A sign-in whose code is exchanged naming `resource` (as a client that read that metadata would). */
  async function signInFor(resource: string) {
    const verifier = randomBytes(32).toString('base64url');
    const requestId = await startSignIn(t.app, {
      client_id: 'client-1',
      redirect_uri: REDIRECT,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      scopes: ['read'],
      state: 's',
      resource: RESOURCE,
    });
    const checked = await checkSignInKey(t.app, requestId, key);
    const location = new URL(
      await grantSignIn(t.app, requestId, checked.consent, {
        allTenants: false,
        scopes: ['read'],
        tenants: [tenants[0]!.id],
      }),
    );
    return exchangeCode(t.app, 'client-1', location.searchParams.get('code')!, REDIRECT, resource);
  }

  it('puts the Bearer challenge on every 401, REST and MCP', async () => {
    const rest = await http(t.h3, 'GET', '/v1/tenants', {});
    expect(rest.status).toBe(401);
    expect(rest.headers.get('www-authenticate')).toBe(
      'Bearer resource_metadata="http://svc.test/.well-known/oauth-protected-resource/mcp", scope="read propose run approve configure"',
    );
    const mcp = await http(t.h3, 'POST', '/mcp/svc_nope', { body: { jsonrpc: '2.0', id: 1, method: 'ping' } });
    expect(mcp.status).toBe(401);
    expect(mcp.headers.get('www-authenticate')).toContain('error="invalid_token", error_description="Unknown API key');
  });
});
