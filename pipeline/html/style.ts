// The computed style of each element, as far as "can a person see this text" needs it:
// the cascade (UA defaults and presentational attributes, then author rules by
// specificity and order, then the style attribute, then !important), inheritance of
// colour, visibility and font size, and the subtree-wide ways of hiding (display:none,
// opacity, off-screen, clipping, zero-size boxes).
import type { Element } from 'domhandler';
import { parseColor, type Rgba } from './color.ts';
import { parseDeclarations, type Matcher } from './css.ts';
import { lengthPx, splitNumber } from './units.ts';

export interface Computed {
  display: string;
  /** Why this element and everything inside it is hidden, and the element that hides it. */
  hide: { reason: string; src: number } | null;
  visibility: string;
  visSrc: number;
  fontSize: number;
  fontSrc: number;
  color: Rgba;
  colorSrc: number;
  /** The opaque colour behind the text, and whether an image lies over it (text on images counts as visible). */
  background: Rgba;
  bgImage: boolean;
  bgSrc: number;
  opacity: number;
  pre: boolean;
}

const BLOCK = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'blockquote',
  'pre',
  'address',
  'figure',
  'figcaption',
  'form',
  'fieldset',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'center',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'details',
  'summary',
  'body',
  'html',
  'listing',
  'plaintext',
  'xmp',
  'legend',
  'menu',
  'dir',
]);
const TAG_DISPLAY: Record<string, string> = {
  li: 'list-item',
  table: 'table',
  tr: 'table-row',
  td: 'table-cell',
  th: 'table-cell',
  caption: 'table-caption',
  tbody: 'table-row-group',
  thead: 'table-header-group',
  tfoot: 'table-footer-group',
};
const TAG_FONT_EM: Record<string, number> = {
  h1: 2,
  h2: 1.5,
  h3: 1.17,
  h5: 0.83,
  h6: 0.67,
  small: 1 / 1.2,
  sub: 1 / 1.2,
  sup: 1 / 1.2,
  big: 1.2,
};
const FONT_ATTR_PX = [10, 10, 13, 16, 18, 24, 32, 48];
const OFF_SCREEN_PX = -500;

export const ROOT_STYLE: Computed = {
  display: 'block',
  hide: null,
  visibility: 'visible',
  visSrc: 0,
  fontSize: 16,
  fontSrc: 0,
  color: [0, 0, 0, 1],
  colorSrc: 0,
  background: [255, 255, 255, 1],
  bgImage: false,
  bgSrc: 0,
  opacity: 1,
  pre: false,
};

/** Splits on spaces outside parentheses: "rgb(0, 0, 0) url(x) no-repeat" -> 3 tokens. */
export function splitTopLevel(value: string, separator = ' '): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === separator || (separator === ' ' && (c === '\t' || c === '\n')))) {
      if (i > start) out.push(value.slice(start, i));
      start = i + 1;
    }
  }
  if (value.length > start) out.push(value.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

function set(map: Map<string, string>, property: string, value: string): void {
  const v = value.trim();
  switch (property) {
    case 'background': {
      const tokens = splitTopLevel(v.toLowerCase());
      const image = tokens.some((t) => t.startsWith('url(') || t.includes('gradient('));
      const color = tokens.find((t) => parseColor(t) !== null);
      map.set('background-color', color ?? 'transparent');
      map.set('background-image', image ? 'url()' : 'none');
      return;
    }
    case 'font': {
      const size = splitTopLevel(v)
        .map((t) => t.split('/')[0]!)
        .find((t) => lengthPx(t) !== null);
      if (size !== undefined) map.set('font-size', size);
      return;
    }
    case 'overflow': {
      const [x, y] = splitTopLevel(v);
      map.set('overflow-x', x!);
      map.set('overflow-y', y ?? x!);
      return;
    }
    case 'margin':
    case 'inset': {
      const parts = splitTopLevel(v);
      const prefix = property === 'margin' ? 'margin-' : '';
      map.set(`${prefix}top`, parts[0]!);
      map.set(`${prefix}left`, parts[3] ?? parts[1] ?? parts[0]!);
      if (property === 'inset') map.set('right', parts[1] ?? parts[0]!);
      return;
    }
    default:
      map.set(property, v);
  }
}

function cascade(el: Element, matcher: Matcher, depth: number): Map<string, string> {
  const map = new Map<string, string>();
  const a = el.attribs;
  // The UA stylesheet and presentational attributes: below every author rule.
  if ('hidden' in a) map.set('display', 'none');
  if (el.name === 'a' && 'href' in a) map.set('color', '#0000ee');
  if (el.name === 'font' && a.color) map.set('color', a.color);
  if (el.name === 'body' && a.text) map.set('color', a.text);
  if (a.bgcolor) map.set('background-color', a.bgcolor);
  if (a.background) map.set('background-image', 'url()');
  if (el.name === 'font' && a.size) {
    const n = splitNumber(a.size);
    if (n)
      map.set(
        'font-size',
        `${FONT_ATTR_PX[Math.max(1, Math.min(7, a.size.trim().startsWith('+') || a.size.trim().startsWith('-') ? 3 + n.n : n.n))]}px`,
      );
  }
  const important: [string, string][] = [];
  for (const rule of matcher.matching(el, depth)) {
    for (const d of rule.declarations) {
      if (d.important) important.push([d.property, d.value]);
      else set(map, d.property, d.value);
    }
  }
  const inline = a.style ? parseDeclarations(a.style) : [];
  for (const d of inline) if (!d.important) set(map, d.property, d.value);
  for (const [p, v] of important) set(map, p, v);
  for (const d of inline) if (d.important) set(map, d.property, d.value);
  return map;
}

interface CssFunction {
  name: string;
  args: string[];
}

/** "translateX(-9999px) scale(1)" -> [{translatex, [-9999px]}, {scale, [1]}], by a linear scan. */
function cssFunctions(value: string): CssFunction[] {
  const out: CssFunction[] = [];
  let nameStart = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '(') {
      const close = value.indexOf(')', i);
      if (close < 0) break;
      out.push({
        name: value.slice(nameStart, i).trim().toLowerCase(),
        args: splitTopLevel(value.slice(i + 1, close).replaceAll(',', ' ')),
      });
      i = close;
      nameStart = close + 1;
    } else if (c === ' ') nameStart = i + 1;
  }
  return out;
}

function transformHides(value: string, fontSize: number): string | null {
  for (const fn of cssFunctions(value)) {
    const nums = fn.args.map((x) => lengthPx(x, fontSize));
    if (fn.name.startsWith('translate') && nums.some((n) => n !== null && n <= OFF_SCREEN_PX))
      return 'off-screen (transform)';
    if (fn.name.startsWith('scale') && fn.args.some((x) => Math.abs(parseFloat(x)) < 0.05)) return 'transform:scale(0)';
    if (fn.name === 'matrix' && fn.args.length === 6 && parseFloat(fn.args[0]!) === 0 && parseFloat(fn.args[3]!) === 0)
      return 'transform:scale(0)';
  }
  return null;
}

function clipHides(clip: string | undefined, clipPath: string | undefined): boolean {
  for (const fn of [...cssFunctions(clip ?? ''), ...cssFunctions(clipPath ?? '')]) {
    const px = fn.args.map((x) => lengthPx(x));
    if (
      fn.name === 'rect' &&
      px.length === 4 &&
      px.every((n) => n !== null) &&
      Math.abs(px[2]! - px[0]!) <= 1 &&
      Math.abs(px[1]! - px[3]!) <= 1
    )
      return true;
    if (fn.name === 'inset' && fn.args.some((x) => x.endsWith('%') && parseFloat(x) >= 50)) return true;
    if (fn.name === 'circle' && lengthPx(fn.args[0] ?? '') === 0) return true;
  }
  return false;
}

type Declared = Map<string, string>;

/** A declared value, lower case; undefined when absent or a keyword that defers to inheritance or defaults. */
function get(map: Declared, property: string): string | undefined {
  const v = map.get(property)?.toLowerCase();
  return v === undefined || INHERIT.has(v) ? undefined : v;
}

function clipsOverflow(v: string | undefined): boolean {
  return v === 'hidden' || v === 'clip' || v === 'scroll' || v === 'auto';
}

function tiny(map: Declared, property: string, fontSize: number): boolean {
  const px = lengthPx(get(map, property), fontSize);
  return px !== null && px <= 1;
}

const SIDES = ['left', 'top', 'right'];
const SHIFTS = ['margin-left', 'margin-top', 'text-indent'];

/** Why the element's own box hides its whole content, or null. */
function boxHides(map: Declared, fontSize: number, opacity: number, display: string): string | null {
  if (display === 'none') return 'display:none';
  if (opacity <= 0.05) return 'opacity:0';
  if (map.size === 0) return null;
  const transform = get(map, 'transform');
  const byTransform = transform ? transformHides(transform, fontSize) : null;
  if (byTransform) return byTransform;
  const position = get(map, 'position') ?? 'static';
  for (const side of position === 'static' ? SHIFTS : [...SIDES, ...SHIFTS]) {
    const px = lengthPx(get(map, side), fontSize);
    if (px !== null && px <= OFF_SCREEN_PX) return `off-screen (${side})`;
  }
  if (
    (clipsOverflow(get(map, 'overflow-y')) && (tiny(map, 'height', fontSize) || tiny(map, 'max-height', fontSize))) ||
    (clipsOverflow(get(map, 'overflow-x')) && (tiny(map, 'width', fontSize) || tiny(map, 'max-width', fontSize)))
  )
    return 'zero-size box';
  if ((position === 'absolute' || position === 'fixed') && clipHides(get(map, 'clip'), undefined)) return 'clipped';
  if (clipHides(undefined, get(map, 'clip-path'))) return 'clipped';
  return null;
}

const INHERIT = new Set(['inherit', 'unset', 'initial', 'revert', 'revert-layer', 'currentcolor']);

export function computeStyle(el: Element, parent: Computed, matcher: Matcher, depth: number, id: number): Computed {
  const map = cascade(el, matcher, depth);
  const name = el.name;
  const display = get(map, 'display') ?? TAG_DISPLAY[name] ?? (BLOCK.has(name) ? 'block' : 'inline');
  const fontEm = TAG_FONT_EM[name];
  const pre = parent.pre || name === 'pre' || name === 'textarea' || name === 'listing';
  // Most elements declare nothing: they inherit everything but their display.
  if (map.size === 0) {
    const fontSize = fontEm === undefined ? parent.fontSize : parent.fontSize * fontEm;
    const reason = parent.hide || display !== 'none' ? null : 'display:none';
    return { ...parent, display, fontSize, pre, hide: parent.hide ?? (reason ? { reason, src: id } : null) };
  }

  let fontSize = parent.fontSize;
  let fontSrc = parent.fontSrc;
  const declaredSize = lengthPx(get(map, 'font-size'), parent.fontSize);
  if (declaredSize !== null) {
    fontSize = declaredSize;
    fontSrc = id;
  } else if (fontEm !== undefined) fontSize = parent.fontSize * fontEm;

  const fill = parseColor(get(map, '-webkit-text-fill-color'));
  const ownColor = fill ?? parseColor(get(map, 'color'));
  const ownBg = parseColor(get(map, 'background-color'));
  const image = get(map, 'background-image');
  let background = parent.background;
  let bgImage = parent.bgImage;
  let bgSrc = parent.bgSrc;
  if (ownBg && ownBg[3] >= 0.5) {
    background = ownBg;
    bgImage = false;
    bgSrc = id;
  }
  if (image && image !== 'none') {
    bgImage = true;
    bgSrc = id;
  }

  const opacityValue = splitNumber(get(map, 'opacity') ?? '1');
  const own = opacityValue ? (opacityValue.unit === '%' ? opacityValue.n / 100 : opacityValue.n) : 1;
  const opacity = parent.opacity * Math.max(0, Math.min(1, own));
  const visibility = get(map, 'visibility');
  const whiteSpace = get(map, 'white-space');
  const reason = parent.hide ? null : boxHides(map, fontSize, opacity, display);
  return {
    display,
    hide: parent.hide ?? (reason ? { reason, src: id } : null),
    visibility: visibility ?? parent.visibility,
    visSrc: visibility ? id : parent.visSrc,
    fontSize,
    fontSrc,
    color: ownColor ?? parent.color,
    colorSrc: ownColor ? id : parent.colorSrc,
    background,
    bgImage,
    bgSrc,
    opacity,
    pre: whiteSpace ? whiteSpace.startsWith('pre') || whiteSpace === 'break-spaces' : pre,
  };
}
