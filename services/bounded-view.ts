// Every field of a message view is bounded, so no stored message can make a list or a read
// fail: a 130 KB Subject, 5,000 headers or 10,000 recipients are stored as they came (the
// raw MIME is kept), and cut when read. One scheme everywhere: a text keeps its first
// `kept` UTF-16 units, a list its first `kept` items, and the view's `limited` names each
// field so cut, with its whole `length`. Text an agent pages itself (text, reply_text,
// hidden text) is windowed by its tool instead (text-window.ts) and left whole here.
import { splitsPair } from './text-window.ts';

/** A field this view gives shortened: its first `kept` of `length` (UTF-16 units of a text, items of a list). */
export interface Limited {
  field: string;
  length: number;
  kept: number;
}

/**
 * Caps by field pattern: keys joined by '.', list items as '[]' ('to[].name'); '*' is the
 * cap of every field not named. `whole` names fields left as they are (windowed elsewhere).
 */
export interface ViewBounds {
  text: Record<string, number> & { '*': number };
  items: Record<string, number> & { '*': number };
  whole?: readonly string[];
}

/** The least a cap shrinks to when a view must fit a budget: enough to recognise the field. */
export const FLOOR_TEXT = 40;
export const FLOOR_ITEMS = 3;

/** `text` cut to at most `max` UTF-16 units, never between the halves of a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  return text.slice(0, splitsPair(text, max) ? max - 1 : max);
}

function cap(table: Record<string, number> & { '*': number }, pattern: string, scale: number, floor: number): number {
  const base = table[pattern] ?? table['*'];
  return scale >= 1 ? base : Math.max(Math.min(base, floor), Math.floor(base * scale));
}

/**
 * `value` with every text and list over its cap cut, and the fields cut, in document order.
 * `scale` (1, 1/2, 1/4, ...) shrinks every cap towards its floor, for a view that must fit
 * a byte budget. Views are our own shapes, a few levels deep; lists are cut before they
 * are walked, so the work is bounded by the caps, not by what was stored.
 */
export function boundView<T>(value: T, bounds: ViewBounds, scale = 1): { value: T; limited: Limited[] } {
  const limited: Limited[] = [];
  const whole = new Set(bounds.whole ?? []);
  const bound = (v: unknown, pattern: string, path: string): unknown => {
    if (typeof v === 'string') {
      if (whole.has(pattern)) return v;
      const max = cap(bounds.text, pattern, scale, FLOOR_TEXT);
      if (v.length <= max) return v;
      const cut = cutText(v, max);
      limited.push({ field: path, length: v.length, kept: cut.length });
      return cut;
    }
    if (Array.isArray(v)) {
      if (whole.has(pattern)) return v;
      const max = cap(bounds.items, pattern, scale, FLOOR_ITEMS);
      if (v.length > max) limited.push({ field: path, length: v.length, kept: max });
      return v.slice(0, max).map((item, i) => bound(item, `${pattern}[]`, `${path}[${i}]`));
    }
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(v)) {
        const sub = pattern ? `${pattern}.${key}` : key;
        out[key] = whole.has(sub) ? item : bound(item, sub, path ? `${path}.${key}` : key);
      }
      return out;
    }
    return v;
  };
  return { value: bound(value, '', '') as T, limited };
}

/** UTF-8 bytes of `value` as JSON. */
export function jsonBytes(value: unknown, replacer?: (key: string, value: unknown) => unknown): number {
  return Buffer.byteLength(JSON.stringify(value, replacer), 'utf8');
}

/**
 * `boundView` at the largest scale (1, 1/2, 1/4, ... down to the floors) whose result
 * measures at most `budget` bytes. A message with many large fields at once (hundreds of
 * attachments with long names, thousands of recipients) gives up a little of each rather
 * than failing the read; past the floors the view is as small as it gets.
 */
export function fitView<T>(
  value: T,
  bounds: ViewBounds,
  budget: number,
  measure: (bounded: T) => number = jsonBytes,
): { value: T; limited: Limited[] } {
  let bounded = boundView(value, bounds, 1);
  // 1/1024 takes every cap up to 40,000 units or 3,000 items to its floor.
  for (let scale = 0.5; measure(bounded.value) > budget && scale >= 1 / 1024; scale /= 2)
    bounded = boundView(value, bounds, scale);
  return bounded;
}

/**
 * The longest run of `items` from the start whose JSON, with `envelope` bytes around it,
 * fits `budget`; at least one item (each is bounded on its own, far below any budget). A
 * list read gives a short page rather than refuse one: the caller's cursor reads on.
 */
export function fitPage<T>(items: T[], budget: number, envelope = 128): T[] {
  const room = budget - envelope;
  const json = JSON.stringify(items);
  // A string of n characters is at most 3n bytes of UTF-8: most pages need no count.
  if (json.length * 3 <= room || Buffer.byteLength(json, 'utf8') <= room) return items;
  let used = 2;
  for (let i = 0; i < items.length; i += 1) {
    used += jsonBytes(items[i]) + (i > 0 ? 1 : 0);
    if (used > room) return items.slice(0, Math.max(1, i));
  }
  return items;
}
