// The printed page as lines and cells. Document text keeps its layout (pipeline/pdf-text.ts
// puts each PDF text item at the column its x coordinate gives; HTML tables become
// "cell | cell" rows), so a wide gap or " | " ends a cell, and a cell's column is where it
// starts on its line; a text table's box-drawing strokes end cells too (pipeline/text-table.ts).
// Offsets are into the document text, so a value read here points at the characters it came from.
import { hasBoxVertical, isBoxRule, isBoxVertical } from '../text-table.ts';

export interface Cell {
  text: string;
  /** Offset of the cell's first character in the document text. */
  offset: number;
  /** Column of its first and one past its last character on the line. */
  start: number;
  end: number;
}

export interface Line {
  index: number;
  text: string;
  /** Offset of the line's first character in the document text. */
  offset: number;
  cells: Cell[];
  /** Table cells joined with " | " (HTML tables, pipe-separated text). */
  piped: boolean;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 0xa0;
}

/**
 * The cells of a line: runs separated by " | " (or " · ", " • "), a box-drawing stroke, a tab, or three
 * spaces or more; box-drawing rules and corners are blank. One pass,
 * no regex: a line of a hostile document may be megabytes long.
 */
export function cellsOf(text: string, lineOffset: number): Cell[] {
  const cells: Cell[] = [];
  let start = -1;
  let lastText = -1;
  const close = () => {
    if (start >= 0 && lastText >= start) {
      cells.push({ text: text.slice(start, lastText + 1), offset: lineOffset + start, start, end: lastText + 1 });
    }
    start = -1;
    lastText = -1;
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 9 || isBoxVertical(code)) {
      close();
      continue;
    }
    // " | ", and " · " or " • " as mail apps set items on one line ("13.03.2026 · Bon 5519-0313 · Kasse 1").
    if (
      (code === 124 /* | */ || code === 0xb7 /* · */ || code === 0x2022) /* • */ &&
      (i === 0 || isSpace(text.charCodeAt(i - 1))) &&
      (i + 1 >= text.length || isSpace(text.charCodeAt(i + 1)))
    ) {
      close();
      continue;
    }
    if (isSpace(code) || isBoxRule(code)) {
      // Three spaces in a row end a cell.
      if (start >= 0 && i - lastText >= 3) close();
      continue;
    }
    if (start < 0) start = i;
    lastText = i;
  }
  close();
  return cells;
}

const cache = new WeakMap<object, { text: string; lines: Line[] }>();

/** The document's lines (cached per document object and text). */
export function linesOf(key: object, text: string): Line[] {
  const hit = cache.get(key);
  if (hit && hit.text === text) return hit.lines;
  const lines: Line[] = [];
  let offset = 0;
  let index = 0;
  for (const raw of text.split('\n')) {
    const piped = raw.includes(' | ') || hasBoxVertical(raw);
    lines.push({ index, text: raw, offset, cells: cellsOf(raw, offset), piped });
    offset += raw.length + 1;
    index++;
  }
  cache.set(key, { text, lines });
  return lines;
}

/** The next line with text after `index`, within `reach` lines. */
export function nextFilled(lines: Line[], index: number, reach = 3): Line | undefined {
  for (let i = index + 1; i < lines.length && i <= index + reach; i++) if (lines[i]!.cells.length > 0) return lines[i];
  return undefined;
}

/** The cell of `line` that overlaps the column span [start, end), allowing `slack` columns. */
export function cellUnder(line: Line, start: number, end: number, slack = 2): Cell | undefined {
  return line.cells.find((c) => c.start < end + slack && c.end > start - slack);
}
