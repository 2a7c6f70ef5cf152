// Characters a reader does not see, removed from every text an agent reads (body, hidden
// text, attachment text, subject, names, file names) and flagged by class, so an
// instruction nobody can see never reaches an agent as if it were content:
//   zero_width_chars  zero-width space/joiners, word joiner, BOM, soft hyphen, Mongolian vowel separator
//   bidi_override     bidi embeddings, overrides, isolates and marks (they reorder what is shown)
//   invisible_chars   Unicode tag characters (U+E0000-U+E007F), variation selectors that select
//                     nothing (runs, or after a character that takes none), and every other
//                     default-ignorable code point (Hangul fillers, invisible operators, ...)
// Kept, because a person sees them: one variation selector right after a character that takes
// one (U+FE0F after an emoji, an ideographic variation selector after a CJK ideograph), and an
// emoji tag sequence (U+1F3F4, 3 to 7 tag letters or digits, U+E007F: the England flag).
import type { Flag } from './types.ts';

/** Unicode's Default_Ignorable_Code_Point: every class above is inside it. */
const IGNORABLE_RUN = /\p{Default_Ignorable_Code_Point}+/gu;
const HAS_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

const ZERO_WIDTH = new Set([0x00ad, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff]);
const isBidi = (c: number) =>
  c === 0x061c || c === 0x200e || c === 0x200f || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);

const TAG_CANCEL = 0xe007f;
const BLACK_FLAG = 0x1f3f4;
/** Tag letters a-z and digits 0-9: what a subdivision flag spells (gbeng, gbsct, usca). */
const isTagSpec = (c: number) => (c >= 0xe0061 && c <= 0xe007a) || (c >= 0xe0030 && c <= 0xe0039);

const EMOJI = /\p{Emoji}/u;
const IDEOGRAPH = /\p{Ideographic}/u;
/** Characters with standardized variants (StandardizedVariants.txt) selected by U+FE00-U+FE0D. */
const STANDARDIZED_BASE =
  /[0\p{Ideographic}\p{Sm}\p{Script=Myanmar}\p{Script=Phags_Pa}\p{Script=Egyptian_Hieroglyphs}\p{Script=Manichaean}]/u;
const MONGOLIAN = /\p{Script=Mongolian}/u;

/** Whether `selector` right after `base` selects a glyph a person sees. */
function selects(base: number, selector: number): boolean {
  const b = String.fromCodePoint(base);
  if (selector === 0xfe0e || selector === 0xfe0f) return EMOJI.test(b);
  if (selector >= 0xfe00 && selector <= 0xfe0d) return STANDARDIZED_BASE.test(b);
  if (selector >= 0xe0100 && selector <= 0xe01ef) return IDEOGRAPH.test(b);
  // Mongolian free variation selectors (U+180B-U+180D, U+180F).
  return MONGOLIAN.test(b);
}

const isSelector = (c: number) =>
  (c >= 0xfe00 && c <= 0xfe0f) || (c >= 0xe0100 && c <= 0xe01ef) || (c >= 0x180b && c <= 0x180d) || c === 0x180f;

/** The code point that ends text[0..end), or -1. */
function codePointBefore(text: string, end: number): number {
  if (end <= 0) return -1;
  const low = text.charCodeAt(end - 1);
  if (low >= 0xdc00 && low <= 0xdfff && end >= 2) {
    const high = text.charCodeAt(end - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(end - 2)!;
  }
  return low;
}

/** One run of default-ignorable code points after `base`: what of it a person sees. */
function keepOfRun(run: number[], base: number, flags: Set<Flag>): string {
  let kept = '';
  let i = 0;
  if (isSelector(run[0]!) && base >= 0 && selects(base, run[0]!)) {
    kept += String.fromCodePoint(run[0]!);
    i = 1;
  } else if (base === BLACK_FLAG) {
    let j = 0;
    while (j < run.length && isTagSpec(run[j]!)) j++;
    if (j >= 3 && j <= 7 && run[j] === TAG_CANCEL) {
      kept += String.fromCodePoint(...run.slice(0, j + 1));
      i = j + 1;
    }
  }
  for (; i < run.length; i++) {
    const c = run[i]!;
    if (ZERO_WIDTH.has(c)) flags.add('zero_width_chars');
    else if (isBidi(c)) flags.add('bidi_override');
    else flags.add('invisible_chars');
  }
  return kept;
}

/**
 * The text without the characters a reader does not see; each class found adds its flag.
 * Linear: one regex pass, and text without any default-ignorable code point is returned as is.
 */
export function stripInvisible(text: string, flags: Set<Flag>): string {
  if (!HAS_IGNORABLE.test(text)) return text;
  return text.replace(IGNORABLE_RUN, (run: string, offset: number) =>
    keepOfRun(
      Array.from(run, (c) => c.codePointAt(0)!),
      codePointBefore(text, offset),
      flags,
    ),
  );
}

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators. */
const CONTROL_RUN = /[\p{Cc}\u2028\u2029]+/gu;

/**
 * A header field as an agent may read it (subject, a sender or recipient name, a header
 * value): no control characters (a CR LF decoded from an encoded word would start a new
 * "header" in whatever the agent writes next), each run of them one space, and no invisible
 * characters (flagged as in body text).
 */
export function headerText(value: string, flags: Set<Flag>): string {
  return stripInvisible(value, flags).replace(CONTROL_RUN, ' ').trim();
}
