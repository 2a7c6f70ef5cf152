// Windows of a long text: they join to exactly the text, never split a surrogate pair, and
// end on a line or word break when one is near the limit.
import { describe, expect, it } from 'vitest';
import { breakSearch, textWindow } from '../../services/text-window.ts';

const PIECES = ['a', 'bc', ' ', '\n', '😀', '𝄞', 'é', 'word', '\t', '中文'];

/** A seeded text of `n` pieces: letters, spaces, line breaks, and astral characters (surrogate pairs). */
function seededText(seed: number, n: number, pieces = PIECES): string {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31);
  return Array.from({ length: n }, () => pieces[next() % pieces.length]).join('');
}

function pages(text: string, max: number, offset = 0): { text: string; offset: number; next_offset: number | null }[] {
  const out = [];
  for (let at: number | null = offset; at !== null; ) {
    const w = textWindow(text, at, max);
    out.push(w);
    at = w.next_offset;
  }
  return out;
}

const insidePair = (text: string, at: number) =>
  at > 0 && at < text.length && /[\ud800-\udbff]/.test(text[at - 1]!) && /[\udc00-\udfff]/.test(text[at]!);

describe('textWindow', () => {
  it('gives windows that join to exactly the text, each within max and on code point boundaries', () => {
    for (const [seed, n, max] of [
      [1, 5000, 100],
      [2, 20000, 2000],
      [3, 3000, 7],
      [4, 800, 2],
      [5, 4000, 333],
    ] as const) {
      const text = seededText(seed, n);
      const all = pages(text, max);
      expect(all.map((p) => p.text).join('')).toBe(text);
      expect(all.length).toBeGreaterThan(1);
      let at = 0;
      for (const p of all) {
        expect(p.offset).toBe(at);
        expect(p.text.length).toBeGreaterThan(0);
        expect(p.text.length).toBeLessThanOrEqual(max);
        expect(insidePair(text, p.offset + p.text.length)).toBe(false);
        at = p.offset + p.text.length;
      }
      expect(at).toBe(text.length);
    }
  });

  it('is deterministic: the same text and inputs give the same windows', () => {
    const text = seededText(9, 4000);
    expect(pages(text, 250)).toEqual(pages(text, 250));
  });

  it('ends after the last line break near the limit, else after the last space, else at the limit', () => {
    const lines = `first line\nsecond line here\n${'x'.repeat(200)}`;
    // Limit 30 lands in the x run; the break 3 units back (after "here\n") is within the search.
    expect(textWindow(lines, 0, 30)).toEqual({ text: 'first line\nsecond line here\n', offset: 0, next_offset: 28 });
    const words = 'alpha beta gamma delta epsilon zeta';
    expect(textWindow(words, 0, 20).text).toBe('alpha beta gamma '); // 17: the space after "gamma"
    const solid = 'y'.repeat(500);
    expect(textWindow(solid, 0, 100)).toEqual({ text: 'y'.repeat(100), offset: 0, next_offset: 100 });
  });

  it('looks back at most breakSearch(max) units for a break', () => {
    expect(breakSearch(100)).toBe(20);
    expect(breakSearch(100_000)).toBe(1000);
    const far = 'a '.padEnd(60, 'b') + 'c'.repeat(200); // the only space at index 1: too far back from 100
    expect(textWindow(far, 0, 100).text.length).toBe(100);
    const near = `${'b'.repeat(80)} ${'c'.repeat(200)}`; // a space at 80, exactly 20 back from the limit
    expect(textWindow(near, 0, 100).text).toBe(`${'b'.repeat(80)} `);
  });

  it('never cuts inside a surrogate pair: a limit between its halves ends one unit early', () => {
    const text = `${'x'.repeat(99)}😀${'y'.repeat(200)}`; // the pair takes units 99 and 100
    const first = textWindow(text, 0, 100);
    expect(first).toEqual({ text: 'x'.repeat(99), offset: 0, next_offset: 99 });
    const second = textWindow(text, 99, 100);
    expect(second.text.startsWith('😀')).toBe(true);
    expect(second.text.length).toBe(100);
    expect(first.text + second.text).toBe(text.slice(0, 199));
  });

  it('moves an offset inside a surrogate pair back to the pair', () => {
    const text = `ab😀cd`;
    expect(textWindow(text, 3, 10)).toEqual({ text: '😀cd', offset: 2, next_offset: null });
  });

  it('takes a whole pair rather than give an empty window that never advances', () => {
    expect(textWindow('😀😀', 0, 1)).toEqual({ text: '😀', offset: 0, next_offset: 2 });
  });

  it('gives an empty window for max 0 (next_offset stays put) and past the end (null)', () => {
    expect(textWindow('hello', 2, 0)).toEqual({ text: '', offset: 2, next_offset: 2 });
    expect(textWindow('hello', 5, 0)).toEqual({ text: '', offset: 5, next_offset: null });
    expect(textWindow('hello', 99, 10)).toEqual({ text: '', offset: 5, next_offset: null });
    expect(textWindow('', 0, 10)).toEqual({ text: '', offset: 0, next_offset: null });
  });
});
