// One window of a long text, as get_document_text and get_message page it. Offsets count
// UTF-16 code units, the unit of text_length and of capture field sources (`start`, `end`),
// so a source offset can be passed straight in as a window's start.

/** The largest window either tool gives: about 100 KB as JSON for text without escapes, inside the result limit's default. */
export const MAX_WINDOW_CHARS = 100_000;

export interface TextWindow {
  /** The window's text: text.slice(offset, offset + text.length). */
  text: string;
  /** Where it starts: the asked offset, moved back one when it fell inside a surrogate pair. */
  offset: number;
  /** Where the next window starts; null when this one reaches the end. */
  next_offset: number | null;
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** True when `at` falls between the two halves of a surrogate pair. */
export function splitsPair(text: string, at: number): boolean {
  return at > 0 && at < text.length && isHigh(text.charCodeAt(at - 1)) && isLow(text.charCodeAt(at));
}

/** How far back from the limit a window may end early to end on a line or a word. */
export function breakSearch(max: number): number {
  return Math.min(1000, Math.floor(max / 5));
}

/**
 * Up to `max` code units of `text` from `offset`. A window that stops before the end ends
 * after the last line break, else after the last space or tab, found in the final
 * `breakSearch(max)` units; failing both it ends at the limit, one unit earlier if that
 * would split a surrogate pair. Deterministic: the same text and inputs give the same
 * windows, and windows read on by `next_offset` join to exactly the text.
 */
export function textWindow(text: string, offset: number, max: number): TextWindow {
  const start = Math.min(splitsPair(text, offset) ? offset - 1 : offset, text.length);
  if (max <= 0) return { text: '', offset: start, next_offset: start < text.length ? start : null };
  const limit = start + max;
  if (limit >= text.length) return { text: text.slice(start), offset: start, next_offset: null };
  let end = cutPoint(text, start, limit, breakSearch(max));
  // A window of 1 unit on a pair would be empty and never advance: take the whole pair.
  if (end === start) end = start + 2;
  return { text: text.slice(start, end), offset: start, next_offset: end };
}

function cutPoint(text: string, start: number, limit: number, search: number): number {
  // Cutting after index i gives a window of i + 1 - start units: at least one, and not
  // more than `search` short of the limit.
  const lowest = Math.max(start, limit - search - 1);
  for (let i = limit - 1; i >= lowest; i -= 1) if (text.charCodeAt(i) === 0x0a) return i + 1;
  for (let i = limit - 1; i >= lowest; i -= 1) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09) return i + 1;
  }
  return splitsPair(text, limit) ? limit - 1 : limit;
}
