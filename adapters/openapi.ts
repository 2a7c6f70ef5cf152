// Registry -> OpenAPI 3.1 document, version 0.1.0: one operation per tool.
import { VERSION } from '../services/config.ts';
import { ERROR_STATUS, type ToolDef } from '../tools/define.ts';
import { errorJsonSchema, toolSchemas, type JsonSchema } from './schemas.ts';

function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

function operation(tool: ToolDef) {
  const { input, output } = toolSchemas(tool);
  const inPath = pathParams(tool.http.path);
  const properties = input.properties ?? {};
  const required = new Set(input.required ?? []);
  const parameters: Record<string, unknown>[] = inPath.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name] ?? { type: 'string' },
  }));
  const isQueryMethod = tool.http.method === 'GET' || tool.http.method === 'DELETE';
  let requestBody: Record<string, unknown> | undefined;
  if (isQueryMethod) {
    for (const [name, schema] of Object.entries(properties)) {
      if (inPath.includes(name)) continue;
      parameters.push({ name, in: 'query', required: required.has(name), schema, description: schema.description });
    }
  } else {
    parameters.push({ name: 'x-svc-tenant', in: 'header', required: false, schema: properties.tenant });
    // REST sends an idempotency key the usual HTTP way; the body field is the same key (adapters/rest.ts).
    if (properties.idempotency_key) {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: properties.idempotency_key,
        description: properties.idempotency_key.description,
      });
    }
    const bodyProperties = Object.fromEntries(
      Object.entries(properties).filter(([name]) => name !== 'tenant' && !inPath.includes(name)),
    );
    const body: JsonSchema = {
      ...input,
      properties: bodyProperties,
      required: [...required].filter((n) => !inPath.includes(n)),
    };
    requestBody = {
      required: (body.required ?? []).length > 0,
      content: { 'application/json': { schema: body } },
    };
  }
  const errorCodes = Object.entries(ERROR_STATUS).filter(([, status]) => status < 500);
  const errorStatuses = [...new Set(errorCodes.map(([, s]) => s))];
  return {
    operationId: tool.name,
    summary: tool.description.split('. ')[0],
    description: tool.description,
    tags: [tool.mutating ? 'write' : 'read'],
    'x-scope': tool.scope,
    'x-mutating': tool.mutating,
    ...(tool.specAddition ? { 'x-spec-addition': true } : {}),
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses: {
      200: { description: 'Success', content: { 'application/json': { schema: output } } },
      ...Object.fromEntries(
        errorStatuses.map((status) => [
          status,
          {
            description: errorCodes
              .filter(([, s]) => s === status)
              .map(([c]) => c)
              .join(', '),
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
      // Every call reads the database (the key at least), so every route can answer it.
      503: { $ref: '#/components/responses/Unavailable' },
    },
  };
}

/** The one 5XX a caller should retry: the database server is unreachable or saturated. */
const unavailableResponse = {
  description:
    "unavailable: the database server (SVC_DATABASE_URL) did not answer, or this node's writes " +
    'waited too long for it. Nothing was half-written; retry the same call after Retry-After seconds ' +
    '(also in error.details.retry_after_seconds). Never answered with an embedded database file.',
  headers: {
    'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } },
  },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

export function buildOpenApi(tools: readonly ToolDef[], serverUrl?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const tool of tools) {
    const entry = paths[tool.http.path] ?? {};
    paths[tool.http.path] = entry;
    entry[tool.http.method.toLowerCase()] = operation(tool);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Inbound email capture',
      version: VERSION,
      description: 'Every operation is also an MCP tool of the same name at /mcp/<API_KEY>.',
      // package.json is private with no license: all rights reserved.
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    // Without a public URL the document names the server it was fetched from ('/' when built offline).
    servers: [{ url: serverUrl ?? '/' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      schemas: { Error: errorJsonSchema },
      responses: { Unavailable: unavailableResponse },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'svc_<prefix>_<secret>' } },
    },
  };
}
