// One call of one operation, as every surface makes it: authenticate, rate-limit, check
// scope, validate input, select the tenant, run the handler. Adapters only translate
// their protocol to and from this, which is what keeps REST and MCP identical.
import type { z } from 'zod';
import { ToolError } from './errors.ts';
import type { Operation, TenantToolContext, ToolContext } from './tool-context.ts';
import type { AppContext } from './app.ts';
import type { HeldTurn } from './analysis-pool.ts';
import { authenticate, forgetVerifiedKeys, requireScope, selectTenant, type Caller } from './auth.ts';
import { clientKey } from './rate-limit.ts';
import { sizeResult } from './result-size.ts';

export interface CallRequest {
  token: string | undefined;
  args: unknown;
  tenantSelector: string | undefined;
  /** The client's network address (HTTP surfaces); failed authentications are limited per address. */
  client?: string | undefined;
  /** The URL the token was presented to (the MCP endpoint): OAuth access tokens are bound to one. */
  resource?: string | undefined;
  progress?: ToolContext['progress'];
  /**
   * Already admitted (`admitCall`): REST admits a call before it reads the body, so the
   * key, the rate limit and the scope are not checked twice.
   */
  admitted?: Caller;
  /** The per-key rate limit was already spent for this call (MCP counts every message where it arrives). */
  rateCounted?: boolean;
  /** A turn in the analysis queue taken before the body was read (REST, large bodies): the call's message uses it. */
  analysisTurn?: HeldTurn;
  /** Already authenticated by other means (a console session standing for its key): `token` is not read. */
  caller?: Caller;
}

/** What admitting a call needs: no arguments, so it runs before a request body is read. */
export type AdmitRequest = Pick<CallRequest, 'token' | 'client' | 'rateCounted' | 'caller'>;

export type CallOutcome =
  | {
      ok: true;
      result: Record<string, unknown>;
      /** The result as JSON when measuring it already made that text (reads): send these bytes. */
      json?: string;
      tenantId: string | null;
    }
  | { ok: false; error: ToolError; tenantId: string | null };

export function issuesToDetails(error: z.ZodError): { issues: { path: string; message: string }[] } {
  return {
    issues: error.issues.map((issue) => ({
      path:
        issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('') ||
        '(input)',
      message: issue.message,
    })),
  };
}

export function invalidInput(error: z.ZodError): ToolError {
  const details = issuesToDetails(error);
  const summary = details.issues
    .slice(0, 3)
    .map((i) => `${i.path}: ${i.message}`)
    .join('; ');
  return new ToolError('invalid_request', `Invalid input (${summary}); fix these fields and retry.`, details);
}

/**
 * How deeply input values may nest (objects and arrays, the arguments object being level 1).
 * No operation needs more than about 40 (a rule 16 predicates deep); unbounded nesting
 * overflowed the stack in code that walks values recursively (JSON.stringify, comparisons).
 */
export const MAX_INPUT_DEPTH = 64;

/** The path of the first value nested deeper than `max`, or null. Iterative: deep input cannot overflow it. */
export function tooDeepAt(input: unknown, max = MAX_INPUT_DEPTH): string | null {
  interface Node {
    value: unknown;
    depth: number;
    parent: Node | null;
    key: string | number | null;
  }
  const stack: Node[] = [{ value: input, depth: 1, parent: null, key: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.value === null || typeof node.value !== 'object') continue;
    if (node.depth > max) {
      const keys: (string | number)[] = [];
      for (let n: Node | null = node; n && n.key !== null; n = n.parent) keys.unshift(n.key);
      return keys.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('') || '(input)';
    }
    const entries: [string | number, unknown][] = Array.isArray(node.value)
      ? node.value.map((v, i) => [i, v])
      : Object.entries(node.value);
    for (const [key, value] of entries) {
      if (value !== null && typeof value === 'object') stack.push({ value, depth: node.depth + 1, parent: node, key });
    }
  }
  return null;
}

/**
 * The path of the first object member named `__proto__` in the input, or null. JSON.parse
 * makes it an ordinary member, but zod's records drop it without a word and a plain
 * assignment would set a prototype instead: no operation takes such a name, so it is refused.
 */
export function prototypeMemberAt(input: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        stack.push({ value: item, path: `${path}[${i}]` });
      });
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (key === '__proto__') return at;
      stack.push({ value: item, path: at });
    }
  }
  return null;
}

/**
 * Authenticates, limiting failed attempts per client address: each unknown key costs a
 * database read, so an address over its budget is refused (429) before the read.
 */
export async function authenticateLimited(
  app: AppContext,
  req: Pick<CallRequest, 'token' | 'client' | 'resource'>,
): Promise<Caller> {
  const client = req.client ? clientKey(req.client) : null;
  const wait = client ? app.authFailures.wait(client) : 0;
  if (wait > 0) {
    throw new ToolError(
      'rate_limited',
      `Too many failed authentications from this address (limit ${app.config.authFailuresPerMinute} a minute); ` +
        `retry in ${wait} s with a valid API key (check it for a typo, or create a new one).`,
      { retry_after_seconds: wait },
    );
  }
  try {
    return await authenticate(app, req.token, req.resource);
  } catch (error) {
    if (client && req.token && error instanceof ToolError && error.code === 'unauthorized')
      app.authFailures.take(client);
    throw error;
  }
}

/** Spends one of the key's requests; refuses (429) when its budget is spent. */
export async function spendRequest(app: AppContext, caller: Caller): Promise<void> {
  const wait = await app.rateLimiter.admit(caller.key.id);
  if (wait > 0) {
    throw new ToolError(
      'rate_limited',
      `Rate limit of ${app.config.rateLimitPerMinute} requests a minute reached for this key; retry in ${wait} s.`,
      { retry_after_seconds: wait },
    );
  }
}

/**
 * The checks that need no arguments, in the order of refusals (docs/decisions.md): the
 * address's failed-authentication budget, the key, the key's rate limit, the scope. REST
 * runs them before it reads a body, so a refused caller costs no body read.
 */
export async function admitCall(app: AppContext, tool: Operation, req: AdmitRequest): Promise<Caller> {
  const caller = req.caller ?? (await authenticateLimited(app, req));
  if (!req.rateCounted) await spendRequest(app, caller);
  requireScope(caller, tool.scope);
  return caller;
}

/** `admitCall` with its refusal as a CallOutcome, as `callTool` would have answered it. */
export async function admitOutcome(
  app: AppContext,
  tool: Operation,
  req: AdmitRequest,
): Promise<{ ok: true; caller: Caller } | { ok: false; outcome: CallOutcome }> {
  try {
    return { ok: true, caller: await admitCall(app, tool, req) };
  } catch (error) {
    return { ok: false, outcome: failure(tool, error, null) };
  }
}

export async function callTool(app: AppContext, tool: Operation, req: CallRequest): Promise<CallOutcome> {
  let tenantId: string | null = null;
  try {
    const caller = req.admitted ?? (await admitCall(app, tool, req));
    const deep = tooDeepAt(req.args);
    if (deep !== null) {
      throw new ToolError(
        'invalid_request',
        `Input nested deeper than ${MAX_INPUT_DEPTH} levels at ${deep.length > 80 ? `${deep.slice(0, 80)}…` : deep}; ` +
          'no operation takes values that deep: flatten it and retry.',
        { issues: [{ path: deep, message: `nested deeper than ${MAX_INPUT_DEPTH} levels` }], limit: MAX_INPUT_DEPTH },
      );
    }
    const reserved = prototypeMemberAt(req.args);
    if (reserved !== null) {
      throw new ToolError(
        'invalid_request',
        `Invalid input (${reserved}: '__proto__' is not a name any operation takes); rename or remove it.`,
        { issues: [{ path: reserved, message: "'__proto__' is not accepted as a name" }] },
      );
    }
    const parsed = tool.input.safeParse(req.args ?? {});
    if (!parsed.success) throw invalidInput(parsed.error);
    const now = app.now();
    const tenant = selectTenant(caller, req.tenantSelector, tool.tenantScoped, now);
    tenantId = tenant?.id ?? null;
    const ctx: ToolContext = {
      app,
      caller,
      tenant,
      actor: caller.key.id,
      now,
      ...(req.progress ? { progress: req.progress } : {}),
      ...(req.analysisTurn ? { analysisTurn: req.analysisTurn } : {}),
    };
    let result: unknown;
    try {
      result = tool.tenantScoped
        ? await tool.handler(parsed.data, ctx as TenantToolContext)
        : await tool.handler(parsed.data, ctx);
    } finally {
      // Keys, tenants, accounts and policies change only through configure operations:
      // the next call of any key in this process reads them again (auth.ts caches callers).
      if (tool.mutating && tool.scope === 'configure') forgetVerifiedKeys(app);
    }
    const sized = sizeResult(tool, result, app.config.maxResultBytes);
    if (sized.error) throw sized.error;
    return {
      ok: true,
      result: result as Record<string, unknown>,
      ...(sized.json === undefined ? {} : { json: sized.json }),
      tenantId,
    };
  } catch (error) {
    return failure(tool, error, tenantId);
  }
}

function failure(tool: Operation, error: unknown, tenantId: string | null): CallOutcome & { ok: false } {
  if (error instanceof ToolError) return { ok: false, error, tenantId };
  // A bug, not bad input: keep the process up, say so plainly, keep the trace in the log.
  console.error(`[svc] ${tool.name} failed:`, error);
  return {
    ok: false,
    error: new ToolError('internal', `Internal error in ${tool.name}; the call may be retried. It has been logged.`),
    tenantId,
  };
}
