// The cascade: the declarations that apply to one element (UA defaults and presentational
// attributes, author rules, the style attribute, !important), custom properties and var(),
// and reading a declared value.
import type { Element } from 'domhandler';
import { parseColor } from './color.ts';
import { type Declaration, type Matcher, parseDeclarations, UNLAYERED } from './css.ts';
import { lengthPx, readNumber, splitNumber } from './units.ts';
import { hasVar, substituteVars, VarScope } from './values.ts';

const FONT_ATTR_PX = [10, 10, 13, 16, 18, 24, 32, 48];

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

/** The four sides of a margin/padding/inset shorthand: top, right, bottom, left. */
function sides(value: string): [string, string, string, string] {
  const p = splitTopLevel(value);
  return [p[0]!, p[1] ?? p[0]!, p[2] ?? p[0]!, p[3] ?? p[1] ?? p[0]!];
}

const ALIASES: Record<string, string> = { '-webkit-transform': 'transform', '-webkit-filter': 'filter' };

function set(map: Map<string, string>, property: string, value: string): void {
  const v = value.trim();
  switch (property) {
    case 'background': {
      const tokens = splitTopLevel(v.toLowerCase());
      const image = tokens.some((t) => t.startsWith('url(') || t.includes('gradient('));
      const color = tokens.find((t) => parseColor(t, null) !== null || t === 'currentcolor');
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
    case 'padding':
    case 'inset': {
      const [top, right, bottom, left] = sides(v);
      const prefix = property === 'inset' ? '' : `${property}-`;
      map.set(`${prefix}top`, top);
      map.set(`${prefix}right`, right);
      map.set(`${prefix}bottom`, bottom);
      map.set(`${prefix}left`, left);
      return;
    }
    default:
      map.set(ALIASES[property] ?? property, v);
  }
}

const CSS_WIDE = new Set(['inherit', 'unset', 'initial', 'revert', 'revert-layer']);
// display's one-word values, and the words of its two- and three-word form, as Chromium 150 accepts them.
const DISPLAY_WORDS = new Set([
  'none',
  'contents',
  'block',
  'inline',
  'flow',
  'flow-root',
  'table',
  'flex',
  'grid',
  'ruby',
  'math',
  'list-item',
  'inline-block',
  'inline-table',
  'inline-flex',
  'inline-grid',
  'table-row-group',
  'table-header-group',
  'table-footer-group',
  'table-row',
  'table-cell',
  'table-column-group',
  'table-column',
  'table-caption',
  'ruby-text',
  '-webkit-box',
  '-webkit-inline-box',
  '-webkit-flex',
  '-webkit-inline-flex',
]);
const DISPLAY_OUTSIDE = new Set(['block', 'inline']);
const DISPLAY_INSIDE = new Set(['flow', 'flow-root', 'table', 'flex', 'grid', 'ruby', 'math']);

/** "inline flow-root list-item": at most one outer and one inner word, list-item only with a flow inside. */
function multiWordDisplay(words: string[]): boolean {
  if (words.length < 2 || words.length > 3 || new Set(words).size !== words.length) return false;
  const outside = words.filter((w) => DISPLAY_OUTSIDE.has(w));
  const inside = words.filter((w) => DISPLAY_INSIDE.has(w));
  const listItem = words.includes('list-item');
  if (outside.length > 1 || inside.length > 1 || outside.length + inside.length + (listItem ? 1 : 0) !== words.length)
    return false;
  return !listItem || inside.length === 0 || inside[0] === 'flow' || inside[0] === 'flow-root';
}

const CHECKED = new Set([
  'display',
  'visibility',
  'content-visibility',
  'color',
  'background-color',
  '-webkit-text-fill-color',
  'font-size',
  'opacity',
]);

/**
 * Whether CSS accepts `value` for `property`, for the properties hiding is read from (any
 * other value is taken as given). An invalid declaration is dropped, so an earlier one
 * stays in force: `color:#fff; color:bogus` is white.
 */
function accepts(property: string, value: string): boolean {
  if (!CHECKED.has(property)) return true;
  const v = value.trim().toLowerCase();
  if (CSS_WIDE.has(v)) return true;
  switch (property) {
    case 'display': {
      return DISPLAY_WORDS.has(v) || multiWordDisplay(splitTopLevel(v));
    }
    case 'visibility':
      return v === 'visible' || v === 'hidden' || v === 'collapse';
    case 'content-visibility':
      return v === 'visible' || v === 'hidden' || v === 'auto';
    case 'color':
    case 'background-color':
    case '-webkit-text-fill-color':
      return v === 'currentcolor' || parseColor(v, null) !== null;
    case 'font-size': {
      const px = lengthPx(v);
      return px !== null && px >= 0;
    }
    case 'opacity':
      return readNumber(v) !== null;
    default:
      return true;
  }
}

export type Declared = Map<string, string>;

const NONE: Declaration[] = [];

/** What every element's style is computed with. */
export interface StyleContext {
  matcher: Matcher;
  /** Characters custom properties may still expand to in this document. */
  varBudget: { left: number };
  /** No DOCTYPE: CSS reads a bare number as px in the properties below. */
  quirks: boolean;
}

// The quirks-mode "unitless length" properties (the ones hiding is read from).
const QUIRKY_LENGTHS = new Set([
  'font-size',
  'height',
  'max-height',
  'width',
  'max-width',
  'top',
  'left',
  'right',
  'bottom',
  'margin',
  'margin-top',
  'margin-left',
  'margin-bottom',
  'padding',
  'padding-top',
  'padding-left',
  'padding-bottom',
  'text-indent',
]);

/** Whether some word of the value ends in a digit (a bare number may be in it): one scan, no split. */
function endsANumber(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 48 || c > 57) continue;
    const next = value.charCodeAt(i + 1);
    if (Number.isNaN(next) || next === 32 || next === 9 || next === 10 || next === 13 || next === 12) return true;
  }
  return false;
}

/** "1" -> "1px", "0 10 5" -> "0 10px 5px": bare numbers as quirks mode reads them. */
function quirkyLength(value: string): string {
  if (!endsANumber(value)) return value;
  return splitTopLevel(value)
    .map((part) => {
      const n = splitNumber(part);
      return n && n.unit === '' && n.n !== 0 ? `${part}px` : part;
    })
    .join(' ');
}

export interface Cascaded {
  map: Declared;
  /** The custom properties the element and its children see. */
  vars: VarScope | null;
}

/**
 * The declarations that apply to `el`, after var() substitution: a value whose var() cannot
 * be substituted, or substitutes to something invalid, is `unset` (CSS's "invalid at
 * computed-value time"); an invalid value without var() is dropped.
 */
export function cascade(el: Element, context: StyleContext, depth: number, parentVars: VarScope | null): Cascaded {
  const { matcher, varBudget, quirks } = context;
  const map = new Map<string, string>();
  const a = el.attribs;
  // The UA stylesheet and presentational attributes: below every author rule.
  if ('hidden' in a) {
    if (a.hidden!.trim().toLowerCase() === 'until-found') map.set('content-visibility', 'hidden');
    else map.set('display', 'none');
  }
  if (el.name === 'dialog' && !('open' in a)) map.set('display', 'none');
  if ('popover' in a && !(el.name === 'dialog' && 'open' in a)) map.set('display', 'none');
  if (el.name === 'rp') map.set('display', 'none');
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
  // Author rules, the style attribute, then !important rules and !important in the attribute.
  const rules = matcher.matching(el, depth);
  const inline = a.style ? parseDeclarations(a.style) : NONE;
  if (rules.length === 0 && inline.length === 0) return { map, vars: parentVars };
  const ordered: Declaration[] = [];
  for (const rule of rules) for (const d of rule.declarations) if (!d.important) ordered.push(d);
  // !important reverses the order of layers: an earlier layer wins, unlayered rules lose.
  const importantRules =
    rules.length > 1 && rules.some((r) => r.layer !== UNLAYERED)
      ? [...rules].sort((a, b) => b.layer - a.layer || a.specificity - b.specificity || a.order - b.order)
      : rules;
  const important: Declaration[] = [];
  for (const rule of importantRules) for (const d of rule.declarations) if (d.important) important.push(d);
  for (const d of inline) if (!d.important) ordered.push(d);
  ordered.push(...important);
  for (const d of inline) if (d.important) ordered.push(d);

  let own: Map<string, string> | null = null;
  for (const d of ordered) {
    if (!d.property.startsWith('--')) continue;
    own ??= new Map();
    own.set(d.property, d.value);
  }
  const vars = own ? new VarScope(own, parentVars, varBudget) : parentVars;
  for (const d of ordered) {
    if (d.property.startsWith('--')) continue;
    let value = quirks && QUIRKY_LENGTHS.has(d.property) ? quirkyLength(d.value) : d.value;
    if (hasVar(value)) {
      const substituted = varBudget.left > 0 ? substituteVars(value, vars) : null;
      varBudget.left -= value.length + (substituted?.length ?? 0);
      value = substituted !== null && accepts(d.property, substituted) ? substituted : 'unset';
    } else if (!accepts(d.property, value)) continue;
    set(map, d.property, value);
  }
  return { map, vars };
}

/** A declared value, lower case; undefined when absent or a keyword that defers to inheritance or defaults. */
export function get(map: Declared, property: string): string | undefined {
  const v = map.get(property)?.toLowerCase();
  return v === undefined || CSS_WIDE.has(v) ? undefined : v;
}
