// The one shape every operation takes. Adapters turn a list of these into MCP tools,
// REST routes and the OpenAPI document; nothing else declares an operation.
import { z } from 'zod';
import type { AppContext } from '../services/app.ts';
import type { Caller } from '../services/auth.ts';
import type { Tenant } from '../storage/tenants.ts';
import type { Scope } from '../storage/keys.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ToolContext {
  app: AppContext;
  caller: Caller;
  /** The selected tenant; always set for tenant-scoped tools. */
  tenant: Tenant | null;
  /** Who events name: the calling key's id. */
  actor: string;
  now: Date;
  /** Reports progress of a long operation, when the client asked for it (MCP progressToken). */
  progress?: (done: number, total: number, message?: string) => Promise<void>;
}

export interface TenantToolContext extends ToolContext {
  tenant: Tenant;
}

interface ToolDefBase<I extends z.ZodObject, O extends z.ZodObject> {
  name: string;
  description: string;
  scope: Scope;
  mutating: boolean;
  http: { method: HttpMethod; path: string };
  input: I;
  output: O;
}

export interface TenantToolDef<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject>
  extends ToolDefBase<I, O> {
  /** The operation acts inside one tenant: the selector is resolved or the call is refused. */
  tenantScoped: true;
  handler: (input: z.output<I>, ctx: TenantToolContext) => Promise<z.input<O>>;
}

export interface AccountToolDef<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject>
  extends ToolDefBase<I, O> {
  /** The operation acts on the account; a tenant is resolved only when named or implied. */
  tenantScoped: false;
  handler: (input: z.output<I>, ctx: ToolContext) => Promise<z.input<O>>;
}

export type ToolDef = TenantToolDef<any, any> | AccountToolDef<any, any>;

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(def: TenantToolDef<I, O>): TenantToolDef<I, O>;
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(def: AccountToolDef<I, O>): AccountToolDef<I, O>;
export function defineTool(def: ToolDef): ToolDef {
  return def;
}

/** The machine-readable error codes of DESIGN.md, with their HTTP status. */
export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_rule: 400,
  invalid_schema: 400,
  invalid_regex: 400,
  tenant_required: 400,
  unauthorized: 401,
  sandbox_expired: 401,
  insufficient_scope: 403,
  account_not_verified: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  invalid_state: 409,
  tests_failing: 409,
  validation_issues: 409,
  too_large: 413,
  unsupported_media_type: 415,
  name_refused: 422,
  rate_limited: 429,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details: Record<string, unknown> };
}

/** Thrown by handlers and services; adapters map it to the shared Error shape. */
export class ToolError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, details: this.details } };
  }
}

export function notFound(what: string, id: string): ToolError {
  return new ToolError('not_found', `No ${what} '${id}' here (this tenant or account); list them to find the right id.`, { id });
}

/** The Error shape as a zod schema, for the OpenAPI document and MCP output schemas. */
export const ErrorShape = z.object({
  error: z.object({
    code: z.string().describe('snake_case machine-readable code'),
    message: z.string().describe('what went wrong and how to fix it'),
    details: z.record(z.string(), z.unknown()),
  }),
});
