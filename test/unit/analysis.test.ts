// The analysis workers and the readers' own limits: bombs are cut short by the reader,
// a worker past its time or heap budget is replaced, and what could be read is kept.
import { describe, expect, it } from 'vitest';
import { docxText, inflateZipEntry } from '../../pipeline/docx.ts';
import { READER_LIMITS } from '../../pipeline/limits.ts';
import { analyze } from '../../services/analysis.ts';
import { billionLaughsDocx, docxBomb, mailWith, pageTreePdf, zipOf } from '../helpers/hostile.ts';
import { buildEml, makeDocx, makePdf } from '../helpers/mail.ts';
import { testPools } from '../helpers/pools.ts';

const bytes = (eml: string) => new TextEncoder().encode(eml);

describe('DOCX reader limits', () => {
  it('reads paragraphs, tabs and breaks of a real document', async () => {
    const docx = await makeDocx(['Rechnungsnummer: DOC-3', 'Gesamtbetrag: 99,90 EUR']);
    expect(docxText(docx)).toEqual({ text: 'Rechnungsnummer: DOC-3\nGesamtbetrag: 99,90 EUR', cut: false });
  });

  it('refuses an entry that declares more than the limit before inflating it', () => {
    expect(() => docxText(docxBomb(READER_LIMITS.zipEntryMaxBytes / 1048576 + 1))).toThrow(
      `word/document.xml declares ${17 * 1048576} bytes inflated; the limit is ${READER_LIMITS.zipEntryMaxBytes}`,
    );
  });

  it('stops an entry that lies about its size once it inflates past the limit', () => {
    expect(() => docxText(docxBomb(40, true))).toThrow(
      `word/document.xml inflates past ${READER_LIMITS.zipEntryMaxBytes} bytes`,
    );
  });

  it('expands no entities: a DOCTYPE is refused', () => {
    expect(() => docxText(billionLaughsDocx())).toThrow(/DOCTYPE/);
  });

  it('finds the entry it needs and nothing else', () => {
    const zip = zipOf([
      { name: 'a.txt', data: Buffer.from('first') },
      { name: 'b.txt', data: Buffer.from('second') },
    ]);
    expect(new TextDecoder().decode(inflateZipEntry(zip, 'b.txt', 100)!)).toBe('second');
    expect(inflateZipEntry(zip, 'missing.txt', 100)).toBeNull();
  });
});

describe('analysis workers under budgets', () => {
  const pool = testPools();

  it('a normal message reads the same as in-process, attachments included', async () => {
    const pdf = await makePdf(['Invoice INV-7', 'Total: 12.00 EUR']);
    const r = await analyze(
      pool({}),
      bytes(
        buildEml({
          subject: 'Invoice INV-7',
          text: 'See attached.',
          attachments: [{ filename: 'inv.pdf', contentType: 'application/pdf', content: pdf }],
        }),
      ),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.message.flags).toEqual([]);
    expect(r.message.documents.map((d) => [d.kind, d.text, d.unreadable])).toEqual([
      ['body', 'See attached.', null],
      ['attachment', 'Invoice INV-7\nTotal: 12.00 EUR', null],
    ]);
    // Attachment bytes stay in the worker: the main thread keeps only the text.
    expect(r.message.parsed.attachments[0]!.bytes.byteLength).toBe(0);
  }, 60_000);

  it('past the heap cap: the worker is replaced, the good attachment kept, the costly part flagged', async () => {
    const p = pool({ heapMb: 64 });
    const good = await makePdf(['Invoice INV-8', 'Total: 8.00 EUR']);
    // 700,000 elements in 2 MB (an unclosed <p> closes the one before): no reader limit
    // applies and the HTML tree outgrows 64 MiB, while the bare parse of 2 MB stays well
    // inside it (4 MB of '<p>x</p>' left too little room: Node 22 sometimes failed both).
    const eml = buildEml({
      subject: 'huge HTML',
      text: 'Invoice INV-HOSTILE-1',
      html: '<p>'.repeat(700_000),
      attachments: [{ filename: 'good.pdf', contentType: 'application/pdf', content: good }],
    });
    const r = await analyze(p, bytes(eml));
    if (!r.ok) throw new Error('refused');
    expect(r.message.flags).toContain('analysis_limit');
    expect(r.message.parsed.notes.join(' ')).toMatch(/heap budget of 64 MiB exceeded/);
    expect(r.message.documents[0]!.unreadable).toBe(
      'analysis_limit: the HTML body was not rendered (heap budget of 64 MiB exceeded); its text part is shown',
    );
    expect(r.message.documents[0]!.text.startsWith('Invoice INV-HOSTILE-1')).toBe(true);
    expect(r.message.documents[1]).toMatchObject({
      filename: 'good.pdf',
      text: 'Invoice INV-8\nTotal: 8.00 EUR',
      unreadable: null,
    });
    // The pool still works after losing its worker.
    const next = await analyze(p, bytes(buildEml({ subject: 'after', text: 'still here' })));
    expect(next.ok && next.message.documents[0]!.text).toBe('still here');
  }, 120_000);

  it('past the time budget: the message is stored with what could be read, naming the limit', async () => {
    const p = pool({ timeoutMs: 1500, heapMb: 2048 });
    // 400,000 page references: reading the page tree alone takes several seconds on a fast
    // machine (100,000 fit inside 1.5 s on an idle one, after the reader's own page limit).
    const r = await analyze(
      p,
      bytes(mailWith('slow', { filename: 'pages.pdf', contentType: 'application/pdf', content: pageTreePdf(400_000) })),
    );
    if (!r.ok) throw new Error('refused');
    expect(r.message.parsed.notes.join(' ')).toMatch(/time budget of 1500 ms exceeded/);
    expect(r.message.documents[0]!.text).toContain('INV-HOSTILE-1');
    expect(r.message.documents[1]!.unreadable).toBe('analysis_limit: time budget of 1500 ms exceeded');
  }, 120_000);

  it('workers that recycle after every job lose no message, however many arrive at once', async () => {
    // 16 MiB is below any worker's own footprint: each leaves after its first job.
    const p = pool({ workers: 2, recycleMb: 16 });
    const texts = Array.from({ length: 8 }, (_, i) => `message number ${i}`);
    const read = await Promise.all(texts.map((text) => analyze(p, bytes(buildEml({ subject: text, text })))));
    expect(read.map((r) => (r.ok ? [r.message.documents[0]!.text, r.message.flags] : null))).toEqual(
      texts.map((t) => [t, []]),
    );
  }, 120_000);

  it('an empty message is still refused, not flagged', async () => {
    expect(await analyze(pool({}), bytes('  \r\n'))).toMatchObject({ ok: false, refusal: { code: 'empty_message' } });
  }, 60_000);
});
