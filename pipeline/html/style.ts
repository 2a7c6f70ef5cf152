// The computed style of each element, as far as "can a person see this text" needs it:
// the cascade (UA defaults and presentational attributes, then author rules by
// specificity and order, then the style attribute, then !important), inheritance of
// colour, visibility and font size, and the subtree-wide ways of hiding (display:none,
// opacity, off-screen, clipping, zero-size boxes).
import type { Element } from 'domhandler';
import { parseColor, type Rgba } from './color.ts';
import type { Matcher } from './css.ts';
import { cascade, get } from './cascade.ts';
import { boxHides } from './hiding.ts';
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
