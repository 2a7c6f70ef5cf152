// Stage 6: typed values from the text business mail really contains, and the issues a
// capture carries (missing_required, invalid_type, not_in_enum, invalid_format).
//
// Number rule: with both '.' and ',' the last one is the decimal mark (1.234,56 / 1,234.56);
// with only one kind, a single mark followed by exactly three digits is a thousands
// separator only for ',' (1,234 -> 1234); '.' reads as a decimal mark (1.5, 12.000 -> 12).
// Those single-mark three-digit cases are ambiguous and reported as such.
// Date rule: ISO (2026-03-04) and year-first are unambiguous; dotted dates are day-first
// (04.03.2026 = 4 March); slashed dates are day-first unless the first number is over 12
// (03/04/2026 = 3 April, ambiguous; 12/25/2026 = 25 December). Month names in English,
// German, French, Spanish, Dutch, Italian, Portuguese, Polish, Swedish and Danish.

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

const MONTHS: Record<string, number> = {};
// English, German, French, Spanish, Dutch, Italian, Portuguese, Polish (both cases), Swedish, Danish.
[
  [
    'january',
    'jan',
    'januar',
    'jänner',
    'janvier',
    'janv',
    'enero',
    'ene',
    'januari',
    'gennaio',
    'gen',
    'janeiro',
    'styczeń',
    'stycznia',
    'sty',
  ],
  [
    'february',
    'feb',
    'februar',
    'février',
    'fevrier',
    'févr',
    'fevr',
    'febrero',
    'februari',
    'febbraio',
    'fevereiro',
    'fev',
    'luty',
    'lutego',
    'lut',
  ],
  [
    'march',
    'mar',
    'märz',
    'maerz',
    'mrz',
    'mars',
    'marzo',
    'maart',
    'mrt',
    'março',
    'marco',
    'marts',
    'marzec',
    'marca',
  ],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile', 'kwiecień', 'kwietnia', 'kwi'],
  ['may', 'mai', 'mayo', 'mei', 'maggio', 'mag', 'maio', 'maj', 'maja'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu', 'junho', 'czerwiec', 'czerwca', 'cze'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho', 'lipiec', 'lipca', 'lip'],
  ['august', 'aug', 'août', 'aout', 'agosto', 'ago', 'augustus', 'augusti', 'sierpień', 'sierpnia', 'sie'],
  [
    'september',
    'sep',
    'sept',
    'septembre',
    'septiembre',
    'setiembre',
    'settembre',
    'set',
    'setembro',
    'wrzesień',
    'września',
    'wrz',
  ],
  [
    'october',
    'oct',
    'oktober',
    'okt',
    'octobre',
    'octubre',
    'ottobre',
    'ott',
    'outubro',
    'out',
    'październik',
    'października',
    'paź',
  ],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro', 'listopad', 'listopada', 'lis'],
  [
    'december',
    'dec',
    'dezember',
    'dez',
    'décembre',
    'decembre',
    'déc',
    'diciembre',
    'dic',
    'dicembre',
    'dezembro',
    'grudzień',
    'grudnia',
    'gru',
  ],
].forEach((names, i) => {
  for (const n of names) MONTHS[n] = i + 1;
});

const MONTH_WORD = '(\\p{L}{3,12})';

function validDate(y: number, m: number, d: number): string | null {
  if (y < 100) y += 2000;
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2200) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  return date.toISOString().slice(0, 10);
}

type Found = { value: unknown; ambiguous: boolean; start: number; end: number } | null;

export function parseDate(raw: string): Found {
  const tries: [RegExp, (m: RegExpExecArray) => { iso: string | null; ambiguous: boolean }][] = [
    [/(\d{4})-(\d{1,2})-(\d{1,2})/, (m) => ({ iso: validDate(+m[1]!, +m[2]!, +m[3]!), ambiguous: false })],
    [/(\d{4})[/.](\d{1,2})[/.](\d{1,2})/, (m) => ({ iso: validDate(+m[1]!, +m[2]!, +m[3]!), ambiguous: false })],
    [
      /(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4}|\d{2})(?!\d)/,
      (m) => ({ iso: validDate(+m[3]!, +m[2]!, +m[1]!), ambiguous: false }),
    ],
    [
      /(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})(?!\d)/,
      (m) => {
        const a = +m[1]!;
        const b = +m[2]!;
        if (a > 12) return { iso: validDate(+m[3]!, b, a), ambiguous: false };
        if (b > 12) return { iso: validDate(+m[3]!, a, b), ambiguous: false };
        return { iso: validDate(+m[3]!, b, a), ambiguous: a !== b };
      },
    ],
    [
      new RegExp(
        `(\\d{1,2})(?:st|nd|rd|th|er|º|°)?\\.?\\s+(?:de\\s+)?${MONTH_WORD}\\.?,?\\s+(?:de\\s+)?(\\d{4})`,
        'iu',
      ),
      (m) => {
        const month = MONTHS[m[2]!.toLowerCase()];
        return { iso: month ? validDate(+m[3]!, month, +m[1]!) : null, ambiguous: false };
      },
    ],
    [
      new RegExp(`${MONTH_WORD}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})`, 'iu'),
      (m) => {
        const month = MONTHS[m[1]!.toLowerCase()];
        return { iso: month ? validDate(+m[3]!, month, +m[2]!) : null, ambiguous: false };
      },
    ],
  ];
  for (const [re, read] of tries) {
    const m = re.exec(raw);
    if (!m) continue;
    const { iso, ambiguous } = read(m);
    if (iso) return { value: iso, ambiguous, start: m.index, end: m.index + m[0].length };
  }
  return null;
}

export function parseAmount(raw: string): Found {
  const m = /(\(\s*)?([-−–]\s*)?(\d{1,3}(?:[ .,'\u00A0\u202F]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)(\s*\))?/.exec(raw);
  if (!m) return null;
  let token = m[3]!.replace(/[ '\u00A0\u202F]/g, '');
  let ambiguous = false;
  const lastDot = token.lastIndexOf('.');
  const lastComma = token.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    token = token.split(thousands).join('').replace(decimal, '.');
  } else if (lastComma >= 0) {
    const parts = token.split(',');
    if (parts.length > 2) token = parts.join('');
    else if (parts[1]!.length === 3) {
      token = parts.join('');
      ambiguous = true;
    } else token = parts.join('.');
  } else if (lastDot >= 0) {
    const parts = token.split('.');
    if (parts.length > 2) token = parts.join('');
    else if (parts[1]!.length === 3) ambiguous = true;
  }
  const value = Number(token);
  if (!Number.isFinite(value)) return null;
  // A hyphen glued to a letter is part of a code ("A-1001"), not a minus sign.
  const signAt = m.index + (m[1]?.length ?? 0);
  const minus = Boolean(m[2]) && (signAt === 0 || !/[\p{L}\p{N}]/u.test(raw[signAt - 1]!));
  const negative = minus || (Boolean(m[1]) && Boolean(m[4]));
  return { value: negative ? -value : value, ambiguous, start: m.index, end: m.index + m[0].length };
}

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
