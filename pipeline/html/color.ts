// CSS colours, as far as hiding by colour needs them: the RGB value and whether it is
// (nearly) transparent. The common forms (hex, the usual names, rgb()/hsl() with plain
// numbers) are read by hand on the hot path; everything else (oklch(), lab(), color(),
// color-mix(), relative colours, calc() in channels, every named colour) goes to
// @csstools/css-color-parser, after system colours, currentcolor and light-dark() are
// replaced by what a light-scheme desktop shows.
import { htmlLibs } from './libs.ts';
import { rewriteCalls } from './values.ts';

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

/** CSS system colours as Chromium's light scheme computes them (checked in Chromium 150). */
const SYSTEM: Record<string, Rgba> = {
  accentcolor: [0, 117, 255, 1],
  accentcolortext: [255, 255, 255, 1],
  activetext: [255, 0, 0, 1],
  buttonborder: [0, 0, 0, 1],
  buttonface: [239, 239, 239, 1],
  buttontext: [0, 0, 0, 1],
  canvas: [255, 255, 255, 1],
  canvastext: [0, 0, 0, 1],
  field: [255, 255, 255, 1],
  fieldtext: [0, 0, 0, 1],
  graytext: [128, 128, 128, 1],
  highlight: [0, 65, 198, 0.8],
  highlighttext: [255, 255, 255, 1],
  linktext: [0, 0, 238, 1],
  mark: [255, 255, 0, 1],
  marktext: [0, 0, 0, 1],
  selecteditem: [25, 103, 210, 1],
  selecteditemtext: [255, 255, 255, 1],
  visitedtext: [85, 26, 139, 1],
  activeborder: [0, 0, 0, 1],
  activecaption: [255, 255, 255, 1],
  appworkspace: [255, 255, 255, 1],
  background: [255, 255, 255, 1],
  buttonhighlight: [239, 239, 239, 1],
  buttonshadow: [239, 239, 239, 1],
  captiontext: [0, 0, 0, 1],
  inactiveborder: [0, 0, 0, 1],
  inactivecaption: [255, 255, 255, 1],
  inactivecaptiontext: [128, 128, 128, 1],
  infobackground: [255, 255, 255, 1],
  infotext: [0, 0, 0, 1],
  menu: [255, 255, 255, 1],
  menutext: [0, 0, 0, 1],
  scrollbar: [255, 255, 255, 1],
  threeddarkshadow: [0, 0, 0, 1],
  threedface: [239, 239, 239, 1],
  threedhighlight: [0, 0, 0, 1],
  threedlightshadow: [0, 0, 0, 1],
  threedshadow: [0, 0, 0, 1],
  window: [255, 255, 255, 1],
  windowframe: [0, 0, 0, 1],
  windowtext: [0, 0, 0, 1],
};

const rgbText = (c: Rgba) => `rgb(${c[0]} ${c[1]} ${c[2]} / ${c[3]})`;

/** Words the colour library does not know, as the colours a light-scheme desktop shows. */
function withKnownWords(value: string, current: Rgba | null): string | null {
  let out = '';
  let last = 0;
  let unknown = false;
  htmlLibs().cssTokenize(value, (type, start, end) => {
    if (type !== 1) return; // identifiers only
    const word = value.slice(start, end).toLowerCase();
    const color = word === 'currentcolor' ? current : SYSTEM[word];
    if (color === undefined) return;
    if (color === null) unknown = true;
    else {
      out += value.slice(last, start) + rgbText(color);
      last = end;
    }
  });
  return unknown ? null : out + value.slice(last);
}

const library = new Map<string, Rgba | null>();

/** The colour library's reading of a value: null when it is not a colour. */
function libraryColor(value: string, current: Rgba | null): Rgba | null {
  const key = value.includes('currentcolor') ? `${value} ${current ? rgbText(current) : ''}` : value;
  const cached = library.get(key);
  if (cached !== undefined) return cached;
  let result: Rgba | null = null;
  // light-dark(a, b) is a in the light scheme; then system colours and currentcolor.
  const light = rewriteCalls(value, (name, args) => (name === 'light-dark' ? (args[0] ?? null) : undefined));
  const plain = light === null ? null : withKnownWords(light, current);
  if (plain !== null) {
    try {
      const { parser, algorithms, tokenizer } = htmlLibs().colors;
      const node = algorithms.parseComponentValue(tokenizer.tokenize({ css: plain }));
      const data = node ? parser.color(node) : false;
      if (data) {
        const numbers = parser
          .serializeRGB(data)
          .value.filter(algorithms.isTokenNode)
          .map((t) => t.value)
          .filter(tokenizer.isTokenNumber)
          .map((t) => t[4].value);
        if (numbers.length >= 3)
          result = [Math.round(numbers[0]!), Math.round(numbers[1]!), Math.round(numbers[2]!), numbers[3] ?? 1];
      }
    } catch {
      result = null; // including a stack overflow on absurd nesting: not a colour we can read
    }
  }
  if (key.length <= 512) {
    if (library.size >= 4096) library.clear();
    library.set(key, result);
  }
  return result;
}

/**
 * A CSS colour value, or null when it is not one we can read. `current` is what
 * currentcolor means where the value is used (null: unknown).
 */
export function parseColor(value: string | undefined | null, current: Rgba | null = null): Rgba | null {
  if (!value) return null;
  // Mail repeats a few colours thousands of times: each string is read once (results are shared, never mutated).
  const known = readColors.get(value);
  if (known !== undefined) return known;
  const v = value.trim().toLowerCase();
  if (v.includes('currentcolor')) return v === 'currentcolor' ? current : readColor(v, current);
  const color = readColor(v, null);
  if (value.length <= 64) {
    if (readColors.size >= 4096) readColors.clear();
    readColors.set(value, color);
  }
  return color;
}

const readColors = new Map<string, Rgba | null>();

function readColor(v: string, current: Rgba | null): Rgba | null {
  if (v === 'transparent') return [0, 0, 0, 0];
  const fast = fastColor(v);
  if (fast) return fast;
  if (v.length > 2048 || v.startsWith('url(') || v.includes('gradient(')) return null;
  return SYSTEM[v] ?? libraryColor(v, current);
}

/** The common forms, read by hand: hex, the usual names, rgb()/hsl() with plain numbers. */
function fastColor(v: string): Rgba | null {
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
