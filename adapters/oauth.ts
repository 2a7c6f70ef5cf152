// OAuth 2.1 for /mcp, the HTTP side: Protected Resource Metadata (RFC 9728), authorization
// server metadata (RFC 8414), and /register (RFC 7591), /authorize (PKCE S256 only), /token
// and /revoke (RFC 7009) from the MCP SDK's server auth handlers (Express routers, run under
// h3 through fromNodeHandler), over services/oauth.ts. The sign-in page's two forms are
// plain h3 routes. Every 401 of the service gets a `WWW-Authenticate: Bearer
// resource_metadata=...` challenge here, so a client can find the sign-in from any refusal.
import { authorizationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/authorize.js';
import { clientRegistrationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/register.js';
import { revocationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/revoke.js';
import { tokenHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/token.js';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import {
  AccessDeniedError,
  InvalidClientError,
  InvalidClientMetadataError,
  InvalidGrantError,
  InvalidRequestError,
  InvalidScopeError,
  InvalidTargetError,
  InvalidTokenError,
  type OAuthError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import { createOAuthMetadata } from '@modelcontextprotocol/sdk/server/auth/router.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import express, { type Request as ExpressRequest, type Response as ExpressResponse } from 'express';
import { fromNodeHandler, type H3, type H3Event } from 'h3';
import type { AppContext } from '../services/app.ts';
import { authenticateLimited } from '../services/call.ts';
import { ToolError } from '../services/errors.ts';
import {
  callerForAccessToken,
  challengeForCode,
  checkSignInKey,
  denySignIn,
  exchangeCode,
  exchangeRefresh,
  findClient,
  grantSignIn,
  isMetadataDocumentId,
  loadSignIn,
  mcpResource,
  namesResource,
  OAuthRefusal,
  originResource,
  redirectUriAllowed,
  registerClient,
  revokeToken,
  startSignIn,
  type OAuthClient,
} from '../services/oauth.ts';
import { hashKey, SCOPES } from '../storage/keys.ts';
import { consentForm, errorPage, keyForm, SIGN_IN_CSS, signInPolicy } from './oauth-page.ts';
import { bodyTimeout, clientAddress, errorResponse, jsonResponse, readLimitedBody } from './rest.ts';

const REFUSALS: Record<OAuthRefusal['code'], new (message: string) => OAuthError> = {
  invalid_request: InvalidRequestError,
  invalid_client: InvalidClientError,
  invalid_grant: InvalidGrantError,
  invalid_scope: InvalidScopeError,
  invalid_target: InvalidTargetError,
  access_denied: AccessDeniedError,
  invalid_client_metadata: InvalidClientMetadataError,
};

/** The SDK handlers answer OAuthErrors in OAuth's shape; a refusal of the service becomes one. */
async function oauthAnswer<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof OAuthRefusal) throw new REFUSALS[error.code](error.message);
    throw error;
  }
}

/** The origin clients reach this service at: SVC_PUBLIC_URL's, else the request's own. */
function originOf(app: AppContext, requestUrl: string): string {
  return app.config.publicUrl ? new URL(app.config.publicUrl).origin : new URL(requestUrl).origin;
}

function expressOrigin(app: AppContext, req: ExpressRequest): string {
  return originOf(app, `${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`);
}

export function protectedResourceMetadataUrl(origin: string): string {
  return `${origin}/.well-known/oauth-protected-resource/mcp`;
}

/**
 * The SDK client shape of a client. A confidential client's secret is given as its hash: the
 * token and revocation routes hash the posted secret before the SDK compares the two.
 */
function sdkClient(client: OAuthClient): OAuthClientInformationFull {
  return {
    ...(client.metadata as Partial<OAuthClientInformationFull>),
    client_id: client.client_id,
    redirect_uris: client.redirect_uris,
    ...(client.client_secret_hash ? { client_secret: client.client_secret_hash } : {}),
  } as OAuthClientInformationFull;
}

/** Redirect URIs a registration may name: https, or http on this machine's loopback (RFC 8252 §7.3), or an app's own scheme. */
function redirectUriProblem(uri: string): string | null {
  const url = new URL(uri);
  if (url.hash) return `${uri} has a fragment`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:')
    return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
      ? null
      : `${uri} is plain http off loopback; use https`;
  // A private-use scheme (com.example.app:/callback) for native apps, RFC 8252 §7.1.
  return /^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/i.test(url.protocol) ? null : `${uri} uses scheme ${url.protocol}`;
}

function provider(app: AppContext): OAuthServerProvider {
  const clientsStore: OAuthRegisteredClientsStore = {
    getClient: async (clientId) => {
      const client = await oauthAnswer(findClient(app, clientId));
      return client ? sdkClient(client) : undefined;
    },
    registerClient: async (info) => {
      const full = info as OAuthClientInformationFull;
      if (full.redirect_uris.length === 0)
        throw new InvalidClientMetadataError('redirect_uris must name at least one URI.');
      const problem = full.redirect_uris.map(redirectUriProblem).find(Boolean);
      if (problem) throw new InvalidClientMetadataError(`redirect_uris: ${problem}.`);
      if (isMetadataDocumentId(full.client_id))
        throw new InvalidClientMetadataError('A registered client cannot take a URL as its id.');
      const { client_secret, client_secret_expires_at, ...metadata } = full;
      await registerClient(app, full.client_id, { ...metadata, client_secret_expires_at }, client_secret);
      return full;
    },
  };
  return {
    clientsStore,
    async authorize(client, params, res) {
      const req = res.req as ExpressRequest;
      const resource = mcpResource(app.config.publicUrl, expressOrigin(app, req));
      // The SDK lets a loopback port differ from any registered one; this service only from one registered without a port.
      if (!redirectUriAllowed(client.redirect_uris, params.redirectUri)) {
        sendPage(
          res,
          400,
          errorPage(
            `redirect_uri ${params.redirectUri} is not one this client registered (exactly, or an http loopback URI registered without a port).`,
          ),
        );
        return;
      }
      if (params.resource && !namesResource(params.resource.href, resource))
        throw new InvalidTargetError(`This server grants tokens for ${resource} only, not ${params.resource.href}.`);
      const stored = await oauthAnswer(findClient(app, client.client_id));
      if (!stored) throw new InvalidRequestError('Unknown client_id.');
      const requestId = await startSignIn(app, {
        client_id: client.client_id,
        redirect_uri: params.redirectUri,
        code_challenge: params.codeChallenge,
        scopes: params.scopes ?? [],
        state: params.state ?? null,
        resource,
      });
      sendPage(res, 200, keyForm({ requestId, client: stored, redirectUri: params.redirectUri }));
    },
    challengeForAuthorizationCode: (client, code) => oauthAnswer(challengeForCode(app, client.client_id, code)),
    exchangeAuthorizationCode: (client, code, _verifier, redirectUri, resource) =>
      oauthAnswer(exchangeCode(app, client.client_id, code, redirectUri, resource?.href)),
    exchangeRefreshToken: (client, refreshToken, scopes, resource) =>
      oauthAnswer(exchangeRefresh(app, client.client_id, refreshToken, scopes, resource?.href)),
    async verifyAccessToken(token) {
      // Not called by the routes mounted here (/mcp checks tokens through services/auth.ts); kept
      // truthful for the SDK interface.
      try {
        const caller = await callerForAccessToken(app, token, undefined);
        return { token, clientId: caller.key.id, scopes: caller.key.scopes };
      } catch (error) {
        throw new InvalidTokenError(error instanceof Error ? error.message : 'Invalid access token.');
      }
    },
    revokeToken: (client, request) => oauthAnswer(revokeToken(app, client.client_id, request.token)),
  };
}

function sendPage(res: ExpressResponse, status: number, html: string, redirectUri?: string): void {
  res.status(status).set(pageHeaders(redirectUri)).send(html);
}

function pageHeaders(redirectUri?: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': signInPolicy(redirectUri),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  };
}

function htmlResponse(status: number, html: string, redirectUri?: string): Response {
  return new Response(html, { status, headers: pageHeaders(redirectUri) });
}

async function readForm(app: AppContext, event: H3Event): Promise<URLSearchParams> {
  const body = await readLimitedBody(event.req, 16 * 1024, app.config.bodyTimeoutMs);
  if (body === 'too_large') throw new ToolError('too_large', 'The form is over 16 KB.');
  if (body === 'timeout') throw bodyTimeout(app.config.bodyTimeoutMs);
  return new URLSearchParams(body.toString('utf8'));
}

/** The token and revocation routes compare a confidential client's secret by its hash, as stored. */
const hashPostedSecret: express.RequestHandler = (req, _res, next) => {
  const body = req.body as Record<string, unknown> | undefined;
  if (body && typeof body.client_secret === 'string') body.client_secret = hashKey(body.client_secret);
  next();
};

/** The OAuth routes h3 serves itself (the SDK's answer 405 on their own), for the 405 of another method. */
export const OAUTH_PAGE_ROUTES: readonly (readonly [method: string, path: string])[] = [
  ['GET', '/.well-known/oauth-protected-resource'],
  ['GET', '/.well-known/oauth-protected-resource/mcp'],
  ['GET', '/.well-known/oauth-authorization-server'],
  ['GET', '/oauth/sign-in.css'],
  ['POST', '/oauth/sign-in'],
  ['POST', '/oauth/consent'],
];

export function mountOAuth(h3: H3, app: AppContext): void {
  const oauth = provider(app);
  const routes = express();
  routes.disable('x-powered-by');
  routes.set('trust proxy', app.config.trustProxyHops);
  // A busy machine's clients share one address in tests and on a laptop: the SDK's per-address
  // limits stay on; failed API keys on the sign-in page are limited as everywhere else.
  routes.use('/authorize', authorizationHandler({ provider: oauth }));
  routes.use(['/token', '/revoke'], express.urlencoded({ extended: false }), hashPostedSecret);
  routes.use('/token', tokenHandler({ provider: oauth }));
  routes.use('/revoke', revocationHandler({ provider: oauth }));
  routes.use('/register', clientRegistrationHandler({ clientsStore: oauth.clientsStore }));
  // Three parameters: h3 then waits for the response to finish (or for next) instead of
  // taking the Express app's synchronous return for the end of the request.
  const sdkRoutes = fromNodeHandler((req, res, next) => routes(req as never, res as never, next as never));
  for (const path of ['/authorize', '/token', '/revoke', '/register']) h3.all(path, sdkRoutes);

  const cors = { 'access-control-allow-origin': '*', 'cache-control': 'max-age=300' };
  // The path form describes /mcp, the root form the origin (RFC 9728 §3.3: each names the
  // identifier its URL was made from); both lead to the same authorization server and tokens.
  const resourceMetadata = (root: boolean) => (event: H3Event) => {
    const origin = originOf(app, event.req.url);
    const resource = mcpResource(app.config.publicUrl, origin);
    return jsonResponse(
      200,
      {
        resource: root ? originResource(resource) : resource,
        authorization_servers: [origin],
        scopes_supported: SCOPES,
        bearer_methods_supported: ['header'],
        resource_name: 'Inbound email capture',
        resource_documentation: `${origin}/v1/openapi.json`,
      },
      cors,
    );
  };
  h3.get('/.well-known/oauth-protected-resource', resourceMetadata(true));
  h3.get('/.well-known/oauth-protected-resource/mcp', resourceMetadata(false));
  h3.get('/.well-known/oauth-authorization-server', (event) => {
    const origin = originOf(app, event.req.url);
    let metadata: ReturnType<typeof createOAuthMetadata>;
    try {
      metadata = createOAuthMetadata({ provider: oauth, issuerUrl: new URL(origin), scopesSupported: [...SCOPES] });
    } catch {
      return errorResponse(
        new ToolError(
          'unavailable',
          `OAuth needs an https issuer; ${origin} is not one. Set SVC_PUBLIC_URL to this service's https URL.`,
        ),
      );
    }
    // RFC 8414 §3.3: the issuer is exactly the identifier the resource metadata names (no trailing slash).
    return jsonResponse(
      200,
      { ...metadata, issuer: origin, client_id_metadata_document_supported: app.config.oauthMetadataDocuments },
      cors,
    );
  });

  h3.get(
    '/oauth/sign-in.css',
    () => new Response(SIGN_IN_CSS, { headers: { 'content-type': 'text/css; charset=utf-8' } }),
  );
  h3.post('/oauth/sign-in', async (event) => {
    const form = await readForm(app, event);
    const requestId = form.get('request') ?? '';
    let signIn: Awaited<ReturnType<typeof loadSignIn>>;
    try {
      signIn = await loadSignIn(app, requestId);
    } catch (error) {
      if (error instanceof ToolError) return htmlResponse(error.status, errorPage(error.message));
      throw error;
    }
    const again = (error: ToolError) =>
      htmlResponse(
        error.status,
        keyForm({ requestId, client: signIn.client, redirectUri: signIn.request.redirect_uri, error: error.message }),
      );
    try {
      // Counted against the address like any failed key, so the page is no way to guess keys.
      await authenticateLimited(app, {
        token: form.get('api_key')?.trim() || undefined,
        client: clientAddress(event, app.config.trustProxyHops),
      });
      const choice = await checkSignInKey(app, requestId, form.get('api_key')?.trim() ?? '');
      return htmlResponse(
        200,
        consentForm({
          requestId,
          consent: choice.consent,
          client: choice.client,
          redirectUri: choice.request.redirect_uri,
          keyPrefix: choice.key.prefix,
          keyScopes: choice.key.scopes,
          suggestedScopes: choice.suggestedScopes,
          tenants: choice.tenants,
          keyReachesAllTenants: choice.key.all_tenants,
        }),
        choice.request.redirect_uri,
      );
    } catch (error) {
      if (error instanceof ToolError) return again(error);
      throw error;
    }
  });
  h3.post('/oauth/consent', async (event) => {
    const form = await readForm(app, event);
    const requestId = form.get('request') ?? '';
    const consent = form.get('consent') ?? '';
    try {
      const location =
        form.get('action') === 'deny'
          ? await denySignIn(app, requestId, consent)
          : await grantSignIn(app, requestId, consent, {
              scopes: form.getAll('scope'),
              tenants: form.getAll('tenant'),
              allTenants: form.get('all_tenants') === '1',
            });
      // 303: the browser follows a POST's answer with a GET.
      return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
    } catch (error) {
      if (error instanceof ToolError)
        return htmlResponse(error.status, errorPage(`${error.message} Go back to change your choice.`));
      throw error;
    }
  });
}

/**
 * The challenge every 401 carries (RFC 6750 §3, RFC 9728 §5.1): where the protected resource's
 * metadata is, and with a token that was refused, why.
 */
export function bearerChallenge(app: AppContext, requestUrl: string, hadToken: boolean, message?: string): string {
  const metadata = protectedResourceMetadataUrl(originOf(app, requestUrl));
  const quoted = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;
  const parts = [`resource_metadata=${quoted(metadata)}`, `scope=${quoted(SCOPES.join(' '))}`];
  if (hadToken) {
    parts.push('error="invalid_token"');
    if (message) parts.push(`error_description=${quoted(message.replace(/[^\x20-\x7e]/g, ' '))}`);
  }
  return `Bearer ${parts.join(', ')}`;
}

/** h3 middleware: adds the challenge to every 401 of the service (REST, MCP, the key in the path). */
export function challengeUnauthorized(app: AppContext) {
  return async (event: H3Event, next: () => unknown): Promise<unknown> => {
    const result = await next();
    const response = result as Response | undefined;
    if (
      !response ||
      typeof response !== 'object' ||
      response.status !== 401 ||
      response.headers.has('www-authenticate')
    )
      return result;
    const text = await response.text();
    let message: string | undefined;
    try {
      message = (JSON.parse(text) as { error?: { message?: string } }).error?.message;
    } catch {
      message = undefined;
    }
    const hadToken = event.req.headers.has('authorization') || /^\/mcp\/[^/]/.test(new URL(event.req.url).pathname);
    const headers = new Headers(response.headers);
    headers.set('www-authenticate', bearerChallenge(app, event.req.url, hadToken, message));
    return new Response(text, { status: 401, headers });
  };
}
