// Field results as operations show them: a source points at a stored document by id
// (null in dry runs on inline messages, where nothing is stored) and by index.
import type { FieldResult } from '../pipeline/extract.ts';
import type { FieldType } from '../pipeline/validate.ts';
import { coerceValue, matchEnum } from '../pipeline/validate.ts';

/**
 * The entry named `name` of a record keyed by field names, only if it is the record's own:
 * names come from callers, and a plain lookup of `constructor`, `toString` or `__proto__`
 * finds Object.prototype's members instead of nothing.
 */
export function fieldOf<T>(fields: Readonly<Record<string, T>> | null | undefined, name: string): T | undefined {
  return fields && Object.hasOwn(fields, name) ? fields[name] : undefined;
}

export function fieldView(result: FieldResult, documentIds: readonly string[] = []) {
  const s = result.source;
  const source =
    s && 'document_index' in s
      ? {
          document_id: documentIds[s.document_index] ?? null,
          document_index: s.document_index,
          start: s.start,
          end: s.end,
        }
      : s;
  return {
    value: result.value ?? null,
    confidence: result.confidence,
    raw: result.raw,
    source,
    ...(result.learned ? { learned: result.learned } : {}),
  };
}

/** Whether an extracted value equals what a person expected (read with the field's type). */
export function sameValue(
  type: FieldType,
  enumValues: readonly (string | number | boolean)[] | undefined,
  expected: unknown,
  actual: unknown,
): boolean {
  if (expected === null || expected === undefined) return actual === null || actual === undefined;
  const read = coerceValue(type, expected);
  let want: unknown = read.ok ? read.value : expected;
  if (enumValues) want = matchEnum(want, enumValues) ?? want;
  return JSON.stringify(want) === JSON.stringify(actual ?? null);
}
