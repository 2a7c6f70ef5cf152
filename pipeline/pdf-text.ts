// PDF text as a reader sees the page: pdf.js text items placed by their coordinates, so
// items on one visual line stay on one line in reading order, a wide gap between items
// becomes a cell gap (three spaces or more, which extraction treats as a cell end) and
// table columns keep their character column, so a value under a header can be found.
//
// The reader is bounded (issue 11): a PDF whose page tree lists one page 100,000 times is
// 822 KB and ran the process out of memory when every page was read. We read at most
// MAX_PDF_PAGES pages, at most MAX_PDF_TEXT characters and MAX_PDF_ITEMS text items, and
// stop at the first limit; `limited` says which one cut the text so the caller can mark
// the document truncated. Before pdf.js sees the PDF, every stream's decoded size is
// counted and a stream past the inflate limits is left out (pipeline/pdf-streams.ts).
import { getResolvedPDFJS } from 'unpdf';
import { repairFontEncodings } from './pdf-font-encoding.ts';
import { READER_LIMITS } from './limits.ts';
import { limitPdfStreams } from './pdf-streams.ts';

export const MAX_PDF_PAGES = 200;
export const MAX_PDF_TEXT = 1024 * 1024;
export const MAX_PDF_ITEMS = 200_000;
/** Embedded files kept (e-invoice XML and the like), each at most 5 MiB. */
export const MAX_EMBEDDED_FILES = 10;
export const MAX_EMBEDDED_BYTES = 5 * 1024 * 1024;
/** A line wider than this many characters is not padded further (runaway coordinates). */
const MAX_COLUMN = 400;

export interface EmbeddedFile {
  filename: string;
  bytes: Uint8Array;
}

export interface PdfText {
  text: string;
  /** Why the text stops early (a reader limit), or null when the whole PDF was read. */
  limited: string | null;
  /** Files embedded in the PDF (PDF/A-3 e-invoice XML such as ZUGFeRD / Factur-X). */
  embedded: EmbeddedFile[];
}

export interface PositionedItem {
  str: string;
  x: number;
  y: number;
  width: number;
  /** Font size (text height) in page units. */
  size: number;
  /** A right-to-left run (Arabic, Hebrew), whose glyphs the page places in visual order. */
  rtl?: boolean;
}

interface RawItem {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
  fontName?: string;
  dir?: string;
}

function positioned(raw: RawItem[]): PositionedItem[] {
  const out: PositionedItem[] = [];
  const items = repairFontEncodings(
    raw.map((item) => ({ ...item, str: typeof item.str === 'string' ? item.str : '', fontName: item.fontName ?? '' })),
  );
  for (const item of items) {
    if (!item.transform || item.str.trim() === '') continue;
    const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    const size = Math.abs(item.height ?? 0) || Math.hypot(c, d) || Math.hypot(a, b) || 10;
    const str = foldCompatibilityForms(item.str.replace(/\s+/g, ' '));
    out.push({ str, x, y, width: Math.max(0, item.width ?? 0), size, ...(item.dir === 'rtl' ? { rtl: true } : {}) });
  }
  return closeLetterSpacing(out);
}

/**
 * Characters a font's ToUnicode map gives in a compatibility form, as their ordinary letters:
 * Arabic presentation forms (each letter's joined shape, U+FB50–FDFF, U+FE70–FEFF) and the
 * Kangxi and CJK radicals (U+2E80–2FDF) that CJK fonts map their ideographs to ("⽉" for 月).
 * NFKC of those characters only: the rest of the text keeps its marks ("n.º", "m²").
 */
function foldCompatibilityForms(str: string): string {
  let out = '';
  let changed = false;
  for (const c of str) {
    const code = c.codePointAt(0)!;
    const compat =
      (code >= 0x2e80 && code <= 0x2fdf) || (code >= 0xfb50 && code <= 0xfdff) || (code >= 0xfe70 && code <= 0xfeff);
    if (compat && code !== 0xfeff) {
      out += c.normalize('NFKC');
      changed = true;
    } else out += c;
  }
  return changed ? out : str;
}

/**
 * Right-to-left runs in reading order. A page draws an Arabic or Hebrew word's glyphs in
 * visual order, left to right (often one item per glyph); adjacent right-to-left items on a
 * line are one run, read from its right end.
 */
function rtlRunsInOrder(line: PositionedItem[]): PositionedItem[] {
  if (!line.some((i) => i.rtl)) return line;
  const out: PositionedItem[] = [];
  let run: PositionedItem[] = [];
  const flush = () => {
    if (run.length === 0) return;
    // pdf.js gives each item's own characters in reading order: the items are what to reverse.
    let logical = '';
    for (let k = run.length - 1; k >= 0; k--) {
      const item = run[k]!;
      const left = run[k - 1];
      logical += item.str;
      if (left && item.x - (left.x + left.width) > item.size * 0.15 && !logical.endsWith(' ')) logical += ' ';
    }
    const first = run[0]!;
    const end = run.reduce((max, i) => Math.max(max, i.x + i.width), first.x);
    out.push({ ...first, str: logical, width: end - first.x });
    run = [];
  };
  for (const item of line) {
    // A wide gap ends a run: the next right-to-left text is another cell's.
    const last = run.at(-1);
    if (item.rtl && last && item.x - (last.x + last.width) > item.size) flush();
    if (item.rtl) run.push(item);
    else {
      flush();
      out.push(item);
    }
  }
  flush();
  return out;
}

/** Letters one by one with single spaces between ("I N V O I C E"), or null. */
function spacedLetters(str: string): string[] | null {
  const trimmed = str.trim();
  // Runs for every text item: most are words, whose second character is not a space.
  const second = trimmed.charCodeAt(0) >= 0xd800 && trimmed.charCodeAt(0) < 0xdc00 ? 2 : 1;
  if (trimmed.charCodeAt(second) !== 32) return null;
  const tokens = trimmed.split(' ');
  return tokens.length >= 2 && tokens.every((t) => [...t].length === 1) ? tokens : null;
}

/**
 * Letter-spaced words written together again. A heading or label set with CSS letter-spacing
 * reaches pdf.js as glyphs a fifth of an em apart, and pdf.js puts a space between each two
 * ("I N V O I C E   N U M B E R"); the gap between words is wider, so words stay separate
 * items. An item of three or more letters spaced that way is one word; a shorter one ("O F")
 * when a spaced word of the same size stands on its line.
 */
function closeLetterSpacing(items: PositionedItem[]): PositionedItem[] {
  const spaced = items.map((i) => spacedLetters(i.str));
  const isWord = (tokens: string[] | null) =>
    tokens !== null && tokens.length >= 3 && tokens.filter((t) => /\p{L}/u.test(t)).length >= 3;
  const lines = new Set<string>();
  items.forEach((item, n) => {
    if (isWord(spaced[n] ?? null)) lines.add(`${Math.round(item.y)}:${Math.round(item.size)}`);
  });
  if (lines.size === 0) return items;
  return items.map((item, n) => {
    const tokens = spaced[n];
    if (!tokens || !(isWord(tokens) || lines.has(`${Math.round(item.y)}:${Math.round(item.size)}`))) return item;
    return { ...item, str: tokens.join('') };
  });
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((p, q) => p - q);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Lines of one page. Items whose baselines are within a third of the font size belong to
 * one line; the line is read left to right. Each item starts at the character column its
 * x coordinate gives (the page's median character width), so columns line up from line
 * to line; a gap wider than ~1.5 characters is at least three spaces (a cell gap).
 */
export function layoutLines(items: PositionedItem[]): string[] {
  if (items.length === 0) return [];
  const charWidth = median(items.filter((i) => i.width > 0).map((i) => i.width / i.str.length)) || 5;
  // reduce, not Math.min(...): a page may hold more items than a call takes arguments.
  const left = items.reduce((min, i) => Math.min(min, i.x), Number.POSITIVE_INFINITY);
  const byLine = [...items].sort((p, q) => q.y - p.y || p.x - q.x);
  const lines: PositionedItem[][] = [];
  let current: PositionedItem[] = [];
  let baseline = Number.NaN;
  for (const item of byLine) {
    if (current.length > 0 && Math.abs(item.y - baseline) <= Math.max(1, item.size / 3)) {
      current.push(item);
      continue;
    }
    if (current.length) lines.push(current);
    current = [item];
    baseline = item.y;
  }
  if (current.length) lines.push(current);

  return lines.map((unordered) => {
    unordered.sort((p, q) => p.x - q.x);
    const line = rtlRunsInOrder(unordered);
    let text = '';
    let end = Number.NEGATIVE_INFINITY;
    let size = 0;
    for (const item of line) {
      const gap = item.x - end;
      const column = Math.min(MAX_COLUMN, Math.round((item.x - left) / charWidth));
      // A cell gap is wider than a word space of the larger of the two neighbours' fonts: a
      // title set in 15 pt whose words a producer placed one by one is spaced wider than the
      // body's characters, yet it is one phrase ("Rechnung Nr. 4711 vom ...").
      const cellGap = Math.max(charWidth * 1.5, Math.max(size, item.size) * 0.75);
      if (text === '') text = ' '.repeat(column);
      else if (gap > cellGap) text += ' '.repeat(Math.max(3, column - text.length));
      else if (gap > item.size * 0.15 && !text.endsWith(' ') && !item.str.startsWith(' ')) text += ' ';
      text += item.str;
      end = Math.max(end, item.x + item.width);
      size = item.size;
    }
    return text.trimEnd();
  });
}

/** The text without leading and trailing line breaks (a loop: `\n+$` searched backtracks quadratically). */
export function trimNewlines(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '\n') start++;
  while (end > start && text[end - 1] === '\n') end--;
  return text.slice(start, end);
}

async function embeddedFiles(pdf: { getAttachments(): Promise<unknown> }): Promise<EmbeddedFile[]> {
  const files: EmbeddedFile[] = [];
  let attachments: unknown;
  try {
    attachments = await pdf.getAttachments();
  } catch {
    return files;
  }
  if (!attachments || typeof attachments !== 'object') return files;
  for (const entry of Object.values(attachments as Record<string, { filename?: string; content?: Uint8Array }>)) {
    if (files.length >= MAX_EMBEDDED_FILES) break;
    // Empty: a file too large to keep, left out before pdf.js decoded it (pdf-streams.ts).
    if (
      !(entry?.content instanceof Uint8Array) ||
      entry.content.byteLength === 0 ||
      entry.content.byteLength > MAX_EMBEDDED_BYTES
    )
      continue;
    files.push({ filename: String(entry.filename ?? 'embedded'), bytes: entry.content });
  }
  return files;
}

/** The layout text of a PDF, read within the limits above; pages are separated by a blank line. */
export async function readPdf(bytes: Uint8Array): Promise<PdfText> {
  // pdf.js takes ownership of the buffer it is given, and streams over a limit are blanked
  // in it: pass a copy.
  const copy = new Uint8Array(bytes);
  const streams = limitPdfStreams(copy, {
    streamMaxBytes: READER_LIMITS.pdfStreamMaxBytes,
    totalMaxBytes: READER_LIMITS.pdfDecodedMaxBytes,
    embeddedMaxBytes: MAX_EMBEDDED_BYTES,
  });
  // unpdf's getDocumentProxy, without its per-call lookup of pdfjs-dist's package.json (for
  // font and CMap URLs): pdfjs-dist is not installed, so every PDF paid for a failed module
  // resolution (under tsx, a round trip to the loader thread) that added no option.
  const { getDocument } = await getResolvedPDFJS();
  const pdf = await getDocument({ data: copy, isEvalSupported: false, useSystemFonts: true, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    let length = 0;
    let items = 0;
    let limited: string | null = null;
    const count = Math.min(pdf.numPages, MAX_PDF_PAGES);
    if (pdf.numPages > MAX_PDF_PAGES) limited = `read the first ${MAX_PDF_PAGES} of ${pdf.numPages} pages`;
    for (let n = 1; n <= count; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      page.cleanup();
      items += content.items.length;
      const text = trimNewlines(layoutLines(positioned(content.items as RawItem[])).join('\n'));
      pages.push(text);
      length += text.length + 2;
      if (length >= MAX_PDF_TEXT) {
        limited = `stopped after page ${n}: more than ${MAX_PDF_TEXT} characters of text`;
        break;
      }
      if (items >= MAX_PDF_ITEMS) {
        limited = `stopped after page ${n}: more than ${MAX_PDF_ITEMS} text items`;
        break;
      }
    }
    const text = pages.join('\n\n').slice(0, MAX_PDF_TEXT);
    return {
      text,
      limited: [streams.limited, limited].filter((l) => l !== null).join('; ') || null,
      embedded: await embeddedFiles(pdf),
    };
  } finally {
    await pdf.destroy();
  }
}
