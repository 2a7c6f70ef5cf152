// The console's one way to the service: the same /v1 operations every client calls, with
// the session cookie (sent by the browser, never readable here) and the CSRF token on
// every change. The API key itself is sent once, to sign in, and never kept.

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.error?.message ?? `HTTP ${status}`);
    this.status = status;
    this.code = body?.error?.code ?? 'http_error';
    this.details = body?.error?.details ?? {};
  }
}

const session = { csrf: null, tenant: null };

async function parse(response) {
  const text = await response.text();
  let body = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

export async function signIn(key) {
  const body = await parse(
    await fetch('/console/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key }),
      credentials: 'same-origin',
    }),
  );
  session.csrf = body.csrf_token;
  return body;
}

/** The current session ({signed_in, csrf_token, expires_at}); signed_in false with the reason when there is none. */
export async function resume() {
  const body = await parse(await fetch('/console/session', { credentials: 'same-origin' }));
  session.csrf = body.signed_in ? body.csrf_token : null;
  return body;
}

export async function signOut() {
  await parse(
    await fetch('/console/session', {
      method: 'DELETE',
      headers: { 'x-csrf-token': session.csrf ?? '' },
      credentials: 'same-origin',
    }),
  );
  session.csrf = null;
}

export function setTenant(tenantId) {
  session.tenant = tenantId;
}

/** GET /v1/... with query parameters (and ?tenant= when the key reaches several). */
export async function get(path, query = {}) {
  const url = new URL(path, location.origin);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  }
  if (session.tenant) url.searchParams.set('tenant', session.tenant);
  return parse(await fetch(url, { credentials: 'same-origin' }));
}

/** POST /v1/... with a JSON body, the CSRF token and the tenant header. */
export async function post(path, body = {}) {
  const headers = { 'content-type': 'application/json', 'x-csrf-token': session.csrf ?? '' };
  if (session.tenant) headers['x-svc-tenant'] = session.tenant;
  return parse(
    await fetch(new URL(path, location.origin), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'same-origin',
    }),
  );
}

export const enc = encodeURIComponent;
