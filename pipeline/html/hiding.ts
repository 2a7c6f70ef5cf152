// The subtree-wide ways an element's own box hides its content: display:none, opacity,
// off-screen positions and transforms, clipping and zero-size boxes.
import { splitTopLevel, get, type Declared } from './cascade.ts';
import { lengthPx } from './units.ts';

const OFF_SCREEN_PX = -500;

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
export function boxHides(map: Declared, fontSize: number, opacity: number, display: string): string | null {
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
