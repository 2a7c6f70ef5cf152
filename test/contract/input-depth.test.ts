// Deeply nested JSON input is a clear 400 on every tool, over REST and MCP, checked in the
// one call path (services/call.ts) before anything walks the value recursively. 5,000
// levels in a dry_run_schema `expected` value used to overflow the stack (500).
import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, tooDeepAt } from '../../services/call.ts';
import { http, useSandboxApp } from '../helpers/app.ts';

/** JSON text nested `depth` arrays deep, built as text: JSON.stringify itself overflows on such values. */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

function schemaRun(expectedJson: string): string {
  return `{"schema":"starter:invoice","html":"<p>Invoice number: A-1</p>","expected":{"html":{"invoice_number":${expectedJson}}}}`;
}

async function mcpCall(h3: Parameters<typeof http>[0], key: string, name: string, argumentsJson: string) {
  const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${name}","arguments":${argumentsJson}}}`;
  const r = await http(h3, 'POST', `/mcp/${key}`, {
    rawBody: body,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  });
  return r;
}

describe(`input nested deeper than ${MAX_INPUT_DEPTH} levels`, () => {
  const s = useSandboxApp();

  it('REST: 5,000 levels in dry_run_schema `expected` is 400 invalid_request naming the path and the limit', async () => {
    const r = await http(s.t.h3, 'POST', '/v1/dry-run/schema', {
      key: s.key,
      rawBody: schemaRun(nestedArrays(5000)),
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid_request');
    expect(r.body.error.message).toContain(
      `deeper than ${MAX_INPUT_DEPTH} levels at expected.html.invoice_number[0][0]`,
    );
    expect(r.body.error.message).toContain('flatten it');
    expect(r.body.error.details.limit).toBe(MAX_INPUT_DEPTH);
    // expected (2) + html (3) + invoice_number's arrays from level 4: the first too deep is array number 62.
    expect(r.body.error.details.issues[0].path).toBe(`expected.html.invoice_number${'[0]'.repeat(61)}`);
  });

  it('REST: a rule 5,000 objects deep, on dry_run_rule and create_bucket, is refused and nothing is saved', async () => {
    for (const [path, raw] of [
      ['/v1/dry-run/rule', `{"rule":${nestedObjects(5000)},"html":"x"}`],
      ['/v1/buckets', `{"name":"deep","rule":${nestedObjects(5000)}}`],
    ] as const) {
      const r = await http(s.t.h3, 'POST', path, {
        key: s.key,
        rawBody: raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(r.status, path).toBe(400);
      expect(r.body.error.details.issues[0].path).toBe(`rule${'.a'.repeat(MAX_INPUT_DEPTH - 1)}`);
    }
    expect((await s.call('list_buckets')).body.buckets.map((b: { name: string }) => b.name)).not.toContain('deep');
  });

  it('REST: input exactly at the limit passes the depth check and runs', async () => {
    // Arguments object (1) + expected (2) + html (3) + 61 arrays = 64 levels.
    const r = await http(s.t.h3, 'POST', '/v1/dry-run/schema', {
      key: s.key,
      rawBody: schemaRun(nestedArrays(61)),
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(200);
    expect(r.body.results[0].comparison.invoice_number.pass).toBe(false);
    const over = await http(s.t.h3, 'POST', '/v1/dry-run/schema', {
      key: s.key,
      rawBody: schemaRun(nestedArrays(62)),
      headers: { 'content-type': 'application/json' },
    });
    expect(over.status).toBe(400);
  });

  it('MCP: the same input is an isError result with the same Error', async () => {
    const r = await mcpCall(s.t.h3, s.key, 'dry_run_schema', schemaRun(nestedArrays(5000)));
    expect(r.status).toBe(200);
    const result = r.body.result;
    expect(result.isError).toBe(true);
    expect(result.structuredContent.error.code).toBe('invalid_request');
    expect(result.structuredContent.error.details.issues[0].path).toBe(
      `expected.html.invoice_number${'[0]'.repeat(61)}`,
    );
    const rest = await http(s.t.h3, 'POST', '/v1/dry-run/schema', {
      key: s.key,
      rawBody: schemaRun(nestedArrays(5000)),
      headers: { 'content-type': 'application/json' },
    });
    expect(result.structuredContent).toEqual(rest.body);
  });

  it('walks a million levels without recursion', () => {
    let value: unknown = 1;
    for (let i = 0; i < 1_000_000; i++) value = [value];
    expect(tooDeepAt(value)).toBe(`${'[0]'.repeat(MAX_INPUT_DEPTH)}`);
    expect(tooDeepAt({ a: [{ b: 1 }], c: 'x'.repeat(10) })).toBeNull();
  });
});
