// The review console in the browser: its files under /console/ and its sign-in. The
// console is one more client of /v1; this file only serves its files, exchanges an API key
// for a session cookie (services/console-sessions.ts) and lets /v1 accept that cookie,
// with a CSRF token on every request that changes something. Nothing about any operation.
import { getRequestProtocol, type H3, type H3Event } from 'h3';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppContext } from '../services/app.ts';
import type { Caller } from '../services/auth.ts';
import { authenticateLimited } from '../services/call.ts';
import { csrfMatches, csrfToken, endSession, openSession, sessionCaller } from '../services/console-sessions.ts';
import { ToolError } from '../tools/define.ts';
import { clientAddress, errorResponse, jsonResponse, readJsonBody } from './rest.ts';

export const SESSION_COOKIE = 'svc_console';
export const CSRF_HEADER = 'x-csrf-token';

const CONSOLE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'console');

/**
 * Email content never runs: no inline script, no eval, no plugins, no framing, and the page
 * talks only to this origin. pdf.js runs in a module worker from this origin; fonts it reads
 * from a PDF come as data, hence data: for fonts and images.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONSOLE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.pfb': 'application/octet-stream',
  '.bcmap': 'application/octet-stream',
  '.icc': 'application/octet-stream',
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Every file the console may serve, by URL path, listed once at start: a request names one
 * of these or gets 404, so no path a client writes reaches the file system. pdf.js comes
 * from its npm package as it is (no build step).
 */
function consoleFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const path of filesUnder(CONSOLE_DIR)) {
    if (TYPES[extname(path)]) files.set(`/console/${relative(CONSOLE_DIR, path).split(sep).join('/')}`, path);
  }
  const pdfjs = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  for (const name of ['pdf.min.mjs', 'pdf.worker.min.mjs']) {
    files.set(`/console/vendor/pdfjs/${name}`, join(pdfjs, 'build', name));
  }
  for (const folder of ['standard_fonts', 'cmaps']) {
    for (const path of filesUnder(join(pdfjs, folder))) {
      if (TYPES[extname(path)])
        files.set(`/console/vendor/pdfjs/${folder}/${relative(join(pdfjs, folder), path)}`, path);
    }
  }
  return files;
}

function fileResponse(path: string): Response {
  const type = TYPES[extname(path)] ?? 'application/octet-stream';
  const body = readFileSync(path);
  return new Response(body, {
    status: 200,
    headers: {
      ...SECURITY_HEADERS,
      'content-type': type,
      'content-length': String(statSync(path).size),
      // Files change with the service's version; a reload after an upgrade must see them.
      'cache-control': 'no-cache',
    },
  });
}

/** The cookies of a request, by name (the first of a repeated name wins). */
export function readCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (name && !cookies.has(name)) cookies.set(name, part.slice(at + 1).trim());
  }
  return cookies;
}

function isSecure(app: AppContext, event: H3Event): boolean {
  if (app.config.publicUrl?.startsWith('https:')) return true;
  return getRequestProtocol(event, { xForwardedProto: app.config.trustProxyHops > 0 }) === 'https';
}

function sessionCookie(app: AppContext, event: H3Event, token: string, maxAgeSeconds: number): string {
  return [
    `${SESSION_COOKIE}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${maxAgeSeconds}`,
    ...(isSecure(app, event) ? ['Secure'] : []),
  ].join('; ');
}

/**
 * A request that changes something with the session cookie must come from this origin
 * (Origin, when the browser sends it) and carry the session's CSRF token: a page of
 * another site can make the browser send the cookie, but can neither read the token nor
 * set the header without a CORS preflight this service never grants.
 */
function checkCsrf(app: AppContext, event: H3Event, token: string): void {
  const headers = event.req.headers;
  const origin = headers.get('origin');
  if (origin !== null) {
    const own = new Set([`${isSecure(app, event) ? 'https' : 'http'}://${headers.get('host') ?? ''}`]);
    if (app.config.publicUrl) own.add(new URL(app.config.publicUrl).origin);
    if (!own.has(origin)) {
      throw new ToolError(
        'forbidden',
        `Origin '${origin}' may not act with a console session; use the console at its own address, or an API key (Authorization: Bearer).`,
        { origin },
      );
    }
  }
  if (!csrfMatches(token, headers.get(CSRF_HEADER))) {
    throw new ToolError(
      'forbidden',
      `This request carries the console session cookie but not its CSRF token: send the header ${CSRF_HEADER} with ` +
        'the csrf_token from GET /console/session (or call with an API key: Authorization: Bearer).',
      { header: CSRF_HEADER },
    );
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The caller of a /v1 request made with the console's cookie; undefined when the request
 * has an Authorization header (a key always wins) or no session cookie. Throws the
 * ToolError to answer with (403 for a missing CSRF token, 401 for an ended session).
 */
export function consoleCredential(app: AppContext) {
  return async (event: H3Event): Promise<Caller | undefined> => {
    if (event.req.headers.has('authorization')) return undefined;
    const token = readCookies(event.req.headers.get('cookie')).get(SESSION_COOKIE);
    if (!token) return undefined;
    if (!SAFE_METHODS.has(event.req.method)) checkCsrf(app, event, token);
    const { caller } = await sessionCaller(app, token, app.now(), clientAddress(event, app.config.trustProxyHops));
    return caller;
  };
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

async function signIn(app: AppContext, event: H3Event): Promise<Response> {
  const headers = event.req.headers;
  const origin = headers.get('origin');
  // Signing a browser in from another site (login CSRF) is refused like any other cross-site change.
  if (origin !== null) {
    const expected = `${isSecure(app, event) ? 'https' : 'http'}://${headers.get('host') ?? ''}`;
    if (origin !== expected && origin !== (app.config.publicUrl && new URL(app.config.publicUrl).origin)) {
      return errorResponse(
        new ToolError('forbidden', `Origin '${origin}' may not sign in here; open the console at its own address.`, {
          origin,
        }),
      );
    }
  }
  const body = await readJsonBody(event.req, 16 * 1024, app.config.bodyTimeoutMs);
  const key = typeof body.key === 'string' ? body.key.trim() : '';
  if (!key) {
    throw new ToolError('invalid_request', 'Send {"key": "svc_..."}: the API key to sign in with.', {
      issues: [{ path: 'key', message: 'expected the API key as a string' }],
    });
  }
  const caller = await authenticateLimited(app, {
    token: key,
    client: clientAddress(event, app.config.trustProxyHops),
  });
  const now = app.now();
  const session = await openSession(app, caller, now);
  const maxAge = Math.floor((Date.parse(session.expires_at) - now.getTime()) / 1000);
  return withHeaders(jsonResponse(200, { csrf_token: session.csrf_token, expires_at: session.expires_at }), {
    ...SECURITY_HEADERS,
    'cache-control': 'no-store',
    'set-cookie': sessionCookie(app, event, session.token, maxAge),
  });
}

async function sessionState(app: AppContext, event: H3Event): Promise<Response> {
  const token = readCookies(event.req.headers.get('cookie')).get(SESSION_COOKIE);
  const headers = { ...SECURITY_HEADERS, 'cache-control': 'no-store' };
  // Not signed in is an answer, not an error: the page asks this on every load.
  if (!token) return withHeaders(jsonResponse(200, { signed_in: false }), headers);
  try {
    const { expires_at } = await sessionCaller(app, token, app.now(), clientAddress(event, app.config.trustProxyHops));
    return withHeaders(jsonResponse(200, { signed_in: true, csrf_token: csrfToken(token), expires_at }), headers);
  } catch (error) {
    if (!(error instanceof ToolError) || error.code !== 'unauthorized') throw error;
    return withHeaders(jsonResponse(200, { signed_in: false, reason: error.message }), {
      ...headers,
      'set-cookie': sessionCookie(app, event, '', 0),
    });
  }
}

async function signOut(app: AppContext, event: H3Event): Promise<Response> {
  const token = readCookies(event.req.headers.get('cookie')).get(SESSION_COOKIE);
  if (token) {
    checkCsrf(app, event, token);
    await endSession(app, token, app.now());
  }
  return withHeaders(jsonResponse(200, { signed_out: true }), {
    ...SECURITY_HEADERS,
    'cache-control': 'no-store',
    'set-cookie': sessionCookie(app, event, '', 0),
  });
}

function guarded(handler: (app: AppContext, event: H3Event) => Promise<Response>, app: AppContext) {
  return async (event: H3Event): Promise<Response> => {
    try {
      return await handler(app, event);
    } catch (error) {
      if (error instanceof ToolError) return withHeaders(errorResponse(error), SECURITY_HEADERS);
      throw error;
    }
  };
}

/** Mounts /console/ (its files) and /console/session (sign in, the CSRF token, sign out). */
export function mountConsole(h3: H3, app: AppContext): void {
  const files = consoleFiles();
  h3.post('/console/session', guarded(signIn, app));
  h3.get('/console/session', guarded(sessionState, app));
  h3.delete('/console/session', guarded(signOut, app));
  const serve = (event: H3Event): Response => {
    const pathname = new URL(event.req.url).pathname;
    // Relative URLs in the page resolve against /console/, not /.
    if (pathname === '/console') return new Response(null, { status: 308, headers: { location: '/console/' } });
    const path = files.get(pathname === '/console/' ? '/console/index.html' : pathname);
    if (!path) {
      const error = new ToolError('not_found', `No console file ${pathname}; open /console/.`, { path: pathname });
      return withHeaders(errorResponse(error), SECURITY_HEADERS);
    }
    return fileResponse(path);
  };
  h3.get('/console', serve);
  h3.get('/console/**', serve);
}
