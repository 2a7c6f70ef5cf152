// Words of a label as a reader compares them: lower case, accents dropped (a label printed
// in capitals without accents, "NET A PAYER", reads as "Net à payer"), split on anything
// that is not a letter or digit. Phrases are matched word by word, so a label is never
// found inside a longer word ("Fournisseur" is not in "FOURNISSEUR_BV003", "Total" is not
// in "Subtotal"), and no pattern is built from a word list.

/** One character folded: lower case, without its accent. Same length in UTF-16 units. */
function foldChar(c: string): string {
  // Turkish İ lower-cases to two units and ı has no accent to drop: both read as "i"
  // ("FİŞ NO", "NAKİT", "KREDİ KARTI").
  if (c === 'İ' || c === 'ı') return 'i';
  const lower = c.toLowerCase();
  if (lower.length !== 1) return c;
  const base = lower.normalize('NFD')[0]!;
  if (base === 'ł') return 'l';
  if (base === 'ø') return 'o';
  return base;
}

const foldCache = new Map<string, string>();

/** The text folded character by character (offsets stay valid). */
export function fold(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const code = c.charCodeAt(0);
    if (code < 0x41) out += c;
    else if (code < 0x80) out += code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : c;
    else {
      let f = foldCache.get(c);
      if (f === undefined) {
        f = foldChar(c);
        foldCache.set(c, f);
      }
      out += f;
    }
  }
  return out;
}

export interface Word {
  text: string;
  /** Offset in the text the words were read from. */
  start: number;
  end: number;
}

function isWordChar(code: number, c: string): boolean {
  if ((code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a)) return true;
  return code > 0x7f && /[\p{L}\p{N}]/u.test(c);
}

// Every reader reads the words of the same cells and lines: short texts are read once (a
// bounded cache, emptied when full).
const wordsCache = new Map<string, Word[]>();

/** The folded words of `text`, with offsets into it. */
export function wordsOf(text: string): Word[] {
  if (text.length > 300) return readWords(text);
  let words = wordsCache.get(text);
  if (!words) {
    words = readWords(text);
    if (wordsCache.size >= 20_000) wordsCache.clear();
    wordsCache.set(text, words);
  }
  return words;
}

// Chinese and Japanese print words without spaces between them ("ご請求額合計", "本期应缴"):
// each ideograph or kana is read as a word of its own, so a label is found inside the run.
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

function readWords(text: string): Word[] {
  const folded = fold(text);
  const out: Word[] = [];
  let start = -1;
  for (let i = 0; i <= folded.length; i++) {
    const c = folded[i];
    const code = folded.charCodeAt(i);
    if (code >= 0x3040 && c !== undefined && CJK.test(c)) {
      if (start >= 0) out.push({ text: folded.slice(start, i), start, end: i });
      // A surrogate pair (an ideograph of the extension planes) is one character.
      const width = code >= 0xd800 && code <= 0xdbff ? 2 : 1;
      out.push({ text: folded.slice(i, i + width), start: i, end: i + width });
      start = -1;
      i += width - 1;
      continue;
    }
    const inside = c !== undefined && isWordChar(code, c);
    if (inside && start < 0) start = i;
    else if (!inside && start >= 0) {
      out.push({ text: folded.slice(start, i), start, end: i });
      start = -1;
    }
  }
  return out;
}

/** A phrase as words: "Amount due" -> ["amount", "due"]. */
export function phrase(text: string): string[] {
  return wordsOf(text).map((w) => w.text);
}

/** Where `wanted` occurs in `words` as consecutive words, or -1. */
export function findPhrase(words: readonly Word[], wanted: readonly string[], from = 0): number {
  outer: for (let i = from; i + wanted.length <= words.length; i++) {
    for (let j = 0; j < wanted.length; j++) if (words[i + j]!.text !== wanted[j]) continue outer;
    return i;
  }
  return -1;
}

/** The first phrase of `list` found in `words` (the longest when several start at the same word). */
export function firstPhrase(
  words: readonly Word[],
  list: readonly (readonly string[])[],
): { at: number; phrase: readonly string[] } | null {
  let best: { at: number; phrase: readonly string[] } | null = null;
  for (const p of list) {
    const at = findPhrase(words, p);
    if (at < 0) continue;
    if (!best || at < best.at || (at === best.at && p.length > best.phrase.length)) best = { at, phrase: p };
  }
  return best;
}

/** Whether any phrase of `list` occurs in `words`. */
export function hasPhrase(words: readonly Word[], list: readonly (readonly string[])[]): boolean {
  return list.some((p) => findPhrase(words, p) >= 0);
}

export const phrases = (...list: string[]): string[][] => list.map(phrase);

/**
 * Where a document title starts a text: at its first word, or after one qualifier ("Simplified
 * invoice", "Final invoice"), or as a German compound ("Schlussrechnung", "Abschlagsrechnung").
 * Returns the index of the title's last word, or -1.
 */
export function titleAt(
  words: readonly Word[],
  titles: readonly (readonly string[])[],
  determiners: ReadonlySet<string> = NO_WORDS,
): number {
  // "Your order", "Il tuo ordine", "Thanks for your order #1042", "Tak for din ordre #58213":
  // a title after a possessive or an article, early in its line.
  const found = firstPhrase(words, titles);
  // "Orig receipt 0611-05-6612 03/02/2026", "Ref. Fatura FS 2026/4417": another document's title.
  if (found && found.at >= 1 && REFERRING.has(words[found.at - 1]!.text)) return -1;
  if (
    found &&
    (found.at <= 1 ||
      (found.at <= 4 &&
        determiners.has(words[found.at - 1]!.text) &&
        words.slice(0, found.at).every((w) => determiners.has(w.text) || THANKS.has(w.text))))
  )
    return found.at + found.phrase.length - 1;
  const first = words[0]?.text ?? '';
  if (first.length > 8 && first.endsWith('rechnung')) return 0;
  return -1;
}

const NO_WORDS: ReadonlySet<string> = new Set();
/** Words before a title that make it another document's: the original a return or credit refers to. */
export const REFERRING: ReadonlySet<string> = new Set([
  'orig',
  'original',
  'originale',
  'ursprungliche',
  'ursprungs',
  'ref',
  'reference',
  'referencia',
  'riferimento',
  'bezug',
  'zu',
]);
// "Thank you for your order", "Merci pour votre commande", "Tak for din ordre".
const THANKS: ReadonlySet<string> = new Set([
  'thank',
  'thanks',
  'you',
  'for',
  'merci',
  'pour',
  'danke',
  'vielen',
  'dank',
  'fur',
  'gracias',
  'por',
  'grazie',
  'per',
  'bedankt',
  'voor',
  'tak',
  'tack',
  'for',
  'dziekujemy',
  'za',
  'obrigado',
]);

/**
 * The index of an invoice type code printed in parentheses ("…(380) Nr. 4711"), or -1:
 * e-invoice viewers print the document's free name, then its UNTDID 1001 code.
 */
export function typeCodeAt(words: readonly Word[], text: string, codes: ReadonlySet<string>): number {
  return words.findIndex((w) => codes.has(w.text) && text[w.start - 1] === '(' && text[w.end] === ')');
}
