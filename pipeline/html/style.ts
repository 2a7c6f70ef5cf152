// The computed style of each element, as far as "can a person see this text" needs it:
// the cascade (UA defaults and presentational attributes, then author rules by
// specificity and order, then the style attribute, then !important), inheritance of
// colour, visibility, font size and custom properties, and the subtree-wide ways of hiding
// (display:none, opacity, off-screen, scaling, clipping, zero-size boxes, content pushed out
// of a box that clips its overflow).
import type { Element } from 'domhandler';
import { parseColor, type Rgba } from './color.ts';
import { cascade, type Declared, get, type StyleContext } from './cascade.ts';

export type { StyleContext };
import { type FlowAdvance, type FlowCursor, place } from './flow.ts';
import { boxHides, filterOpacity, shrinkOf } from './hiding.ts';
import { lengthPx, readNumber } from './units.ts';
import type { VarScope } from './values.ts';

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
  /** How much transforms, `scale` and `zoom` of the element and its ancestors shrink text on screen. */
  shrink: number;
  shrinkSrc: number;
  pre: boolean;
  /** Lines do not wrap (white-space: nowrap or pre): text-indent moves the whole line. */
  noWrap: boolean;
  vars: VarScope | null;
  /** Where content is inside the nearest box that clips its overflow (null: none around it). */
  flow: FlowCursor | null;
  /** What the element's end does to that box's cursor (for the renderer to apply at the end tag). */
  flowAdvance: FlowAdvance | null;
  /** How a block-level flex container lays out its children: side by side (as a table row its cells) or stacked. */
  flexLayout: 'row' | 'column' | null;
  /** The parent's `flexLayout`: a child of a flex container is a box of its own (a cell in a row, a block in a column). */
  flexItem: 'row' | 'column' | null;
  /** A block-level grid's explicit column count (`grid-template-columns: 1fr auto` is 2). */
  gridColumns: number | null;
  /** A grid's child: how many of the parent's columns it spans (0: no grid item). */
  gridSpan: number;
  /** `float: right`: the box sits at the right end of its line, after the text beside it. */
  floatRight: boolean;
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
  shrink: 1,
  shrinkSrc: 0,
  pre: false,
  noWrap: false,
  vars: null,
  flow: null,
  flowAdvance: null,
  flexLayout: null,
  flexItem: null,
  gridColumns: null,
  gridSpan: 0,
  floatRight: false,
};

const PUSHED_OUT = 'pushed out of a box that clips its overflow';

// Block-level flex containers (the old -webkit-box too): their children are laid out as boxes
// in one row, or stacked when the direction is a column. Inline flex stays in its line of text.
const FLEX_DISPLAY = new Set(['flex', '-webkit-flex', 'block flex', '-webkit-box']);

/** How an element's declarations lay out its children: a row of boxes side by side ("Serie y folio" | "B-9182"), a column, or neither. */
function flexLayoutOf(display: string, map: Declared): 'row' | 'column' | null {
  if (!FLEX_DISPLAY.has(display)) return null;
  if (display === '-webkit-box') return get(map, '-webkit-box-orient') === 'vertical' ? 'column' : 'row';
  const direction =
    get(map, 'flex-direction') ??
    get(map, 'flex-flow')
      ?.split(/\s+/)
      .find((w) => /^(row|column)/.test(w));
  return direction?.startsWith('column') ? 'column' : 'row';
}

/** The number of tracks a track list names ("1fr auto", "repeat(3, 1fr)", "[a] 120px minmax(0, 1fr)"), or null. */
function trackCount(list: string): number | null {
  let count = 0;
  let depth = 0;
  let token = '';
  const flush = () => {
    const t = token.trim();
    token = '';
    if (!t || t.startsWith('[')) return true;
    const repeat = /^repeat\(\s*(\d{1,2})\s*,(.*)\)$/.exec(t);
    if (repeat) {
      const inner = trackCount(repeat[2]!);
      if (inner === null) return false;
      count += Number(repeat[1]) * inner;
      return true;
    }
    if (t.startsWith('repeat(')) return false; // auto-fill, auto-fit: as many as fit
    count++;
    return true;
  };
  for (const c of list) {
    if (c === '(' || c === '[') depth++;
    if (c === ')' || c === ']') depth--;
    if (/\s/.test(c) && depth === 0) {
      if (!flush()) return null;
    } else token += c;
  }
  if (!flush()) return null;
  return count > 0 && count <= 24 ? count : null;
}

// Block-level grids with an explicit column list: their children fill rows of that many cells.
const GRID_DISPLAY = new Set(['grid', 'block grid']);

function gridColumnsOf(display: string, map: Declared): number | null {
  if (!GRID_DISPLAY.has(display)) return null;
  const template = get(map, 'grid-template-columns') ?? get(map, 'grid-template')?.split('/')[1];
  const n = template ? trackCount(template) : null;
  return n !== null && n >= 2 ? n : null;
}

/** How many of its grid's columns an item spans: "span 2", "1 / -1" (the whole row), else one. */
function gridSpanOf(map: Declared, columns: number): number {
  const placement = get(map, 'grid-column');
  if (!placement) return 1;
  const span = /span\s+(\d{1,2})/.exec(placement);
  if (span) return Math.min(columns, Number(span[1]));
  const lines = /^\s*(-?\d{1,2})\s*\/\s*(-?\d{1,2})\s*$/.exec(placement);
  if (!lines) return 1;
  const from = Number(lines[1]);
  const to = Number(lines[2]);
  const end = to < 0 ? columns + 2 + to : to;
  const start = from < 0 ? columns + 2 + from : from;
  return Math.max(1, Math.min(columns, end - start));
}

export function computeStyle(
  el: Element,
  parent: Computed,
  context: StyleContext,
  depth: number,
  id: number,
): Computed {
  const { map, vars } = cascade(el, context, depth, parent.vars);
  const name = el.name;
  const display = get(map, 'display') ?? TAG_DISPLAY[name] ?? (BLOCK.has(name) ? 'block' : 'inline');
  const fontEm = TAG_FONT_EM[name];
  const pre = parent.pre || name === 'pre' || name === 'textarea' || name === 'listing';
  // Most elements declare nothing: they inherit everything but their display.
  if (map.size === 0) {
    const fontSize = fontEm === undefined ? parent.fontSize : parent.fontSize * fontEm;
    const placed = parent.flow ? place(map, parent.flow, fontSize, display, parent.noWrap) : null;
    const reason = parent.hide ? null : display === 'none' ? 'display:none' : placed?.out ? PUSHED_OUT : null;
    return {
      ...parent,
      display,
      fontSize,
      pre,
      vars,
      flow: placed?.inner ?? null,
      flowAdvance: display === 'none' ? null : (placed?.advance ?? null),
      hide: parent.hide ?? (reason ? { reason, src: id } : null),
      flexLayout: null,
      flexItem: parent.flexLayout,
      gridColumns: null,
      gridSpan: parent.gridColumns ? 1 : 0,
      floatRight: false,
    };
  }

  let fontSize = parent.fontSize;
  let fontSrc = parent.fontSrc;
  const declaredSize = lengthPx(get(map, 'font-size'), parent.fontSize);
  if (declaredSize !== null) {
    fontSize = declaredSize;
    fontSrc = id;
  } else if (fontEm !== undefined) fontSize = parent.fontSize * fontEm;

  // currentcolor is the inherited colour in `color`, the element's own colour elsewhere.
  const declaredColor = parseColor(get(map, 'color'), parent.color);
  const color = declaredColor ?? parent.color;
  const fill = parseColor(get(map, '-webkit-text-fill-color'), color);
  const ownColor = fill ?? declaredColor;
  const ownBg = parseColor(get(map, 'background-color'), color);
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

  const own = (readNumber(get(map, 'opacity')) ?? 1) * filterOpacity(get(map, 'filter'));
  const opacity = parent.opacity * Math.max(0, Math.min(1, own));
  const visibility = get(map, 'visibility');
  const whiteSpace = get(map, 'white-space');
  const noWrap = whiteSpace ? whiteSpace === 'nowrap' || whiteSpace === 'pre' : parent.noWrap;
  const placed = place(map, parent.flow, fontSize, display, noWrap);
  const ownShrink = shrinkOf(map, fontSize);
  const reason = parent.hide ? null : (boxHides(map, fontSize, opacity, display) ?? (placed.out ? PUSHED_OUT : null));
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
    shrink: parent.shrink * ownShrink,
    shrinkSrc: ownShrink === 1 ? parent.shrinkSrc : id,
    pre: whiteSpace ? whiteSpace.startsWith('pre') || whiteSpace === 'break-spaces' : pre,
    noWrap,
    vars,
    flow: placed.inner,
    flowAdvance: display === 'none' ? null : placed.advance,
    flexLayout: flexLayoutOf(display, map),
    flexItem: parent.flexLayout,
    gridColumns: gridColumnsOf(display, map),
    gridSpan: parent.gridColumns ? gridSpanOf(map, parent.gridColumns) : 0,
    floatRight: get(map, 'float') === 'right',
  };
}
