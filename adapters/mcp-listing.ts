// The MCP tool list, kept small: an agent pays for every byte of it in context on every
// session (docs/decisions.md, "A lean tool list", has the measurements). Input schemas keep
// every description and constraint an agent needs to build a call; a long field note that
// several tools share is sent once, in the server instructions; output schemas are left to
// /v1/openapi.json. The scope filter and ?toolsets= narrow the list further.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Scope } from '../storage/keys.ts';
import type { ToolDef } from '../tools/define.ts';
import { toolSchemas, type JsonSchema } from './schemas.ts';

// Offered only to keys that reach several tenants; what it means is said once, in the instructions.
const TENANT_PROPERTY: JsonSchema = { type: 'string' };

/** Repeats shorter than these stay in place: a pointer would save little. */
const SHARED_NOTE_MIN = 200;
const SHARED_SCHEMA_MIN = 400;

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

interface Repeat {
  field: string;
  tools: Set<string>;
}

/** Keys (as `keyOf` gives them) that several tools repeat, each with a field name to file it under. */
function findRepeats(
  inputs: Map<string, JsonSchema>,
  keyOf: (s: JsonSchema) => string | undefined,
): Map<string, string> {
  const seen = new Map<string, Repeat>();
  const visit = (schema: JsonSchema, field: string, tool: string) => {
    const key = keyOf(schema);
    if (key !== undefined && field !== '') {
      const entry = seen.get(key) ?? { field, tools: new Set<string>() };
      entry.tools.add(tool);
      seen.set(key, entry);
    }
    for (const [name, property] of Object.entries(schema.properties ?? {})) visit(property, name, tool);
    schema.anyOf?.forEach((member) => {
      visit(member, field, tool);
    });
  };
  for (const [tool, input] of inputs) visit(input, '', tool);
  return new Map([...seen].filter(([, r]) => r.tools.size > 1).map(([k, r]) => [k, r.field]));
}

function pointer(field: string): string {
  return `See "${field}" in the server instructions.`;
}

/** Long descriptions (the rule and schema grammars) several tools repeat become pointers. */
function shareNotes(schema: JsonSchema, notes: Map<string, string>, used: Set<string>): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    const field = key === 'description' && typeof value === 'string' ? notes.get(value) : undefined;
    if (field !== undefined) used.add(`"${field}": ${value as string}`);
    out[key] = field !== undefined ? pointer(field) : mapSchemas(key, value, (s) => shareNotes(s, notes, used));
  }
  return out;
}

/** Whole object schemas several tools repeat (the policy) become pointers. */
function shareSchemas(schema: JsonSchema, shared: Map<string, string>, used: Set<string>): JsonSchema {
  const json = JSON.stringify(schema);
  const field = shared.get(json);
  if (field !== undefined) {
    used.add(`"${field}" (JSON Schema): ${json}`);
    return { type: 'object', description: pointer(field) };
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema))
    out[key] = mapSchemas(key, value, (s) => shareSchemas(s, shared, used));
  return out;
}

/** The listing of a registry, built once: every tool's entry and the shared notes. */
export interface Catalog {
  entries: Map<ToolDef, Tool>;
  /** One line per shared field note or schema, for the instructions. */
  notes: string;
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
  const used = new Set<string>();
  const notes = findRepeats(inputs, (s) =>
    typeof s.description === 'string' && s.description.length >= SHARED_NOTE_MIN ? s.description : undefined,
  );
  for (const [name, input] of inputs) inputs.set(name, shareNotes(input, notes, used));
  const schemas = findRepeats(inputs, (s) => {
    const json = JSON.stringify(s);
    return s.type === 'object' && s.properties && json.length >= SHARED_SCHEMA_MIN ? json : undefined;
  });
  const entries = new Map(
    tools.map((tool) => {
      const input = shareSchemas(inputs.get(tool.name)!, schemas, used);
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
  catalog = { entries, notes: [...used].join('\n') };
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
