// Hostile messages, generated at test time (nothing of the kind is committed): the
// shapes an attacker sends to take a mail service down. Used by test/e2e/hostile.test.ts
// and the hostile section of `npm run bench`.
import { deflateRawSync, deflateSync, crc32 } from 'node:zlib';
import { buildEml } from './mail.ts';

/** A PDF whose page tree lists one page `count` times (pdf.js walks every entry). */
export function pageTreePdf(count: number): Uint8Array {
  const kids = Array.from({ length: count }, () => '3 0 R').join(' ');
  const content = 'BT /F1 12 Tf 72 720 Td (Invoice INV-BOMB total 1.00) Tj ET';
  return pdfFrom([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/** A PDF with one content stream that inflates to `inflatedMb` MiB of text operators. */
export function flatePdf(inflatedMb: number): Uint8Array {
  const op = Buffer.from('BT /F1 1 Tf 0 0 Td (xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx) Tj ET\n');
  const inflated = Buffer.alloc(inflatedMb * 1024 * 1024);
  for (let at = 0; at < inflated.length; at += op.length) op.copy(inflated, at);
  const compressed = deflateSync(inflated, { level: 9 });
  return pdfFrom([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    { dict: `<< /Length ${compressed.length} /Filter /FlateDecode >>`, stream: compressed },
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

type PdfObject = string | { dict: string; stream: Buffer };

function pdfFrom(objects: PdfObject[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const body =
      typeof object === 'string'
        ? Buffer.from(`${i + 1} 0 obj\n${object}\nendobj\n`)
        : Buffer.concat([
            Buffer.from(`${i + 1} 0 obj\n${object.dict}\nstream\n`),
            object.stream,
            Buffer.from('\nendstream\nendobj\n'),
          ]);
    parts.push(body);
    length += body.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
  ].join('');
  parts.push(Buffer.from(xref));
  return new Uint8Array(Buffer.concat(parts));
}

/** A stored zip (one deflated entry per file); `declare` lets an entry lie about its size. */
export function zipOf(files: { name: string; data: Buffer; declare?: number }[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const deflated = deflateRawSync(file.data, { level: 9 });
    const size = file.declare ?? file.data.length;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(crc32(file.data), 14);
    header.writeUInt32LE(deflated.length, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(name.length, 26);
    locals.push(header, name, deflated);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(file.data), 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** A DOCX whose word/document.xml inflates to `inflatedMb` MiB (optionally declaring less). */
export function docxBomb(inflatedMb: number, lieAboutSize = false): Uint8Array {
  const run = Buffer.from('<w:p><w:r><w:t>aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa</w:t></w:r></w:p>');
  const head = Buffer.from(`<?xml version="1.0"?><w:document ${W}><w:body>`);
  const body = Buffer.alloc(inflatedMb * 1024 * 1024);
  head.copy(body, 0);
  for (let at = head.length; at + run.length <= body.length; at += run.length) run.copy(body, at);
  return zipOf([{ name: 'word/document.xml', data: body, ...(lieAboutSize ? { declare: 1000 } : {}) }]);
}

/** A DOCX whose document.xml declares the billion-laughs entities. */
export function billionLaughsDocx(): Uint8Array {
  const entities = [
    '<!ENTITY lol "lol">',
    ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`),
  ].join('');
  const xml = `<?xml version="1.0"?><!DOCTYPE w:document [${entities}]><w:document ${W}><w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>`;
  return zipOf([{ name: 'word/document.xml', data: Buffer.from(xml) }]);
}

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A plain business mail carrying `attachment`, so what survives can be checked. */
export function mailWith(
  subject: string,
  attachment: { filename: string; contentType: string; content: Uint8Array },
): string {
  return buildEml({
    subject,
    text: `Please find ${attachment.filename} attached. Invoice INV-HOSTILE-1, total 10.00 EUR.`,
    attachments: [attachment],
  });
}

export const HOSTILE_HTML = {
  /** Each extra "| " doubled the time of the old text tidying. */
  pipes: `<p>${'| '.repeat(26)}x</p>`,
  /** A 120 KB unterminated <style> block (quadratic in the old stylesheet scan). */
  style: `<style>${'a'.repeat(120_000)}`,
  /** Nesting deeper than a recursive renderer's stack. */
  deep: `${'<div>'.repeat(2000)}deep text${'</div>'.repeat(2000)}`,
  /** Thousands of unclosed inline tags. */
  unclosed: `${'<b>'.repeat(5000)}unclosed text`,
} as const;

/**
 * Mail carrying each attachment bomb, built when asked (some are large): the list the
 * hostile e2e tests and bench/hostile.ts both send, in this order.
 */
export const ATTACHMENT_BOMBS: [string, () => string][] = [
  [
    'a PDF whose page tree lists one page 100,000 times',
    () =>
      mailWith('page tree bomb', {
        filename: 'pages.pdf',
        contentType: 'application/pdf',
        content: pageTreePdf(100_000),
      }),
  ],
  [
    'a PDF stream that inflates to 200 MiB',
    () => mailWith('flate bomb', { filename: 'flate.pdf', contentType: 'application/pdf', content: flatePdf(200) }),
  ],
  [
    'a DOCX whose document.xml inflates to 300 MiB',
    () => mailWith('docx bomb', { filename: 'bomb.docx', contentType: DOCX_TYPE, content: docxBomb(300) }),
  ],
  [
    'a DOCX that declares 1 KB but inflates to 100 MiB',
    () => mailWith('lying docx', { filename: 'liar.docx', contentType: DOCX_TYPE, content: docxBomb(100, true) }),
  ],
  [
    'a DOCX with billion-laughs entities',
    () => mailWith('laughs', { filename: 'laughs.docx', contentType: DOCX_TYPE, content: billionLaughsDocx() }),
  ],
];
