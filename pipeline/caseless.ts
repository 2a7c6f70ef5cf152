// Searching text without regard to case, with places that point into the text itself.
//
// `toLowerCase` can lengthen a character ("İ" becomes "i" and a combining dot), so an index found
// in the lower-cased text is not the same place in the text: everything after such a character
// would be cut one place too late. The lower-cased text is kept with a map back to the original.

export interface CaselessText {
  /** The text in lower case, to search with `indexOf` and `lastIndexOf`. */
  readonly lower: string;
  /** The place in the original text of a place in `lower` (its length maps to the text's length). */
  original(index: number): number;
}

export function caseless(text: string): CaselessText {
  const lower = text.toLowerCase();
  // No character lengthens when lower-cased (none shortens), so the places agree as they are.
  if (lower.length === text.length) return { lower, original: (index) => index };
  // Only the lengthening characters are lowered alone: the runs between them are lowered whole,
  // so a Greek word keeps its final sigma as `toLowerCase` writes it.
  let built = '';
  const origin: number[] = [];
  let run = 0;
  const lowerFrom = (start: number, end: number) => {
    const low = text.slice(start, end).toLowerCase();
    const same = low.length === end - start;
    for (let k = 0; k < low.length; k++) origin.push(same ? start + k : start);
    built += low;
  };
  for (let i = 0; i < text.length; ) {
    const char = String.fromCodePoint(text.codePointAt(i)!);
    if (char.toLowerCase().length !== char.length) {
      lowerFrom(run, i);
      lowerFrom(i, i + char.length);
      run = i + char.length;
    }
    i += char.length;
  }
  lowerFrom(run, text.length);
  origin.push(text.length);
  return { lower: built, original: (index) => origin[Math.max(0, Math.min(index, origin.length - 1))]! };
}
