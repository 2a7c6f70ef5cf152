// Extraction accuracy and calibration, in process (no server): the starter schemas over the
// business development corpus (../shared/corpus/business, ground truth written by others) and
// over the project's own layouts (test/fixtures/layouts). Same comparison rules as the
// corpus's score.mjs. Reports per group (XML, text-only PDF, HTML, receipts), never one
// mixed number, and how often values at each confidence were right.
//   node bin/run-ts.mjs test/extraction/score.ts            all groups
//   ONLY=kven- MISSES=1 node bin/run-ts.mjs test/extraction/score.ts
//   MISSES=all ...   every value with its confidence, right ones too (to see what a change moved)
//   TEXT_ONLY=1 ...   starters without their einvoice extractors (the printed page alone)
//   LAYOUTS=test/fixtures/layouts-html/dev ...   the fresh HTML set's development half (held/: score
//   only to measure, never to develop on); LAYOUTS_ONLY=1 leaves the business corpus out
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { analyzeMessage, runSchema } from '../../pipeline/index.ts';
import { compileSchema } from '../../pipeline/schema.ts';
import { STARTERS } from '../../pipeline/starters.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CORPUS = resolve(ROOT, '../shared/corpus/business');
const LAYOUTS = process.env.LAYOUTS ?? join(ROOT, 'test/fixtures/layouts');

export interface Case {
  id: string;
  group: string;
  starter: string;
  expected: Record<string, unknown>;
  eml: Uint8Array;
}

const fold = (s: unknown) =>
  String(s ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ł/g, 'l')
    .replace(/ß/g, 'ss')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae');
const LEGAL =
  /\b(gmbh|ag|a\.?g|kg|ohg|co|b\.?v|bv|n\.?v|inc|ltd|llc|plc|sarl|sas|s\.?a|sa|s\.?l|sl|s\.?r\.?l|srl|spolka akcyjna|spolka z ograniczona odpowiedzialnoscia|sp\.? z o\.? ?o|s\.?p\.?a|pvt|private|limited)\b\.?/g;
const name = (s: unknown) =>
  fold(s)
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9. ]/g, ' ')
    .replace(LEGAL, ' ')
    .replace(/[.]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const letters = (s: unknown) =>
  (
    String(s ?? '')
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).join(' ');
const ident = (s: unknown) =>
  fold(s)
    .replace(/\s+/g, '')
    .replace(/^[#:№]+/, '')
    .replace(/[.,;:]+$/, '');
const KIND: Record<string, string> = {
  invoice_number: 'id',
  receipt_number: 'id',
  po_number: 'id',
  tracking_number: 'id',
  order_number: 'id',
  invoice_date: 'date',
  due_date: 'date',
  date: 'date',
  order_date: 'date',
  delivery_date: 'date',
  ship_date: 'date',
  estimated_delivery: 'date',
  total_amount: 'amount',
  currency: 'code',
  vendor_email: 'email',
  vendor_name: 'name',
  merchant: 'name',
  buyer: 'name',
  carrier: 'name',
  payment_method: 'text',
};

/** The corpus scorer's comparison (../shared/corpus/business/score.mjs). */
export function same(field: string, want: unknown, got: unknown): boolean {
  if (got === undefined || got === null || got === '') return false;
  switch (KIND[field] ?? 'text') {
    case 'amount':
      return Math.abs(Number(String(got).replace(/[^0-9.+-]/g, '')) - Number(want)) < 0.005;
    case 'date':
      return String(got).slice(0, 10) === want;
    case 'code':
      return String(got).trim().toUpperCase() === String(want).toUpperCase();
    case 'email':
      return String(got).trim().toLowerCase() === String(want).toLowerCase();
    case 'id':
      return ident(got) === ident(want);
    case 'name': {
      // A name in a script the corpus's rules fold to nothing (Japanese, Arabic): its letters
      // and digits as written, so that such a name can count as right at all.
      const script = !name(want);
      const w = script ? letters(want) : name(want);
      const g = script ? letters(got) : name(got);
      if (!w || !g) return false;
      return ` ${g} `.includes(` ${w} `) || (` ${w} `.includes(` ${g} `) && g.length >= 0.6 * w.length);
    }
    default: {
      const w = name(want);
      const g = name(got);
      return !!g && (g.includes(w) || (w.includes(g) && g.length >= 0.6 * w.length));
    }
  }
}

export function corpusCases(): Case[] {
  if (!existsSync(CORPUS)) return [];
  const truth = JSON.parse(readFileSync(join(CORPUS, 'truth.json'), 'utf8')) as Record<
    string,
    { starter: string; expected: Record<string, unknown> }
  >;
  const format = new Map(
    readFileSync(join(CORPUS, 'ORIGINS.tsv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split('\t') as [string, string]),
  );
  return Object.entries(truth).map(([id, c]) => ({
    id,
    group: groupOf(format.get(id) ?? '?', c.starter),
    starter: c.starter,
    expected: c.expected,
    eml: readFileSync(join(CORPUS, 'cases', `${id}.eml`)),
  }));
}

/** Receipts are a group of their own whatever they are printed as; xml-pdf counts as XML. */
function groupOf(format: string, starter: string): string {
  if (starter === 'receipt') return 'receipt';
  if (format === 'xml-pdf') return 'xml';
  return format;
}

export function layoutCases(): Case[] {
  if (!existsSync(join(LAYOUTS, 'truth.json'))) return [];
  const truth = JSON.parse(readFileSync(join(LAYOUTS, 'truth.json'), 'utf8')) as Record<
    string,
    { starter: string; format: string; expected: Record<string, unknown> }
  >;
  return Object.entries(truth).map(([id, c]) => ({
    id,
    group: `own-${groupOf(c.format, c.starter)}`,
    starter: c.starter,
    expected: c.expected,
    eml: readFileSync(join(LAYOUTS, `${id}.eml`)),
  }));
}

export interface Outcome {
  id: string;
  group: string;
  field: string;
  want: unknown;
  got: unknown;
  confidence: number;
  ok: boolean;
  raw: string | null;
}

/** The starter schemas compiled once each; text only: without their einvoice extractors (the printed page alone). */
export function starterSchemas(textOnly: boolean): (starter: string) => ReturnType<typeof compileSchema> {
  const schemas = new Map<string, ReturnType<typeof compileSchema>>();
  return (starter) => {
    let schema = schemas.get(starter);
    if (!schema) {
      const def = structuredClone(STARTERS[starter]!);
      if (textOnly)
        for (const f of Object.values(def.fields)) f.extract = f.extract.filter((x) => x.kind !== 'einvoice');
      schema = compileSchema(def, 'schema', null);
      schemas.set(starter, schema);
    }
    return schema;
  };
}

export async function scoreCases(cases: Case[], textOnly: boolean): Promise<Outcome[]> {
  const out: Outcome[] = [];
  const schemaOf = starterSchemas(textOnly);
  for (const c of cases) {
    const schema = schemaOf(c.starter);
    const analyzed = await analyzeMessage(c.eml);
    if (!analyzed.ok) throw new Error(`${c.id}: ${analyzed.refusal.message}`);
    const run = runSchema(schema, analyzed.message.view);
    for (const [field, want] of Object.entries(c.expected)) {
      const r = run.fields[field];
      const got = r?.value ?? null;
      out.push({
        id: c.id,
        group: c.group,
        field,
        want,
        got,
        confidence: r?.confidence ?? 0,
        // null: the page says it has no such value (an order confirmation's invoice number).
        ok: want === null ? got === null : same(field, want, got),
        raw: r?.raw ?? null,
      });
    }
  }
  return out;
}

const pct = (ok: number, n: number) => (n ? `${((100 * ok) / n).toFixed(1)}%` : '-');

export function report(outcomes: Outcome[]): string {
  const lines: string[] = [];
  const by = (key: (o: Outcome) => string) => {
    const m = new Map<string, Outcome[]>();
    for (const o of outcomes) m.set(key(o), [...(m.get(key(o)) ?? []), o]);
    return [...m.entries()].sort(([a], [b]) => a.localeCompare(b));
  };
  const wrongAt = (list: Outcome[], t: number) =>
    list.filter((o) => !o.ok && o.got !== null && o.confidence >= t).length;
  lines.push('per group:                 right            wrong>=0.9  wrong>=0.8');
  for (const [g, list] of by((o) => o.group)) {
    const ok = list.filter((o) => o.ok).length;
    lines.push(
      `  ${g.padEnd(14)} ${String(ok).padStart(5)}/${String(list.length).padEnd(5)} ${pct(ok, list.length).padStart(6)}   ${String(wrongAt(list, 0.9)).padStart(6)}  ${String(wrongAt(list, 0.8)).padStart(9)}`,
    );
  }
  lines.push('per group and field:');
  for (const [g, list] of by((o) => `${o.group} ${o.field}`)) {
    const ok = list.filter((o) => o.ok).length;
    if (ok < list.length)
      lines.push(
        `  ${g.padEnd(32)} ${String(ok).padStart(4)}/${String(list.length).padEnd(4)} ${pct(ok, list.length)}`,
      );
  }
  lines.push('calibration (values found), per group:');
  const bands: [string, (c: number) => boolean][] = [
    ['1.0', (c) => c >= 1],
    ['[0.9,1)', (c) => c >= 0.9 && c < 1],
    ['[0.8,0.9)', (c) => c >= 0.8 && c < 0.9],
    ['[0.7,0.8)', (c) => c >= 0.7 && c < 0.8],
    ['[0.5,0.7)', (c) => c >= 0.5 && c < 0.7],
    ['<0.5', (c) => c < 0.5],
    ['>=0.9', (c) => c >= 0.9],
    ['>=0.8', (c) => c >= 0.8],
  ];
  for (const [g, list] of by((o) => o.group)) {
    const found = list.filter((o) => o.got !== null);
    const cells = bands.map(([label, test]) => {
      const inBand = found.filter((o) => test(o.confidence));
      return `${label} ${inBand.filter((o) => o.ok).length}/${inBand.length}`;
    });
    lines.push(`  ${g.padEnd(14)} ${cells.join('  ')}`);
  }
  return lines.join('\n');
}

if (/[/\\]score\.ts$/.test(process.argv[1] ?? '')) {
  const only = process.env.ONLY;
  const corpus = process.env.LAYOUTS_ONLY === '1' ? [] : corpusCases();
  const cases = [...corpus, ...layoutCases()].filter((c) => !only || c.id.startsWith(only));
  const outcomes = await scoreCases(cases, process.env.TEXT_ONLY === '1');
  if (process.env.MISSES)
    for (const o of outcomes.filter((x) => !x.ok || process.env.MISSES === 'all'))
      console.log(
        `${o.ok ? 'OK' : 'MISS'} ${o.group} ${o.id}.${o.field}: want ${JSON.stringify(o.want)} got ${JSON.stringify(o.got)} (${o.confidence}) raw ${JSON.stringify(o.raw)?.slice(0, 80)}`,
      );
  console.log(report(outcomes));
}
