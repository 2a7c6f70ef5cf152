// The OpenAPI document passes Redocly's recommended ruleset with no error and no warning,
// and every schema (OpenAPI and the MCP tool list) passes the portability rules of the
// MCP inspector's schema check: no `type` arrays, no schema that constrains nothing.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTools } from '../../adapters/mcp-listing.ts';
import { tools } from '../../tools/index.ts';
import { http, makeTestApp, type TestApp } from '../helpers/app.ts';
import { ROOT } from '../helpers/process.ts';

const run = promisify(execFile);

// The inspector's list (CONSTRAINING_KEYWORDS) plus the applicators it walks into.
const CONSTRAINING = [
  'type',
  'enum',
  'const',
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
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'properties',
  'items',
  'additionalProperties',
  'propertyNames',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  '$ref',
];

/** Paths of schemas that break a portability rule. */
function unportable(schema: unknown, path: string, out: string[] = []): string[] {
  if (typeof schema === 'boolean') return [...out, `${path}: boolean schema`];
  if (!schema || typeof schema !== 'object') return out;
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s.type)) out.push(`${path}: type array ${JSON.stringify(s.type)}`);
  if (!Object.keys(s).some((k) => CONSTRAINING.includes(k))) out.push(`${path}: constrains nothing`);
  for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, unknown>))
    unportable(v, `${path}.properties.${k}`, out);
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    (s[key] as unknown[] | undefined)?.forEach((v, i) => {
      unportable(v, `${path}.${key}[${i}]`, out);
    });
  for (const key of ['items', 'additionalProperties', 'propertyNames'])
    if (s[key] && typeof s[key] === 'object') unportable(s[key], `${path}.${key}`, out);
  return out;
}

describe('OpenAPI and tool schemas', () => {
  let t: TestApp;
  let doc: any;
  beforeAll(async () => {
    t = await makeTestApp();
    doc = (await http(t.h3, 'GET', '/v1/openapi.json')).body;
  });
  afterAll(() => t.close());

  it('passes Redocly lint (recommended rules): 0 errors, 0 warnings', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      // Redocly reports usage and checks for updates over the network unless told not to.
      const env = {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        DO_NOT_TRACK: '1',
      };
      const { stdout } = await run(join(ROOT, 'node_modules/.bin/redocly'), ['lint', file, '--format=json'], {
        cwd: dir,
        env,
        timeout: 120_000,
      }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
      const report = JSON.parse(stdout);
      expect(report.problems.map((p: { ruleId: string; message: string }) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);

  it('names its server and marks additions to the spec', () => {
    expect(doc.servers).toEqual([{ url: 'http://svc.test' }]);
    expect(doc.paths['/v1/captures/redeliver'].post['x-spec-addition']).toBe(true);
    expect(doc.paths['/v1/captures/redeliver'].post.description).toMatch(/^Addition to the spec's 53 operations\./);
  });

  it('uses only portable schemas in OpenAPI', () => {
    const problems: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(operations)) {
        for (const p of op.parameters ?? []) unportable(p.schema, `${method} ${path} ${p.name}`, problems);
        unportable(op.requestBody?.content['application/json'].schema, `${method} ${path} body`, problems);
        unportable(op.responses[200].content['application/json'].schema, `${method} ${path} 200`, problems);
      }
    }
    unportable(doc.components.schemas.Error, 'Error', problems);
    expect(problems).toEqual([]);
  });

  it('uses only portable schemas in the MCP tool list', () => {
    const problems: string[] = [];
    for (const tool of listTools(tools, { scopes: null, names: null, tenantArgument: true })) {
      unportable(tool.inputSchema, tool.name, problems);
    }
    expect(problems).toEqual([]);
  });
});
