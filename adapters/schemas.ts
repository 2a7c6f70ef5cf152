// JSON Schemas generated once per process from the registry's zod schemas, shared by the
// MCP tool list, the OpenAPI document and REST query coercion.
import { z } from 'zod';
import { ErrorShape, type ToolDef } from '../tools/define.ts';

export type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  type?: string | string[];
  anyOf?: JsonSchema[];
};

const TENANT_PROPERTY: JsonSchema = {
  type: 'string',
  description: 'Tenant id or name. Needed only when the key reaches several tenants.',
};

const cache = new Map<ToolDef, { input: JsonSchema; output: JsonSchema }>();

function strip(schema: Record<string, unknown>): JsonSchema {
  const { $schema: _drop, ...rest } = schema;
  return portable(rest as JsonSchema);
}

const JSON_TYPES = ['object', 'array', 'string', 'number', 'boolean', 'null'];
// A schema with none of these accepts anything: portability checks want that said.
const CONSTRAINING = new Set([
  'type',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'allOf',
  '$ref',
  'properties',
  'items',
  'required',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'maxItems',
  'minItems',
  'maxProperties',
  'minProperties',
  'additionalProperties',
  'propertyNames',
  'not',
]);

/**
 * The spelling that every consumer reads alike (Redocly's recommended rules, the MCP
 * inspector's schema portability check, single-`type` dialects): `type: [a, b]` becomes
 * `anyOf` of one type each; an empty schema (any JSON value) names the six JSON types;
 * `additionalProperties: {}` (the default) is left out; nested pure `anyOf`s are flattened.
 */
export function portable(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' && (value === true || (isObject(value) && Object.keys(value).length === 0)))
      continue;
    if (key === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [k, portable(v)]),
      );
    } else if (
      (key === 'anyOf' || key === 'oneOf' || key === 'allOf' || key === 'prefixItems') &&
      Array.isArray(value)
    ) {
      out[key] = value.map((v) => portable(v as JsonSchema));
    } else if (
      (key === 'items' || key === 'additionalProperties' || key === 'propertyNames' || key === 'not') &&
      isObject(value)
    ) {
      out[key] = portable(value as JsonSchema);
    } else {
      out[key] = value;
    }
  }
  if (Array.isArray(out.type)) {
    const types = out.type;
    delete out.type;
    out.anyOf = [...types.map((type) => ({ type })), ...(out.anyOf ?? [])];
  }
  if (!Object.keys(out).some((key) => CONSTRAINING.has(key))) out.anyOf = JSON_TYPES.map((type) => ({ type }));
  if (out.anyOf) out.anyOf = flatten(out.anyOf);
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** anyOf branches that are themselves only an anyOf are spliced in; repeated branches dropped. */
function flatten(branches: JsonSchema[]): JsonSchema[] {
  const out: JsonSchema[] = [];
  const seen = new Set<string>();
  for (const branch of branches) {
    const keys = Object.keys(branch);
    const inner = keys.length === 1 && keys[0] === 'anyOf' ? branch.anyOf! : [branch];
    for (const b of inner) {
      const key = JSON.stringify(b);
      if (!seen.has(key)) {
        seen.add(key);
        out.push(b);
      }
    }
  }
  return out;
}

export function toolSchemas(tool: ToolDef): { input: JsonSchema; output: JsonSchema } {
  let entry = cache.get(tool);
  if (!entry) {
    const input = strip(z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }));
    input.properties = { ...(input.properties ?? {}), tenant: TENANT_PROPERTY };
    const output = strip(z.toJSONSchema(tool.output, { io: 'output', unrepresentable: 'any' }));
    entry = { input, output };
    cache.set(tool, entry);
  }
  return entry;
}

export const errorJsonSchema: JsonSchema = strip(z.toJSONSchema(ErrorShape));

/** JSON types a property accepts (looking through anyOf), for coercing query strings. */
export function propertyTypes(schema: JsonSchema | undefined): Set<string> {
  const types = new Set<string>();
  if (!schema) return types;
  const visit = (s: JsonSchema) => {
    if (typeof s.type === 'string') types.add(s.type);
    if (Array.isArray(s.type))
      s.type.forEach((t) => {
        types.add(t);
      });
    s.anyOf?.forEach(visit);
  };
  visit(schema);
  return types;
}
