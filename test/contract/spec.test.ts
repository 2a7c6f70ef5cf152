// The registry holds exactly the 53 operations of the spec's operation table (names,
// methods, paths, scopes and the mutating mark), plus documented additions.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../adapters/openapi.ts';
import { tools } from '../../tools/index.ts';

const spec = readFileSync(resolve(import.meta.dirname, '../../../shared/spec/service-spec.md'), 'utf8');
const rows = [...spec.matchAll(/^\| ([a-z_]+) \| (GET|POST|PUT|DELETE) `([^`]+)` \| ([a-z]+) \|\s*(M?)\s*\|$/gm)].map(
  ([, name, method, path, scope, mutating]) => ({
    name: name!,
    method: method!,
    path: path!,
    scope: scope!,
    mutating: mutating === 'M',
  }),
);

describe('registry against the spec', () => {
  it('the spec table has 53 operations', () => {
    expect(rows).toHaveLength(53);
  });

  it('every operation is registered exactly as specified; anything else is a documented addition', () => {
    const specified = tools.filter((t) => !t.specAddition);
    const registered = specified.map((t) => ({
      name: t.name,
      method: t.http.method,
      path: t.http.path,
      scope: t.scope,
      mutating: t.mutating,
    }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(registered.sort(byName)).toEqual([...rows].sort(byName));
  });

  it('marks each addition in its description and in OpenAPI, and lists it in docs/decisions.md', () => {
    const additions = tools.filter((t) => t.specAddition);
    expect(additions.map((t) => t.name).sort()).toEqual([
      'delete_learned_extractor',
      'get_attachment',
      'list_oauth_grants',
      'redeliver_captures',
      'revoke_oauth_grant',
      'update_learned_extractor',
    ]);
    const doc = buildOpenApi(tools);
    const decisions = readFileSync(resolve(import.meta.dirname, '../../docs/decisions.md'), 'utf8');
    for (const tool of additions) {
      expect(rows.map((r) => r.name)).not.toContain(tool.name);
      expect(tool.description.startsWith("Addition to the spec's 53 operations.")).toBe(true);
      const operation = (doc.paths[tool.http.path] as Record<string, Record<string, unknown>>)[
        tool.http.method.toLowerCase()
      ]!;
      expect(operation['x-spec-addition']).toBe(true);
      expect(decisions).toContain(`\`${tool.name}\``);
    }
  });
});
