// The MCP tool list, kept small: an agent pays for every byte of it in context on every
// session (docs/decisions.md, "A lean tool list", has the measurements). Input schemas keep
// every description and constraint an agent needs to build a call, the rule and schema
// grammars and the policy object included, in each tool that takes them (the instructions
// must stay under the 2,048 characters clients keep); output schemas are left to
// /v1/openapi.json. The scope filter and ?toolsets= narrow the list further.
import type { Tool } from '@modelcontextprotocol/server';
import type { Scope } from '../storage/keys.ts';
import type { ToolDef } from '../tools/define.ts';
import { toolSchemas, type JsonSchema } from './schemas.ts';

// Offered only to keys that reach several tenants; what it means is said once, in the instructions.
const TENANT_PROPERTY = { type: 'string' } as const;

/**
 * Drops what a JSON Schema says by default or twice: `propertyNames: {type: string}` (JSON
 * keys are strings), `additionalProperties` false or {} (the server refuses unknown fields
 * itself, naming them), `minLength: 1` and `maxLength` up to 80 on ids and names (a value
 * out of range is refused the same way, with the limit) and the pattern zod adds beside a
 * `format`.
 */
function compact(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'propertyNames' && isPlainString(value)) continue;
    if (key === 'additionalProperties' && (value === false || isEmpty(value))) continue;
    if (key === 'minLength' && value === 1) continue;
    if (key === 'maxLength' && typeof value === 'number' && value <= 80) continue;
    if (key === 'pattern' && schema.format !== undefined) continue;
    out[key] = mapSchemas(key, value, compact);
  }
  return out;
}

const isEmpty = (v: unknown) => !!v && typeof v === 'object' && Object.keys(v).length === 0;
const isPlainString = (v: unknown) => JSON.stringify(v) === '{"type":"string"}';

/** Applies `fn` to the subschemas under `key` (properties, items, anyOf, ...). */
function mapSchemas(key: string, value: unknown, fn: (s: JsonSchema) => JsonSchema): unknown {
  if (key === 'properties') {
    return Object.fromEntries(Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [k, fn(v)]));
  }
  if (key === 'enum' || key === 'required' || key === 'default' || key === 'const') return value;
  if (Array.isArray(value)) return value.map((v) => (v && typeof v === 'object' ? fn(v as JsonSchema) : v));
  if (value && typeof value === 'object') return fn(value as JsonSchema);
  return value;
}

/** The listing of a registry, built once: every tool's entry. */
export interface Catalog {
  entries: Map<ToolDef, Tool>;
}

const catalogs = new WeakMap<readonly ToolDef[], Catalog>();

export function catalogOf(tools: readonly ToolDef[]): Catalog {
  let catalog = catalogs.get(tools);
  if (catalog) return catalog;
  const inputs = new Map(
    tools.map((tool) => {
      const { tenant: _said_in_instructions, ...properties } = toolSchemas(tool).input.properties ?? {};
      return [tool.name, compact({ ...toolSchemas(tool).input, properties })] as const;
    }),
  );
  const entries = new Map(
    tools.map((tool) => {
      const input = inputs.get(tool.name)!;
      const entry: Tool = {
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: input as Tool['inputSchema'],
        annotations: { ...tool.annotations },
      };
      return [tool, entry] as const;
    }),
  );
  catalog = { entries };
  catalogs.set(tools, catalog);
  return catalog;
}

export interface ListingFilter {
  /** The key's scopes: tools needing another scope are left out. null lists every tool. */
  scopes: readonly Scope[] | null;
  /** From ?toolsets=: only these tool names. null: no narrowing. */
  names: ReadonlySet<string> | null;
  /** The key reaches several tenants (or is not known), so calls may name one. */
  tenantArgument: boolean;
}

export function listTools(tools: readonly ToolDef[], filter: ListingFilter): Tool[] {
  const { entries } = catalogOf(tools);
  return tools
    .filter((t) => filter.scopes === null || filter.scopes.includes(t.scope))
    .filter((t) => filter.names === null || filter.names.has(t.name))
    .map((t) => {
      const entry = entries.get(t)!;
      if (!filter.tenantArgument) return entry;
      const input = entry.inputSchema;
      return { ...entry, inputSchema: { ...input, properties: { ...input.properties, tenant: TENANT_PROPERTY } } };
    });
}
