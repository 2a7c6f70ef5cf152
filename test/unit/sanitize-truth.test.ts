// The sanitizer against what headless Chromium showed a person (test/truth/*.json, written
// by test/truth/render.ts): no browser is needed here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadHtmlLibs } from '../../pipeline/html/libs.ts';
import { parseMessage } from '../../pipeline/parse.ts';
import { sanitizeHtml } from '../../pipeline/sanitize.ts';
import { corpusFile } from '../helpers/corpus.ts';
import { HAND_CASES, SECRET } from '../truth/cases.ts';
import { keptShare, unseenWords, words } from '../truth/compare.ts';
import type { Truth } from '../truth/render.ts';

const truthDir = join(import.meta.dirname, '../truth');
const corpus: Record<string, Truth> = JSON.parse(readFileSync(join(truthDir, 'corpus.json'), 'utf8'));
const cases: Record<string, Truth> = JSON.parse(readFileSync(join(truthDir, 'cases.json'), 'utf8'));
const withText = Object.entries(corpus).filter(([, t]) => words(t.visible).length > 0);
const secret = words(SECRET).join(' ');
const has = (text: string) => words(text).join(' ').includes(secret);

// The libraries as the analysis workers load them (import(), not the require() fallback).
beforeAll(async () => {
  await loadHtmlLibs();
});

describe('corpus HTML against the browser', () => {
  it('covers the corpus HTML bodies', () => {
    expect(withText.length).toBeGreaterThanOrEqual(100);
  });

  it.each(withText.map(([path]) => path))(
    '%s keeps at least 95 percent of the visible words and adds none',
    async (path) => {
      const parsed = await parseMessage(corpusFile(path));
      if (!parsed.ok) throw new Error(parsed.refusal.message);
      const { text } = sanitizeHtml(parsed.message.html!);
      const truth = corpus[path]!;
      expect(keptShare(text, truth)).toBeGreaterThanOrEqual(0.95);
      expect(unseenWords(text, truth)).toEqual([]);
    },
  );
});

describe('hand-made cases against the browser', () => {
  it.each(HAND_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const truth = cases[c.name]!;
    // The browser confirms the case is built right...
    expect(has(truth.visible)).toBe(!c.hide);
    const result = sanitizeHtml(c.html);
    const hiddenText = result.hidden.map((h) => h.text).join('\n');
    // ...and the sanitizer agrees: hidden text lands in hidden_text, visible text in text.
    expect(has(result.text)).toBe(!c.hide);
    expect(has(hiddenText)).toBe(c.hide);
    expect(result.flags.includes('hidden_text')).toBe(c.hide);
    expect(result.text).toContain('Hello team, the invoice is attached.');
    expect(result.text).toContain('Best regards, Anna');
    expect(keptShare(result.text, truth)).toBe(1);
    expect(unseenWords(result.text, truth)).toEqual([]);
  });
});
