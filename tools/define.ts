// The one shape every operation takes. Adapters turn a list of these into MCP tools,
// REST routes and the OpenAPI document; nothing else declares an operation.
import { z } from 'zod';
import type { TenantToolContext, ToolContext } from '../services/tool-context.ts';
import type { Scope } from '../storage/keys.ts';

export { ERROR_STATUS, ToolError, notFound, type ErrorBody, type ErrorCode } from '../services/errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * MCP tool annotations, every one stated explicitly: clients read a missing hint as its
 * most cautious default, which would mark every read as destructive and open-world.
 */
export interface ToolAnnotations {
  /** Changes nothing at all (run_tests is not: it stores a run). */
  readOnlyHint: boolean;
  /** May delete or overwrite existing state (only meaningful when not read-only). */
  destructiveHint: boolean;
  /** Repeating the call with the same arguments has no further effect. */
  idempotentHint: boolean;
  /** May reach systems outside this service (webhook destinations). */
  openWorldHint: boolean;
}

export type { TenantToolContext, ToolContext } from '../services/tool-context.ts';

interface ToolDefBase<I extends z.ZodObject, O extends z.ZodObject> {
  name: string;
  description: string;
  scope: Scope;
  mutating: boolean;
  /** A short human name for tool pickers (MCP `title`). */
  title: string;
  annotations: ToolAnnotations;
  /** Not one of the spec's 53 operations: its description says so and OpenAPI marks it x-spec-addition. */
  specAddition?: true;
  http: { method: HttpMethod; path: string };
  /**
   * Input fields that make the result smaller (limit, max_chars, ...): a read whose result is
   * over the byte limit is refused with an error naming them (services/result-size.ts).
   */
  narrowing?: readonly (keyof z.input<I> & string)[];
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

// biome-ignore lint/suspicious/noExplicitAny: one list holds tools of every input and output type; each handler is typed by its own schemas.
export type ToolDef = TenantToolDef<any, any> | AccountToolDef<any, any>;

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(def: TenantToolDef<I, O>): TenantToolDef<I, O>;
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(
  def: AccountToolDef<I, O>,
): AccountToolDef<I, O>;
export function defineTool(def: ToolDef): ToolDef {
  return def;
}

/** The Error shape as a zod schema, for the OpenAPI document and MCP output schemas. */
export const ErrorShape = z.object({
  error: z.object({
    code: z.string().describe('snake_case machine-readable code'),
    message: z.string().describe('what went wrong and how to fix it'),
    details: z.record(z.string(), z.unknown()),
  }),
});
