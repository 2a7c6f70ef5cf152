// Why learning misses, in process (no service, a minute instead of five): the cases grouped by
// vendor as learn-score.ts groups them, each field of a group's first mail learned from the
// truth (an e-invoice element's with its printed companion, as correct_field does), the rest
// read with what was learned; each miss printed with its cause, and a count per cause.
// Approximates learn-score.ts (no layouts kept apart, no record): for diagnosis, not figures.
//   HALF=dev node bin/run-ts.mjs test/extraction/learn-diag.ts     one-issuer dev groups
//   SEVERAL=1 ...   several-issuer domains instead; ONLY=prefix ... cases whose id starts so
import { analyzeMessage, runSchema } from '../../pipeline/index.ts';
import { einvoiceOf } from '../../pipeline/einvoice.ts';
import { readAsOriginalSender } from '../../pipeline/forwarded.ts';
import { learnExtractor, placesOf, vendorDomainOf, type LearnedRun, type LearnField } from '../../pipeline/learn.ts';
import { compileSchema } from '../../pipeline/schema.ts';
import type { MessageView } from '../../pipeline/types.ts';
import type { FieldType } from '../../pipeline/validate.ts';
import { STARTERS } from '../../pipeline/starters.ts';
import { FORWARDERS, halfOf, issuersOf, learnGroupCases } from './learn-score.ts';
import { corpusCases, layoutCases, same } from './score.ts';

const only = process.env.ONLY;
const cases = [...corpusCases(), ...layoutCases(), ...learnGroupCases()].filter((c) => !only || c.id.startsWith(only));
const views = new Map<string, MessageView>();
const groups = new Map<string, typeof cases>();
for (const c of cases) {
  const r = await analyzeMessage(c.eml);
  if (!r.ok) continue;
  const m = readAsOriginalSender(r.message, FORWARDERS, null);
  views.set(c.id, m.view);
  const v = `${c.starter}:${vendorDomainOf(m.view)}`;
  groups.set(v, [...(groups.get(v) ?? []), c]);
}
const learnField = (name: string, def: { type: string; enum?: unknown[] | undefined }): LearnField => ({
  name,
  type: def.type as FieldType,
  enum: def.enum as LearnField['enum'],
});
let n = 0;
const causes = new Map<string, number>();
let ok = 0;
for (const [vendor, ms] of groups) {
  if (ms.length < 2) continue;
  const half = ms[0]!.id.startsWith('grp-') ? 'mine' : halfOf(vendor.slice(vendor.indexOf(':') + 1));
  if (process.env.HALF && process.env.HALF !== half) continue;
  if ((issuersOf(ms) === 1) !== (process.env.SEVERAL !== '1')) continue;
  const def = structuredClone(STARTERS[ms[0]!.starter]!);
  for (const f of Object.values(def.fields)) f.extract = [];
  const schema = compileSchema(def);
  const [first, ...rest] = ms;
  const learned: LearnedRun[] = [];
  const taught = new Map<string, string>();
  for (const [field, value] of Object.entries(first!.expected)) {
    const fdef = def.fields[field]!;
    const l = learnExtractor(views.get(first!.id)!, learnField(field, fdef), value);
    if (l.ok) {
      learned.push({ id: field, field, extractor: l.extractor, confidence: 0.75, layout: l.layout });
      taught.set(field, JSON.stringify(l.extractor));
    } else taught.set(field, `NOT: ${l.reason}`);
    if (l.ok && l.extractor.kind === 'einvoice') {
      const p = learnExtractor(views.get(first!.id)!, learnField(field, fdef), value, [], 'page');
      if (p.ok) {
        learned.push({ id: `${field}-printed`, field, extractor: p.extractor, confidence: 0.75, layout: p.layout });
        taught.set(field, `${taught.get(field)} + ${JSON.stringify(p.extractor)}`);
      }
    }
  }
  for (const c of rest) {
    const view = views.get(c.id)!;
    const run = runSchema(schema, view, learned);
    for (const [field, want] of Object.entries(c.expected)) {
      n++;
      const got = run.fields[field]?.value ?? null;
      if (same(field, want, got)) {
        ok++;
        continue;
      }
      const fdef = def.fields[field]!;
      const places = placesOf(view, learnField(field, fdef), want);
      const ctx = places
        .slice(0, 2)
        .map((p) => JSON.stringify(p.text.slice(Math.max(0, p.text.lastIndexOf('\n', p.start - 1) - 60), p.end + 30)));
      const fromXml =
        (taught.get(field) ?? '').startsWith('{"kind":"einvoice"') && !view.documents.some((d) => einvoiceOf(d));
      const cause = !(field in first!.expected)
        ? 'ABSENT_FIRST' // the first document had no such value: nothing to correct, nothing learned
        : taught.get(field)!.startsWith('NOT')
          ? 'NOT_TAUGHT' // the correction learned nothing (value not printed, or nothing reads it back)
          : places.length === 0
            ? 'NOT_PRINTED' // the value is not printed in this document in a usual spelling
            : fromXml && got === null
              ? 'XML_THEN_PRINTED' // learned from an e-invoice element; this document has no XML
              : got === null
                ? 'OTHER_LAYOUT' // the learned label or anchor is not in this document (another label, layout or renderer)
                : 'WRONG_VALUE'; // it reads another value (the first document printed the value under two labels)
      causes.set(cause, (causes.get(cause) ?? 0) + 1);
      console.log(
        `${cause} ${half} ${vendor} ${c.id}.${field}: want ${JSON.stringify(want)} got ${JSON.stringify(got)}\n   taught ${taught.get(field) ?? '-'}\n   at ${ctx.join('\n      ')}`,
      );
    }
  }
}
console.log(`${ok}/${n}`);
for (const [cause, count] of [...causes].sort((a, b) => b[1] - a[1])) console.log(`  ${cause} ${count}`);
