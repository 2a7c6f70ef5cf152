// The subtree-wide ways an element's own box hides its content: display:none,
// content-visibility, opacity and filter: opacity(), off-screen positions and transforms,
// scaling to nothing, clipping and zero-size boxes. Function arguments are read from
// css-tree's value tree, so calc() and friends work in every one of them.
import type { CssNode } from 'css-tree';
import { type Declared, get } from './cascade.ts';
import { VIEWPORT } from './media.ts';
import { lengthPx } from './units.ts';
import { evaluate, type LengthBase, valueCalls, valueItems } from './values.ts';

const OFF_SCREEN_PX = -500;
/** Scaled below a twentieth, text of any size mail uses is a smudge. */
const MIN_SCALE = 0.05;
const NO_BASE: LengthBase = { em: 16, percent: null };

function px(node: CssNode | undefined, base: LengthBase): number | null {
  const q = evaluate(node, base);
  if (q?.unit === 'px') return q.n;
  return q?.unit === '' && q.n === 0 ? 0 : null;
}

/** A number or percentage as a number. */
function num(node: CssNode | undefined): number | null {
  const q = evaluate(node, NO_BASE);
  if (q?.unit === '') return q.n;
  return q?.unit === '%' ? q.n / 100 : null;
}

function degrees(node: CssNode | undefined): number | null {
  const q = evaluate(node, NO_BASE);
  if (q?.unit === 'deg') return q.n;
  return q?.unit === '' && q.n === 0 ? 0 : null;
}

/** How far a transform moves content down and right (translate*), in px. */
export function transformShift(value: string | undefined, fontSize: number): { x: number; y: number } {
  const shift = { x: 0, y: 0 };
  if (!value) return shift;
  const base = { em: fontSize, percent: null };
  for (const fn of valueCalls(value)) {
    const [a, b] = fn.args.map((n) => px(n, base) ?? 0);
    if (fn.name === 'translate' || fn.name === 'translate3d') {
      shift.x += a ?? 0;
      shift.y += b ?? 0;
    } else if (fn.name === 'translatex') shift.x += a ?? 0;
    else if (fn.name === 'translatey') shift.y += a ?? 0;
  }
  return shift;
}

/** How a transform hides its box (moved off-screen, flattened), and how much it shrinks text (the smaller axis). */
function transformEffect(value: string, fontSize: number): { reason: string | null; scale: number } {
  const base = { em: fontSize, percent: null };
  let sx = 1;
  let sy = 1;
  for (const fn of valueCalls(value)) {
    const { name, args } = fn;
    if (name.startsWith('translate')) {
      if (args.some((n) => (px(n, base) ?? 0) <= OFF_SCREEN_PX)) return { reason: 'off-screen (transform)', scale: 1 };
    } else if (name === 'scale' || name === 'scale3d') {
      const x = num(args[0]) ?? 1;
      sx *= x;
      sy *= args.length > 1 ? (num(args[1]) ?? 1) : x;
    } else if (name === 'scalex') sx *= num(args[0]) ?? 1;
    else if (name === 'scaley') sy *= num(args[0]) ?? 1;
    else if (name === 'rotatex') sy *= Math.cos(((degrees(args[0]) ?? 0) * Math.PI) / 180);
    else if (name === 'rotatey') sx *= Math.cos(((degrees(args[0]) ?? 0) * Math.PI) / 180);
    else if (name === 'matrix' && args.length === 6) {
      const [a, b, c, d] = args.map(num);
      // A matrix that maps the box onto a line or a point (determinant about 0).
      if (a != null && b != null && c != null && d != null && Math.abs(a * d - b * c) < MIN_SCALE * MIN_SCALE)
        return { reason: 'transform:scale(0)', scale: 0 };
    }
  }
  const scale = Math.min(Math.abs(sx), Math.abs(sy));
  return { reason: scale < MIN_SCALE ? 'transform:scale(0)' : null, scale };
}

/** The `scale` property's smaller axis: "0", "1 0", "5%" (1 when unreadable). */
function scaleProperty(value: string | undefined): number {
  if (!value) return 1;
  const items = valueItems(value).map(num);
  if (items.length === 0 || items.some((n) => n === null)) return 1;
  return Math.min(Math.abs(items[0]!), Math.abs(items[1] ?? items[0]!));
}

/** `zoom`: a number or percentage; 0 and unreadable values count as no zoom, as in Chromium. */
function zoomOf(value: string | undefined): number {
  const items = value ? valueItems(value) : [];
  const z = items.length === 1 ? num(items[0]) : null;
  return z === null || z <= 0 ? 1 : z;
}

/** How much the element's box shrinks its content on screen: transform scale, the scale property, zoom. */
export function shrinkOf(map: Declared, fontSize: number): number {
  if (!map.has('transform') && !map.has('scale') && !map.has('zoom')) return 1;
  const transform = get(map, 'transform');
  const byTransform = transform ? transformEffect(transform, fontSize).scale : 1;
  return byTransform * scaleProperty(get(map, 'scale')) * zoomOf(get(map, 'zoom'));
}

/** The `translate` property: "-9999px", "0 -9999px". */
function translateHides(value: string, fontSize: number): boolean {
  return valueItems(value).some((n) => (px(n, { em: fontSize, percent: null }) ?? 0) <= OFF_SCREEN_PX);
}

/** The product of the opacity() functions of a filter: filter: opacity(0) fades like opacity. */
export function filterOpacity(value: string | undefined): number {
  if (!value) return 1;
  let opacity = 1;
  for (const fn of valueCalls(value)) {
    if (fn.name === 'opacity') opacity *= Math.max(0, Math.min(1, fn.args.length ? (num(fn.args[0]) ?? 1) : 0));
  }
  return opacity;
}

function clipHides(clip: string | undefined, clipPath: string | undefined): boolean {
  if (!clip && !clipPath) return false;
  for (const fn of [...valueCalls(clip ?? ''), ...valueCalls(clipPath ?? '')]) {
    const lengths = fn.args.map((n) => px(n, NO_BASE));
    if (
      fn.name === 'rect' &&
      lengths.length === 4 &&
      lengths.every((n) => n !== null) &&
      Math.abs(lengths[2]! - lengths[0]!) <= 1 &&
      Math.abs(lengths[1]! - lengths[3]!) <= 1
    )
      return true;
    if (
      fn.name === 'inset' &&
      fn.args.some((n) => {
        const q = evaluate(n, NO_BASE);
        return q?.unit === '%' && q.n >= 50;
      })
    )
      return true;
    if (fn.name === 'circle' && lengths[0] === 0) return true;
  }
  return false;
}

export function clipsOverflow(v: string | undefined): boolean {
  return v === 'hidden' || v === 'clip' || v === 'scroll' || v === 'auto';
}

function tiny(map: Declared, property: string, fontSize: number): boolean {
  const px = lengthPx(get(map, property), fontSize);
  return px !== null && px <= 1;
}

const SIDES = ['left', 'top', 'right'];
const SHIFTS = ['margin-left', 'margin-top', 'text-indent'];

/** Why the element's own box hides its whole content, or null. */
export function boxHides(map: Declared, fontSize: number, opacity: number, display: string): string | null {
  if (display === 'none') return 'display:none';
  if (opacity <= 0.05) return 'opacity:0';
  if (map.size === 0) return null;
  if (get(map, 'content-visibility') === 'hidden') return 'content-visibility:hidden';
  const transform = get(map, 'transform');
  const byTransform = transform ? transformEffect(transform, fontSize).reason : null;
  if (byTransform) return byTransform;
  if (scaleProperty(get(map, 'scale')) < MIN_SCALE) return 'scale:0';
  const translate = get(map, 'translate');
  if (translate && translateHides(translate, fontSize)) return 'off-screen (translate)';
  const position = get(map, 'position') ?? 'static';
  for (const side of position === 'static' ? SHIFTS : [...SIDES, ...SHIFTS]) {
    const px = lengthPx(get(map, side), fontSize);
    if (px !== null && px <= OFF_SCREEN_PX) return `off-screen (${side})`;
  }
  if (position === 'absolute' || position === 'fixed') {
    // bottom/right push the box up/left from the page's bottom/right edge.
    const bottom = lengthPx(get(map, 'bottom'), fontSize, null);
    if (bottom !== null && VIEWPORT.height - bottom <= OFF_SCREEN_PX) return 'off-screen (bottom)';
    const right = lengthPx(get(map, 'right'), fontSize, null);
    if (right !== null && VIEWPORT.width - right <= OFF_SCREEN_PX) return 'off-screen (right)';
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
