// Rules every registered operation must follow, walked from the registry itself.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApi } from '../../adapters/openapi.ts';
import { SCOPES } from '../../storage/keys.ts';
import { tools } from '../../tools/index.ts';

describe('tool registry', () => {
  it('has unique names and unique method + path pairs', () => {
    const names = tools.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    const routes = tools.map((t) => `${t.http.method} ${t.http.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each(tools.map((t) => [t.name, t] as const))('%s is fully declared', (_name, tool) => {
    expect(tool.name).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(tool.description.length).toBeGreaterThan(40);
    expect(SCOPES).toContain(tool.scope);
    expect(tool.http.path.startsWith('/v1/')).toBe(true);
    expect(tool.output).toBeInstanceOf(z.ZodObject);
    expect(tool.input).toBeInstanceOf(z.ZodObject);
    const shape = tool.input.shape as Record<string, z.ZodType>;
    for (const [, param] of tool.http.path.matchAll(/\{(\w+)\}/g)) {
      expect(shape, `path param ${param} of ${tool.name}`).toHaveProperty(param!);
    }
    // `tenant` is the adapters' selector; an operation must not claim it for itself.
    expect(shape).not.toHaveProperty('tenant');
    // Reads are GET; writes are POST/PUT/DELETE (dry runs and run_tests are reads over POST).
    if (tool.http.method !== 'POST') expect(tool.mutating).toBe(tool.http.method !== 'GET');
  });

  it('generates an OpenAPI 3.1 document with one operation per tool', () => {
    const doc = buildOpenApi(tools);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('0.1.0');
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p)) as { operationId: string }[];
    expect(operations.map((o) => o.operationId).sort()).toEqual(tools.map((t) => t.name).sort());
  });
});
