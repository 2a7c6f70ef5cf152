// One worker job per message for one tenant (read, read as from the original sender,
// classify, extract) must give exactly what the separate steps give, and a budget stop
// in either phase must be handled as the separate steps would handle it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAsOriginalSender } from '../../pipeline/forwarded.ts';
import type { BucketDefinition } from '../../pipeline/jobs.ts';
import { analyze, analyzeAndDecide, decide } from '../../services/analysis.ts';
import { mailWith, pageTreePdf } from '../helpers/hostile.ts';
import { buildEml } from '../helpers/mail.ts';
import { testPools } from '../helpers/pools.ts';

const CORPUS = join(import.meta.dirname, '../../../shared/corpus');
const corpusPaths = readFileSync(join(CORPUS, 'INDEX.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => l.split('\t')[0]!);
const bytes = (eml: string) => new TextEncoder().encode(eml);

const BUCKETS: BucketDefinition[] = [
  {
    id: 'bkt_fwd',
    name: 'forwarded-vendor',
    priority: 1,
    enabled: true,
    rule: { sender_domain: 'original.example' },
    schema: 'starter:invoice',
  },
  {
    id: 'bkt_inv',
    name: 'invoices',
    priority: 2,
    enabled: true,
    rule: { any: [{ subject_contains: ['invoice', 'rechnung', 'facture'] }, { has_attachment: true }] },
    schema: 'starter:invoice',
  },
  {
    id: 'bkt_all',
    name: 'everything',
    priority: 3,
    enabled: true,
    rule: { text_matches: '\\w' },
    schema: 'starter:receipt',
  },
];
const forwarding = { forwarders: ['@forwarder.example'], envelopeFrom: null };

const forward = buildEml({
  from: 'Desk <desk@forwarder.example>',
  subject: 'Fwd: Invoice 4711',
  text:
    'FYI\n\n---------- Forwarded message ---------\nFrom: Jane Roe <jane@original.example>\nDate: Mon, 2 Mar 2026 09:00\n' +
    'Subject: Invoice 4711\nTo: desk@forwarder.example\n\nInvoice number: 4711\nTotal: 120.00 EUR\nDue date: 2026-04-01\n',
});

/**
 * A hostile page that prints invoice 4711 for 12.50 is read whole within a 10 s classification
 * budget (CPU time, so a busy machine does not stop it): routed to the invoices and read right.
 */
async function readsInvoice4711WithinBudget(pool: ReturnType<typeof testPools>, eml: string): Promise<void> {
  const { analyzed, decided } = await analyzeAndDecide(
    pool({ timeoutMs: 10_000 }),
    bytes(eml),
    {},
    forwarding,
    BUCKETS,
  );
  if (!analyzed.ok) throw new Error('refused');
  expect(decided?.limit).toBeNull();
  expect(decided?.classification.bucket_id).toBe('bkt_inv');
  expect(decided?.run?.fields.invoice_number?.value).toBe('4711');
  expect(decided?.run?.fields.total_amount?.value).toBe(12.5);
}

describe('one ingest job per message', () => {
  const pool = testPools();

  it('gives what analyze, readAsOriginalSender and decide give, for a forward and 60 corpus messages', async () => {
    const p = pool({});
    const raws = [
      bytes(forward),
      ...corpusPaths.filter((_, i) => i % 6 === 0).map((path) => new Uint8Array(readFileSync(join(CORPUS, path)))),
    ];
    let matched = 0;
    for (const raw of raws) {
      const options = { recipients: ['ap@customer.example'] };
      const together = await analyzeAndDecide(p, raw, options, forwarding, BUCKETS);
      const analyzed = await analyze(p, raw, options);
      if (!analyzed.ok) {
        expect(together).toEqual({ analyzed, decided: null });
        continue;
      }
      const message = readAsOriginalSender(analyzed.message, forwarding.forwarders, forwarding.envelopeFrom);
      expect(together).toEqual({ analyzed: { ok: true, message }, decided: await decide(p, message.view, BUCKETS) });
      if (together.decided?.classification.bucket_id) matched++;
    }
    expect(raws.length).toBeGreaterThan(60);
    expect(matched).toBeGreaterThan(30);
    // The forward is read as from its original sender, so the first bucket takes it.
    const first = await analyzeAndDecide(p, raws[0]!, {}, forwarding, BUCKETS);
    expect(first.analyzed.ok && first.analyzed.message.view.from?.address).toBe('jane@original.example');
    expect(first.decided?.classification.bucket_id).toBe('bkt_fwd');
    expect(first.decided?.run?.fields.invoice_number?.value).toBe('4711');
  }, 120_000);

  it('stopped while reading: the parts are read apart, then classified with a budget of their own', async () => {
    const p = pool({ timeoutMs: 1500, heapMb: 2048 });
    // 400,000 page references take seconds on any machine (100,000 can fit in 1.5 s).
    const raw = bytes(
      mailWith('slow invoice', {
        filename: 'pages.pdf',
        contentType: 'application/pdf',
        content: pageTreePdf(400_000),
      }),
    );
    const { analyzed, decided } = await analyzeAndDecide(p, raw, {}, forwarding, BUCKETS);
    if (!analyzed.ok) throw new Error('refused');
    expect(analyzed.message.flags).toContain('analysis_limit');
    expect(analyzed.message.parsed.notes.join(' ')).toMatch(/time budget of 1500 ms exceeded/);
    expect(analyzed.message.documents[1]!.unreadable).toBe('analysis_limit: time budget of 1500 ms exceeded');
    expect(decided).toMatchObject({ classification: { bucket_id: 'bkt_inv' }, limit: null });
  }, 120_000);

  it('a table cell of thousands of figures with a note at its end is read, within a classification budget', async () => {
    // Every amount in a cell was once tried as "an amount before a note" by searching the rest
    // of the cell: 6,000 figures took over a minute of extraction. Read now in well under a second.
    const figures = Array.from({ length: 6000 }, (_, i) => `${i}.${String(i % 100).padStart(2, '0')}`).join(' ');
    const html =
      '<table><tr><td>Invoice no. 4711</td></tr><tr><td>Amount due: EUR 12.50</td></tr>' +
      `<tr><td>Items ${figures} (paid)</td></tr></table>`;
    await readsInvoice4711WithinBudget(pool, buildEml({ subject: 'Invoice 4711', html }));
  }, 120_000);

  it('a paragraph repeating a legal form and a number label thousands of times is read, within a classification budget', async () => {
    // Each legal form once walked back over every capitalised word before it, and each label's
    // value was looked for to the end of the line: 6,000 repeats took half a minute here.
    const repeated = Array.from({ length: 6000 }, (_, i) => `GmbH Rechnung Nr ${1000 + i}`).join(' ');
    const text = `Rechnung Nr. 4711\nGesamtbetrag: 12,50 EUR\n\n${repeated}\n`;
    await readsInvoice4711WithinBudget(pool, buildEml({ subject: 'Rechnung 4711', text }));
  }, 120_000);

  it('stopped while classifying: the full read is kept and the message left unrouted, naming the limit', async () => {
    const p = pool({ timeoutMs: 1000 });
    // Five buckets of 40 regexes, none matching, over a 1 MiB body: seconds of
    // classification for a read of a tenth of a second.
    const slow = Array.from(
      { length: 5 },
      (_, b): BucketDefinition => ({
        id: `bkt_${b}`,
        name: `slow-${b}`,
        priority: b,
        enabled: true,
        schema: null,
        rule: { any: Array.from({ length: 40 }, (_, i) => ({ text_matches: `(a|b)*c${i}z` })) },
      }),
    );
    const raw = bytes(buildEml({ subject: 'long', text: 'ab '.repeat(330_000) }));
    await analyze(p, bytes(buildEml({ subject: 'warm', text: 'warm the worker' })));
    const { analyzed, decided } = await analyzeAndDecide(p, raw, {}, forwarding, slow);
    if (!analyzed.ok) throw new Error('refused');
    expect(analyzed.message.flags).not.toContain('analysis_limit');
    expect(analyzed.message.documents[0]!.text.length).toBe(989_999);
    expect(decided).toEqual({
      classification: {
        bucket_id: null,
        bucket_name: null,
        decided_by: null,
        reason: 'analysis_limit: classification stopped (time budget of 1000 ms exceeded)',
      },
      run: null,
      limit: 'time budget of 1000 ms exceeded',
    });
  }, 120_000);
});
