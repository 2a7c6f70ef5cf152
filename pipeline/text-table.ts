// Tables drawn with box-drawing characters, as text-only mail and text browsers print them
// (w3m, mutt's HTML views, reports of older systems): "│ Numer faktury │ FA/2025/12/001 │"
// between rules such as "├──────┼──────┤". A vertical stroke ends a cell wherever it stands,
// with or without spaces around it; the other box characters draw rules and corners, and
// read as blank space.

/** Vertical strokes: light, heavy, double and dashed, and the broken bar. */
export const BOX_VERTICALS = '│┃║┆┇┊┋╎╏¦';

const VERTICAL_CODES = new Set([...BOX_VERTICALS].map((c) => c.charCodeAt(0)));
const ANY_VERTICAL = new RegExp(`[${BOX_VERTICALS}]`);

// Called for every character of a document's text: ASCII and most letters leave at the
// first comparison, without building a string.
export function isBoxVertical(code: number): boolean {
  return code >= 0xa6 && VERTICAL_CODES.has(code);
}

/** Whether a line holds a vertical stroke (one scan of the line). */
export function hasBoxVertical(line: string): boolean {
  return ANY_VERTICAL.test(line);
}

/** A box-drawing character that is not a vertical stroke: a rule, corner or junction. */
export function isBoxRule(code: number): boolean {
  return code >= 0x2500 && code <= 0x257f && !VERTICAL_CODES.has(code);
}
