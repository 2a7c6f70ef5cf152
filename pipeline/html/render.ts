// Renders a parsed document to the text a person sees, and the text they would not see.
// The tree is walked with an explicit stack, never by recursion, so markup nested
// thousands deep cannot overflow the call stack.
import type { AnyNode, Comment, Document, Element, Text } from 'domhandler';
import { colorsClose } from './color.ts';
import { Matcher, parseStylesheet } from './css.ts';
import { leaveFlow } from './flow.ts';
import { matchesMedia } from './media.ts';
import { ROOT_STYLE, computeStyle, type Computed, type StyleContext } from './style.ts';

export interface HiddenText {
  reason: string;
  text: string;
}

// Block boundaries are marked while rendering and resolved by `tidy`, so nested blocks give
// one line break and paragraphs one blank line, however deep the markup.
export const LINE = '\u0001';
export const PARAGRAPH_BREAK = '\u0002';

// domhandler's node types, checked directly so that domhandler need not load before the first HTML body.
const isTag = (node: AnyNode): node is Element =>
  node.type === 'tag' || node.type === 'script' || node.type === 'style';
const isText = (node: AnyNode): node is Text => node.type === 'text';
const isComment = (node: AnyNode): node is Comment => node.type === 'comment';

/** Elements whose content a mail reader never shows as text. */
const DROPPED = new Set([
  'script',
  'style',
  'head',
  'title',
  'meta',
  'link',
  'iframe',
  'object',
  'embed',
  'template',
  'svg',
  'canvas',
  'audio',
  'video',
  'base',
  'frame',
  'frameset',
  'applet',
  'noembed',
  'noframes',
  'select',
  'datalist',
  'input',
  'img',
  'map',
  'area',
  'param',
  'source',
  'track',
]);
const PARAGRAPH = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'blockquote', 'ul', 'ol']);
/**
 * value.trim().toLowerCase().startsWith('javascript:') without copying every attribute
 * value (style attributes are long): \s is trim's whitespace, and /i folds only ASCII
 * letters to ASCII letters, as toLowerCase does for the letters of "javascript".
 */
const JAVASCRIPT_URL = /^\s*javascript:/i;
/** Smaller than this (2 pt is 2.67 px) no one reads the text. */
const MIN_READABLE_PX = 3;

type Hide = { reason: string; src: number };

/** More inline images than any real mail shows beside its text; past it, none are recorded. */
const MAX_ICONS = 200;

/**
 * An alt text that names something, as a logo's does ("Visa", "Apple Pay"): one to three words
 * with a letter, at most 24 characters. Longer alts describe pictures; empty ones are spacers.
 */
function iconAlt(alt: string | undefined): string | null {
  if (alt === undefined) return null;
  const text = alt.replace(/[ \t\r\n\f]+/g, ' ').trim();
  if (text.length < 2 || text.length > 24 || !/\p{L}/u.test(text)) return null;
  return text.split(' ').length <= 3 ? text : null;
}

function textHides(s: Computed): Hide | null {
  if (s.hide) return s.hide;
  if (s.visibility === 'hidden' || s.visibility === 'collapse') return { reason: 'visibility:hidden', src: s.visSrc };
  if (s.fontSize < MIN_READABLE_PX) return { reason: 'font-size too small to read', src: s.fontSrc };
  if (s.fontSize * s.shrink < MIN_READABLE_PX) return { reason: 'shrunk too small to read', src: s.shrinkSrc };
  if (s.color[3] <= 0.1) return { reason: 'color: transparent', src: s.colorSrc };
  if (!s.bgImage && colorsClose(s.color, s.background)) {
    return { reason: 'text colour matches its background', src: Math.max(s.colorSrc, s.bgSrc) };
  }
  return null;
}

function wordCount(text: string): number {
  let n = 0;
  for (const w of text.split(/[ \t\r\n\f]+/)) if (/\p{L}{2}/u.test(w)) n++;
  return n;
}

/** A piece that is only whitespace and block markers (what `tidy` turns into breaks). */
function isBreakPiece(piece: string): boolean {
  for (let k = 0; k < piece.length; k++) {
    const code = piece.charCodeAt(k);
    if (code > 32 && code !== 0xa0) return false;
  }
  return true;
}

function hasBreak(piece: string): boolean {
  return piece.includes(LINE) || piece.includes(PARAGRAPH_BREAK) || piece.includes('\n');
}

type Frame = { node: AnyNode; style: Computed; depth: number } | { exit: Element; style: Computed };

/** Chromium's parser nests at most 512 elements deep and attaches deeper ones as siblings. */
export const MAX_DEPTH = 512;

const ATOMIC_INLINE = new Set(['inline-block', 'inline-flex', 'inline-grid', 'inline-table']);

/** Lifts everything below MAX_DEPTH into the element at that depth, in document order, as a browser's tree has it. */
function flattenDeep(root: Element): void {
  const lifted: AnyNode[] = [];
  const stack: AnyNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    lifted.push(node);
    if (isTag(node)) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
      node.children = [];
    }
  }
  root.children = lifted;
  lifted.forEach((node, i) => {
    node.parent = root;
    node.prev = lifted[i - 1] ?? null;
    node.next = lifted[i + 1] ?? null;
  });
}

export class Renderer {
  readonly visible: string[] = [];
  readonly hidden: { key: string; reason: string; parts: string[] }[] = [];
  scriptRemoved = false;
  /** The stylesheet cost more to match than any real mail; later elements were not styled by it. */
  styleBudgetExceeded = false;
  private open: { key: string; reason: string; parts: string[] } | null = null;
  private cells: number[] = [];
  /** Per open table row, where each of its cells' pieces start and end in `visible`. */
  private rowCells: { start: number; end: number }[][] = [];
  private ids = 0;

  /**
   * Inline images with a short alt text (a card scheme's logo before "•••• 4242"), by where
   * they sit in `visible`. A person sees the image, not the word: the text does not show it,
   * and only extraction reads it (docs/extraction.md, "Inline icons").
   */
  readonly icons: { place: number; alt: string }[] = [];
  /** Elements `quoteOf` marks (outermost only), by where their text starts and ends in `visible`. */
  readonly quotes: { mark: string; start: number; end: number }[] = [];
  private quoteOpen: Element | null = null;

  constructor(
    private readonly doc: Document,
    private readonly quirks: boolean,
    private readonly quoteOf?: (el: Element) => string | null,
    private readonly maxQuotes = 0,
  ) {}

  run(): void {
    const matcher = new Matcher(parseStylesheet(this.stylesheetText(), this.quirks));
    // Custom properties may expand to at most this many characters in one document (a
    // chain of var()s doubling at each step grows exponentially); beyond it they are invalid.
    const context: StyleContext = { matcher, varBudget: { left: 1_000_000 }, quirks: this.quirks };
    const stack: Frame[] = this.doc.children.map((node) => ({ node, style: ROOT_STYLE, depth: 1 })).reverse();
    while (stack.length > 0) {
      const frame = stack.pop()!;
      if ('exit' in frame) {
        matcher.leave(frame.exit);
        leaveFlow(frame.style.flowAdvance);
        this.close(frame.exit, frame.style);
        if (frame.exit === this.quoteOpen) {
          this.quotes.at(-1)!.end = this.visible.length;
          this.quoteOpen = null;
        }
        continue;
      }
      const { node, style, depth } = frame;
      if (isText(node)) {
        this.text(node.data, style);
        continue;
      }
      if (isComment(node)) {
        this.comment(node.data);
        continue;
      }
      if (!isTag(node)) continue;
      if (!this.scriptRemoved) {
        // Once one is found the flag is set: the other attributes need not be looked at.
        for (const attr in node.attribs) {
          if (attr.startsWith('on') || JAVASCRIPT_URL.test(node.attribs[attr]!)) {
            this.scriptRemoved = true;
            break;
          }
        }
      }
      if (node.name === 'script') this.scriptRemoved = true;
      if (node.name === 'img') this.icon(node, style, context, depth);
      if (DROPPED.has(node.name) || node.namespace === 'http://www.w3.org/2000/svg') continue;
      if (depth === MAX_DEPTH) flattenDeep(node);
      const own = computeStyle(node, style, context, depth, ++this.ids);
      matcher.enter(node);
      if (
        this.quoteOf &&
        !this.quoteOpen &&
        this.quotes.length < this.maxQuotes &&
        this.quotes.at(-1)?.mark !== 'rest'
      ) {
        const mark = this.quoteOf(node);
        if (mark) {
          this.quotes.push({ mark, start: this.visible.length, end: this.visible.length });
          this.quoteOpen = node;
        }
      }
      const detailsClosed = node.name === 'details' && !('open' in node.attribs);
      this.openBox(node, own);
      stack.push({ exit: node, style: own });
      for (let i = node.children.length - 1; i >= 0; i--) {
        const child = node.children[i]!;
        const hiddenByDetails = detailsClosed && !(isTag(child) && child.name === 'summary') && !own.hide;
        const childStyle = hiddenByDetails ? { ...own, hide: { reason: 'closed <details>', src: this.ids } } : own;
        stack.push({ node: child, style: childStyle, depth: depth + 1 });
      }
    }
    this.flushRight();
    this.styleBudgetExceeded = matcher.exhausted || context.varBudget.left < 0;
  }

  /** Records an image a person sees whose alt text is a name of a few words, where it sits. */
  private icon(img: Element, parent: Computed, context: StyleContext, depth: number): void {
    if (this.icons.length >= MAX_ICONS) return;
    const alt = iconAlt(img.attribs.alt);
    if (!alt) return;
    const own = computeStyle(img, parent, context, depth, ++this.ids);
    if (own.hide || own.display === 'none' || own.visibility === 'hidden') return;
    this.icons.push({ place: this.visible.length, alt });
  }

  private stylesheetText(): string {
    const css: string[] = [];
    const stack: AnyNode[] = [...this.doc.children].reverse();
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (!isTag(node) || node.name === 'template') continue;
      if (node.name === 'style') {
        // <style media="print"> and the like do not apply on a desktop screen.
        const media = node.attribs.media;
        if (media === undefined || matchesMedia(media.toLowerCase()))
          css.push(node.children.map((c) => (isText(c) ? c.data : '')).join(''));
      } else for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    }
    return css.join('\n');
  }

  private emit(piece: string, hide: Hide | null, visibleText: boolean): void {
    if (this.rightOfLine.length > 0 && hasBreak(piece)) this.flushRight();
    if (!hide) {
      this.visible.push(piece);
      if (visibleText) this.open = null;
      else this.open?.parts.push(piece);
      return;
    }
    const key = `${hide.reason}#${hide.src}`;
    if (this.open?.key !== key) {
      if (!visibleText) return; // whitespace or a break alone does not start hidden text
      this.open = { key, reason: hide.reason, parts: [] };
      this.hidden.push(this.open);
    }
    this.open.parts.push(piece);
  }

  private text(data: string, style: Computed): void {
    const text = style.pre ? data : data.replace(/[ \t\r\n\f]+/g, ' ');
    const hasText = text.trim().length > 0;
    this.emit(text, hasText ? textHides(style) : style.hide, hasText);
  }

  private comment(data: string): void {
    const text = data.trim();
    // `<?xml …?>` and Word's `<?xml:namespace …/>` parse as comments starting with "?";
    // conditional comments hold Outlook markup, and short comments are template labels.
    // A comment with a sentence in it is text hidden from the reader.
    if (text.startsWith('?') || text.startsWith('[if') || text.startsWith('<![endif') || text.startsWith('[endif'))
      return;
    if (wordCount(text) >= 5) this.hidden.push({ key: 'comment', reason: 'HTML comment', parts: [text] });
  }

  // A flex row's children are boxes side by side, read as a table row's cells are: "Serie y
  // folio" and "B-9182" in two spans of a `display:flex` row are two cells, not one word.
  private openBox(el: Element, style: Computed): void {
    const d = style.display;
    const hide = style.hide;
    if (style.floatRight) this.floats.push({ el, start: this.visible.length });
    if (el.name === 'br') this.emit('\n', hide, false);
    else if (style.gridSpan > 0 && d !== 'none' && d !== 'contents') this.openGridItem(style.gridSpan, hide);
    else if (style.flexItem === 'row' && d !== 'none' && d !== 'contents') this.openCell(hide);
    else if (style.flexItem === 'column' && d.startsWith('inline')) this.emit(LINE, hide, false);
    else if (d === 'list-item') this.emit(`${LINE}- `, hide, false);
    else if (d === 'table-row') this.openRow(hide);
    else if (d === 'table-cell') this.openCell(hide);
    else if (PARAGRAPH.has(el.name) && d !== 'inline' && d !== 'inline-block' && style.flexLayout !== 'row')
      this.emit(PARAGRAPH_BREAK, hide, false);
    else if (!d.startsWith('inline') && d !== 'contents' && d !== 'none' && style.flexLayout !== 'row')
      this.emit(LINE, hide, false);
    else if (ATOMIC_INLINE.has(d)) {
      this.spaceApart(hide);
      this.openColumn(el);
    }
    if (style.flexLayout === 'row') this.openRow(hide);
    if (style.gridColumns) this.grids.push({ columns: style.gridColumns, used: 0, row: false });
  }

  // A grid's children fill rows of its columns: each row reads as a table row's cells.
  private grids: { columns: number; used: number; row: boolean }[] = [];

  private openGridItem(span: number, hide: Hide | null): void {
    const grid = this.grids.at(-1);
    if (!grid) return;
    if (!grid.row || grid.used + span > grid.columns) {
      if (grid.row) this.closeRow(hide);
      this.openRow(hide);
      grid.row = true;
      grid.used = 0;
    }
    grid.used += span;
    this.openCell(hide);
  }

  private closeGrid(hide: Hide | null): void {
    const grid = this.grids.pop();
    if (grid?.row) this.closeRow(hide);
  }

  // An inline box (inline-block, inline-flex …) is laid out whole beside its neighbours: its
  // text never runs into theirs ("Invoice" in a 120px box, then "INV-1" in the next).
  private spaceApart(hide: Hide | null): void {
    const last = this.visible.at(-1);
    if (last !== undefined && !/\s$/.test(last) && last !== LINE && last !== PARAGRAPH_BREAK)
      this.emit(' ', hide, false);
  }

  private openRow(hide: Hide | null): void {
    this.emit(LINE, hide, false);
    this.cells.push(0);
    this.rowCells.push([]);
  }

  private openCell(hide: Hide | null): void {
    const i = this.cells.length - 1;
    if (i >= 0) {
      if (this.cells[i]! > 0) this.emit(' | ', hide, false);
      this.cells[i]!++;
      this.rowCells[i]!.push({ start: this.visible.length, end: -1 });
    } else this.emit(' ', hide, false);
  }

  private closeRow(hide: Hide | null): void {
    const cells = this.rowCells.pop() ?? [];
    this.pairLines(cells);
    this.joinCells(cells);
    this.emit(LINE, hide, false);
    this.cells.pop();
  }

  private closeCell(): void {
    // A box floated right inside the cell sits at the cell's right end, not the row's.
    this.flushRight();
    const cell = this.rowCells.at(-1)?.findLast((c) => c.end < 0);
    if (cell) cell.end = this.visible.length;
  }

  // A box floated right ("<li><span style="float:right">$14.00</span>Parking</li>") is printed
  // first but seen at the line's right end: its text moves after the text beside it, a cell of
  // its own ("Parking | $14.00"), where the line breaks next or its table cell ends.
  private floats: { el: Element; start: number }[] = [];
  private rightOfLine: string[] = [];

  private closeFloat(el: Element): void {
    if (this.floats.at(-1)?.el !== el) return;
    const { start } = this.floats.pop()!;
    const moved = this.visible.slice(start);
    // Only plain text on one line moves; an icon or a quote placed inside stays where it was read.
    if (
      moved.length === 0 ||
      this.floats.length > 0 ||
      moved.some(hasBreak) ||
      !moved.some((p) => p.trim() !== '') ||
      this.icons.some((i) => i.place >= start) ||
      this.quotes.some((q) => q.end >= start)
    )
      return;
    this.visible.length = start;
    this.rightOfLine.push(...moved);
  }

  private flushRight(): void {
    if (this.rightOfLine.length === 0) return;
    const moved = this.rightOfLine;
    this.rightOfLine = [];
    this.visible.push(' | ', ...moved);
  }

  private close(el: Element, style: Computed): void {
    const d = style.display;
    const hide = style.hide;
    if (style.floatRight) this.closeFloat(el);
    if (this.columns.at(-1)?.parent === el) this.pairColumns(this.columns.pop()!.cells);
    if (style.flexLayout === 'row') this.closeRow(hide);
    if (style.gridColumns) this.closeGrid(hide);
    if (style.gridSpan > 0 && d !== 'none' && d !== 'contents') this.closeCell();
    else if (style.flexItem === 'row' && d !== 'none' && d !== 'contents') this.closeCell();
    else if (style.flexItem === 'column' && d.startsWith('inline')) this.emit(LINE, hide, false);
    else if (d === 'table-row') this.closeRow(hide);
    else if (d === 'table-cell') this.closeCell();
    else if (style.flexLayout === 'row') return;
    else if (ATOMIC_INLINE.has(d)) {
      this.closeColumn(el);
      this.spaceApart(hide);
    } else if (PARAGRAPH.has(el.name) && d !== 'inline' && d !== 'inline-block')
      this.emit(PARAGRAPH_BREAK, hide, false);
    else if (!d.startsWith('inline') && d !== 'contents' && d !== 'none' && d !== 'table-cell')
      this.emit(LINE, hide, false);
  }

  // Inline blocks side by side in one parent (MJML's `mj-column-per-50` divs, a label column
  // beside a value column), by where each one's pieces start and end in `visible`.
  private columns: { parent: Element | null; cells: { start: number; end: number }[] }[] = [];

  private openColumn(el: Element): void {
    const parent = el.parent as Element | null;
    if (this.columns.at(-1)?.parent !== parent) this.columns.push({ parent, cells: [] });
    this.columns.at(-1)!.cells.push({ start: this.visible.length, end: -1 });
  }

  private closeColumn(el: Element): void {
    const group = this.columns.at(-1);
    if (group?.parent !== el.parent) return;
    const cell = group.cells.findLast((c) => c.end < 0);
    if (cell) cell.end = this.visible.length;
  }

  /**
   * Two inline blocks side by side, each holding blocks of its own: a column of labels beside a
   * column of their values, as MJML prints facts and sums ("Order number / Paid via" beside
   * "LW-1 / PayPal"). A person reads each label beside the value on its line, as `pairLines`
   * reads a table row's two cells. Labels may hold a rate ("VAT 2.1 %") and values a word
   * ("PayPal"), but fewer than half of the labels hold a digit and more than half of the values
   * do (two addresses side by side keep their own lines).
   */
  private pairColumns(cells: { start: number; end: number }[]): void {
    const filled = cells.filter((c) => c.end > c.start);
    if (filled.length !== 2) return;
    const [left, right] = filled as [{ start: number; end: number }, { start: number; end: number }];
    if (this.icons.some((c) => c.place >= left.start && c.place <= right.end)) return;
    if (this.quotes.some((q) => q.start <= right.end && q.end >= left.start)) return;
    // Blocks inside both: inline boxes within a line of text are words, not columns.
    const blocks = (c: { start: number; end: number }) => {
      for (let k = c.start; k < c.end; k++)
        if (hasBreak(this.visible[k]!) && isBreakPiece(this.visible[k]!)) return true;
      return false;
    };
    if (!blocks(left) || !blocks(right)) return;
    const labels = this.cellLines(left);
    const values = this.cellLines(right);
    if (labels.length < 1 || labels.length !== values.length) return;
    const texts = labels.map((l) => l.join('').trim());
    const valueTexts = values.map((l) => l.join('').trim());
    if (texts.some((t) => t.length > 40 || !/\p{L}/u.test(t) || /^\P{L}/u.test(t))) return;
    if (texts.filter((t) => /\d/.test(t)).length * 2 >= texts.length) return;
    if (valueTexts.some((t) => t.length > 80) || valueTexts.filter((t) => /\d/.test(t)).length * 2 <= texts.length)
      return;
    const rows = texts.map((label, n) => `${label} | ${valueTexts[n]}`);
    const pieces = rows.flatMap((row, n) => (n === 0 ? [row] : [LINE, row]));
    const span = right.end - left.start;
    for (let k = 0; k < span; k++) this.visible[left.start + k] = pieces[k] ?? '';
  }

  /** A cell's lines, each the pieces between its line breaks; empty lines are left out. */
  private cellLines(cell: { start: number; end: number }): string[][] {
    const lines: string[][] = [[]];
    for (let k = cell.start; k < cell.end; k++) {
      const piece = this.visible[k]!;
      if (hasBreak(piece)) {
        if (!isBreakPiece(piece)) return [];
        if (lines.at(-1)!.some((p) => p.trim() !== '')) lines.push([]);
      } else lines.at(-1)!.push(piece);
    }
    return lines.filter((l) => l.some((p) => p.trim() !== ''));
  }

  /**
   * A block of labels in one cell and their values in the next, one per line ("Order #<br>
   * Placed<br>Paid with" beside "KH-10<br>02/26/2026<br>Visa ****1234", as older shop
   * platforms print them): a person reads each label beside the value on its line, so each
   * line is one row of two cells ("Placed | 02/26/2026"). Only where both cells hold as many
   * lines, two or more, and the left one's are short labels with no digit (two addresses side
   * by side keep their own lines).
   */
  private pairLines(cells: { start: number; end: number }[]): void {
    const filled = cells.filter((c) => c.end > c.start);
    for (let i = 0; i + 1 < filled.length; i++) {
      const left = filled[i]!;
      const right = filled[i + 1]!;
      if (this.icons.some((c) => c.place >= left.start && c.place <= right.end)) continue;
      if (this.quotes.some((q) => q.start <= right.end && q.end >= left.start)) continue;
      const labels = this.cellLines(left);
      const values = this.cellLines(right);
      if (labels.length < 2 || labels.length !== values.length) continue;
      const texts = labels.map((l) => l.join('').trim());
      if (texts.some((t) => t.length > 40 || !/\p{L}/u.test(t) || /\d/.test(t))) continue;
      if (!values.some((l) => /\d/.test(l.join(''))) || values.some((l) => l.join('').trim().length > 60)) continue;
      const rows = texts.map((label, n) => `${label} | ${values[n]!.join('').trim()}`);
      const pieces = rows.flatMap((row, n) => (n === 0 ? [row] : [LINE, row]));
      const span = right.end - left.start;
      for (let k = 0; k < span; k++) this.visible[left.start + k] = pieces[k] ?? '';
      i++;
    }
  }

  /**
   * Cells side by side read as one line: where a row's neighbouring cells both hold text and
   * one of them holds a single line, the block breaks between them (a <p>, <h3> or <div>
   * wrapping a cell's text) are dropped, so "Total" and "$1,284.00" in two cells read
   * "Total | $1,284.00" as a person sees them, and a label cell stays beside a value cell of
   * several lines. Two cells of several lines each (two addresses) keep their own lines.
   */
  private joinCells(cells: { start: number; end: number }[]): void {
    let previous: { last: number; oneLine: boolean } | null = null;
    for (const cell of cells) {
      if (cell.end < 0) continue;
      let first = -1;
      let last = -1;
      for (let k = cell.start; k < cell.end; k++) {
        if (!isBreakPiece(this.visible[k]!)) {
          if (first < 0) first = k;
          last = k;
        }
      }
      if (first < 0) continue;
      let oneLine = true;
      for (let k = first + 1; k < last && oneLine; k++) if (hasBreak(this.visible[k]!)) oneLine = false;
      if (previous && (previous.oneLine || oneLine)) {
        for (let k = previous.last + 1; k < first; k++)
          if (isBreakPiece(this.visible[k]!) && hasBreak(this.visible[k]!)) this.visible[k] = ' ';
      }
      previous = { last, oneLine };
    }
  }
}
