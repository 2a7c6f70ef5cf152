// Scores reply_text (and the forward's original sender) on the help-desk and mail-client
// fixtures of test/fixtures/replies, per half, source, client and language. Run on this tree,
// or on another checkout's pipeline to measure a before:
//   node bin/run-ts.mjs test/replies/score.ts [path/to/other/checkout] [--half dev|held] [--misses]
import { join, resolve } from 'node:path';
import { REPLY_FIXTURES } from '../fixtures/replies/labels.ts';
import { fixtureReader, squash } from './read.ts';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const half = flag('--half');
const misses = args.includes('--misses') ? args.splice(args.indexOf('--misses'), 1).length > 0 : false;
const root = resolve(args[0] ?? join(import.meta.dirname, '../..'));
const read = await fixtureReader(root);

type Tally = Map<string, [number, number]>;
const add = (t: Tally, key: string, ok: boolean) => {
  const [hit, all] = t.get(key) ?? [0, 0];
  t.set(key, [hit + (ok ? 1 : 0), all + 1]);
};
const tallies = { half: new Map(), source: new Map(), client: new Map(), lang: new Map() } as Record<string, Tally>;
const forwards: Tally = new Map();

for (const f of REPLY_FIXTURES) {
  if (half && f.half !== half) continue;
  const got = await read(f);
  const ok = squash(got.reply) === squash(f.reply);
  add(tallies.half!, f.half, ok);
  add(tallies.source!, `${f.source} (${f.half})`, ok);
  add(tallies.client!, `${f.client} (${f.half})`, ok);
  add(tallies.lang!, `${f.lang} (${f.half})`, ok);
  if (f.forwardFrom) add(forwards, f.half, got.forwardFrom === f.forwardFrom);
  if (!ok && misses) console.log(`MISS ${f.half} ${f.file}\n  want: ${squash(f.reply)}\n  got:  ${squash(got.reply)}`);
  if (f.forwardFrom && got.forwardFrom !== f.forwardFrom && misses)
    console.log(`FORWARD MISS ${f.file}: want ${f.forwardFrom}, got ${got.forwardFrom}`);
}

console.log(`reply_text on ${root}`);
for (const [name, t] of Object.entries(tallies)) {
  console.log(`\n| ${name} | right |\n|---|---|`);
  for (const [key, [hit, all]] of [...t.entries()].sort()) console.log(`| ${key} | ${hit}/${all} |`);
}
console.log('\n| forward original sender | right |\n|---|---|');
for (const [key, [hit, all]] of [...forwards.entries()].sort()) console.log(`| ${key} | ${hit}/${all} |`);
