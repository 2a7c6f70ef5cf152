// @media as a desktop mail client evaluates it: a screen about 1,000 px wide and 800 high,
// light colour scheme, pixel ratio 1, a mouse. Responsive mail hides its desktop or its
// mobile variant this way; the desktop variant is what a person at a computer sees.
// Anything we cannot read (unknown features, hacks like `min-width:0\0`) does not match,
// as in a browser.

import { lengthPx } from './units.ts';

export const VIEWPORT = { width: 1000, height: 800 };

function compare(actual: number, op: string, wanted: number): boolean {
  switch (op) {
    case 'min':
    case '>=':
      return actual >= wanted;
    case 'max':
    case '<=':
      return actual <= wanted;
    case '>':
      return actual > wanted;
    case '<':
      return actual < wanted;
    default:
      return actual === wanted;
  }
}

function numericFeature(name: string): number | null {
  switch (name) {
    case 'width':
    case 'device-width':
      return VIEWPORT.width;
    case 'height':
    case 'device-height':
      return VIEWPORT.height;
    case '-webkit-device-pixel-ratio':
    case 'device-pixel-ratio':
      return 1;
    default:
      return null;
  }
}

/** One `(feature: value)` or `(feature op value)` condition. */
function matchesFeature(condition: string): boolean {
  const body = condition.trim();
  const colon = body.indexOf(':');
  let name: string;
  let op = '=';
  let value: string | null;
  if (colon >= 0) {
    name = body.slice(0, colon).trim();
    value = body.slice(colon + 1).trim();
    for (const prefix of ['min-', 'max-', '-webkit-min-', '-webkit-max-']) {
      if (name.startsWith(prefix)) {
        op = prefix.includes('min') ? 'min' : 'max';
        name = (prefix.startsWith('-webkit') ? '-webkit-' : '') + name.slice(prefix.length);
      }
    }
  } else {
    const ops = ['<=', '>=', '<', '>', '='];
    const at = ops.map((o) => [o, body.indexOf(o)] as const).find(([, i]) => i > 0);
    if (!at)
      return ['color', 'hover', 'pointer', 'any-hover', 'any-pointer'].includes(body) || numericFeature(body) !== null;
    name = body.slice(0, at[1]).trim();
    op = at[0];
    value = body.slice(at[1] + at[0].length).trim();
  }
  switch (name) {
    case 'orientation':
      return value === 'landscape';
    case 'prefers-color-scheme':
      return value === 'light';
    case 'prefers-reduced-motion':
      return value === 'no-preference';
    case 'hover':
    case 'any-hover':
      return value === 'hover';
    case 'pointer':
    case 'any-pointer':
      return value === 'fine';
    case 'color':
      return true;
    case 'resolution':
      return (
        value === '1dppx' || value === '96dpi' || compare(96, op, parseFloat(value) * (value.endsWith('dppx') ? 96 : 1))
      );
    case '-webkit-device-pixel-ratio':
    case 'device-pixel-ratio':
      return compare(1, op, parseFloat(value));
  }
  const actual = numericFeature(name);
  const wanted = value === null ? null : lengthPx(value);
  return actual !== null && wanted !== null && compare(actual, op, wanted);
}

function matchesQuery(query: string): boolean {
  let q = query.trim();
  let negate = false;
  if (q.startsWith('not ')) {
    negate = true;
    q = q.slice(4).trim();
  }
  if (q.startsWith('only ')) q = q.slice(5).trim();
  let result = true;
  for (const part of q.split(' and ')) {
    const p = part.trim();
    if (!p) continue;
    if (p.startsWith('(') && p.endsWith(')')) result &&= matchesFeature(p.slice(1, -1));
    else result &&= p === 'all' || p === 'screen';
  }
  return negate ? !result : result;
}

/** A media query list (lower case): true when any query matches. An empty list matches. */
export function matchesMedia(prelude: string): boolean {
  if (!prelude.trim()) return true;
  return prelude.split(',').some((q) => matchesQuery(q.replace(/[ \t\r\n\f]+/g, ' ')));
}
