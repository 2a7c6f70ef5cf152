// Scores a sanitizer against the hand-made cases and Chromium's verdicts (cases.json): how
// many hiding techniques reach the agent's text unflagged, and how many visible cases it
// hides. Run on this tree, or on another checkout's pipeline to measure a before:
//   node bin/run-ts.mjs test/truth/score.ts [path/to/other/checkout]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { HAND_CASES, SECRET } from './cases.ts';
import { words } from './compare.ts';
import type { Truth } from './render.ts';

const root = resolve(process.argv[2] ?? join(import.meta.dirname, '../..'));
const { loadHtmlLibs } = await import(join(root, 'pipeline/html/libs.ts'));
const { sanitizeHtml } = (await import(
  join(root, 'pipeline/sanitize.ts')
)) as typeof import('../../pipeline/sanitize.ts');
await loadHtmlLibs();
const truth: Record<string, Truth> = JSON.parse(readFileSync(join(import.meta.dirname, 'cases.json'), 'utf8'));
const secret = words(SECRET).join(' ');
const has = (text: string) => words(text).join(' ').includes(secret);

let hiding = 0;
let visible = 0;
const unflagged: string[] = [];
const overHidden: string[] = [];
for (const c of HAND_CASES) {
  const seen = truth[c.name];
  if (!seen || has(seen.visible) === c.hide)
    throw new Error(`${c.name}: no browser verdict or it disagrees; run npm run truth`);
  const result = sanitizeHtml(c.html);
  const shown = has(result.text);
  const flagged = result.flags.includes('hidden_text');
  if (c.hide) {
    hiding++;
    if (shown || !flagged) unflagged.push(c.name);
  } else {
    visible++;
    if (!shown || flagged) overHidden.push(c.name);
  }
}
for (const name of unflagged) console.log(`reaches the agent unflagged: ${name}`);
for (const name of overHidden) console.log(`visible text hidden or flagged: ${name}`);
console.log(
  `${root}: ${unflagged.length} of ${hiding} hiding cases reach the agent's text unflagged; ` +
    `${overHidden.length} of ${visible} visible cases hidden or flagged`,
);
