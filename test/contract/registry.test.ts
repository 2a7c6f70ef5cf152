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

  it.each(tools.map((t) => [t.name, t] as const))(
    '%s has a title and all four MCP hints, consistent with its route',
    (_name, tool) => {
      expect(tool.title.length).toBeGreaterThan(3);
      expect(tool.title.length).toBeLessThanOrEqual(40);
      const a = tool.annotations;
      for (const hint of [a.readOnlyHint, a.destructiveHint, a.idempotentHint, a.openWorldHint])
        expect(typeof hint).toBe('boolean');
      if (tool.http.method === 'GET')
        expect(a).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
      if (tool.http.method === 'DELETE')
        expect(a).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
      if (tool.http.method === 'PUT') expect(a).toMatchObject({ readOnlyHint: false, idempotentHint: true });
      // Read-only means no write at all; a mutating tool can never claim it.
      if (a.readOnlyHint) expect(tool.mutating).toBe(false);
      if (a.readOnlyHint) expect(a.destructiveHint).toBe(false);
    },
  );

  it('marks the tools that store or reach outside the service as such', () => {
    const hints = (name: string) => tools.find((t) => t.name === name)!.annotations;
    // run_tests changes no configuration but stores a run.
    expect(hints('run_tests').readOnlyHint).toBe(false);
    expect(hints('dry_run_rule').readOnlyHint).toBe(true);
    // These POST to the tenant's webhook destinations (directly or by applying a capture).
    for (const name of ['deliver_capture', 'approve_capture', 'ingest_message', 'reprocess_message']) {
      expect(hints(name).openWorldHint, name).toBe(true);
    }
    const openWorld = tools
      .filter((t) => t.annotations.openWorldHint)
      .map((t) => t.name)
      .sort();
    expect(
      openWorld.every((name) =>
        ['approve_capture', 'deliver_capture', 'ingest_message', 'redeliver_captures', 'reprocess_message'].includes(
          name,
        ),
      ),
    ).toBe(true);
  });

  it('generates an OpenAPI 3.1 document with one operation per tool', () => {
    const doc = buildOpenApi(tools);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('0.1.0');
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p)) as { operationId: string }[];
    expect(operations.map((o) => o.operationId).sort()).toEqual(tools.map((t) => t.name).sort());
  });
});
