// Builders for realistic test messages.
import { PDFDocument, StandardFonts } from 'pdf-lib';

export async function makePdf(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => {
    page.drawText(line, { x: 50, y: 780 - i * 18, size: 11, font });
  });
  return doc.save();
}

function base64Lines(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64').replace(/.{76}/g, '$&\r\n');
}

export interface MailSpec {
  from?: string;
  to?: string;
  subject: string;
  text?: string;
  html?: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; contentType: string; content: Uint8Array | string }[];
}

export function buildEml(spec: MailSpec): string {
  const head = [
    `From: ${spec.from ?? 'Billing <billing@vendor.example>'}`,
    `To: ${spec.to ?? 'ap@customer.example'}`,
    `Subject: ${spec.subject}`,
    'Date: Tue, 03 Mar 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    ...Object.entries(spec.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
  ];
  const parts: string[] = [];
  if (spec.text !== undefined)
    parts.push(
      `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(Buffer.from(spec.text))}`,
    );
  if (spec.html !== undefined)
    parts.push(
      `Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(Buffer.from(spec.html))}`,
    );
  for (const a of spec.attachments ?? []) {
    const bytes = typeof a.content === 'string' ? Buffer.from(a.content) : a.content;
    parts.push(
      `Content-Type: ${a.contentType}; name="${a.filename}"\r\nContent-Disposition: attachment; filename="${a.filename}"\r\n` +
        `Content-Transfer-Encoding: base64\r\n\r\n${base64Lines(bytes)}`,
    );
  }
  if (parts.length === 1 && !spec.attachments?.length) return `${head.join('\r\n')}\r\n${parts[0]}\r\n`;
  const boundary = 'svc-test-boundary';
  return (
    `${head.join('\r\n')}\r\nContent-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n` +
    parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('') +
    `--${boundary}--\r\n`
  );
}

/** A minimal real Word document (OOXML), one paragraph per line. */
export async function makeDocx(lines: string[]): Promise<Uint8Array> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  const escapeXml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      lines.map((l) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(l)}</w:t></w:r></w:p>`).join('') +
      '</w:body></w:document>',
  );
  return zip.generateAsync({ type: 'uint8array' });
}
