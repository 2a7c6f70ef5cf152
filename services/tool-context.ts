// What a running operation is given, and the part of an operation the one call path
// (call.ts) and the operator's reads need. They live here, below tools/, so services
// never import from tools/ (STYLE.md: tools call services, never the reverse);
// tools/define.ts builds its ToolDef on these.
import type { z } from 'zod';
import type { Tenant } from '../storage/tenants.ts';
import type { Scope } from '../storage/keys.ts';
import type { AppContext } from './app.ts';
import type { Caller } from './auth.ts';
import type { HeldTurn } from './analysis-pool.ts';

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
  /** The turn in the analysis queue the surface took before it read the request's message (REST). */
  analysisTurn?: HeldTurn;
}

export interface TenantToolContext extends ToolContext {
  tenant: Tenant;
}

interface OperationBase {
  name: string;
  scope: Scope;
  input: z.ZodType;
  /** Changes stored data (or sends traffic); such a result is never refused for its size. */
  mutating: boolean;
  /** Inputs that shrink the result, named when a result is over the size limit (result-size.ts). */
  narrowing?: readonly string[] | undefined;
}

/** An operation inside one tenant: the selector is resolved or the call is refused. */
export interface TenantOperation extends OperationBase {
  tenantScoped: true;
  // biome-ignore lint/suspicious/noExplicitAny: input is validated by the operation's own schema before the call.
  handler: (input: any, ctx: TenantToolContext) => Promise<unknown>;
}

/** An operation on the account; a tenant is resolved only when named or implied. */
export interface AccountOperation extends OperationBase {
  tenantScoped: false;
  // biome-ignore lint/suspicious/noExplicitAny: input is validated by the operation's own schema before the call.
  handler: (input: any, ctx: ToolContext) => Promise<unknown>;
}

/** What callTool needs of a tool; every ToolDef is one. */
export type Operation = TenantOperation | AccountOperation;
