// The result byte limit's decision, apart from any transport.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../services/config.ts';
import { sizeResult } from '../../services/result-size.ts';

const read = { name: 'list_things', mutating: false, narrowing: ['limit'] };
const big = { items: Array.from({ length: 300 }, (_, i) => ({ id: i, note: 'é'.repeat(50) })) };
const resultBytes = (result: unknown) => Buffer.byteLength(JSON.stringify(result), 'utf8');
const refusal = (tool: Parameters<typeof sizeResult>[0], result: unknown, limit: number) =>
  sizeResult(tool, result, limit).error ?? null;

describe('the result limit', () => {
  it('lets a result at the limit through and refuses one byte more', () => {
    const bytes = resultBytes(big);
    expect(refusal(read, big, bytes)).toBeNull();
    const error = refusal(read, big, bytes - 1)!;
    expect(error.code).toBe('too_large');
    expect(error.status).toBe(413);
    expect(error.details).toEqual({ limit_bytes: bytes - 1, result_bytes: bytes, narrowing: ['limit'] });
    expect(error.message).toBe(
      `The result of list_things is ${Math.ceil(bytes / 1024)} KB, over the ` +
        `${Math.ceil((bytes - 1) / 1024)} KB one result may take; narrow it with limit and call again.`,
    );
  });

  it('names the operator setting when the tool has no input that narrows it', () => {
    const error = refusal({ name: 'get_thing', mutating: false }, big, 1024)!;
    expect(error.message).toContain(
      'this operation has no input that narrows it; ask the operator to raise SVC_MAX_RESULT_BYTES',
    );
    expect(error.details.narrowing).toEqual([]);
  });

  it('never refuses the result of a change that has already happened', () => {
    expect(refusal({ name: 'ingest_thing', mutating: true }, big, 1024)).toBeNull();
  });
});

describe('sizeResult', () => {
  it("keeps a read's JSON, the text the adapters send, and none for a change", () => {
    expect(sizeResult(read, big, 1 << 20)).toEqual({ json: JSON.stringify(big) });
    expect(sizeResult({ name: 'ingest_thing', mutating: true }, big, 1024)).toEqual({ json: undefined });
  });

  it('counts bytes, not characters, on both sides of the limit', () => {
    const euros = { a: '€€€' };
    const bytes = Buffer.byteLength(JSON.stringify(euros));
    expect(bytes).toBe(17);
    expect(sizeResult(read, euros, 33).json).toBe('{"a":"€€€"}');
    expect(sizeResult(read, euros, 17).json).toBe('{"a":"€€€"}');
    expect(sizeResult(read, euros, 16).error?.details).toEqual({
      limit_bytes: 16,
      result_bytes: 17,
      narrowing: ['limit'],
    });
  });
});

describe('SVC_MAX_RESULT_BYTES', () => {
  it('defaults to 128 KB and refuses a limit too small for any useful result', () => {
    expect(loadConfig({}).maxResultBytes).toBe(128 * 1024);
    expect(loadConfig({ SVC_MAX_RESULT_BYTES: '1048576' }).maxResultBytes).toBe(1048576);
    expect(() => loadConfig({ SVC_MAX_RESULT_BYTES: '1000' })).toThrow(
      'SVC_MAX_RESULT_BYTES=1000 is not an integer >= 16384; fix or unset it',
    );
  });
});
