// Word-level comparison of the sanitizer's text with what the browser showed a person.
import type { Truth } from './render.ts';

export function words(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Share of browser-visible words (counted with repetition) that the sanitizer's text keeps. */
export function keptShare(text: string, truth: Truth): number {
  const wanted = words(truth.visible);
  if (wanted.length === 0) return 1;
  const have = new Map<string, number>();
  for (const w of words(text)) have.set(w, (have.get(w) ?? 0) + 1);
  let kept = 0;
  for (const w of wanted) {
    const n = have.get(w) ?? 0;
    if (n > 0) {
      kept++;
      have.set(w, n - 1);
    }
  }
  return kept / wanted.length;
}

/** Words in the sanitizer's text that the browser showed nowhere. */
export function unseenWords(text: string, truth: Truth): string[] {
  const seen = new Set(words(truth.visible));
  return [...new Set(words(text).filter((w) => !seen.has(w)))];
}
