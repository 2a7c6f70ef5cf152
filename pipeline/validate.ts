// Stage 6: typed values from the text business mail really contains, and the issues a
// capture carries (missing_required, invalid_type, not_in_enum, invalid_format).

import { parseAmount, parseDate } from './validate-dates.ts';

export const FIELD_TYPES = ['string', 'number', 'integer', 'boolean', 'date', 'datetime', 'email', 'string[]'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export type IssueCode = 'missing_required' | 'invalid_type' | 'not_in_enum' | 'invalid_format';

export interface ValidationIssue {
  field: string;
  code: IssueCode;
  message: string;
}

export type Coerced =
  | { ok: true; value: unknown; ambiguous: boolean; start: number; end: number }
  | { ok: false; code: 'invalid_type' | 'invalid_format'; message: string };

// An address is a local part, '@', and a domain ending in '.' + two letters or more: what
// /[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/ finds, without its quadratic search (it
// rescans a long run from every position). Runs around each '@' are disjoint: linear.
const inLocalPart = (c: string | undefined) => c !== undefined && /^[A-Za-z0-9._%+'-]$/.test(c);
const inDomain = (c: string | undefined) => c !== undefined && /^[A-Za-z0-9.-]$/.test(c);
const isLetter = (c: string | undefined) => c !== undefined && /^[A-Za-z]$/.test(c);

/** The first email address in `text` (the leftmost, as the regex above finds it), or null. */
export function findEmail(text: string): { index: number; text: string } | null {
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (inLocalPart(text[start - 1])) start--;
    if (start === at) continue;
    let runEnd = at + 1;
    while (inDomain(text[runEnd])) runEnd++;
    // The last '.' followed by two letters, with something before it, ends the domain.
    for (let dot = runEnd - 3; dot >= at + 2; dot--) {
      if (text[dot] !== '.' || !isLetter(text[dot + 1]) || !isLetter(text[dot + 2])) continue;
      let end = dot + 3;
      while (isLetter(text[end])) end++;
      return { index: start, text: text.slice(start, end) };
    }
  }
  return null;
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'ja', 'oui', 'si', 'sí', 'paid', 'bezahlt', 'payé', 'pagado']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'nein', 'non', 'unpaid', 'offen', 'impayé', 'pendiente']);

/** Reads a value of `type` out of extracted text; start/end narrow to the part that was read. */
export function coerceText(type: FieldType, raw: string): Coerced {
  const text = raw.trim();
  const lead = raw.indexOf(text);
  const whole = (value: unknown): Coerced => ({
    ok: true,
    value,
    ambiguous: false,
    start: lead,
    end: lead + text.length,
  });
  if (text === '') return { ok: false, code: 'invalid_type', message: 'empty text' };
  switch (type) {
    case 'string':
      return text.length > 2000
        ? { ok: false, code: 'invalid_format', message: 'longer than 2000 characters' }
        : whole(text);
    case 'string[]': {
      const items = text
        .split(/[,;\n]/)
        .map((s) => s.trim())
        .filter(Boolean);
      return items.length ? whole(items) : { ok: false, code: 'invalid_type', message: 'no list items' };
    }
    case 'number':
    case 'integer': {
      const found = parseAmount(text);
      if (!found) return { ok: false, code: 'invalid_type', message: `no number in "${text.slice(0, 60)}"` };
      if (type === 'integer' && !Number.isInteger(found.value)) {
        return { ok: false, code: 'invalid_type', message: `${found.value} is not a whole number` };
      }
      return {
        ok: true,
        value: found.value,
        ambiguous: found.ambiguous,
        start: lead + found.start,
        end: lead + found.end,
      };
    }
    case 'date': {
      const found = parseDate(text);
      return found
        ? { ok: true, value: found.value, ambiguous: found.ambiguous, start: lead + found.start, end: lead + found.end }
        : { ok: false, code: 'invalid_format', message: `no date in "${text.slice(0, 60)}"` };
    }
    case 'datetime': {
      const iso = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/.exec(text);
      const candidate = iso ? iso[0] : text;
      const time = Date.parse(candidate);
      if (Number.isNaN(time))
        return { ok: false, code: 'invalid_format', message: `no date and time in "${text.slice(0, 60)}"` };
      const at = iso ? lead + iso.index : lead;
      return { ok: true, value: new Date(time).toISOString(), ambiguous: false, start: at, end: at + candidate.length };
    }
    case 'email': {
      const m = findEmail(text);
      return m
        ? {
            ok: true,
            value: m.text.toLowerCase(),
            ambiguous: false,
            start: lead + m.index,
            end: lead + m.index + m.text.length,
          }
        : { ok: false, code: 'invalid_format', message: `no email address in "${text.slice(0, 60)}"` };
    }
    case 'boolean': {
      const word = text.toLowerCase().split(/[\s.,;]/)[0]!;
      if (TRUE_WORDS.has(word))
        return { ok: true, value: true, ambiguous: false, start: lead, end: lead + word.length };
      if (FALSE_WORDS.has(word))
        return { ok: true, value: false, ambiguous: false, start: lead, end: lead + word.length };
      return { ok: false, code: 'invalid_type', message: `"${text.slice(0, 30)}" is not yes/no` };
    }
  }
}

/** A value given as JSON (a correction, a constant, an expected value) read as `type`. */
export function coerceValue(type: FieldType, value: unknown): Coerced {
  if (typeof value === 'string') return coerceText(type, value);
  const ok = (v: unknown): Coerced => ({ ok: true, value: v, ambiguous: false, start: 0, end: 0 });
  switch (type) {
    case 'number':
      if (typeof value === 'number' && Number.isFinite(value)) return ok(value);
      break;
    case 'integer':
      if (typeof value === 'number' && Number.isInteger(value)) return ok(value);
      break;
    case 'boolean':
      if (typeof value === 'boolean') return ok(value);
      break;
    case 'string[]':
      if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
        return ok(value.map((v) => v.trim()).filter(Boolean));
      break;
    default:
      break;
  }
  return {
    ok: false,
    code: 'invalid_type',
    message: `expected ${type}, got ${Array.isArray(value) ? 'array' : typeof value}`,
  };
}

const CURRENCY_SYMBOLS: Record<string, string> = {
  '€': 'EUR',
  $: 'USD',
  us$: 'USD',
  '£': 'GBP',
  '¥': 'JPY',
  'fr.': 'CHF',
  sfr: 'CHF',
  kr: 'SEK',
  zł: 'PLN',
  r$: 'BRL',
  a$: 'AUD',
  c$: 'CAD',
  '₹': 'INR',
  euro: 'EUR',
  euros: 'EUR',
  dollars: 'USD',
};

/** The enum member a value stands for (case-insensitive; currency symbols read as their code). */
export function matchEnum(
  value: unknown,
  members: readonly (string | number | boolean)[],
): string | number | boolean | undefined {
  const exact = members.find((m) => m === value);
  if (exact !== undefined) return exact;
  if (typeof value !== 'string') return undefined;
  const lower = value.trim().toLowerCase();
  const byCase = members.find((m) => typeof m === 'string' && m.toLowerCase() === lower);
  if (byCase !== undefined) return byCase;
  const code = CURRENCY_SYMBOLS[lower];
  return code ? members.find((m) => m === code) : undefined;
}

interface FieldLike {
  value: unknown;
  confidence: number;
  raw: string | null;
  failure: { code: IssueCode; message: string } | null;
}

interface FieldRules {
  name: string;
  type: FieldType;
  required?: boolean;
  enum?: (string | number | boolean)[];
}

/**
 * The issues of a capture's fields and its confidence: the lowest confidence among its
 * required fields, or among all extracted fields when none is required (DESIGN.md).
 */
export function validateFields(
  fields: readonly FieldRules[],
  values: Record<string, FieldLike>,
): { issues: ValidationIssue[]; confidence: number } {
  const issues: ValidationIssue[] = [];
  for (const field of fields) {
    const result = values[field.name];
    if (!result || result.value === null || result.value === undefined) {
      if (result?.failure)
        issues.push({ field: field.name, code: result.failure.code, message: result.failure.message });
      else if (field.required)
        issues.push({
          field: field.name,
          code: 'missing_required',
          message: `${field.name} is required and was not found`,
        });
      continue;
    }
    if (field.enum && matchEnum(result.value, field.enum) === undefined) {
      issues.push({
        field: field.name,
        code: 'not_in_enum',
        message: `${JSON.stringify(result.value)} is not one of ${field.enum.join(', ')}`,
      });
    }
  }
  return { issues, confidence: captureConfidence(fields, values) };
}

export function captureConfidence(
  fields: readonly { name: string; required?: boolean }[],
  values: Record<string, { value: unknown; confidence: number } | undefined>,
): number {
  const required = fields.filter((f) => f.required);
  const counted =
    required.length > 0
      ? required.map((f) => (values[f.name]?.value == null ? 0 : values[f.name]!.confidence))
      : fields
          .map((f) => values[f.name])
          .filter((v) => v && v.value != null)
          .map((v) => v!.confidence);
  return counted.length > 0 ? Math.min(...counted) : 0;
}
