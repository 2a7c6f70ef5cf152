// Inputs whose advertised JSON Schema is narrower than what validation accepts, so the
// tool list stays in the subset every client and model provider reads alike (no type
// arrays, no null, no any-value schemas: test/contract/input-schemas.test.ts).
import { z } from 'zod';

/** A zod schema's JSON Schema on the input side, as the adapters render it. */
function inputJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return json;
}

/**
 * `schema` as validation sees it, advertised (tools/list, OpenAPI) as `json` plus the
 * schema's description. For an input a later check reads (a rule) or a null older clients
 * may still send: clients and model providers mishandle type arrays and any-value schemas
 * (test/contract/input-schemas.test.ts). The lazy wrapper carries the override because zod
 * cannot render one on a copy made by `.describe()`: describe the schema before, not after.
 */
export function advertised<T extends z.ZodType>(schema: T, json: () => Record<string, unknown>): z.ZodLazy<T> {
  const wrapper = z.lazy(() => schema);
  wrapper._zod.toJSONSchema = () => ({ ...json(), ...(schema.description ? { description: schema.description } : {}) });
  return wrapper;
}

/** A field that null clears or resets: null is still accepted, only the value's own type advertised. */
export function clearable<T extends z.ZodType>(schema: T) {
  return advertised(schema.nullable(), () => inputJsonSchema(schema));
}
