// The registry holds exactly the 53 operations of the spec's operation table: names,
// methods, paths, scopes and the mutating mark.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tools } from '../../tools/index.ts';

const spec = readFileSync(resolve(import.meta.dirname, '../../../shared/spec/service-spec.md'), 'utf8');
const rows = [...spec.matchAll(/^\| ([a-z_]+) \| (GET|POST|PUT|DELETE) `([^`]+)` \| ([a-z]+) \|\s*(M?)\s*\|$/gm)]
  .map(([, name, method, path, scope, mutating]) => ({ name: name!, method: method!, path: path!, scope: scope!, mutating: mutating === 'M' }));

describe('registry against the spec', () => {
  it('the spec table has 53 operations', () => {
    expect(rows).toHaveLength(53);
  });

  it('every operation is registered exactly as specified, and nothing else', () => {
    const registered = tools.map((t) => ({ name: t.name, method: t.http.method, path: t.http.path, scope: t.scope, mutating: t.mutating }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(registered.sort(byName)).toEqual([...rows].sort(byName));
  });
});
