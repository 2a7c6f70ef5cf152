// OAuth 2.1 for the MCP endpoint: what the sign-in page, the token endpoint and the bearer
// check decide. A person signs in with an API key and grants a client a subset of that
// key's scopes and tenants; the client gets short-lived opaque access tokens bound to one
// resource (the MCP endpoint's URL) and rotating refresh tokens. The HTTP side (metadata,
// /register, /authorize, /token, /revoke, the page) is adapters/oauth*.ts.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { z } from 'zod';
import type { Caller } from './auth.ts';
import { ToolError } from './errors.ts';
import type { AppContext } from './app.ts';
import { forbiddenAddress, forbiddenPort, guardedLookup } from './ssrf.ts';
import { eventStatement } from '../storage/events.ts';
import { newId } from '../storage/ids.ts';
import { getAccount } from '../storage/accounts.ts';
import { findCredential, getKeyById, hashKey, randomBase62, SCOPES, type ApiKey, type Scope } from '../storage/keys.ts';
import {
  bindRequestKey,
  deleteRequestStatement,
  findToken,
  getClient,
  getRequest,
  insertGrantStatement,
  insertRequest,
  insertTokenStatement,
  pruneTokensStatement,
  revokeGrantStatement,
  saveClient,
  spendToken,
  touchGrant,
  type NewToken,
  type OAuthGrant,
  type OAuthRequest,
  type StoredOAuthClient,
} from '../storage/oauth.ts';
import { isExpired, listAccountTenants, type Tenant } from '../storage/tenants.ts';

/** Lifetimes: an access token is short-lived; a refresh token is spent on use and replaced. */
export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 30 * 86_400;
export const CODE_SECONDS = 300;
/** How long a person has to sign in and choose once a client sent them to /authorize. */
export const SIGN_IN_SECONDS = 900;
/** A Client ID Metadata Document is read again after this long. */
export const METADATA_DOCUMENT_SECONDS = 3600;
const METADATA_DOCUMENT_MAX_BYTES = 5 * 1024;

export const ACCESS_TOKEN_PREFIX = 'svc_at_';
const REFRESH_TOKEN_PREFIX = 'svc_rt_';
const CODE_PREFIX = 'svc_ac_';

/** A refusal in OAuth's own words (RFC 6749 §5.2 codes); the adapter answers it in OAuth's error shape. */
export class OAuthRefusal extends Error {
  constructor(
    readonly code:
      | 'invalid_request'
      | 'invalid_client'
      | 'invalid_grant'
      | 'invalid_scope'
      | 'invalid_target'
      | 'access_denied'
      | 'invalid_client_metadata',
    message: string,
  ) {
    super(message);
  }
}

export function isAccessToken(token: string): boolean {
  return token.startsWith(ACCESS_TOKEN_PREFIX);
}

/**
 * The resource identifier of the MCP endpoint (RFC 8707, RFC 9728): SVC_PUBLIC_URL's origin
 * when set, else the origin the request came to, plus /mcp. Access tokens are bound to it.
 */
export function mcpResource(publicUrl: string | undefined, requestOrigin: string): string {
  const origin = publicUrl ? new URL(publicUrl).origin : requestOrigin;
  return `${origin}/mcp`;
}

/**
 * The resource the root metadata (`/.well-known/oauth-protected-resource`) describes: the
 * origin, as a client derives it from the URL (RFC 9728 §3.3: `resource` is the identifier
 * the well-known URL was made from). Its only OAuth endpoint is /mcp, so a token asked for it
 * is bound to /mcp (a narrowing: tokens are refused on REST either way).
 */
export function originResource(mcp: string): string {
  return `${new URL(mcp).origin}/`;
}

/** A requested `resource` (RFC 8707) names this MCP resource: the resource itself or its origin. */
export function namesResource(requested: string, mcp: string): boolean {
  const plain = requested.replace(/\/$/, '');
  return plain === mcp || plain === new URL(mcp).origin;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Whether a client may be sent to `requested`: one of its redirect URIs exactly, or (RFC 8252
 * §7.3, OAuth 2.1 §8.4.2) an http loopback URI it registered WITHOUT a port, with any port:
 * native apps listen on a port the system gives them at sign-in, and a metadata document
 * (Claude Code's) can only name the URI without one. Scheme, host, path and query must still
 * match exactly (no localhost for 127.0.0.1); a URI registered with a port matches only that port.
 */
export function redirectUriAllowed(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  if (!URL.canParse(requested)) return false;
  const asked = new URL(requested);
  if (asked.protocol !== 'http:' || !LOOPBACK_HOSTS.has(asked.hostname) || asked.hash) return false;
  return registered.some((uri) => {
    if (!URL.canParse(uri)) return false;
    const known = new URL(uri);
    return (
      known.protocol === 'http:' &&
      known.port === '' &&
      known.hostname === asked.hostname &&
      known.pathname === asked.pathname &&
      known.search === asked.search
    );
  });
}

/** What the adapter needs of a client: its id, redirect URIs, display name and (hashed) secret. */
export interface OAuthClient {
  client_id: string;
  redirect_uris: string[];
  client_name: string;
  client_uri: string | null;
  /** SHA-256 of the secret for confidential clients; null for public ones (PKCE only). */
  client_secret_hash: string | null;
  kind: StoredOAuthClient['kind'];
  metadata: Record<string, unknown>;
}

function toClient(stored: StoredOAuthClient): OAuthClient {
  const m = stored.metadata;
  return {
    client_id: stored.client_id,
    redirect_uris: (m.redirect_uris as string[] | undefined) ?? [],
    client_name: typeof m.client_name === 'string' && m.client_name ? m.client_name : stored.client_id,
    client_uri: typeof m.client_uri === 'string' ? m.client_uri : null,
    client_secret_hash: stored.client_secret_hash,
    kind: stored.kind,
    metadata: m,
  };
}

/** Stores a client registered by RFC 7591 (the adapter has checked its metadata and made its id and secret). */
export async function registerClient(
  app: AppContext,
  clientId: string,
  metadata: Record<string, unknown>,
  clientSecret: string | undefined,
): Promise<void> {
  await saveClient(app.db, {
    client_id: clientId,
    kind: 'registered',
    metadata,
    client_secret_hash: clientSecret ? hashKey(clientSecret) : null,
    created_at: app.now().toISOString(),
    refresh_after: null,
  });
}

/** A client id that is a URL names its own metadata document (draft-ietf-oauth-client-id-metadata-document). */
export function isMetadataDocumentId(clientId: string): boolean {
  return /^https?:\/\//i.test(clientId);
}

const MetadataDocument = z.looseObject({
  client_id: z.string(),
  client_name: z.string().max(200).optional(),
  client_uri: z.string().optional(),
  redirect_uris: z.array(z.url()).min(1),
  token_endpoint_auth_method: z.string().optional(),
  client_secret: z.never().optional(),
});

/**
 * The client `clientId` names: a registered one, or the metadata document at that URL
 * (fetched, checked and kept for METADATA_DOCUMENT_SECONDS). Undefined when there is none.
 */
export async function findClient(app: AppContext, clientId: string): Promise<OAuthClient | undefined> {
  const stored = await getClient(app.db, clientId);
  const now = app.now();
  if (stored && (stored.kind === 'registered' || (stored.refresh_after && stored.refresh_after > now.toISOString())))
    return toClient(stored);
  if (!isMetadataDocumentId(clientId)) return undefined;
  // Turned off where the service must not fetch from the network: such clients then register.
  if (!app.config.oauthMetadataDocuments) return undefined;
  const metadata = await fetchMetadataDocument(app, clientId);
  const client: StoredOAuthClient = {
    client_id: clientId,
    kind: 'metadata_document',
    metadata,
    client_secret_hash: null,
    created_at: stored?.created_at ?? now.toISOString(),
    refresh_after: new Date(now.getTime() + METADATA_DOCUMENT_SECONDS * 1000).toISOString(),
  };
  await saveClient(app.db, client);
  return toClient(client);
}

async function fetchMetadataDocument(app: AppContext, clientId: string): Promise<Record<string, unknown>> {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    throw new OAuthRefusal('invalid_client', `client_id ${clientId} is not a URL.`);
  }
  const allowPrivate = app.config.allowPrivateDestinations;
  // The draft requires https with a path; plain http is taken only where private addresses are
  // (tests and local set-ups started with SVC_ALLOW_PRIVATE_DESTINATIONS=1).
  if ((url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) || url.pathname === '/' || url.hash)
    throw new OAuthRefusal(
      'invalid_client',
      `client_id ${clientId} must be an https URL with a path and no fragment to name a client metadata document.`,
    );
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  const forbidden = forbiddenPort(url) ?? (!allowPrivate && isIP(literal) ? forbiddenAddress(literal) : null);
  if (forbidden) throw new OAuthRefusal('invalid_client', `client_id ${clientId} is refused: ${forbidden}.`);
  const body = await new Promise<string>((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      { method: 'GET', headers: { accept: 'application/json' }, lookup: guardedLookup(allowPrivate), timeout: 5000 },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`it answered HTTP ${res.statusCode}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > METADATA_DOCUMENT_MAX_BYTES) {
            req.destroy(new Error(`it is over ${METADATA_DOCUMENT_MAX_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 5 s')));
    req.on('error', reject);
    req.end();
  }).catch((error: Error) => {
    throw new OAuthRefusal(
      'invalid_client',
      `The client metadata document ${clientId} could not be read: ${error.message}.`,
    );
  });
  let parsed: z.infer<typeof MetadataDocument>;
  try {
    parsed = MetadataDocument.parse(JSON.parse(body));
  } catch (error) {
    const what =
      error instanceof z.ZodError
        ? error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
        : 'not JSON';
    throw new OAuthRefusal('invalid_client', `The client metadata document ${clientId} is invalid (${what}).`);
  }
  if (parsed.client_id !== clientId)
    throw new OAuthRefusal(
      'invalid_client',
      `The client metadata document ${clientId} names client_id ${parsed.client_id}; it must name its own URL.`,
    );
  if (parsed.token_endpoint_auth_method && parsed.token_endpoint_auth_method !== 'none')
    throw new OAuthRefusal(
      'invalid_client',
      `The client metadata document ${clientId} asks for token_endpoint_auth_method ${parsed.token_endpoint_auth_method}; only 'none' (PKCE) is offered to such clients.`,
    );
  return parsed;
}

/** The scopes a request asked for that this service knows; unknown ones are left out, not refused. */
export function knownScopes(requested: readonly string[]): Scope[] {
  return SCOPES.filter((s) => requested.includes(s));
}

/** Starts a sign-in for a checked /authorize request; the id goes in the page's form only. */
export async function startSignIn(
  app: AppContext,
  request: Omit<OAuthRequest, 'key_id' | 'created_at' | 'expires_at'>,
): Promise<string> {
  const now = app.now();
  const id = randomBase62(32);
  await insertRequest(app.db, id, {
    ...request,
    key_id: null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SIGN_IN_SECONDS * 1000).toISOString(),
  });
  return id;
}

export interface SignIn {
  request: OAuthRequest;
  client: OAuthClient;
}

function signInGone(): ToolError {
  return new ToolError(
    'not_found',
    `This sign-in has expired (a person has ${SIGN_IN_SECONDS / 60} minutes) or was finished; start again from your MCP client.`,
  );
}

export async function loadSignIn(app: AppContext, requestId: string, consent?: string): Promise<SignIn> {
  const request = await getRequest(app.db, requestId, app.now(), consent);
  if (!request) throw signInGone();
  const client = await findClient(app, request.client_id);
  if (!client) throw signInGone();
  return { request, client };
}

export interface KeyChoice extends SignIn {
  /** The secret the consent form carries; only it can finish this sign-in. */
  consent: string;
  key: ApiKey;
  /** The tenants the key reaches now (expired sandboxes left out). */
  tenants: Tenant[];
  /** What the page ticks at first: the scopes asked for that the key has (all of the key's when none were asked). */
  suggestedScopes: Scope[];
}

/** Checks the pasted API key for a sign-in; the page then offers that key's scopes and tenants. */
export async function checkSignInKey(app: AppContext, requestId: string, apiKey: string): Promise<KeyChoice> {
  const signIn = await loadSignIn(app, requestId);
  const credential = apiKey ? await findCredential(app.db, apiKey) : undefined;
  if (!credential || credential.key.revoked_at) {
    throw new ToolError(
      'unauthorized',
      credential
        ? `This API key was revoked at ${credential.key.revoked_at}; paste another one.`
        : 'Unknown API key: paste the whole key (svc_…), or get one with `npm run cli -- sandbox` or create_key.',
    );
  }
  const now = app.now();
  const tenants = (await reachableTenants(app, credential.key)).filter((t) => !isExpired(t, now));
  if (tenants.length === 0 && !credential.key.all_tenants)
    throw new ToolError('sandbox_expired', 'Every tenant this key reaches has expired; use a key of a live tenant.');
  const consent = randomBase62(32);
  await bindRequestKey(app.db, requestId, credential.key.id, consent);
  const asked = knownScopes(signIn.request.scopes).filter((s) => credential.key.scopes.includes(s));
  return {
    ...signIn,
    consent,
    key: credential.key,
    tenants,
    suggestedScopes: asked.length > 0 ? asked : credential.key.scopes,
  };
}

async function reachableTenants(app: AppContext, key: ApiKey): Promise<Tenant[]> {
  const owned = await listAccountTenants(app.db, key.account_id);
  return key.all_tenants ? owned : owned.filter((t) => key.tenants.includes(t.id));
}

export interface Consent {
  scopes: string[];
  tenants: string[];
  /** Every tenant the key reaches now and later: only for a key that has that itself. */
  allTenants: boolean;
}

/**
 * Where the browser goes next: the client's redirect URI with the code (or the error), the
 * state, and `iss`, this server's issuer (RFC 9207; the origin of the resource, as in the
 * metadata). Gemini CLI refuses a response without `iss` once it knows the issuer ("Missing
 * issuer parameter in response"), and with it any client can tell which server answered.
 */
export function redirectWith(request: OAuthRequest, params: Record<string, string>): string {
  const url = new URL(request.redirect_uri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  if (request.state !== null) url.searchParams.set('state', request.state);
  url.searchParams.set('iss', new URL(request.resource).origin);
  return url.href;
}

/**
 * Records the person's grant (never more than the key has: the page offers no more, and a
 * forged form is refused here) and answers the redirect that carries the code.
 */
export async function grantSignIn(
  app: AppContext,
  requestId: string,
  consent: string,
  choice: Consent,
): Promise<string> {
  const { request, client } = await loadSignIn(app, requestId, consent);
  const found = request.key_id ? await getKeyById(app.db, request.key_id) : undefined;
  if (!found || found.revoked_at)
    throw new ToolError('unauthorized', 'The API key was revoked meanwhile; sign in again.');
  const scopes = SCOPES.filter((s) => choice.scopes.includes(s));
  const beyond = choice.scopes.filter((s) => !found.scopes.includes(s as Scope));
  if (beyond.length > 0)
    throw new ToolError('insufficient_scope', `The key lacks ${beyond.join(', ')}; a grant cannot exceed its key.`, {
      missing: beyond,
    });
  if (scopes.length === 0) throw new ToolError('invalid_request', 'Tick at least one scope to grant.');
  const now = app.now();
  const reachable = (await reachableTenants(app, found)).filter((t) => !isExpired(t, now));
  if (choice.allTenants && !found.all_tenants)
    throw new ToolError('insufficient_scope', 'This key reaches listed tenants only; grant those tenants one by one.');
  const tenants = choice.allTenants ? [] : [...new Set(choice.tenants)];
  const unreachable = tenants.filter((id) => !reachable.some((t) => t.id === id));
  if (unreachable.length > 0)
    throw new ToolError('not_found', `No tenant ${unreachable.join(', ')} reachable with this key.`, {
      tenants: unreachable,
    });
  if (!choice.allTenants && tenants.length === 0) throw new ToolError('invalid_request', 'Tick at least one tenant.');
  const grant: OAuthGrant = {
    id: newId('oag', now.getTime()),
    account_id: found.account_id,
    key_id: found.id,
    client_id: client.client_id,
    client_name: client.client_name,
    redirect_uri: request.redirect_uri,
    scopes,
    all_tenants: choice.allTenants,
    tenants,
    resource: request.resource,
    created_at: now.toISOString(),
    last_used_at: null,
    revoked_at: null,
    revoked_reason: null,
  };
  const code = CODE_PREFIX + randomBase62(32);
  await app.db.batch([
    insertGrantStatement(grant),
    insertTokenStatement(
      {
        plaintext: code,
        grantId: grant.id,
        kind: 'code',
        expiresAt: new Date(now.getTime() + CODE_SECONDS * 1000),
        codeChallenge: request.code_challenge,
      },
      now,
    ),
    deleteRequestStatement(requestId),
    pruneTokensStatement(now),
    eventStatement(
      {
        accountId: grant.account_id,
        tenantId: null,
        type: 'oauth.granted',
        subjectId: grant.id,
        actor: found.id,
        diff: {
          client_id: grant.client_id,
          client_name: grant.client_name,
          scopes,
          all_tenants: grant.all_tenants,
          tenants,
          resource: grant.resource,
        },
      },
      now,
    ),
  ]);
  return redirectWith(request, { code });
}

/** The person declined: the client learns access_denied. */
export async function denySignIn(app: AppContext, requestId: string, consent: string): Promise<string> {
  const { request } = await loadSignIn(app, requestId, consent);
  await app.db.batch([deleteRequestStatement(requestId)]);
  return redirectWith(request, { error: 'access_denied', error_description: 'The person declined the grant.' });
}

export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

function newTokens(grant: OAuthGrant, now: Date): { answer: TokenAnswer; rows: NewToken[] } {
  const access = ACCESS_TOKEN_PREFIX + randomBase62(40);
  const refresh = REFRESH_TOKEN_PREFIX + randomBase62(40);
  return {
    answer: {
      access_token: access,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: refresh,
      scope: grant.scopes.join(' '),
    },
    rows: [
      {
        plaintext: access,
        grantId: grant.id,
        kind: 'access',
        expiresAt: new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000),
      },
      {
        plaintext: refresh,
        grantId: grant.id,
        kind: 'refresh',
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000),
      },
    ],
  };
}

function checkTarget(grant: OAuthGrant, resource: string | undefined): void {
  if (resource !== undefined && !namesResource(resource, grant.resource))
    throw new OAuthRefusal(
      'invalid_target',
      `This grant is for the resource ${grant.resource}, not ${resource}; sign in again from that server's URL.`,
    );
}

/** The code's PKCE challenge (the SDK's token handler checks the verifier against it). */
export async function challengeForCode(app: AppContext, clientId: string, code: string): Promise<string> {
  const token = await findToken(app.db, code, 'code');
  if (!token || token.grant.client_id !== clientId || !token.code_challenge)
    throw new OAuthRefusal('invalid_grant', 'Unknown authorization code for this client; sign in again.');
  return token.code_challenge;
}

export async function exchangeCode(
  app: AppContext,
  clientId: string,
  code: string,
  redirectUri: string | undefined,
  resource: string | undefined,
): Promise<TokenAnswer> {
  const now = app.now();
  const token = await findToken(app.db, code, 'code');
  if (!token || token.grant.client_id !== clientId)
    throw new OAuthRefusal('invalid_grant', 'Unknown authorization code for this client; sign in again.');
  const { grant } = token;
  if (token.spent_at) {
    // A code used twice may have been stolen: whatever the first use issued is withdrawn (RFC 6749 §4.1.2).
    await app.db.batch([revokeGrantStatement(grant.id, 'oauth', 'authorization code used twice', now)]);
    throw new OAuthRefusal('invalid_grant', 'This authorization code was already used; sign in again.');
  }
  if (token.expires_at <= now.toISOString())
    throw new OAuthRefusal(
      'invalid_grant',
      `This authorization code expired (codes last ${CODE_SECONDS} s); sign in again.`,
    );
  if (grant.revoked_at) throw new OAuthRefusal('invalid_grant', 'This grant was revoked; sign in again.');
  if (redirectUri !== undefined && redirectUri !== grant.redirect_uri)
    throw new OAuthRefusal('invalid_grant', 'redirect_uri differs from the one the authorization used.');
  checkTarget(grant, resource);
  const { answer, rows } = newTokens(grant, now);
  if (!(await spendToken(app.db, code, now, rows)))
    throw new OAuthRefusal('invalid_grant', 'This authorization code was already used; sign in again.');
  return answer;
}

export async function exchangeRefresh(
  app: AppContext,
  clientId: string,
  refreshToken: string,
  scopes: string[] | undefined,
  resource: string | undefined,
): Promise<TokenAnswer> {
  const now = app.now();
  const token = await findToken(app.db, refreshToken, 'refresh');
  if (!token || token.grant.client_id !== clientId)
    throw new OAuthRefusal('invalid_grant', 'Unknown refresh token for this client; sign in again.');
  const { grant } = token;
  if (grant.revoked_at) throw new OAuthRefusal('invalid_grant', 'This grant was revoked; sign in again.');
  if (token.spent_at) {
    // Rotation: a refresh token works once. A second use means two holders, one of them not
    // the client, so the whole grant ends (OAuth 2.1 §4.3.1, refresh token reuse detection).
    await app.db.batch([revokeGrantStatement(grant.id, 'oauth', 'refresh token used twice', now)]);
    throw new OAuthRefusal(
      'invalid_grant',
      'This refresh token was already used, so the grant is revoked; sign in again.',
    );
  }
  if (token.expires_at <= now.toISOString())
    throw new OAuthRefusal('invalid_grant', 'This refresh token expired; sign in again.');
  checkTarget(grant, resource);
  if (scopes?.some((s) => !grant.scopes.includes(s as Scope)))
    throw new OAuthRefusal(
      'invalid_scope',
      `A refresh can only keep or narrow the grant's scopes (${grant.scopes.join(' ')}); sign in again for more.`,
    );
  const key = await getKeyById(app.db, grant.key_id);
  if (!key || key.revoked_at)
    throw new OAuthRefusal('invalid_grant', 'The API key behind this grant was revoked; sign in with another key.');
  const { answer, rows } = newTokens(grant, now);
  if (!(await spendToken(app.db, refreshToken, now, rows))) {
    await app.db.batch([revokeGrantStatement(grant.id, 'oauth', 'refresh token used twice', now)]);
    throw new OAuthRefusal(
      'invalid_grant',
      'This refresh token was already used, so the grant is revoked; sign in again.',
    );
  }
  return answer;
}

/** RFC 7009: the client gives a token up; the grant behind it ends. Unknown tokens change nothing. */
export async function revokeToken(app: AppContext, clientId: string, token: string): Promise<void> {
  const kind = token.startsWith(ACCESS_TOKEN_PREFIX)
    ? 'access'
    : token.startsWith(REFRESH_TOKEN_PREFIX)
      ? 'refresh'
      : null;
  if (!kind) return;
  const found = await findToken(app.db, token, kind);
  if (!found || found.grant.client_id !== clientId || found.grant.revoked_at) return;
  const now = app.now();
  await app.db.batch([
    revokeGrantStatement(found.grant.id, 'oauth', 'revoked by the client', now),
    eventStatement(
      {
        accountId: found.grant.account_id,
        tenantId: null,
        type: 'oauth.revoked',
        subjectId: found.grant.id,
        actor: clientId,
        diff: { reason: 'revoked by the client' },
      },
      now,
    ),
  ]);
}

const TOUCH_INTERVAL_MS = 60_000;
const grantTouchedAt = new WeakMap<AppContext, Map<string, number>>();

/**
 * The caller an access token stands for: the key behind its grant, narrowed to the granted
 * scopes and tenants. `resource` is the URL the token was presented to; a token for another
 * resource, or one presented where no resource takes tokens (REST), is refused.
 */
export async function callerForAccessToken(
  app: AppContext,
  token: string,
  resource: string | undefined,
): Promise<Caller> {
  const found = await findToken(app.db, token, 'access');
  const now = app.now();
  if (!found) throw new ToolError('unauthorized', 'Unknown access token: sign in again from your MCP client.');
  const { grant } = found;
  if (grant.revoked_at)
    throw new ToolError('unauthorized', `This access token's grant was revoked at ${grant.revoked_at}; sign in again.`);
  if (found.expires_at <= now.toISOString())
    throw new ToolError('unauthorized', 'This access token expired; the client should refresh it or sign in again.');
  if (resource === undefined)
    throw new ToolError(
      'unauthorized',
      `This is an OAuth access token for ${grant.resource}; it works only there. REST under /v1 takes an API key.`,
    );
  if (resource !== grant.resource)
    throw new ToolError(
      'unauthorized',
      `This access token was issued for ${grant.resource}, not ${resource}; sign in again from this server's URL.`,
    );
  const credential = await getKeyById(app.db, grant.key_id);
  if (!credential || credential.revoked_at)
    throw new ToolError('unauthorized', 'The API key behind this access token was revoked; sign in with another key.');
  const account = await getAccount(app.db, credential.account_id);
  if (!account) throw new ToolError('unauthorized', 'The account behind this access token no longer exists.');
  const owned = await reachableTenants(app, credential);
  const tenants = grant.all_tenants ? owned : owned.filter((t) => grant.tenants.includes(t.id));
  let touched = grantTouchedAt.get(app);
  if (!touched) {
    touched = new Map();
    grantTouchedAt.set(app, touched);
  }
  if (now.getTime() - (touched.get(grant.id) ?? 0) > TOUCH_INTERVAL_MS) {
    touched.set(grant.id, now.getTime());
    touchGrant(app.db, grant.id, now).catch(() => undefined);
  }
  const key: ApiKey = {
    ...credential,
    scopes: credential.scopes.filter((s) => grant.scopes.includes(s)),
    all_tenants: grant.all_tenants && credential.all_tenants,
    tenants: tenants.map((t) => t.id),
  };
  return { key, account, tenants };
}
