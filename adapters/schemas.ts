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
  return rest as JsonSchema;
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
    if (Array.isArray(s.type)) s.type.forEach((t) => types.add(t));
    s.anyOf?.forEach(visit);
  };
  visit(schema);
  return types;
}
