// Damage harness: how honest is confidence when the evidence a rule leans on is missing?
// Real documents differ from ours by what is missing or worded otherwise: a label the reader
// does not know, a line it cannot parse, no currency, a totals box cut short, lines out of order,
// a mail without its attachment. For every case with truth this derives damaged variants of the
// message's readable text (deterministic, seeded by the case id), runs the same schema over the
// damaged view and scores every variant against the same truth (score.ts's loaders and
// comparison). A value that goes missing is fine; a value that becomes WRONG must not be at
// >= 0.8. The damage is done to the documents' text after analyzeMessage (what the readers
// see: a PDF's text layer, an HTML body's rendered text), not to the PDF or HTML itself.
//   node bin/run-ts.mjs test/extraction/perturb.ts                 business corpus + layouts
//   LAYOUTS=test/fixtures/layouts-pdf/dev LAYOUTS_ONLY=1 node bin/run-ts.mjs test/extraction/perturb.ts
//   ONLY=id-prefix  KINDS=drop-line,no-currency  SAMPLE=6 (lines per line-wise damage)  WRONG=1 (list
//   every confidently wrong value, not only the first 40)
// Runs the starters without their einvoice extractors (the printed page alone), as TEXT_ONLY=1
// does for score.ts: an e-invoice's XML is read exactly and damaging its printed copy says nothing.
import { writeFileSync } from 'node:fs';
import { analyzeMessage, runSchema } from '../../pipeline/index.ts';
import { readable } from '../../pipeline/extract.ts';
import { printedCandidates, type PrintedField } from '../../pipeline/printed/index.ts';
import type { compileSchema } from '../../pipeline/schema.ts';
import type { Document, MessageView } from '../../pipeline/types.ts';
import { seededBy } from '../helpers/seeded.ts';
import { type Case, corpusCases, layoutCases, type Outcome as ScoredOutcome, same, starterSchemas } from './score.ts';

function sample<T>(items: T[], n: number, rnd: () => number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (pool.length > 0 && out.length < n) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!);
  return out;
}

const hasLetter = (s: string) => /\p{L}/u.test(s);

/** Where a line's label ends: at its colon, else where the token holding the first digit starts. */
function labelEnd(line: string): number {
  const digit = line.search(/\d/);
  if (digit < 0) return -1;
  const colon = line.lastIndexOf(':', digit);
  if (colon > 0 && hasLetter(line.slice(0, colon))) return colon + 1;
  let start = digit;
  while (start > 0 && !/\s/.test(line[start - 1]!)) start--;
  return hasLetter(line.slice(0, start)) ? start : -1;
}

/** Variants with one of the candidate lines' label replaced by one of `words` (its colon kept). */
function relabeled(lines: string[], candidates: number[], words: readonly string[], rnd: () => number, n: number) {
  return sample(candidates, n, rnd).map((i) =>
    lines.map((l, j) => {
      if (j !== i) return l;
      const end = labelEnd(l);
      const colon = l.slice(0, end).trimEnd().endsWith(':') ? ':' : '';
      return `${words[Math.floor(rnd() * words.length)]}${colon} ${l.slice(end).trimStart()}`;
    }),
  );
}

// Words no reader's lexicon holds, in place of a label (a label worded otherwise).
const NONCE = ['Quelm', 'Varox', 'Tessik', 'Ombrel', 'Durvan', 'Plisk'];
const CURRENCY = /[€$£¥₹₩₫₱¤]|\b(?:EUR|USD|GBP|CHF|SEK|NOK|DKK|PLN|CZK|HUF|JPY|CAD|AUD|RON|BGN|INR|Euro|Euros)\b/g;

type Damage = (lines: string[], rnd: () => number, n: number) => string[][];

const DAMAGES: Record<string, Damage> = {
  'drop-line': (lines, rnd, n) =>
    sample(
      lines.map((l, i) => (l.trim() ? i : -1)).filter((i) => i >= 0),
      n,
      rnd,
    ).map((i) => lines.filter((_, j) => j !== i)),
  'drop-label': (lines, rnd, n) =>
    sample(
      lines.map((l, i) => (labelEnd(l) > 0 ? i : -1)).filter((i) => i >= 0),
      n,
      rnd,
    ).map((i) => lines.map((l, j) => (j === i ? l.slice(labelEnd(l)).trimStart() : l))),
  'rename-label': (lines, rnd, n) =>
    relabeled(
      lines,
      lines.map((l, i) => (labelEnd(l) > 0 ? i : -1)).filter((i) => i >= 0),
      NONCE,
      rnd,
      n,
    ),
  'no-currency': (lines) => {
    const out = lines.map((l) => l.replace(CURRENCY, ''));
    return out.join('\n') === lines.join('\n') ? [] : [out];
  },
  'cut-totals': (lines) => {
    // The totals box's last line: the last line that holds an amount.
    let last = -1;
    for (let i = 0; i < lines.length; i++) if (/\d[.,]\d\d\b/.test(lines[i]!)) last = i;
    return last < 0 ? [] : [lines.filter((_, j) => j !== last)];
  },
  'swap-lines': (lines, rnd, n) =>
    sample(
      lines.map((l, i) => (i + 1 < lines.length && l.trim() && lines[i + 1]!.trim() ? i : -1)).filter((i) => i >= 0),
      n,
      rnd,
    ).map((i) => {
      const out = [...lines];
      [out[i], out[i + 1]] = [out[i + 1]!, out[i]!];
      return out;
    }),
};

// Receipt damages: how real receipts differ from ours. Each finds the line it changes by what it
// prints (a total's label, a payment word, a number's label, a legal form), never by the truth.
const TOTAL_LABEL =
  /\b(?:total|totale?|totaal|summe|gesamt\w*|zu zahlen|montant|importe|importo|amount|betrag|bedrag|toplam|yhteensä|celkem|razem|suma|i alt|att betala|at betale|grand total|net a payer|à payer|a pagar|da pagare|te betalen|do zapłaty|σύνολο)\b/iu;
const TOTAL_RENAMES = [
  'Zu zahlen',
  'Betrag',
  'A PAGAR',
  'Total à régler',
  'Montant dû',
  'Te betalen',
  'Endbetrag',
  'Importe final',
];
const PAYMENT_WORD =
  /\b(?:visa|mastercard|maestro|amex|american express|girocard|ec[- ]cash|ec[- ]karte|bar|cash|espèces|efectivo|contanti|contant|kontant\w*|pin|cb|carte bancaire|card|karte|kartenzahlung|tarjeta|carta|cartão|karta|kort|kortti|paypal|apple pay|google pay|twint|swish|vipps|mobilepay|bizum|blik|bancontact|ideal|multibanco|mb way|paid with|payment|zahlung\w*|bezahlt|paiement|règlement|pago|pagamento|betaald|betalt|płatność|dinheiro|nakit|hotově|käteinen)\b/iu;
const NUMBER_LABEL =
  /\b(?:receipt|beleg|bon|ticket|quittung|kvitto|kvittering\w*|reçu|recibo|ricevuta|scontrino|paragon|kuitti|účtenka|fiş|order|bestellung|commande|pedido|ordine|transaction|trans|invoice|rechnung|facture|factura|fattura|booking|buchung\w*)\b/iu;
const LEGAL_FORM =
  /\b(?:GmbH|AG|KG|OHG|UG|e\.K\.|Ltd\.?|Limited|LLC|Inc\.?|PLC|SARL|SAS|S\.A\.S?\.?|S\.L\.U?\.?|S\.r\.l\.|S\.p\.A\.|SRL|SpA|B\.V\.|BV|N\.V\.|AB|A\/S|ApS|AS|ASA|Oy|Oyj|Sp\. z o\.o\.|s\.r\.o\.|Lda\.?|Unipessoal|IKE|Ltd\. Şti\.)(?![\p{L}])/u;
// Other parties' numbers a receipt prints near its own: till, terminal, store, trace,
// authorisation, loyalty card, an order beside the receipt.
const RIVAL_NUMBERS = [
  'Terminal-ID: 60123456',
  'Kasse 3   Bed. 12',
  'Filiale 0412',
  'Trace-Nr. 004711',
  'Auth code: 839201',
  'Kundenkarte 9276000012345',
  'Store #2291',
  'Till 04   Trans 8841',
  'TID 7431902',
  'Order no. 1088-2213',
  'N° de caisse 12',
  'Loyalty card 6034 9921 0042',
];
const AMOUNT = /\d[.,]\d\d(?!\d)/;
const indexes = (lines: string[], test: (l: string) => boolean) =>
  lines.map((l, i) => (test(l) ? i : -1)).filter((i) => i >= 0);
const withLine = (lines: string[], at: number, line: string) => [...lines.slice(0, at), line, ...lines.slice(at)];
/** The last line with a total's label and an amount: the total's line on a receipt. */
const totalLine = (lines: string[]) => indexes(lines, (l) => TOTAL_LABEL.test(l) && AMOUNT.test(l)).at(-1) ?? -1;

const RECEIPT_DAMAGES: Record<string, Damage> = {
  // The total's label worded otherwise: a word the reader may not know as a total.
  'rename-total': (lines, rnd, n) =>
    relabeled(
      lines,
      indexes(lines, (l) => TOTAL_LABEL.test(l) && AMOUNT.test(l) && labelEnd(l) > 0),
      TOTAL_RENAMES,
      rnd,
      n,
    ),
  // The payment line gone: one variant per line that names a means or a payment word.
  'drop-payment': (lines, rnd, n) =>
    sample(
      indexes(lines, (l) => PAYMENT_WORD.test(l)),
      n,
      rnd,
    ).map((i) => lines.filter((_, j) => j !== i)),
  // The receipt number's label gone: a bare number near the top.
  'bare-number': (lines, rnd, n) =>
    sample(
      indexes(lines, (l) => NUMBER_LABEL.test(l) && labelEnd(l) > 0 && !AMOUNT.test(l)),
      n,
      rnd,
    ).map((i) => lines.map((l, j) => (j === i ? l.slice(labelEnd(l)).trimStart() : l))),
  // A second number beside the receipt's: after its number's line, else near the top.
  'rival-number': (lines, rnd, n) => {
    const near = indexes(lines, (l) => NUMBER_LABEL.test(l) && /\d/.test(l) && !AMOUNT.test(l));
    const at = near.length > 0 ? near.map((i) => i + 1) : [Math.min(2, lines.length)];
    const out: string[][] = [];
    for (let k = 0; k < n; k++) {
      const where = at[Math.floor(rnd() * at.length)]!;
      out.push(withLine(lines, where, RIVAL_NUMBERS[Math.floor(rnd() * RIVAL_NUMBERS.length)]!));
    }
    return out;
  },
  // The merchant's legal name gone: every line printing a legal form (brand, app or platform left).
  'no-legal-name': (lines) => {
    const out = lines.filter((l) => !LEGAL_FORM.test(l));
    return out.length === lines.length ? [] : [out];
  },
  // A subtotal before the total; a tip, a deposit, a refund after it.
  'extra-amount': (lines, rnd) => {
    const at = totalLine(lines);
    if (at < 0) return [];
    const amount = AMOUNT.exec(lines[at]!)![0];
    const sep = amount.includes(',') ? ',' : '.';
    const before = lines.slice(0, at);
    const after = lines.slice(at + 1);
    const mk = (label: string, units: number) => `${label}   ${units}${sep}${String(Math.floor(rnd() * 90) + 10)}`;
    return [
      [...before, mk('Subtotal', Math.floor(rnd() * 40) + 5), lines[at]!, ...after],
      [...before, lines[at]!, mk('Trinkgeld', 2), ...after],
      [...before, lines[at]!, mk('Pfand', 0), ...after],
      [...before, lines[at]!, mk('Refund', 3), ...after],
    ];
  },
  // Amounts printed without their zero decimals (12,00 as 12): the same values.
  'no-decimals': (lines) => {
    const out = lines.map((l) => l.replace(/(\d)[.,]00(?!\d)/g, '$1'));
    return out.join('\n') === lines.join('\n') ? [] : [out];
  },
  // A second currency: the total converted, printed under it.
  'second-currency': (lines, rnd) => {
    const at = totalLine(lines);
    if (at < 0) return [];
    const units = Math.floor(rnd() * 900) + 10;
    return [
      withLine(lines, at + 1, `Total in USD   ${units}.${String(Math.floor(rnd() * 90) + 10)}`),
      withLine(lines, at + 1, `(≈ GBP ${units},${String(Math.floor(rnd() * 90) + 10)})`),
    ];
  },
};
const GENERAL_KINDS = Object.keys(DAMAGES);
Object.assign(DAMAGES, RECEIPT_DAMAGES);

/** The document the printed readers read first (an attachment before the body), if any. */
function mainDocument(view: MessageView): Document | undefined {
  return readable(view.documents)[0]?.doc;
}

function withText(view: MessageView, doc: Document, text: string): MessageView {
  return {
    ...view,
    documents: view.documents.map((d) => (d === doc ? { ...d, text, quoted: undefined } : { ...d })),
  };
}

interface Variant {
  kind: string;
  view: MessageView;
}

function variantsOf(c: Case, view: MessageView, kinds: string[], n: number): Variant[] {
  const out: Variant[] = [];
  const doc = mainDocument(view);
  if (doc) {
    const lines = doc.text.split('\n');
    for (const kind of kinds) {
      const damage = DAMAGES[kind];
      if (!damage) continue;
      for (const damaged of damage(lines, seededBy(`${c.id}/${kind}`), n))
        out.push({ kind, view: withText(view, doc, damaged.join('\n')) });
    }
  }
  // The mail body alone: the attachment lost (forwarded without it, or unreadable).
  if (kinds.includes('no-attachment')) {
    const body = view.documents.find((d) => d.kind === 'body' && d.text.trim());
    const attached = view.documents.filter((d) => d.kind === 'attachment' && d.text.trim());
    if (body && attached.length > 0)
      out.push({
        kind: 'no-attachment',
        view: {
          ...view,
          documents: view.documents.map((d) => (d.kind === 'attachment' ? { ...d, text: '' } : { ...d })),
        },
      });
  }
  return out;
}

interface Outcome extends ScoredOutcome {
  kind: string;
  rule: string;
  line: string;
  /** The undamaged message gives the same wrong value: a miss of the reader, not of the damage. */
  already: boolean;
}

type Compiled = ReturnType<typeof compileSchema>;

function ruleOf(schema: Compiled, field: string, extractor: number | null, offset: number, view: MessageView) {
  const compiled = schema.fields.find((f) => f.name === field)?.compiled[extractor ?? -1];
  if (!compiled) return '?';
  if (compiled.kind !== 'printed') return compiled.kind;
  const found = printedCandidates(compiled.field as PrintedField, readable(view.documents), view);
  return `printed: ${found.find((c) => c.offset === offset)?.why ?? found[0]?.why ?? '?'}`;
}

function lineAt(view: MessageView, source: unknown): string {
  if (!source || typeof source !== 'object' || !('document_index' in source)) return JSON.stringify(source);
  const s = source as { document_index: number; start: number };
  const text = view.documents[s.document_index]?.text ?? '';
  const from = text.lastIndexOf('\n', s.start - 1) + 1;
  const to = text.indexOf('\n', s.start);
  return text
    .slice(from, to < 0 ? undefined : to)
    .trim()
    .slice(0, 100);
}

export async function perturbCases(cases: Case[], kinds: string[], n: number): Promise<Outcome[]> {
  const out: Outcome[] = [];
  const schemaOf = starterSchemas(true);
  for (const c of cases) {
    const schema = schemaOf(c.starter);
    const analyzed = await analyzeMessage(c.eml);
    if (!analyzed.ok) throw new Error(`${c.id}: ${analyzed.refusal.message}`);
    const base = analyzed.message.view;
    const undamaged = runSchema(schema, base);
    for (const { kind, view } of [{ kind: 'none', view: base }, ...variantsOf(c, base, kinds, n)]) {
      const run = kind === 'none' ? undamaged : runSchema(schema, view);
      for (const [field, want] of Object.entries(c.expected)) {
        const r = run.fields[field];
        const got = r?.value ?? null;
        const ok = same(field, want, got);
        const before = undamaged.fields[field]?.value ?? null;
        const confidence = r?.confidence ?? 0;
        const confidentWrong = !ok && got !== null && confidence >= 0.8;
        const source = r?.source as { start?: number } | null;
        out.push({
          id: c.id,
          group: c.group,
          kind,
          field,
          want,
          got,
          confidence,
          ok,
          raw: r?.raw ?? null,
          rule: confidentWrong ? ruleOf(schema, field, r?.extractor ?? null, source?.start ?? -1, view) : '',
          line: confidentWrong ? lineAt(view, r?.source) : '',
          already: !ok && !same(field, want, before) && JSON.stringify(before) === JSON.stringify(got),
        });
      }
    }
  }
  return out;
}

export function perturbReport(outcomes: Outcome[], listAll: boolean): string {
  const lines: string[] = [];
  const groups = new Map<string, Outcome[]>();
  for (const o of outcomes) {
    const key = `${o.group} ${o.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  lines.push(
    'per group and damage:            values  right   wrong>=0.9  wrong>=0.8  (new)  right/found>=0.8  right/found>=0.9',
  );
  const row = (key: string, list: Outcome[]) => {
    const found8 = list.filter((o) => o.got !== null && o.confidence >= 0.8);
    const found9 = found8.filter((o) => o.confidence >= 0.9);
    const ok8 = found8.filter((o) => o.ok).length;
    const ok9 = found9.filter((o) => o.ok).length;
    const share = (ok: number, n: number) => (n ? `${((100 * ok) / n).toFixed(1)}%` : '-');
    const fresh = found8.filter((o) => !o.ok && !o.already).length;
    lines.push(
      `  ${key.padEnd(30)} ${String(list.length).padStart(6)} ${String(list.filter((o) => o.ok).length).padStart(6)}   ${String(found9.length - ok9).padStart(9)}  ${String(found8.length - ok8).padStart(10)}  ${`(${fresh})`.padStart(5)}  ${`${ok8}/${found8.length} ${share(ok8, found8.length)}`.padStart(16)}  ${`${ok9}/${found9.length} ${share(ok9, found9.length)}`.padStart(16)}`,
    );
  };
  for (const key of [...groups.keys()].sort()) row(key, groups.get(key)!);
  const damaged = outcomes.filter((o) => o.kind !== 'none');
  const kinds = new Map<string, Outcome[]>();
  for (const o of damaged) kinds.set(o.kind, [...(kinds.get(o.kind) ?? []), o]);
  lines.push('per damage, all groups:');
  for (const key of [...kinds.keys()].sort()) row(key, kinds.get(key)!);
  row('ALL damaged', damaged);
  // Per damage and field: wrong at >= 0.8 (new) / found at >= 0.8.
  const fields = [...new Set(damaged.map((o) => o.field))].sort();
  lines.push(`per damage and field, wrong>=0.8 (new)/found>=0.8:  ${fields.join(' | ')}`);
  for (const key of [...kinds.keys()].sort()) {
    const cells = fields.map((f) => {
      const found8 = kinds.get(key)!.filter((o) => o.field === f && o.got !== null && o.confidence >= 0.8);
      const wrong8 = found8.filter((o) => !o.ok);
      return `${wrong8.length} (${wrong8.filter((o) => !o.already).length})/${found8.length}`;
    });
    lines.push(`  ${key.padEnd(16)} ${cells.join(' | ')}`);
  }
  const wrong = outcomes.filter((o) => !o.ok && o.got !== null && o.confidence >= 0.8);
  lines.push(
    `confidently wrong (>= 0.8): ${wrong.length}, ${wrong.filter((o) => !o.already).length} new (not the undamaged reading's own miss), by field and rule (new):`,
  );
  const rules = new Map<string, number>();
  for (const o of wrong.filter((x) => !x.already))
    rules.set(`${o.field} | ${o.rule}`, (rules.get(`${o.field} | ${o.rule}`) ?? 0) + 1);
  for (const [rule, count] of [...rules.entries()].sort((a, b) => b[1] - a[1]))
    lines.push(`  ${String(count).padStart(4)}  ${rule}`);
  lines.push('confidently wrong values:');
  for (const o of listAll ? wrong : wrong.slice(0, 40))
    lines.push(
      `  ${o.already ? '(already) ' : ''}${o.group} ${o.id} [${o.kind}] ${o.field}: want ${JSON.stringify(o.want)} got ${JSON.stringify(o.got)} (${o.confidence}) raw ${JSON.stringify(o.raw)?.slice(0, 60)} by ${o.rule} on line ${JSON.stringify(o.line)}`,
    );
  return lines.join('\n');
}

if (/[/\\]perturb\.ts$/.test(process.argv[1] ?? '')) {
  const only = process.env.ONLY;
  // KINDS=receipt: the receipt damages only; default: the general ones (as before) and those.
  const receiptKinds = Object.keys(RECEIPT_DAMAGES);
  const kinds =
    process.env.KINDS === 'receipt'
      ? receiptKinds
      : (process.env.KINDS?.split(',') ?? [...GENERAL_KINDS, 'no-attachment']);
  const corpus = process.env.LAYOUTS_ONLY === '1' ? [] : corpusCases();
  // STARTER=receipt: only the cases read with that starter.
  const starter = process.env.STARTER;
  const cases = [...corpus, ...layoutCases()].filter(
    (c) => (!only || c.id.startsWith(only)) && (!starter || c.starter === starter),
  );
  const outcomes = await perturbCases(cases, kinds, Number(process.env.SAMPLE ?? 6));
  console.log(perturbReport(outcomes, process.env.WRONG === '1'));
  // DUMP=file: the undamaged readings, one JSON line each, to compare two versions of the readers.
  if (process.env.DUMP)
    writeFileSync(
      process.env.DUMP,
      outcomes
        .filter((o) => o.kind === 'none')
        .map((o) => JSON.stringify({ id: o.id, field: o.field, got: o.got, confidence: o.confidence, ok: o.ok }))
        .join('\n'),
    );
}
