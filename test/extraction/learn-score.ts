// Learning from corrections measured through the service (issue 25): the business corpus
// (and the project's own layouts) grouped by vendor, the sender domain as ingest stores it
// (the original sender's for the corpus's forwarded mail). Every mail is ingested into a
// bucket with its starter schema ("before"); then in each group of two or more, the wrong
// fields of the first mail are corrected from the truth, and the rest are reprocessed in
// order ("after"), a field first seen in a later mail corrected after it is counted. Mail of vendors with one mail is reprocessed too: none of its fields may change.
//   node bin/run-ts.mjs test/extraction/learn-score.ts          all groups
//   ONLY=kv node bin/run-ts.mjs test/extraction/learn-score.ts  cases whose id starts so
//   BARE=1 ...   the starters' fields with no extractors: every value from what was learned
//   LOOP=1 ...   every wrong field of every later mail corrected after it is counted (ScoreMode)
//   MISSES=1 ... each miss (test/extraction/learn-diag.ts tells their causes, in process)
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STARTERS } from '../../pipeline/starters.ts';
import { caller, createSandbox, makeTestApp } from '../helpers/app.ts';
import { corpusCases, layoutCases, same, type Case } from './score.ts';

// The corpus's customers' staff forward invoices on (README "The e-mails"): trusted forwarders.
export const FORWARDERS = ['@buyer-ltd.example', '@kunde-gmbh.example', '@kunden-ag.example', '@papierflieger.example'];
const EVERYTHING = { not: { subject_contains: ['\u2400never\u2400'] } };

export interface FieldOutcome {
  id: string;
  /** The mail's format group (xml, pdf, html, receipt; own-... for the project's layouts). */
  format: string;
  field: string;
  ok: boolean;
  got: unknown;
  confidence: number;
  learned: boolean;
  /** A field the group's earlier mails did not have: nothing could be learned for it before. */
  firstSeen?: boolean;
}

export interface GroupResult {
  vendor: string;
  half: Half;
  cases: string[];
  /** What the correction of the first mail taught, per field. */
  taught: { field: string; status: string; reason: string }[];
  /** Corrections of later mails after they were counted: first appearances (and, mode loop, every miss). */
  taughtLater: { field: string; status: string; reason: string }[];
  /**
   * Issuers among the group's mails: distinct vendor names in the truth. A sender domain that
   * carries several (the corpus's example.com and test.de: sample documents of many issuers)
   * is no vendor, and one correction cannot teach its other issuers' layouts.
   */
  issuers: number;
  before: FieldOutcome[];
  after: FieldOutcome[];
}

export interface LearnScore {
  groups: GroupResult[];
  /** Fields of vendors with one mail whose value or confidence changed after all the learning. */
  othersChanged: { id: string; field: string; before: unknown; after: unknown }[];
  othersChecked: number;
}

type Call = ReturnType<typeof caller>;

/**
 * Vendor groups split in two by a hash of the vendor domain, fixed before the learner was
 * changed (issue 25): the learner is developed on `dev` only; `held` measures it on vendors
 * no one tuned on.
 */
export type Half = 'dev' | 'held' | 'mine';
export function halfOf(vendorDomain: string): Half {
  return createHash('sha256').update(vendorDomain).digest()[0]! % 2 === 0 ? 'dev' : 'held';
}
type Fields = Record<string, { value: unknown; confidence: number; learned?: string }>;

function outcomes(c: Case, fields: Fields): FieldOutcome[] {
  return Object.entries(c.expected).map(([field, want]) => {
    const f = fields[field];
    return {
      id: c.id,
      format: c.group,
      field,
      ok: same(field, want, f?.value ?? null),
      got: f?.value ?? null,
      confidence: f?.confidence ?? 0,
      learned: f?.learned !== undefined,
    };
  });
}

/**
 * The bucket's schema: the starter as shipped, or (`bare`) the starter's fields with no
 * extractors at all, so that every value read comes from what corrections taught.
 */
function schemaOf(starter: string, bare: boolean): unknown {
  if (!bare) return `starter:${starter}`;
  const def = structuredClone(STARTERS[starter]!);
  for (const f of Object.values(def.fields)) f.extract = [];
  return def;
}

async function tenantFor(t: Awaited<ReturnType<typeof makeTestApp>>, starter: string, bare: boolean): Promise<Call> {
  const call = caller(t.h3, (await createSandbox(t.app, 'operator')).key);
  for (const b of (await call('list_buckets')).body.buckets as { id: string }[])
    await call('update_bucket', { id: b.id, enabled: false });
  const made = await call('create_bucket', {
    name: starter.replaceAll('_', '-'),
    priority: 1,
    rule: EVERYTHING,
    schema: schemaOf(starter, bare),
    policy: { forwarders: FORWARDERS },
  });
  if (made.status !== 200) throw new Error(`create_bucket: ${JSON.stringify(made.body)}`);
  return call;
}

/**
 * first (the issue's measure): the first mail of a vendor is corrected, the rest are read in
 * order, and a field a mail shows for the first time in its group is corrected after it was
 * counted (a person fills in what they see empty). loop: every wrong field of every mail is
 * corrected after it was counted, as a person reviewing each capture does.
 */
export type ScoreMode = 'first' | 'loop';

export async function learnScore(cases: Case[], bare = false, mode: ScoreMode = 'first'): Promise<LearnScore> {
  const t = await makeTestApp();
  try {
    const tenants = new Map<string, Call>();
    const ingested = new Map<string, { messageId: string; captureId: string; vendor: string; fields: Fields }>();
    for (const c of cases) {
      let call = tenants.get(c.starter);
      if (!call) {
        call = await tenantFor(t, c.starter, bare);
        tenants.set(c.starter, call);
      }
      const res = await call('ingest_message', { eml: Buffer.from(c.eml).toString('utf8') });
      if (res.status !== 200 || !res.body.capture)
        throw new Error(`${c.id}: ${JSON.stringify(res.body).slice(0, 300)}`);
      const message = await call('get_message', { id: res.body.message_id, max_text_chars: 0 });
      const vendor =
        String(message.body.from?.address ?? '')
          .split('@')[1]
          ?.toLowerCase() ?? '';
      const capture = await call('get_capture', { id: res.body.capture.id });
      ingested.set(c.id, {
        messageId: res.body.message_id,
        captureId: res.body.capture.id,
        vendor: `${c.starter}:${vendor}`,
        fields: capture.body.fields,
      });
    }
    const byVendor = new Map<string, Case[]>();
    for (const c of cases) {
      const v = ingested.get(c.id)!.vendor;
      byVendor.set(v, [...(byVendor.get(v) ?? []), c]);
    }
    const groups: GroupResult[] = [];
    for (const [vendor, members] of [...byVendor.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      if (members.length < 2) continue;
      const call = tenants.get(members[0]!.starter)!;
      const [first, ...rest] = members;
      const firstIn = ingested.get(first!.id)!;
      const taught: GroupResult['taught'] = [];
      for (const o of outcomes(first!, firstIn.fields).filter((x) => !x.ok)) {
        const res = await call('correct_field', {
          id: firstIn.captureId,
          field: o.field,
          value: first!.expected[o.field],
          reason: 'truth',
        });
        if (res.status !== 200) {
          taught.push({ field: o.field, status: `refused ${res.status}`, reason: res.body.error?.message ?? '' });
          continue;
        }
        taught.push({ field: o.field, status: res.body.learning?.status, reason: res.body.learning?.reason });
      }
      const before = rest.flatMap((c) => outcomes(c, ingested.get(c.id)!.fields));
      const after: FieldOutcome[] = [];
      const taughtLater: GroupResult['taught'] = [];
      // Fields the group has shown so far: one a later mail shows for the first time could not
      // be learned from the first; it counts as read, and then the person corrects it.
      const seen = new Set(Object.keys(first!.expected));
      for (const c of rest) {
        const again = await call('reprocess_message', { id: ingested.get(c.id)!.messageId });
        const capture = await call('get_capture', { id: again.body.capture.id });
        const read = outcomes(c, capture.body.fields).map((o) => ({ ...o, firstSeen: !seen.has(o.field) }));
        after.push(...read);
        for (const o of read.filter((x) => !x.ok && (x.firstSeen || mode === 'loop'))) {
          const res = await call('correct_field', {
            id: again.body.capture.id,
            field: o.field,
            value: c.expected[o.field],
            reason: 'truth',
          });
          taughtLater.push({
            field: o.field,
            status: res.status === 200 ? res.body.learning?.status : `refused ${res.status}`,
            reason: res.status === 200 ? res.body.learning?.reason : (res.body.error?.message ?? ''),
          });
        }
        for (const field of Object.keys(c.expected)) seen.add(field);
      }
      const half = first!.id.startsWith('grp-') ? 'mine' : halfOf(vendor.slice(vendor.indexOf(':') + 1));
      groups.push({
        vendor,
        half,
        cases: members.map((c) => c.id),
        taught,
        taughtLater,
        issuers: issuersOf(members),
        before,
        after,
      });
    }
    // Vendors with one mail: nothing learned applies to them, so nothing may change.
    const othersChanged: LearnScore['othersChanged'] = [];
    let othersChecked = 0;
    for (const [, members] of byVendor) {
      if (members.length !== 1) continue;
      const c = members[0]!;
      const call = tenants.get(c.starter)!;
      const was = ingested.get(c.id)!;
      const again = await call('reprocess_message', { id: was.messageId });
      const now = (await call('get_capture', { id: again.body.capture.id })).body.fields as Fields;
      for (const field of Object.keys(was.fields)) {
        othersChecked++;
        const a = was.fields[field]!;
        const b = now[field];
        if (JSON.stringify([a.value, a.confidence]) !== JSON.stringify([b?.value, b?.confidence]))
          othersChanged.push({ id: c.id, field, before: a.value, after: b?.value });
      }
    }
    return { groups, othersChanged, othersChecked };
  } finally {
    await t.close();
  }
}

const GROUPS = join(import.meta.dirname, '../fixtures/learn-groups');

/** The vendor groups written for this measurement (test/fixtures/learn-groups, built by its build.ts). */
export function learnGroupCases(): Case[] {
  if (!existsSync(join(GROUPS, 'truth.json'))) return [];
  const truth = JSON.parse(readFileSync(join(GROUPS, 'truth.json'), 'utf8')) as Record<
    string,
    { starter: string; format: string; expected: Record<string, unknown> }
  >;
  return Object.entries(truth).map(([id, c]) => ({
    id,
    group: `mine-${c.starter === 'receipt' ? 'receipt' : c.format}`,
    starter: c.starter,
    expected: c.expected,
    eml: readFileSync(join(GROUPS, `${id}.eml`)),
  }));
}

/** How many issuers a group's mails name (their truth's vendor names, folded). */
export function issuersOf(members: Case[]): number {
  const names = members.map((c) => String(c.expected.vendor_name ?? c.expected.merchant ?? ''));
  return new Set(names.map((n) => n.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''))).size;
}

const pct = (ok: number, n: number) => (n ? `${((100 * ok) / n).toFixed(1)}%` : '-');

export function learnReport(score: LearnScore): string {
  const lines = [
    'half vendor group                                  mails  before          after           wrong>=0.9 after',
  ];
  const total = { n: 0, before: 0, after: 0, wrong: 0 };
  for (const g of score.groups) {
    const b = g.before.filter((o) => o.ok).length;
    const a = g.after.filter((o) => o.ok).length;
    const wrong = g.after.filter((o) => !o.ok && o.got !== null && o.confidence >= 0.9).length;
    total.n += g.after.length;
    total.before += b;
    total.after += a;
    total.wrong += wrong;
    lines.push(
      `  ${g.half.padEnd(4)} ${g.vendor.padEnd(44)} ${String(g.cases.length).padStart(4)}  ${`${b}/${g.before.length}`.padStart(7)} ${pct(b, g.before.length).padStart(6)}  ${`${a}/${g.after.length}`.padStart(7)} ${pct(a, g.after.length).padStart(6)}  ${String(wrong).padStart(4)}`,
    );
  }
  lines.push(
    `  ${'all groups'.padEnd(44)} ${''.padStart(4)}  ${`${total.before}/${total.n}`.padStart(7)} ${pct(total.before, total.n).padStart(6)}  ${`${total.after}/${total.n}`.padStart(7)} ${pct(total.after, total.n).padStart(6)}  ${String(total.wrong).padStart(4)}`,
  );
  lines.push(
    '',
    'per half and format of the later mail        fields  before          after           wrong>=0.9 after',
  );
  for (const half of ['dev', 'held', 'mine'] as const) {
    const groups = score.groups.filter((g) => g.half === half);
    const formats = [...new Set(groups.flatMap((g) => g.after.map((o) => o.format)))].sort();
    for (const format of formats) {
      const before = groups.flatMap((g) => g.before.filter((o) => o.format === format));
      const after = groups.flatMap((g) => g.after.filter((o) => o.format === format));
      const b = before.filter((o) => o.ok).length;
      const a = after.filter((o) => o.ok).length;
      const wrong = after.filter((o) => !o.ok && o.got !== null && o.confidence >= 0.9).length;
      const n = after.length;
      const vendors = groups.filter((g) => g.after.some((o) => o.format === format)).length;
      lines.push(
        `  ${`${half} ${format} (${vendors} vendors)`.padEnd(42)} ${String(n).padStart(6)}  ${`${b}/${n}`.padStart(7)} ${pct(b, n).padStart(6)}  ${`${a}/${n}`.padStart(7)} ${pct(a, n).padStart(6)}  ${String(wrong).padStart(4)}`,
      );
    }
  }
  lines.push(
    '',
    'per half, by issuers under the sender domain   fields  after           wrong>=0.9 after  without first-seen fields',
  );
  for (const half of ['dev', 'held', 'mine'] as const) {
    for (const one of [true, false]) {
      const groups = score.groups.filter((g) => g.half === half && (g.issuers === 1) === one);
      const after = groups.flatMap((g) => g.after);
      if (after.length === 0) continue;
      const a = after.filter((o) => o.ok).length;
      const wrong = after.filter((o) => !o.ok && o.got !== null && o.confidence >= 0.9).length;
      const known = after.filter((o) => !o.firstSeen);
      const k = known.filter((o) => o.ok).length;
      lines.push(
        `  ${`${half} ${one ? 'one issuer' : 'several issuers'} (${groups.length} domains)`.padEnd(44)} ${String(after.length).padStart(6)}  ${`${a}/${after.length}`.padStart(7)} ${pct(a, after.length).padStart(6)}  ${String(wrong).padStart(4)}        ${`${k}/${known.length}`.padStart(7)} ${pct(k, known.length).padStart(6)}`,
      );
    }
  }
  const firstSeen = score.groups.flatMap((g) => g.after.filter((o) => o.firstSeen));
  const later = score.groups.flatMap((g) => g.taughtLater);
  lines.push(
    `fields first seen after a group's first mail (counted as read, then corrected when wrong): ${firstSeen.length}, right ${firstSeen.filter((o) => o.ok).length}; corrections of later mails: ${later.length}, learned or updated ${later.filter((x) => ['learned', 'updated', 'replaced', 'kept'].includes(x.status)).length}`,
  );
  const taught = score.groups.flatMap((g) => g.taught);
  const by = (s: string) => taught.filter((x) => x.status === s).length;
  lines.push(
    `corrections: ${taught.length}; learned ${by('learned')}, updated ${by('updated')}, replaced ${by('replaced')}, kept ${by('kept')}, not learned ${by('not_learned')}`,
  );
  lines.push(
    `vendors with one mail: ${score.othersChecked} fields reprocessed after all the learning, ${score.othersChanged.length} changed`,
  );
  return lines.join('\n');
}

if (process.argv[1]?.endsWith('learn-score.ts')) {
  const only = process.env.ONLY;
  const cases = [...corpusCases(), ...layoutCases(), ...learnGroupCases()].filter(
    (c) => !only || c.id.startsWith(only),
  );
  const score = await learnScore(cases, process.env.BARE === '1', process.env.LOOP === '1' ? 'loop' : 'first');
  if (process.env.MISSES) {
    for (const g of score.groups) {
      for (const x of g.taught.filter((t) => t.status === 'not_learned'))
        console.log(`NOT ${g.vendor} ${x.field}: ${x.reason}`);
      for (const o of g.after.filter((x) => !x.ok))
        console.log(
          `MISS ${g.half} ${g.issuers === 1 ? 'one' : 'several'} ${g.vendor} ${o.id}.${o.field}: got ${JSON.stringify(o.got)} (${o.confidence}${o.learned ? ', learned' : ''}${o.firstSeen ? ', first seen' : ''})`,
        );
    }
  }
  console.log(learnReport(score));
}
