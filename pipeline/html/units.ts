// CSS numbers and lengths, read by a linear scan (no backtracking regex on mail input).

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
  return { n, unit: v.slice(i).trim() };
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
 * A length in px. `em` and `%` are relative to `base` (the parent's font size for
 * font-size, the element's own for other properties), `rem` to the 16 px root.
 */
export function lengthPx(value: string | undefined, base = 16): number | null {
  if (value === undefined) return null;
  const v = value.trim().toLowerCase();
  if (v in KEYWORD_SIZES) return KEYWORD_SIZES[v]!;
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
      return (num.n / 100) * base;
    case 'vw':
      return (num.n / 100) * 1000;
    case 'vh':
      return (num.n / 100) * 800;
    default:
      return null;
  }
}
