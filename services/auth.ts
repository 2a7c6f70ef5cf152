// Bearer keys, scopes and tenant selection (spec: Authentication). Every surface calls
// these through services/call.ts, so REST and MCP refuse the same calls the same way.
import { ToolError } from './errors.ts';
import type { Account } from '../storage/accounts.ts';
import { findCredential, hashKey, touchKey, type ApiKey, type Scope } from '../storage/keys.ts';
import { isExpired, listAccountTenants, type Tenant } from '../storage/tenants.ts';
import type { AppContext } from './app.ts';
import { callerForAccessToken, isAccessToken } from './oauth.ts';

export interface Caller {
  key: ApiKey;
  account: Account;
  /** Tenants this key reaches, oldest first. */
  tenants: Tenant[];
}

const TOUCH_INTERVAL_MS = 60_000;

/**
 * How long a verified key's caller is reused without reading the database again. Each
 * lookup is two or three reads (key, its tenants, the account's tenants): at hundreds of
 * ingests a second they were a real share of a request's cost. A change made in this
 * process through a configure-scope operation (revoke_key, create_tenant, ...) clears the
 * cache at once (forgetVerifiedKeys); one made by another process on the same file (the
 * CLI, `svc mcp`) is seen within this long. Only verified keys are kept: unknown and
 * revoked keys are looked up every time.
 */
export const VERIFIED_KEY_TTL_MS = 1000;
/** Bounds the cache when many distinct keys call within one TTL. */
const MAX_VERIFIED_KEYS = 10_000;

interface Verified {
  caller: Caller;
  /** performance.now() when it stops being used: a real clock, not app.now() (tests move that). */
  until: number;
}
const verifiedKeys = new WeakMap<AppContext, Map<string, Verified>>();

/**
 * Only over a local database file. Nodes sharing a database server read the key on every
 * request, as before: they are meant to see each other's changes at once, and while the
 * server is unreachable that read is what answers 503 (a cached caller went on to the
 * shared rate limit, which answers 429 when it cannot report).
 */
function cachesKeys(app: AppContext): boolean {
  const url = app.config.databaseUrl;
  return url.startsWith('file:') || url === ':memory:';
}

/** Drops every cached caller of `app`: after a change to keys, tenants or accounts. */
export function forgetVerifiedKeys(app: AppContext): void {
  verifiedKeys.get(app)?.clear();
}

/**
 * The caller a bearer token stands for: an API key, or an OAuth access token (services/oauth.ts)
 * when `resource` names the URL it was presented to (the MCP endpoint; REST takes keys only).
 */
export async function authenticate(app: AppContext, token: string | undefined, resource?: string): Promise<Caller> {
  if (token && isAccessToken(token)) return callerForAccessToken(app, token, resource);
  if (!token) {
    throw new ToolError(
      'unauthorized',
      'No API key: send the header "Authorization: Bearer <API_KEY>" (MCP: put the key in the URL, /mcp/<API_KEY>).',
    );
  }
  if (!cachesKeys(app)) return lookUp(app, token);
  let cache = verifiedKeys.get(app);
  if (!cache) {
    cache = new Map();
    verifiedKeys.set(app, cache);
  }
  // Kept by hash, as stored: the map must not become a list of plaintext keys.
  const hash = hashKey(token);
  const cached = cache.get(hash);
  if (cached && cached.until > performance.now()) {
    touch(app, cached.caller.key.id);
    return cached.caller;
  }
  const caller = await lookUp(app, token);
  if (cache.size >= MAX_VERIFIED_KEYS) cache.clear();
  cache.set(hash, { caller, until: performance.now() + VERIFIED_KEY_TTL_MS });
  return caller;
}

async function lookUp(app: AppContext, token: string): Promise<Caller> {
  const credential = await findCredential(app.db, token);
  if (!credential) throw new ToolError('unauthorized', 'Unknown API key: check for a typo or create a new key.');
  const { key, account } = credential;
  if (key.revoked_at) {
    throw new ToolError('unauthorized', `This API key was revoked at ${key.revoked_at}; use another key.`);
  }
  const owned = await listAccountTenants(app.db, account.id);
  const tenants = key.all_tenants ? owned : owned.filter((t) => key.tenants.includes(t.id));
  touch(app, key.id);
  return { key, account, tenants };
}

/** Records the key's last use, at most once a minute per key. */
function touch(app: AppContext, keyId: string): void {
  const now = app.now().getTime();
  if (now - (app.keyTouchedAt.get(keyId) ?? 0) > TOUCH_INTERVAL_MS) {
    app.keyTouchedAt.set(keyId, now);
    // Recording last use must never fail or slow the call it describes.
    touchKey(app.db, keyId, new Date(now)).catch(() => undefined);
  }
}

export function requireScope(caller: Caller, scope: Scope): void {
  if (!caller.key.scopes.includes(scope)) {
    throw new ToolError(
      'insufficient_scope',
      `This key lacks the '${scope}' scope; use a key that has it (create_key with scopes including '${scope}', from a key with 'configure').`,
      { required: scope, key_scopes: caller.key.scopes },
    );
  }
}

/**
 * The tenant a call acts in: the one named by `selector` (id or name), else the only one
 * the key reaches. `required` false lets account-level operations run without one.
 */
export function selectTenant(
  caller: Caller,
  selector: string | undefined,
  required: boolean,
  now: Date,
): Tenant | null {
  let tenant: Tenant | undefined;
  if (selector) {
    tenant = caller.tenants.find((t) => t.id === selector || t.name === selector);
    if (!tenant) {
      // Tenants the key does not reach are reported exactly like ones that do not exist.
      throw new ToolError(
        'not_found',
        `No tenant '${selector}' reachable with this key; list_tenants shows the ones it reaches.`,
        { tenant: selector },
      );
    }
  } else if (caller.tenants.length === 1) {
    tenant = caller.tenants[0];
  } else if (required) {
    if (caller.tenants.length === 0) {
      throw new ToolError(
        'tenant_required',
        'This key reaches no tenant yet: create one with create_tenant (needs a verified account), then retry.',
      );
    }
    throw new ToolError(
      'tenant_required',
      'This key reaches several tenants: name one with the `tenant` argument (REST: ?tenant= on GET/DELETE, header x-svc-tenant on POST/PUT).',
      { tenants: caller.tenants.map((t) => ({ id: t.id, name: t.name })) },
    );
  }
  if (tenant && isExpired(tenant, now)) {
    throw new ToolError(
      'sandbox_expired',
      `Sandbox tenant ${tenant.id} expired at ${tenant.expires_at}; create a new sandbox (npm run cli -- sandbox) or use a standard account.`,
      { tenant: tenant.id, expired_at: tenant.expires_at },
    );
  }
  return tenant ?? null;
}
