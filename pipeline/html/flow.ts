// Content pushed out of a box that clips its overflow. A box with `overflow` other than
// visible and a definite height (or width) in px shows only what starts inside it; this
// follows where content starts inside such a box, from what the declarations say for
// certain: margins, padding, relative offsets, translate(), absolute `top`, and the declared
// heights of block siblings before it. Text of unknown height moves nothing, so the estimate
// only ever places content higher than a browser would: it can miss text pushed out by
// other text, never hide text a person sees.
import { type Declared, get } from './cascade.ts';
import { clipsOverflow, transformShift } from './hiding.ts';
import { lengthPx } from './units.ts';

/** Where content has reached inside the nearest clipping box, in px from its content's top left. */
export interface FlowCursor {
  limitY: number;
  limitX: number;
  y: number;
  x: number;
  /** The top of the nearest positioned box inside the clipping box; null when it lies outside (absolute boxes escape the clip). */
  cb: number | null;
  /** Block children stack downwards here (not side by side, as in a flex row or a table row). */
  stacks: boolean;
}

/** Moves a cursor past a block when the block ends. */
export interface FlowAdvance {
  cursor: FlowCursor;
  /** The block's own cursor, when its height is its content's. */
  inner: FlowCursor | null;
  /** Where the block's content starts, and its declared height, padding-bottom and margin-bottom. */
  contentTop: number;
  height: number | null;
  below: number;
}

export interface Placement {
  /** The element's content starts below or right of its clipping box. */
  out: boolean;
  /** The cursor its children continue with. */
  inner: FlowCursor | null;
  advance: FlowAdvance | null;
}

/** A reader of the element's lengths in px (percentages of an unknown box are not read). */
function lengths(map: Declared, fontSize: number): (property: string) => number | null {
  return (property) => lengthPx(get(map, property), fontSize, null);
}

const NOT_CLIPPED: Placement = { out: false, inner: null, advance: null };

/** Blocks: margins and padding apply, and the next block starts below them. */
const STACKED = new Set(['block', 'flow-root', 'list-item', 'table', 'flex', 'grid']);
const STACKING_CHILDREN = new Set(['block', 'flow-root', 'list-item', 'table-cell', 'inline-block']);

export function place(
  map: Declared,
  parent: FlowCursor | null,
  fontSize: number,
  display: string,
  noWrap: boolean,
): Placement {
  // Most elements are in no clipping box and start none.
  if (!parent && !map.has('overflow-x') && !map.has('overflow-y')) return NOT_CLIPPED;
  const len = lengths(map, fontSize);
  const position = get(map, 'position') ?? 'static';
  const block = STACKED.has(display);
  // The box's own clip, for its children.
  const height = len('height');
  const maxHeight = len('max-height');
  const width = len('width');
  const maxWidth = len('max-width');
  const boxHeight = height !== null && maxHeight !== null ? Math.min(height, maxHeight) : (height ?? maxHeight);
  const boxWidth = width !== null && maxWidth !== null ? Math.min(width, maxWidth) : (width ?? maxWidth);
  const limitY = clipsOverflow(get(map, 'overflow-y')) && boxHeight !== null ? boxHeight : Infinity;
  const limitX = clipsOverflow(get(map, 'overflow-x')) && boxWidth !== null ? boxWidth : Infinity;
  const positioned = position !== 'static';

  let base = parent;
  if (position === 'fixed' || (position === 'absolute' && parent?.cb === null)) base = null;
  let out = false;
  let inner: FlowCursor | null = null;
  let advance: FlowAdvance | null = null;
  let top = 0;
  if (base) {
    const marginTop = block ? (len('margin-top') ?? 0) : 0;
    const paddingTop = block ? (len('padding-top') ?? 0) : 0;
    const shift = transformShift(get(map, 'transform'), fontSize);
    const offsetTop = position === 'relative' ? (len('top') ?? 0) : 0;
    const offsetLeft = position === 'relative' ? (len('left') ?? 0) : 0;
    const absoluteTop = position === 'absolute' ? len('top') : null;
    top = (absoluteTop !== null ? base.cb! + absoluteTop : base.y) + marginTop;
    const contentTop = top + offsetTop + shift.y + paddingTop;
    const left =
      base.x +
      (block ? (len('margin-left') ?? 0) + (len('padding-left') ?? 0) : 0) +
      offsetLeft +
      shift.x +
      (noWrap ? (len('text-indent') ?? 0) : 0);
    out = contentTop >= base.limitY || left >= base.limitX;
    const moved = contentTop !== base.y || left !== base.x || positioned || !STACKING_CHILDREN.has(display);
    inner = moved
      ? {
          limitY: base.limitY,
          limitX: base.limitX,
          y: contentTop,
          x: left,
          cb: positioned ? top + offsetTop + shift.y : base.cb,
          stacks: STACKING_CHILDREN.has(display),
        }
      : base;
    if (block && base.stacks && (position === 'static' || position === 'relative')) {
      const below = (len('padding-bottom') ?? 0) + (len('margin-bottom') ?? 0);
      if (height !== null || inner !== base || below !== 0) {
        if (inner === base) inner = { ...base, y: top + paddingTop };
        advance = { cursor: base, inner, contentTop: top + paddingTop, height, below };
      }
    }
  }
  if (limitY !== Infinity || limitX !== Infinity) {
    inner = { limitY, limitX, y: 0, x: 0, cb: positioned ? 0 : null, stacks: STACKING_CHILDREN.has(display) };
    if (advance) advance.inner = null;
  }
  return { out, inner, advance };
}

/** At the end of a block: the next content in its clipping box starts below it. */
export function leaveFlow(advance: FlowAdvance | null): void {
  if (!advance) return;
  const end =
    advance.height !== null
      ? advance.contentTop + advance.height
      : advance.inner
        ? advance.inner.y
        : advance.contentTop;
  advance.cursor.y = Math.max(advance.cursor.y, end + advance.below);
}
