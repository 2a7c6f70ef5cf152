// The cascade: the declarations that apply to one element (UA defaults and presentational
// attributes, author rules, the style attribute, !important), and reading a declared value.
import type { Element } from 'domhandler';
import { parseColor } from './color.ts';
import { parseDeclarations, type Matcher } from './css.ts';
import { lengthPx, splitNumber } from './units.ts';

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

export function cascade(el: Element, matcher: Matcher, depth: number): Map<string, string> {
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
export type Declared = Map<string, string>;

/** A declared value, lower case; undefined when absent or a keyword that defers to inheritance or defaults. */
export function get(map: Declared, property: string): string | undefined {
  const v = map.get(property)?.toLowerCase();
  return v === undefined || INHERIT.has(v) ? undefined : v;
}

const INHERIT = new Set(['inherit', 'unset', 'initial', 'revert', 'revert-layer', 'currentcolor']);
