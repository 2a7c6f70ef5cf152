// CSS numbers and lengths, read by a linear scan (no backtracking regex on mail input);
// values with math functions (calc(), min(), ...) are evaluated on css-tree's value tree.
import { evaluateValue } from './values.ts';

/** "12.5px" -> { n: 12.5, unit: 'px' }; null when the value does not start with a number. */
export function splitNumber(value: string): { n: number; unit: string } | null {
  const v = value.trim().toLowerCase();
  let i = 0;
  if (v[i] === '-' || v[i] === '+') i++;
  const digitsFrom = i;
  while (i < v.length && ((v[i]! >= '0' && v[i]! <= '9') || v[i] === '.')) i++;
  if (i === digitsFrom) return null;
  const n = parseFloat(v.slice(0, i));
  if (Number.isNaN(n)) return null;
  const unit = v.slice(i);
  // "0 px" is two tokens, not a length.
  if (unit !== unit.trimStart()) return null;
  return { n, unit };
}

const KEYWORD_SIZES: Record<string, number> = {
  'xx-small': 9,
  'x-small': 10,
  small: 13,
  medium: 16,
  large: 18,
  'x-large': 24,
  'xx-large': 32,
  'xxx-large': 48,
};

/**
 * A length in px. `em` is relative to `base` (the parent's font size for font-size, the
 * element's own for other properties), `%` to `percentBase` (null: a percentage is not
 * read), `rem` to the 16 px root.
 */
export function lengthPx(value: string | undefined, base = 16, percentBase: number | null = base): number | null {
  if (value === undefined) return null;
  const v = value.trim().toLowerCase();
  if (v in KEYWORD_SIZES) return KEYWORD_SIZES[v]!;
  if (v.includes('(')) {
    const q = evaluateValue(v, { em: base, percent: percentBase });
    if (q?.unit === 'px') return q.n;
    return q?.unit === '' && q.n === 0 ? 0 : null;
  }
  if (v === 'smaller') return base / 1.2;
  if (v === 'larger') return base * 1.2;
  const num = splitNumber(v);
  if (!num) return null;
  switch (num.unit) {
    case 'px':
      return num.n;
    case '':
      return num.n === 0 ? 0 : null;
    case 'pt':
      return (num.n * 4) / 3;
    case 'pc':
      return num.n * 16;
    case 'in':
      return num.n * 96;
    case 'cm':
      return (num.n * 96) / 2.54;
    case 'mm':
      return (num.n * 96) / 25.4;
    case 'em':
      return num.n * base;
    case 'rem':
      return num.n * 16;
    case '%':
      return percentBase === null ? null : (num.n / 100) * percentBase;
    case 'vw':
      return (num.n / 100) * 1000;
    case 'vh':
      return (num.n / 100) * 800;
    default:
      return null;
  }
}

/** A number or percentage as a number ("50%" -> 0.5), math functions evaluated; null otherwise. */
export function readNumber(value: string | undefined): number | null {
  if (value === undefined) return null;
  const v = value.trim().toLowerCase();
  if (v.includes('(')) {
    const q = evaluateValue(v, { em: 16, percent: null });
    return q?.unit === '' ? q.n : q?.unit === '%' ? q.n / 100 : null;
  }
  const num = splitNumber(v);
  if (!num) return null;
  return num.unit === '' ? num.n : num.unit === '%' ? num.n / 100 : null;
}
