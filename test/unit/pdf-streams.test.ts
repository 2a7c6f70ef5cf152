// The PDF reader's inflate limits (pipeline/pdf-streams.ts): a stream's decoded size is
// counted before pdf.js reads the PDF, and a stream past a limit is left out while the
// rest of the PDF, and of the message, is still read.
import { PDFDocument, PDFName, StandardFonts, type PDFPage } from 'pdf-lib';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { analyzeMessage } from '../../pipeline/index.ts';
import { READER_LIMITS } from '../../pipeline/limits.ts';
import { filtersOf, limitPdfStreams, type StreamLimits } from '../../pipeline/pdf-streams.ts';
import { readPdf } from '../../pipeline/pdf-text.ts';
import { flatePdf } from '../helpers/hostile.ts';
import { buildEml } from '../helpers/mail.ts';

const MIB = 1024 * 1024;
const SMALL: StreamLimits = { streamMaxBytes: MIB, totalMaxBytes: 2 * MIB, embeddedMaxBytes: 256 * 1024 };

/** Text operators repeated to `bytes` bytes: a content stream that draws a lot of text. */
function operators(bytes: number, word = 'filler'): Buffer {
  const op = Buffer.from(`BT /F1 1 Tf 0 0 Td (${word}) Tj ET\n`);
  const out = Buffer.alloc(Math.floor(bytes));
  for (let at = 0; at < bytes; at += op.length) op.copy(out, at);
  return out;
}

/** PDF's LZW (early change), as the encoder a generator would use. */
function lzw(data: Uint8Array): Uint8Array {
  const bits: number[] = [];
  const put = (code: number, width: number) => {
    for (let b = width - 1; b >= 0; b--) bits.push((code >> b) & 1);
  };
  const table = new Map<string, number>();
  let next = 258;
  let width = 9;
  put(256, width);
  let w = '';
  for (const byte of data) {
    const wc = w + String.fromCharCode(byte);
    if (wc.length === 1 || table.has(wc)) {
      w = wc;
      continue;
    }
    put(w.length === 1 ? w.charCodeAt(0) : table.get(w)!, width);
    if (next < 4095) {
      table.set(wc, next++);
      if (next >= 1 << width && width < 12) width++;
    }
    w = String.fromCharCode(byte);
  }
  if (w) put(w.length === 1 ? w.charCodeAt(0) : table.get(w)!, width);
  // The decoder adds an entry after this code too, which may widen the end-of-data code.
  if (next + 1 >= 1 << width && width < 12) width++;
  put(257, width);
  while (bits.length % 8) bits.push(0);
  return Uint8Array.from({ length: bits.length / 8 }, (_, i) => parseInt(bits.slice(i * 8, i * 8 + 8).join(''), 2));
}

function runLength(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let at = 0; at < data.length; ) {
    let run = 1;
    while (at + run < data.length && run < 128 && data[at + run] === data[at]) run++;
    out.push(257 - run, data[at]!);
    at += run;
  }
  out.push(128);
  return Uint8Array.from(out);
}

function ascii85(data: Uint8Array): Buffer {
  let out = '';
  for (let at = 0; at < data.length; at += 4) {
    const chunk = [...data.subarray(at, at + 4)];
    const n = chunk.length;
    while (chunk.length < 4) chunk.push(0);
    let value = ((chunk[0]! << 24) | (chunk[1]! << 16) | (chunk[2]! << 8) | chunk[3]!) >>> 0;
    const digits: string[] = [];
    for (let i = 0; i < 5; i++) {
      digits.unshift(String.fromCharCode(33 + (value % 85)));
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, n + 1).join('');
  }
  return Buffer.from(`${out}~>`);
}

/** A PDF of pages drawn with pdf-lib, each page's content then replaced as given. */
async function pdfWith(
  pages: { text: string; contents?: { data: Uint8Array; filter: string | string[] } }[],
  extra?: (doc: PDFDocument, page: PDFPage) => void,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const p of pages) {
    const page = doc.addPage([300, 300]);
    page.drawText(p.text, { x: 20, y: 200, size: 12, font });
    if (p.contents) {
      // Draw the text, then append the stream: what the page says stays readable.
      const stream = doc.context.stream(p.contents.data, {
        Filter: p.contents.filter,
        Length: p.contents.data.byteLength,
      });
      page.node.addContentStream(doc.context.register(stream));
    }
    extra?.(doc, page);
  }
  return doc.save({ useObjectStreams: false });
}

describe('PDF stream inflate limits', () => {
  it('stops a generated flate bomb at the stream limit, blanking only that stream', () => {
    const bomb = flatePdf(200);
    const copy = new Uint8Array(bomb);
    const scan = limitPdfStreams(copy, {
      streamMaxBytes: READER_LIMITS.pdfStreamMaxBytes,
      totalMaxBytes: READER_LIMITS.pdfDecodedMaxBytes,
      embeddedMaxBytes: MIB,
    });
    expect(scan).toEqual({
      limited: 'a PDF stream decodes past 32 MiB (the PDF stream inflate limit); it was not read',
      overLimit: 1,
      decodedBytes: 0,
    });
    // The same length, the stream's data now spaces, everything else as it was.
    expect(copy.byteLength).toBe(bomb.byteLength);
    const changed = [...copy.keys()].filter((i) => copy[i] !== bomb[i]);
    const text = Buffer.from(bomb).toString('latin1');
    const dataStart = text.indexOf('stream\n') + 7;
    expect(changed[0]).toBe(dataStart);
    expect(changed.at(-1)!).toBeLessThan(text.indexOf('endstream'));
    expect(
      Buffer.from(copy.subarray(dataStart, text.indexOf('endstream')))
        .toString('latin1')
        .trim(),
    ).toBe('');
  });

  it('reads the pages around a bomb and says which limit left content out', async () => {
    const bomb = deflateSync(operators(40 * MIB, 'BOMB'), { level: 9 });
    const pdf = await pdfWith([
      { text: 'Invoice No: PAGE-ONE' },
      { text: 'Total due: 99.00 EUR', contents: { data: bomb, filter: 'FlateDecode' } },
      { text: 'Thank you' },
    ]);
    const { text, limited } = await readPdf(pdf);
    expect(limited).toBe('a PDF stream decodes past 32 MiB (the PDF stream inflate limit); it was not read');
    expect(text.split('\n\n')).toEqual(['Invoice No: PAGE-ONE', 'Total due: 99.00 EUR', 'Thank you']);
  }, 60_000);

  it('holds all streams of one PDF to the total, keeping the first ones that fit', () => {
    const page = (word: string) => deflateSync(operators(0.8 * MIB, word));
    const pdf = flatePdfOf([page('one'), page('two'), page('three')]);
    const scan = limitPdfStreams(pdf, SMALL);
    expect(scan.limited).toBe('PDF streams decode past 2 MiB in total (the PDF inflate limit); the rest were not read');
    expect(scan.overLimit).toBe(1);
    expect(scan.decodedBytes).toBe(2 * Math.floor(0.8 * MIB));
  });

  it('counts a stream whose deflate data is cut short or corrupt up to where pdf.js stops', () => {
    const whole = deflateSync(operators(3 * MIB));
    const cut = whole.subarray(0, whole.length - 200);
    const corrupt = Buffer.concat([cut, Buffer.alloc(64, 0xff)]);
    for (const data of [cut, corrupt]) {
      expect(limitPdfStreams(flatePdfOf([data]), SMALL)).toMatchObject({ overLimit: 1 });
      expect(
        limitPdfStreams(flatePdfOf([data]), { ...SMALL, streamMaxBytes: 4 * MIB, totalMaxBytes: 4 * MIB }),
      ).toMatchObject({ overLimit: 0 });
    }
  });

  it('counts LZW, RunLength and ASCII85-then-Flate streams exactly, and pdf.js still reads them', async () => {
    const content = operators(300_000, 'LZW');
    const lzwData = lzw(content);
    const rl = runLength(operators(200_000, 'RL'));
    const a85 = ascii85(deflateSync(operators(100_000, 'A85')));
    const pdf = await pdfWith([
      { text: 'page lzw', contents: { data: lzwData, filter: 'LZWDecode' } },
      { text: 'page rl', contents: { data: rl, filter: 'RunLengthDecode' } },
      { text: 'page a85', contents: { data: a85, filter: ['ASCII85Decode', 'FlateDecode'] } },
    ]);
    const scan = limitPdfStreams(new Uint8Array(pdf), {
      streamMaxBytes: 32 * MIB,
      totalMaxBytes: 64 * MIB,
      embeddedMaxBytes: MIB,
    });
    // pdf-lib's own streams (the text it drew, the font) are flate streams of a few hundred bytes.
    expect(scan.decodedBytes - 300_000 - 200_000 - 100_000).toBeGreaterThan(0);
    expect(scan.decodedBytes - 300_000 - 200_000 - 100_000).toBeLessThan(2_000);
    const { text, limited } = await readPdf(pdf);
    expect(limited).toBeNull();
    expect(text).toContain('LZW');
    expect(text).toContain('RL');
    expect(text).toContain('A85');

    const small = limitPdfStreams(new Uint8Array(pdf), { ...SMALL, streamMaxBytes: 150_000, totalMaxBytes: 10 * MIB });
    expect(small.overLimit).toBe(2); // the LZW (300,000) and RunLength (200,000) pages
  }, 60_000);

  it('leaves out image data and embedded files too large to keep, without a limit note', async () => {
    const image = deflateSync(operators(3 * MIB));
    const pdf = await pdfWith([{ text: 'Invoice with a picture' }], (doc, page) => {
      const xobject = doc.context.stream(image, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: 1000,
        Height: 1000,
        BitsPerComponent: 8,
        ColorSpace: 'DeviceGray',
        Filter: 'FlateDecode',
        Length: image.byteLength,
      });
      page.node.setXObject(PDFName.of('Im1'), doc.context.register(xobject));
    });
    const copy = new Uint8Array(pdf);
    expect(limitPdfStreams(copy, SMALL)).toMatchObject({ limited: null, overLimit: 0 });
    expect(Buffer.from(copy).includes(image.subarray(0, 64))).toBe(false);
    expect((await readPdf(pdf)).text).toBe('Invoice with a picture');
  }, 60_000);

  it('reads the filter names of a stream dictionary', () => {
    expect(filtersOf('<< /Length 5 /Filter /FlateDecode >>')).toEqual(['FlateDecode']);
    expect(filtersOf('<</Filter/Fl/Length 5>>')).toEqual(['Fl']);
    expect(filtersOf('<< /Filter [ /ASCII85Decode /FlateDecode ] >>')).toEqual(['ASCII85Decode', 'FlateDecode']);
    expect(filtersOf('<< /Filter /Fl#61teDecode >>')).toEqual(['FlateDecode']);
    expect(filtersOf('<< /Length 5 >>')).toEqual([]);
    expect(filtersOf('<< /Filter 7 0 R >>')).toBeNull();
  });

  it('flags the message truncated and reads the body and the other attachments', async () => {
    const eml = buildEml({
      subject: 'Invoice',
      text: 'Invoice INV-77 attached, total 12.00 EUR.',
      attachments: [
        { filename: 'flate.pdf', contentType: 'application/pdf', content: flatePdf(200) },
        { filename: 'notes.txt', contentType: 'text/plain', content: new TextEncoder().encode('PO number 4711') },
      ],
    });
    const analyzed = await analyzeMessage(eml);
    if (!analyzed.ok) throw new Error('refused');
    const { flags, documents } = analyzed.message;
    expect(flags).toContain('truncated');
    expect(flags).not.toContain('attachment_unreadable');
    expect(documents[0]!.text).toContain('Invoice INV-77 attached');
    expect(documents[1]).toMatchObject({ filename: 'flate.pdf', truncated: true, unreadable: null, text: '' });
    expect(documents[2]).toMatchObject({ filename: 'notes.txt', text: 'PO number 4711', truncated: false });
  }, 60_000);
});

/** A bare PDF whose pages have the given flate content streams (no pdf-lib: bytes as given). */
function flatePdfOf(streams: Uint8Array[]): Uint8Array {
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${streams.map((_, i) => `${3 + 2 * i} 0 R`).join(' ')}] /Count ${streams.length} >>`,
  ];
  streams.forEach((s, i) => {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents ${4 + 2 * i} 0 R >>`);
    objects.push(
      Buffer.concat([
        Buffer.from(`<< /Length ${s.byteLength} /Filter /FlateDecode >>\nstream\n`),
        s,
        Buffer.from('\nendstream'),
      ]),
    );
  });
  const parts = [Buffer.from('%PDF-1.7\n')];
  objects.forEach((o, i) => {
    parts.push(Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(o), Buffer.from('\nendobj\n'));
  });
  parts.push(Buffer.from('trailer\n<< /Root 1 0 R >>\n%%EOF\n'));
  return new Uint8Array(Buffer.concat(parts));
}
