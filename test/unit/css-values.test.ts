// Declaration values as the cascade reads them (pipeline/html/values.ts, color.ts, units.ts),
// and hostile stylesheets built to make that reading slow, deep or huge.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseColor } from '../../pipeline/html/color.ts';
import { loadHtmlLibs } from '../../pipeline/html/libs.ts';
import { lengthPx, readNumber } from '../../pipeline/html/units.ts';
import { cleanProperty, cleanValue, substituteVars, VarScope } from '../../pipeline/html/values.ts';
import { sanitizeHtml } from '../../pipeline/sanitize.ts';

beforeAll(async () => {
  await loadHtmlLibs();
});

const scope = (vars: Record<string, string>, parent: VarScope | null = null) =>
  new VarScope(new Map(Object.entries(vars)), parent, { left: 1_000_000 });

describe('values as CSS tokenizes them', () => {
  it.each([
    ['/**/none', 'none'],
    ['none/* trailing */', 'none'],
    ['no/**/ne', 'no ne'],
    ['n\\one', 'none'],
    ['\\6e one', 'none'],
    ['\\77hite', 'white'],
    ['0\\70 x', '0px'],
    ['v\\61r(--h)', 'var(--h)'],
    // An escaped "#" is part of an identifier, never a colour: kept escaped.
    ['\\23 fff', '\\23 fff'],
    ["'a/*b*/c'", "'a/*b*/c'"],
  ])('%s -> %s', (raw, clean) => {
    expect(cleanValue(raw)).toBe(clean);
  });

  it('property names: escapes decoded, custom properties keep their case', () => {
    expect(cleanProperty('\\64 isplay')).toBe('display');
    expect(cleanProperty('DIS\\PLAY')).toBe('display');
    expect(cleanProperty('--Brand')).toBe('--Brand');
  });
});

describe('var()', () => {
  it('substitutes chains, fallbacks and inherited values', () => {
    const root = scope({ '--c': '#fff' });
    const own = scope({ '--a': 'var(--b)', '--b': 'none' }, root);
    expect(substituteVars('var(--a)', own)).toBe('none');
    expect(substituteVars('var(--missing, var(--c))', own)?.trim()).toBe('#fff');
    expect(substituteVars('calc(var(--n, 0) * 1px)', own)).toBe('calc( 0 * 1px)');
  });

  it('a cycle, an undefined name without fallback and `initial` are invalid', () => {
    const cyclic = scope({ '--a': 'var(--b)', '--b': 'var(--a)', '--i': 'initial' });
    expect(substituteVars('var(--a)', cyclic)).toBeNull();
    expect(substituteVars('var(--nope)', cyclic)).toBeNull();
    expect(substituteVars('var(--i)', cyclic)).toBeNull();
    expect(substituteVars('var(x)', cyclic)).toBeNull();
  });
});

describe('math functions and colours', () => {
  it.each([
    ['calc(1px - 1px)', 0],
    ['min(0px, 12px)', 0],
    ['clamp(1px, 5px, 3px)', 3],
    ['calc(calc(2px * 0) + min(0em, 10px))', 0],
    ['calc(2em + 10%)', 21],
    ['calc((1px + 2px) * 2)', 6],
  ])('%s is %s px, with 1em = 100 percent = 10 px', (value, px) => {
    expect(lengthPx(value, 10)).toBeCloseTo(px);
  });

  it('mismatched units and unknown functions are not lengths', () => {
    expect(lengthPx('calc(1px + 1)')).toBeNull();
    expect(lengthPx('foo(1px)')).toBeNull();
    expect(lengthPx('0 px')).toBeNull();
    expect(readNumber('calc(0)')).toBe(0);
    expect(readNumber('50%')).toBe(0.5);
  });

  it.each([
    ['oklch(1 0 0)', [255, 255, 255, 1]],
    ['lab(0 0 0)', [0, 0, 0, 1]],
    ['color(srgb 1 0 0)', [255, 0, 0, 1]],
    ['color-mix(in srgb, white 100%, black)', [255, 255, 255, 1]],
    ['rgb(from white r g 0)', [255, 255, 0, 1]],
    ['Canvas', [255, 255, 255, 1]],
    ['light-dark(white, black)', [255, 255, 255, 1]],
    ['rebeccapurple', [102, 51, 153, 1]],
    ['color-mix(in srgb, red 0%, transparent)', [0, 0, 0, 0]],
  ])('%s', (value, rgba) => {
    expect(parseColor(value)).toEqual(rgba);
  });

  it('currentcolor is the colour it is given; nonsense is no colour', () => {
    expect(parseColor('currentcolor', [1, 2, 3, 1])).toEqual([1, 2, 3, 1]);
    const grey = parseColor('color-mix(in srgb, currentcolor, white)', [0, 0, 0, 1])!;
    for (const channel of grey.slice(0, 3)) expect(Math.abs(channel - 127.5)).toBeLessThanOrEqual(1);
    expect(grey[3]).toBe(1);
    expect(parseColor('color-mix(in srgb, currentcolor, white)')).toBeNull();
    expect(parseColor('bogus')).toBeNull();
    expect(parseColor('\\23 fff')).toBeNull();
  });
});

describe('hostile stylesheets stay bounded', () => {
  const tail = '<p>visible tail</p>';

  it('custom properties doubling at every step (a var() bomb) become invalid, not huge', () => {
    const vars = Array.from({ length: 40 }, (_, i) => `--v${i + 1}:var(--v${i}) var(--v${i})`).join(';');
    const r = sanitizeHtml(`<p style="--v0:none;${vars};display:var(--v40)">bomb text</p>${tail}`);
    expect(r.text).toBe(`bomb text\n\nvisible tail`);
  });

  it('a 200-step var() chain resolves; a 5,000-step one is dropped without a stack overflow', () => {
    const chain = (n: number) =>
      `${Array.from({ length: n }, (_, i) => `--v${i + 1}:var(--v${i})`).join(';')};display:var(--v${n})`;
    const short = sanitizeHtml(`<p style="--v0:none;${chain(200)}">chained text</p>${tail}`);
    expect(short.text).toBe('visible tail');
    expect(short.hidden.map((h) => h.text)).toEqual(['chained text']);
    const long = sanitizeHtml(`<p style="--v0:none;${chain(5000)}">chained text</p>${tail}`);
    expect(long.text).toBe('chained text\n\nvisible tail');
  });

  it('math and colour functions nested thousands deep are not evaluated', () => {
    const calc = `${'calc('.repeat(5000)}0px${')'.repeat(5000)}`;
    const mix = `${'color-mix(in srgb, white, '.repeat(3000)}white${')'.repeat(3000)}`;
    const r = sanitizeHtml(`<p style="font-size:${calc}">deep calc</p><p style="color:${mix}">deep mix</p>${tail}`);
    expect(r.text).toBe('deep calc\n\ndeep mix\n\nvisible tail');
  });

  it('CSS nested 2,000 rules deep applies its first levels only', () => {
    const css = `${'.a{'.repeat(2000)}color:red${'}'.repeat(2000)}.x{display:none}`;
    const r = sanitizeHtml(`<style>${css}</style><p class="x">after the nesting</p>${tail}`);
    expect(r.text).toBe('visible tail');
  });

  it('nested rules repeating & at every level do not grow exponentially', () => {
    const css = `.a{${'&&&&&&&&{'.repeat(8)}color:red${'}'.repeat(9)}.x{display:none}`;
    const r = sanitizeHtml(`<style>${css}</style><p class="x">after the nesting</p>${tail}`);
    expect(r.text).toBe('visible tail');
  });

  it('10,000 elements with their own custom properties', () => {
    const html = '<p style="--h:none;display:var(--h)">hidden words</p>'.repeat(10_000) + tail;
    const r = sanitizeHtml(html);
    expect(r.text).toBe('visible tail');
    expect(r.flags).toContain('hidden_text');
  }, 60_000);

  it('a 300 KB style attribute', () => {
    const style = `${'color:red;'.repeat(30_000)}display:none`;
    const r = sanitizeHtml(`<p style="${style}">long style</p>${tail}`);
    expect(r.text).toBe('visible tail');
  });
});
