// CSS colours, as far as hiding by colour needs them: the RGB value and whether it is
// (nearly) transparent. Parsed by hand rather than by regex so that no input can make
// the parse slower than linear.

/** r, g, b in 0..255 and alpha in 0..1. */
export type Rgba = [number, number, number, number];

const NAMED: Record<string, [number, number, number]> = {
  white: [255, 255, 255],
  black: [0, 0, 0],
  red: [255, 0, 0],
  green: [0, 128, 0],
  blue: [0, 0, 255],
  gray: [128, 128, 128],
  grey: [128, 128, 128],
  silver: [192, 192, 192],
  whitesmoke: [245, 245, 245],
  snow: [255, 250, 250],
  ivory: [255, 255, 240],
  yellow: [255, 255, 0],
  navy: [0, 0, 128],
  maroon: [128, 0, 0],
  lightgray: [211, 211, 211],
  lightgrey: [211, 211, 211],
  darkgray: [169, 169, 169],
  darkgrey: [169, 169, 169],
  dimgray: [105, 105, 105],
  dimgrey: [105, 105, 105],
  gainsboro: [220, 220, 220],
  ghostwhite: [248, 248, 255],
  floralwhite: [255, 250, 240],
  linen: [250, 240, 230],
  seashell: [255, 245, 238],
  mintcream: [245, 255, 250],
  azure: [240, 255, 255],
  aliceblue: [240, 248, 255],
  honeydew: [240, 255, 240],
  beige: [245, 245, 220],
  oldlace: [253, 245, 230],
  cornsilk: [255, 248, 220],
  lavender: [230, 230, 250],
  lavenderblush: [255, 240, 245],
  lightyellow: [255, 255, 224],
  lightcyan: [224, 255, 255],
  orange: [255, 165, 0],
  purple: [128, 0, 128],
  teal: [0, 128, 128],
  olive: [128, 128, 0],
  lime: [0, 255, 0],
  aqua: [0, 255, 255],
  cyan: [0, 255, 255],
  fuchsia: [255, 0, 255],
  magenta: [255, 0, 255],
  darkblue: [0, 0, 139],
  darkred: [139, 0, 0],
  darkgreen: [0, 100, 0],
  lightblue: [173, 216, 230],
  pink: [255, 192, 203],
  brown: [165, 42, 42],
};

const HEX = '0123456789abcdef';

function hexColor(h: string): Rgba | null {
  for (const c of h) if (!HEX.includes(c)) return null;
  const full = h.length === 3 || h.length === 4 ? [...h].map((c) => c + c).join('') : h;
  if (full.length !== 6 && full.length !== 8) return null;
  const n = (i: number) => parseInt(full.slice(i, i + 2), 16);
  return [n(0), n(2), n(4), full.length === 8 ? n(6) / 255 : 1];
}

function component(token: string, scale: number): number {
  return token.endsWith('%') ? (parseFloat(token) / 100) * scale : parseFloat(token);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** A CSS colour value, or null when it is not one we can read (currentcolor, var(), ...). */
export function parseColor(value: string | undefined | null): Rgba | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  if (v === 'transparent') return [0, 0, 0, 0];
  if (v.startsWith('#')) return hexColor(v.slice(1).split(' ')[0]!);
  const open = v.indexOf('(');
  if (open > 0 && v.endsWith(')')) {
    const fn = v.slice(0, open).trim();
    const args = v
      .slice(open + 1, -1)
      .split(/[\s,/]+/)
      .filter(Boolean);
    if (args.length < 3 || args.some((a) => Number.isNaN(parseFloat(a)))) return null;
    const alpha = args[3] === undefined ? 1 : component(args[3], 1);
    if (fn === 'rgb' || fn === 'rgba') {
      return [component(args[0]!, 255), component(args[1]!, 255), component(args[2]!, 255), alpha];
    }
    if (fn === 'hsl' || fn === 'hsla') {
      return [...hslToRgb(parseFloat(args[0]!), parseFloat(args[1]!) / 100, parseFloat(args[2]!) / 100), alpha];
    }
    return null;
  }
  const named = NAMED[v];
  return named ? [...named, 1] : null;
}

/** Colours a reader cannot tell apart: RGB distance under 32, as before the cascade rewrite. */
export function colorsClose(a: Rgba, b: Rgba): boolean {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) < 32;
}

export const WHITE: Rgba = [255, 255, 255, 1];
export const BLACK: Rgba = [0, 0, 0, 1];
