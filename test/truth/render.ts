// Renders every corpus HTML body and the hand-made cases in headless Chromium (Debian's
// package, JavaScript off, every request aborted) and writes what a person sees as test
// truth: test/truth/corpus.json and test/truth/cases.json. Tests compare the sanitizer
// with that truth and need no browser.
//   apt-get install -y chromium && node bin/run-ts.mjs test/truth/render.ts
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { parseMessage } from '../../pipeline/parse.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../helpers/browser.ts';
import { corpusFile, corpusIndex } from '../helpers/corpus.ts';
import { HAND_CASES } from './cases.ts';

export interface Truth {
  /** innerText with every text node a person cannot see blanked out. */
  visible: string;
  /** Text nodes the browser lays out but a person cannot see (hidden, unreadable, off-screen). */
  hidden: string[];
  /** document.body.innerText: everything laid out, seen or not. */
  rendered: string;
}

/** Runs in the page: decides per text node whether a person sees it, from computed style and layout. */
function personSees(): Truth {
  // Computed colours can be in any CSS colour space (oklch(), color(display-p3 ...), ...):
  // the canvas converts each to sRGB as the screen shows it.
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  const rgba = (v: string): number[] => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = 'rgba(0, 0, 0, 0)';
    ctx.fillStyle = v;
    ctx.fillRect(0, 0, 1, 1);
    const d = ctx.getImageData(0, 0, 1, 1).data;
    return [d[0]!, d[1]!, d[2]!, d[3]! / 255];
  };
  // filter: opacity() fades like opacity.
  const filterOpacity = (filter: string): number => {
    let o = 1;
    for (const m of filter.matchAll(/opacity\(([\d.]+)(%?)\)/g)) o *= Number(m[1]) / (m[2] ? 100 : 1);
    return o;
  };
  const close = (a: number[], b: number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!) < 32;
  const hiddenWhy = (t: Text, el: Element): string | null => {
    const range = document.createRange();
    range.selectNodeContents(t);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    if (rects.length === 0) return 'not laid out';
    const cs = getComputedStyle(el);
    if (cs.visibility !== 'visible') return 'visibility';
    if (parseFloat(cs.fontSize) < 3) return 'font size';
    // Glyphs shrunk on screen (transform, scale, zoom) are as unreadable as a tiny font.
    if (rects.every((r) => r.height < 3)) return 'shrunk';
    const fill = rgba(cs.webkitTextFillColor || cs.color);
    if (fill[3]! <= 0.1) return 'transparent colour';
    let opacity = 1;
    let bg: number[] | null = null;
    let image = false;
    for (let a: Element | null = el; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      opacity *= parseFloat(s.opacity) * filterOpacity(s.filter);
      if (!bg && !image && s.backgroundImage !== 'none') image = true;
      const c = rgba(s.backgroundColor);
      if (!bg && !image && c[3]! >= 0.5) bg = c;
      const clip = s.clip;
      if (clip.startsWith('rect(') && (s.position === 'absolute' || s.position === 'fixed')) {
        const [top, right, bottom, left] = (clip.match(/-?[\d.]+/g) ?? []).map(Number);
        if (Math.abs(bottom! - top!) <= 1 || Math.abs(right! - left!) <= 1) return 'clipped';
      }
      if (s.clipPath.startsWith('inset(')) {
        const v = parseFloat(s.clipPath.slice(6));
        if (s.clipPath.includes('%') && v >= 50) return 'clipped';
      }
      if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
        const box = a.getBoundingClientRect();
        const inside = rects.some(
          (r) =>
            Math.min(r.right, box.right) - Math.max(r.left, box.left) > 1 &&
            Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top) > 1,
        );
        if (!inside) return 'clipped by overflow';
      }
    }
    if (opacity <= 0.05) return 'opacity';
    if (!image && close(fill, bg ?? [255, 255, 255, 1])) return 'colour matches background';
    const onPage = rects.some((r) => r.right + scrollX > 0 && r.bottom + scrollY > 0);
    if (!onPage) return 'off-screen';
    return null;
  };
  const root = document.body ?? document.documentElement;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const verdicts: [Text, string | null][] = [];
  while (walker.nextNode()) {
    const t = walker.currentNode as Text;
    const el = t.parentElement;
    if (!el || !t.data.trim()) continue;
    verdicts.push([t, hiddenWhy(t, el)]);
  }
  const rendered = root.innerText;
  const hidden: string[] = [];
  for (const [t, why] of verdicts) {
    if (why === null) continue;
    if (why !== 'not laid out') hidden.push(t.data.trim());
    t.data = '';
  }
  return { visible: root.innerText, hidden, rendered };
}

async function truthOf(page: Page, html: string): Promise<Truth> {
  await page.setContent(html, { waitUntil: 'domcontentloaded', timeout: 30_000 });
  // tsx compiles with keepNames, which calls a `__name` helper the page does not have.
  return page.evaluate(`(() => { const __name = (f) => f; return (${personSees.toString()})(); })()`) as Promise<Truth>;
}

async function main(): Promise<void> {
  const profile = mkdtempSync(join(tmpdir(), 'truth-chromium-'));
  // A fresh profile each run (Playwright passes it as --user-data-dir). Chromium's default
  // "minimum logical font size" (6 px) enlarges tiny em/% text that Apple Mail, Outlook and
  // Thunderbird show at its real size: turned off, so 0.1em reads as the 1.6 px it is.
  mkdirSync(join(profile, 'Default'));
  writeFileSync(
    join(profile, 'Default', 'Preferences'),
    JSON.stringify({ webkit: { webprefs: { minimum_logical_font_size: 0, minimum_font_size: 0 } } }),
  );
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    javaScriptEnabled: false,
    viewport: { width: 1000, height: 800 },
  });
  try {
    await context.route('**/*', (route) => route.abort());
    const page = await context.newPage();
    const corpus: Record<string, Truth> = {};
    for (const { path } of corpusIndex()) {
      const parsed = await parseMessage(corpusFile(path));
      if (!parsed.ok || !parsed.message.html?.trim()) continue;
      corpus[path] = await truthOf(page, parsed.message.html);
    }
    const cases: Record<string, Truth> = {};
    for (const c of HAND_CASES) cases[c.name] = await truthOf(page, c.html);
    const dir = import.meta.dirname;
    writeFileSync(join(dir, 'corpus.json'), `${JSON.stringify(corpus, null, 1)}\n`);
    writeFileSync(join(dir, 'cases.json'), `${JSON.stringify(cases, null, 1)}\n`);
    console.log(
      `truth written: ${Object.keys(corpus).length} corpus bodies, ${Object.keys(cases).length} hand-made cases`,
    );
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

await main();
