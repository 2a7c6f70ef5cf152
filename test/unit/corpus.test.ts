// Every real message of the shared corpus goes through parse + sanitize + documents
// without an unhandled error; charset decoding is checked on named files.
import { describe, expect, it } from 'vitest';
import { analyzeMessage } from '../../pipeline/index.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusFile, corpusIndex } from '../helpers/corpus.ts';
import { words } from '../truth/compare.ts';
import type { Truth } from '../truth/render.ts';

/** What headless Chromium showed a person for each corpus HTML body (test/truth/render.ts). */
const browserTruth: Record<string, Truth> = JSON.parse(
  readFileSync(join(import.meta.dirname, '../truth/corpus.json'), 'utf8'),
);

describe('corpus', () => {
  it('parses every message, or refuses it with a typed reason', async () => {
    const outcomes: Record<string, number> = {};
    const count = (k: string) => {
      outcomes[k] = (outcomes[k] ?? 0) + 1;
    };
    const files = corpusIndex();
    expect(files.length).toBeGreaterThan(380);
    for (const { path } of files) {
      const result = await analyzeMessage(corpusFile(path));
      if (!result.ok) {
        count(`refused:${result.refusal.code}`);
        continue;
      }
      const m = result.message;
      expect(m.documents[0]!.kind).toBe('body');
      expect(typeof m.documents[0]!.text).toBe('string');
      const truth = browserTruth[path];
      if (truth && words(truth.visible).length > 0) {
        expect(m.documents[0]!.text, `${path}: the browser shows text`).not.toBe('');
        count('html with visible text');
      }
      count('parsed');
      if (m.flags.includes('truncated')) count('truncated');
      if (m.hidden.length) count('with hidden text');
      if (m.flags.includes('attachment_unreadable')) count('attachment unreadable');
      if (m.documents.length > 1) count('with attachments');
    }
    console.log('corpus outcomes:', JSON.stringify(outcomes));
    expect(outcomes.parsed).toBe(files.length);
  }, 120_000);

  const body = async (path: string) => {
    const r = await analyzeMessage(corpusFile(path));
    if (!r.ok) throw new Error(r.refusal.message);
    return r.message;
  };

  it('decodes ISO-2022-JP (body and RFC 2047 subject)', async () => {
    const m = await body('mikel-mail/japanese_iso_2022.eml');
    expect(m.view.subject).toBe('まみむめも');
    expect(m.documents[0]!.text).toContain('すみません。');
    const mk = await body('mimekit/japanese.eml');
    expect(mk.view.subject).toBe('日本語メールテスト (testing Japanese emails)');
    expect(mk.documents[0]!.text).toContain('日本語が');
  });

  it('decodes Shift_JIS', async () => {
    const m = await body('mikel-mail/japanese_shift_jis.eml');
    expect(m.documents[0]!.text).toContain('このメールはテスト用のメールです。');
  });

  it('decodes KOI8-R', async () => {
    expect((await body('mimekit/ukr.eml')).documents[0]!.text).toContain('шостий');
  });

  it('decodes GB2312 (base64 HTML body and subject)', async () => {
    const m = await body('spamscope-mail-parser/mail_test_9.eml');
    expect(m.view.subject).toContain('我把镜头拉近些');
  });

  it('decodes EUC-KR', async () => {
    const m = await body('mikel-mail/raw_email.eml');
    expect(m.view.subject).toBe('NOTE: 한국말로 하는 것');
    expect(m.documents[0]!.text).toContain('제 이름은 Jamis입니다.');
  });

  it('decodes UTF-7 bodies and encoded words', async () => {
    const m = await body('zbateson-mail-mime-parser/m0006.eml');
    expect(m.view.subject).toBe('Die Hasen und die Frösche (Microsoft Outlook 00)');
    expect(m.documents[0]!.text).toContain('Die Hasen klagten einst über ihre mißliche Lage; "wir leben", sprach ein');
  });

  it('decodes RFC 2231 filenames (charset, continuations)', async () => {
    const names = async (path: string) => (await body(path)).documents.slice(1).map((d) => d.filename);
    expect(await names('zbateson-mail-mime-parser/m3004.eml')).toEqual(['HasenundFrösche.txt']);
    expect(await names('deltachat-core/attach_filename_apostrophed_cp1252.eml')).toEqual(['Auftragsbestätigung.pdf']);
    expect(await names('deltachat-core/pdf_filename_continuation.eml')).toEqual(['test pdf äöüß.pdf']);
    expect(await names('mikel-mail/japanese_attachment_long_name.eml')).toEqual([
      'かきくけこかきくけこかきくけこかきくけこかきくけこ.txt',
    ]);
    expect(await names('proton-bridge/text_plain_docx_attachment_cyrillic.eml')).toEqual([
      'АБВГДЃЕЖЗЅИЈКЛЉМНЊОПРСТЌУФХЧЏЗШ.docx',
    ]);
  });

  it('reads PDF attachments in real mail', async () => {
    const m = await body('deltachat-core/pdf_filename_continuation.eml');
    const pdf = m.documents[1]!;
    expect(pdf.mime_type).toBe('application/pdf');
    expect(pdf.unreadable).toBeNull();
    expect(pdf.text.length).toBeGreaterThan(0);
  });
});
