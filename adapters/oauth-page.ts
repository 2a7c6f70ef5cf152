// The OAuth sign-in page, rendered on the server: no script at all (the CSP forbids it), every
// value that came from outside (client name, URIs, tenant names, messages) escaped. Step 1
// takes an API key; step 2 offers that key's scopes and tenants, never more.
import { escapeUTF8 } from 'entities';
import type { OAuthClient } from '../services/oauth.ts';
import type { Scope } from '../storage/keys.ts';
import type { Tenant } from '../storage/tenants.ts';

/** Escapes & < > " ' (entities' escapeUTF8): safe in text and in quoted attributes. */
const esc = (value: string): string => escapeUTF8(value);

export const SIGN_IN_CSS = `
body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.4rem}fieldset{border:1px solid #ccc;border-radius:6px;margin:1rem 0}
label{display:block;margin:.3rem 0}input[type=password]{width:100%;font:inherit;padding:.4rem}
button{font:inherit;padding:.4rem 1rem;margin-right:.5rem}.error{color:#a40000;font-weight:600}
.muted{color:#555;font-size:.9rem}code{word-break:break-all}
`;

/** What the scopes let a client do, in a person's words. */
const SCOPE_TEXT: Record<Scope, string> = {
  read: 'read messages, captures, buckets and settings',
  propose: 'correct fields and suggest changes for review',
  run: 'ingest and reprocess mail, run tests and dry runs',
  approve: 'approve captures and resolve tasks',
  configure: 'change buckets, addresses, destinations and keys',
};

/**
 * Content-Security-Policy of every sign-in page: nothing runs, nothing loads but our own
 * stylesheet, and forms post only here (and, after the grant, to the client's redirect URI:
 * browsers check a form's redirect against form-action too).
 */
export function signInPolicy(redirectUri?: string): string {
  const redirectOrigin = redirectUri ? ` ${new URL(redirectUri).origin}` : '';
  return [
    "default-src 'none'",
    "style-src 'self'",
    `form-action 'self'${redirectOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${esc(title)}</title>
<link rel="stylesheet" href="/oauth/sign-in.css"></head>
<body><main>${body}</main></body></html>`;
}

function clientLine(client: OAuthClient, redirectUri: string): string {
  const host = new URL(redirectUri).host;
  return `<p><strong>${esc(client.client_name)}</strong> asks to use this inbound email capture service for you.
It will be sent back to <code>${esc(host)}</code> (${esc(redirectUri)}).</p>`;
}

export function keyForm(input: {
  requestId: string;
  client: OAuthClient;
  redirectUri: string;
  error?: string;
}): string {
  return page(
    'Sign in: inbound email capture',
    `<h1>Sign in with an API key</h1>
${clientLine(input.client, input.redirectUri)}
${input.error ? `<p class="error" role="alert">${esc(input.error)}</p>` : ''}
<form method="post" action="/oauth/sign-in">
<input type="hidden" name="request" value="${esc(input.requestId)}">
<label for="api_key">API key</label>
<input type="password" id="api_key" name="api_key" autocomplete="off" required placeholder="svc_…">
<p class="muted">The key stays on this server: the client gets its own token, limited to what you tick next.
No key yet? <code>npm run cli -- sandbox</code> prints one.</p>
<button type="submit">Continue</button>
</form>`,
  );
}

export function consentForm(input: {
  requestId: string;
  consent: string;
  client: OAuthClient;
  redirectUri: string;
  keyPrefix: string;
  keyScopes: readonly Scope[];
  suggestedScopes: readonly Scope[];
  tenants: readonly Tenant[];
  keyReachesAllTenants: boolean;
  error?: string;
}): string {
  const scopes = input.keyScopes
    .map(
      (s) =>
        `<label><input type="checkbox" name="scope" value="${esc(s)}"${input.suggestedScopes.includes(s) ? ' checked' : ''}> ${esc(s)}: ${esc(SCOPE_TEXT[s])}</label>`,
    )
    .join('\n');
  const all = input.keyReachesAllTenants
    ? `<label><input type="checkbox" name="all_tenants" value="1"> every tenant this key reaches, including ones created later</label>\n`
    : '';
  const tenants = input.tenants
    .map(
      (t) =>
        `<label><input type="checkbox" name="tenant" value="${esc(t.id)}" checked> ${esc(t.name)} <span class="muted">(${esc(t.id)}${t.kind === 'sandbox' ? ', sandbox' : ''})</span></label>`,
    )
    .join('\n');
  return page(
    'Grant access: inbound email capture',
    `<h1>Choose what to grant</h1>
${clientLine(input.client, input.redirectUri)}
<p class="muted">Signed in with key <code>${esc(input.keyPrefix)}</code>. A grant can be narrower than the key, never wider;
list and revoke grants with list_oauth_grants and revoke_oauth_grant.</p>
${input.error ? `<p class="error" role="alert">${esc(input.error)}</p>` : ''}
<form method="post" action="/oauth/consent">
<input type="hidden" name="request" value="${esc(input.requestId)}">
<input type="hidden" name="consent" value="${esc(input.consent)}">
<fieldset><legend>Scopes</legend>
${scopes}
</fieldset>
<fieldset><legend>Tenants</legend>
${all}${tenants || '<p class="muted">This key reaches no tenant yet.</p>'}
</fieldset>
<button type="submit" name="action" value="grant">Grant access</button>
<button type="submit" name="action" value="deny">Deny</button>
</form>`,
  );
}

export function errorPage(message: string): string {
  return page(
    'Sign-in failed: inbound email capture',
    `<h1>Sign-in failed</h1><p class="error" role="alert">${esc(message)}</p>`,
  );
}
