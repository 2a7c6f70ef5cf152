// Every tool's input schema, as a real MCP client receives it, keeps to the subset every
// client and model provider reads alike (GitHub's MCP server tests the same): an object at
// the top with no combinator there, one `type` per schema (no type arrays, no advertised
// null: an optional field is omitted, not null), every property typed, no `$ref` a client
// would have to resolve.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMcp, callRest, makeTestApp, mcpClient, toolNamed, verifiedAccount, type TestApp } from '../helpers/app.ts';

type Schema = Record<string, unknown>;

const COMBINATORS = ['anyOf', 'oneOf', 'allOf', 'not'];
/** An anyOf over all of these is an untyped schema spelled out. */
const ANY_VALUE = ['object', 'array', 'string', 'number', 'boolean'];
const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A schema states what it accepts: one `type`, an `enum` or a `const`. */
function typed(s: Schema): boolean {
  return typeof s.type === 'string' || Array.isArray(s.enum) || 'const' in s;
}

/**
 * Every finding in one property's schema (and the schemas nested in it), as "path: problem".
 * `described`: an enclosing anyOf carries the description a free-form object needs.
 */
function propertyFindings(s: Schema, path: string, out: string[], described = false): void {
  if (Array.isArray(s.type)) out.push(`${path}: type array ${JSON.stringify(s.type)}`);
  if (s.type === 'null') out.push(`${path}: advertises null (make the field optional instead)`);
  if (typeof s.$ref === 'string') out.push(`${path}: $ref ${s.$ref}`);
  for (const key of ['oneOf', 'allOf', 'not']) if (key in s) out.push(`${path}: ${key}`);
  if (Array.isArray(s.anyOf)) {
    // A choice of kinds (a starter name or a schema object) is allowed when every branch is typed.
    if (typeof s.type === 'string') out.push(`${path}: type beside anyOf`);
    const kinds = new Set(s.anyOf.map((b) => (isSchema(b) && typeof b.type === 'string' ? b.type : '')));
    if (ANY_VALUE.every((type) => kinds.has(type)))
      out.push(`${path}: anyOf naming every JSON type (accepts anything)`);
    s.anyOf.forEach((branch, i) => {
      if (!isSchema(branch) || !typed(branch)) out.push(`${path}.anyOf[${i}]: untyped branch`);
      if (isSchema(branch)) propertyFindings(branch, `${path}.anyOf[${i}]`, out, typeof s.description === 'string');
    });
  } else if (!typed(s)) {
    out.push(`${path}: untyped (accepts anything)`);
  }
  if (
    s.type === 'object' &&
    !isSchema(s.properties) &&
    !isSchema(s.additionalProperties) &&
    !described &&
    typeof s.description !== 'string'
  ) {
    out.push(`${path}: free-form object without a description`);
  }
  for (const [name, p] of Object.entries(isSchema(s.properties) ? s.properties : {})) {
    if (isSchema(p)) propertyFindings(p, `${path}.${name}`, out);
    else out.push(`${path}.${name}: not a schema object`);
  }
  // A container's description covers its elements.
  const describes = described || typeof s.description === 'string';
  if (isSchema(s.items)) propertyFindings(s.items, `${path}[]`, out, describes);
  if (isSchema(s.additionalProperties)) propertyFindings(s.additionalProperties, `${path}{}`, out, describes);
}

function inputFindings(name: string, input: Schema): string[] {
  const out: string[] = [];
  if (input.type !== 'object') out.push(`${name}: top level is not type object`);
  for (const key of [...COMBINATORS, '$ref']) if (key in input) out.push(`${name}: ${key} at the top level`);
  for (const [field, p] of Object.entries(isSchema(input.properties) ? input.properties : {})) {
    if (isSchema(p)) propertyFindings(p, `${name}.${field}`, out);
    else out.push(`${name}.${field}: not a schema object`);
  }
  return out;
}

describe('portable input schemas', () => {
  let t: TestApp;
  let key: string;
  let listed: { name: string; inputSchema: Schema }[];
  beforeAll(async () => {
    t = await makeTestApp();
    ({ key } = await verifiedAccount(t.app));
    // Two tenants: every tool also takes `tenant`, the longest list a client is given.
    for (const name of ['acme', 'globex']) await callRest(t.h3, toolNamed('create_tenant'), key, { name });
    const client = await mcpClient(t.h3, key);
    listed = (await client.listTools()).tools as typeof listed;
    await client.close();
  });
  afterAll(() => t.close());

  it('finds what it is meant to find', () => {
    expect(
      inputFindings('x', {
        type: 'object',
        anyOf: [{ required: ['a'] }],
        properties: {
          a: { type: ['string', 'null'] },
          b: {},
          c: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          d: { type: 'object' },
          e: { $ref: '#/$defs/E' },
          f: { type: 'array', items: { description: 'any' } },
          g: { anyOf: [{ type: 'string' }, { type: 'object', description: 'a schema' }] },
          h: { enum: ['x', 'y'] },
          i: {
            description: 'any',
            anyOf: ['object', 'array', 'string', 'number', 'boolean'].map((type) => ({ type })),
          },
          j: { type: 'object', description: 'field -> value', additionalProperties: { type: 'object' } },
        },
      }),
    ).toEqual([
      'x: anyOf at the top level',
      'x.a: type array ["string","null"]',
      'x.a: untyped (accepts anything)',
      'x.b: untyped (accepts anything)',
      'x.c.anyOf[1]: advertises null (make the field optional instead)',
      'x.d: free-form object without a description',
      'x.e: $ref #/$defs/E',
      'x.e: untyped (accepts anything)',
      'x.f[]: untyped (accepts anything)',
      'x.i: anyOf naming every JSON type (accepts anything)',
    ]);
  });

  it('lists every tool with a portable input schema', () => {
    expect(listed.length).toBeGreaterThan(50);
    expect(listed.flatMap((tool) => inputFindings(tool.name, tool.inputSchema))).toEqual([]);
  });

  it('still takes the null an older client sends to clear a field, over MCP and REST alike', async () => {
    const update = listed.find((tool) => tool.name === 'update_bucket')!.inputSchema as {
      properties: Record<string, Schema>;
    };
    expect(update.properties.priority).toEqual({ type: 'integer', minimum: 0, maximum: 10000 });
    const cleared = {
      description: '',
      priority: 100,
      enabled: true,
      rule: null,
      schema: null,
      policy: null,
      destinations: [],
    };
    const nulls = {
      description: null,
      priority: null,
      enabled: null,
      rule: null,
      schema: null,
      policy: null,
      destinations: null,
    };
    const client = await mcpClient(t.h3, key);
    for (const [name, via] of [
      ['via-mcp', 'mcp'],
      ['via-rest', 'rest'],
    ] as const) {
      const created = await callRest(
        t.h3,
        toolNamed('create_bucket'),
        key,
        {
          name,
          description: 'x',
          priority: 5,
          enabled: false,
          rule: { address: 'a@' },
          schema: 'starter:invoice',
          policy: { no_schema: 'task' },
        },
        'acme',
      );
      expect(created.status).toBe(200);
      const body =
        via === 'mcp'
          ? (await callMcp(client, 'update_bucket', { id: name, ...nulls }, 'acme')).body
          : (await callRest(t.h3, toolNamed('update_bucket'), key, { id: name, ...nulls }, 'acme')).body;
      expect(body).toMatchObject(cleared);
    }
    const value = await callMcp(client, 'correct_field', { id: 'cap_none', field: 'total', value: null }, 'acme');
    expect(value.body.error.code).toBe('not_found');
    await client.close();
  });
});
