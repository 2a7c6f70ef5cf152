// Repairs the text of a PDF font that pdf.js decoded as Mac Roman when its codes are
// Windows-1252. A symbolic TrueType font with no /Encoding and no ToUnicode map leaves the
// meaning of its codes open; ghostscript writes such fonts when it re-distills a PDF (as PDF/A
// converters and "print to PDF" chains do), and pdf.js then reads each code through the font's
// Mac cmap: "référence" comes out as "rÈfÈrence", "N°" as "N∞", "Fällig" as "F‰llig" and
// "100,00 €" as "100,00 Ä". Poppler reads the same codes as Windows-1252 and is right in
// practice. The decision is made per font, over all its text on the page, and only when the
// Mac reading shows marks of the wrong table that the Windows reading clears.
//
// A second kind: a font whose codes are its glyph indices. Printing a PDF through PostScript
// (pdftops and ps2pdf, PostScript printer drivers) turns TrueType fonts into such fonts, and
// no reader can map their codes to letters: "Stadtwerke 72070" reads "6WDGWZHUNH\u0003\u001a...".
// Most TrueType fonts order their first glyphs as Apple's standard order does, where a printable
// ASCII character's glyph index is its code less 29; a font whose text is full of control
// characters that this shift turns into words is read back that way. Glyphs past that range
// (accented letters) have no such rule and become U+FFFD, shown rather than guessed.
//
// A font whose text is still mostly control characters numbers its glyphs in the order they
// were first used (subset fonts re-encoded by a PostScript round trip): nothing maps them to
// letters, and read as they are they give values out of noise ("A$" as a currency). Its text
// is left out, so the page says nothing rather than something wrong.

/** Mac Roman's characters for the bytes 0x80-0xFF, in byte order. */
const MAC_ROMAN =
  'ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø¿¡¬√ƒ≈∆«»…\u00A0ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\uF8FFÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ';
/** Windows-1252's characters for 0x80-0x9F (the rest of the upper half is Latin-1); NUL = undefined. */
const WINDOWS_1252_C1 = '€\u0000‚ƒ„…†‡ˆ‰Š‹Œ\u0000Ž\u0000\u0000‘’“”•–—˜™š›œ\u0000žŸ';

const MAC_TO_WINDOWS = new Map<string, string>();
for (let i = 0; i < 128; i++) {
  const byte = 0x80 + i;
  const windows = byte < 0xa0 ? WINDOWS_1252_C1[byte - 0x80]! : String.fromCharCode(byte);
  MAC_TO_WINDOWS.set(MAC_ROMAN[i]!, windows);
}

/** Characters business text almost never holds, which the wrong table produces. */
const UNLIKELY = new Set([...'∞≠≤≥∂∑∏π∫Ω√ƒ≈∆◊⁄ﬁﬂ‡‰ıˆ˜¯˘˙˚¸˝˛ˇ‹›\uF8FFŽžŠšŒœŸ\u0000']);
const UPPER_ACCENTED = new Set([...'ÀÁÂÃÈÉÊËÌÍÎÏÒÓÔÕÙÚÛ']);
const isLower = (c: string | undefined) => c !== undefined && c !== c.toUpperCase() && c === c.toLowerCase();

/** How many marks of a wrong code table a text shows: unlikely signs, and capitals with accents inside lower-case words. */
export function encodingMarks(text: string): number {
  const chars = [...text];
  let marks = 0;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (UNLIKELY.has(c)) marks++;
    else if (UPPER_ACCENTED.has(c) && isLower(chars[i - 1]) && isLower(chars[i + 1])) marks++;
  }
  return marks;
}

/** The text read as Windows-1252 instead of Mac Roman, or null when some character has no Mac Roman byte. */
export function macRomanAsWindows(text: string): string | null {
  let out = '';
  for (const c of text) {
    if (c.charCodeAt(0) < 0x80) out += c;
    else {
      const windows = MAC_TO_WINDOWS.get(c);
      if (windows === undefined) return null;
      out += windows;
    }
  }
  return out;
}

/** Shift between a printable ASCII character and its glyph index in Apple's standard glyph order. */
const GLYPH_SHIFT = 29;
const LAST_SHIFTED = 0x7e - GLYPH_SHIFT;

/** A font's text with at least this share of control characters is codes, not text. */
const UNREADABLE_SHARE = 0.1;

/** Share of a text's characters that are control characters (glyph indices, never text); tabs and line breaks are text. */
function glyphIndexShare(text: string): number {
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 1 && code < 0x20 && code !== 9 && code !== 10 && code !== 13) controls++;
  }
  return text.length ? controls / text.length : 0;
}

/**
 * A glyph-index text read as ASCII: each code up to '~' less 29 is shifted back, the rest is
 * U+FFFD. A space stays a space: pdf.js inserts it itself where glyphs stand apart (glyph 32,
 * '=', is rare enough in such text to be given up for that).
 */
export function glyphIndicesAsAscii(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x20) out += ' ';
    else out += code >= 3 && code <= LAST_SHIFTED ? String.fromCharCode(code + GLYPH_SHIFT) : '\uFFFD';
  }
  return out;
}

/** Share of a glyph-index text that reads as words (letters in runs of two or more) once shifted. */
function wordShare(text: string): number {
  const read = glyphIndicesAsAscii(text).replaceAll(' ', '');
  const words = read.match(/[A-Za-z]{2,}/g)?.join('').length ?? 0;
  return read.length > 0 ? words / read.length : 0;
}

/**
 * Fonts of a page whose text is glyph indices. A font is one when its control characters
 * (space's glyph 3, the digits' 19-28) shift into text that is mostly words; once one font of
 * the page is, the page went through such a printer, and a font with less text (a bold title
 * that is mostly digits) needs only a fair share of words.
 */
function glyphIndexFonts(byFont: Map<string, string>): Set<string> {
  const fonts = new Set<string>();
  const candidates = [...byFont].filter(([, text]) => text.length >= 8 && glyphIndexShare(text) >= 0.05);
  for (const [font, text] of candidates) if (wordShare(text) >= 0.4) fonts.add(font);
  if (fonts.size > 0) for (const [font, text] of candidates) if (wordShare(text) >= 0.2) fonts.add(font);
  return fonts;
}

/**
 * The strings of one page with each font's text repaired where the font was read through the
 * wrong table: every string of a font is re-read when the font's whole text shows such marks,
 * maps entirely to Mac Roman bytes, and shows none once re-read.
 */
export function repairFontEncodings<T extends { str: string; fontName: string }>(items: T[]): T[] {
  const byFont = new Map<string, string>();
  for (const item of items) byFont.set(item.fontName, (byFont.get(item.fontName) ?? '') + item.str);
  const repaired = new Set<string>();
  const glyphIndexed = glyphIndexFonts(byFont);
  const unreadable = new Set<string>();
  for (const [font, text] of byFont) {
    if (glyphIndexed.has(font)) continue;
    if (glyphIndexShare(text) >= UNREADABLE_SHARE) {
      unreadable.add(font);
      continue;
    }
    const marks = encodingMarks(text);
    if (marks === 0) continue;
    const reread = macRomanAsWindows(text);
    if (reread !== null && encodingMarks(reread) === 0) repaired.add(font);
  }
  if (repaired.size === 0 && glyphIndexed.size === 0 && unreadable.size === 0) return items;
  return items.map((item) => {
    if (unreadable.has(item.fontName)) return { ...item, str: '' };
    if (glyphIndexed.has(item.fontName)) return { ...item, str: glyphIndicesAsAscii(item.str) };
    return repaired.has(item.fontName) ? { ...item, str: macRomanAsWindows(item.str) ?? item.str } : item;
  });
}
