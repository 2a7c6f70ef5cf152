// Stage 3: one Document per message body and per attachment, with its text. Field
// sources point at offsets in these texts. An attachment we should be able to read but
// cannot is flagged `attachment_unreadable`; it never fails the message.
import { docxText } from './docx.ts';
import { safeFilename, spelledOut } from './filename.ts';
import { stripInvisible } from './invisible.ts';
import { attachedMismatch, embeddedDocuments } from './einvoice-mismatch.ts';
import { READER_LIMITS } from './limits.ts';
import { parseMessage } from './parse.ts';
import { readPdf, type EmbeddedFile } from './pdf-text.ts';
import { sanitizeBody, sanitizeHtml, type HiddenText } from './sanitize.ts';
import { csvToText, decodeText, icsToText } from './text-formats.ts';
import type { Document, Flag, InlineIcon, ParsedAttachment, ParsedMessage } from './types.ts';

/** Text kept per document (DESIGN.md: attachment text indexed up to 1 MiB). */
export const MAX_DOCUMENT_TEXT = READER_LIMITS.documentTextMaxChars;

export interface DocumentsResult {
  documents: Document[];
  hidden: HiddenText[];
  flags: Flag[];
}

type Reader = (a: ParsedAttachment) => Promise<{
  text: string;
  hidden?: HiddenText[];
  flags?: Flag[];
  limited?: string | null;
  embedded?: EmbeddedFile[];
}>;

// An attached message is read for its text here and again for its sender when the mail is
// a forward (forwarded.ts): parsed once per attachment, keyed by its bytes.
const attachedParses = new WeakMap<Uint8Array, ReturnType<typeof parseMessage>>();

/** parseMessage of an attached message/rfc822 part, shared by every reader of the same bytes. */
export function parseAttached(bytes: Uint8Array): ReturnType<typeof parseMessage> {
  let parsed = attachedParses.get(bytes);
  if (!parsed) {
    parsed = parseMessage(bytes);
    attachedParses.set(bytes, parsed);
  }
  return parsed;
}

/** Flags of a nested message that describe its text (the text is read into this one). */
const TEXT_FLAGS: readonly Flag[] = ['zero_width_chars', 'bidi_override', 'invisible_chars'];

async function nestedMessageText(bytes: Uint8Array): Promise<{ text: string; flags: Flag[] }> {
  const parsed = await parseAttached(bytes);
  if (!parsed.ok) return { text: '', flags: [] };
  const m = parsed.message;
  const body = sanitizeBody(m);
  const head = [
    m.from ? `From: ${m.from.name ? `${m.from.name} <${m.from.address}>` : m.from.address}` : '',
    m.to.length ? `To: ${m.to.map((t) => t.address).join(', ')}` : '',
    m.date ? `Date: ${m.date}` : '',
    `Subject: ${m.subject}`,
  ].filter(Boolean);
  return {
    text: `${head.join('\n')}\n\n${body.text}`,
    flags: [...m.flags, ...body.flags].filter((f) => TEXT_FLAGS.includes(f)),
  };
}

function extension(name: string | null): string {
  return name?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
}

const GENERIC_TYPES = new Set([
  'application/octet-stream',
  'application/x-download',
  'application/binary',
  'binary/octet-stream',
]);

function startsWith(bytes: Uint8Array, ascii: string): boolean {
  return bytes.byteLength >= ascii.length && [...ascii].every((c, i) => bytes[i] === c.charCodeAt(0));
}

/**
 * The reader for an attachment, or null for types we do not read (images, archives...).
 * The content decides first (a PDF is a PDF whatever it is called), then the declared
 * type, then the file extension when the declared type says nothing.
 */
function readerFor(a: ParsedAttachment): Reader | null {
  const type = a.mimeType;
  const ext = GENERIC_TYPES.has(type) ? extension(a.filename) : '';
  if (startsWith(a.bytes, '%PDF-') || type === 'application/pdf' || ext === 'pdf') return (x) => readPdf(x.bytes);
  if (type.includes('wordprocessingml') || ext === 'docx') {
    return async (x) => {
      const read = docxText(x.bytes);
      return { text: read.text, limited: read.cut ? `text past ${MAX_DOCUMENT_TEXT} characters not read` : null };
    };
  }
  if (type === 'text/calendar' || ext === 'ics') return async (x) => ({ text: icsToText(decodeText(x.bytes)) });
  if (type === 'text/csv' || ext === 'csv') return async (x) => ({ text: csvToText(decodeText(x.bytes)) });
  if (type === 'text/html' || ext === 'html' || ext === 'htm') {
    return async (x) => {
      const s = sanitizeHtml(decodeText(x.bytes));
      return { text: s.text, hidden: s.hidden, flags: s.flags };
    };
  }
  if (type === 'message/rfc822' || ext === 'eml') return (x) => nestedMessageText(x.bytes);
  if (
    type.startsWith('text/') ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    ['txt', 'md', 'json', 'xml'].includes(ext)
  ) {
    return async (x) => ({ text: decodeText(x.bytes) });
  }
  return null;
}

function cap(text: string): { text: string; truncated: boolean } {
  return text.length > MAX_DOCUMENT_TEXT
    ? { text: text.slice(0, MAX_DOCUMENT_TEXT), truncated: true }
    : { text, truncated: false };
}

/** Whether the documents stage reads this attachment's text (PDF, DOCX, text, ...). */
export function isReadable(attachment: ParsedAttachment): boolean {
  return readerFor(attachment) !== null;
}

export interface AttachmentRead {
  document: Omit<Document, 'index'>;
  /** Documents found inside it (the XML of a ZUGFeRD/Factur-X PDF), read after it. */
  embedded: Omit<Document, 'index'>[];
  hidden: HiddenText[];
  flags: Flag[];
}

/** One attachment as a document. A reader that fails marks it unreadable; it never throws. */
export async function readAttachment(attachment: ParsedAttachment): Promise<AttachmentRead> {
  const reader = readerFor(attachment);
  const flags = new Set<Flag>();
  const hidden: HiddenText[] = [];
  let text = '';
  let unreadable: string | null = null;
  let limited: string | null = null;
  let embedded: EmbeddedFile[] = [];
  if (reader) {
    try {
      const read = await reader(attachment);
      text = read.text;
      limited = read.limited ?? null;
      embedded = read.embedded ?? [];
      read.flags?.forEach((f) => {
        flags.add(f);
      });
      if (read.hidden)
        hidden.push(
          ...read.hidden.map((h) => ({ ...h, reason: `${attachment.filename ?? 'attachment'}: ${h.reason}` })),
        );
    } catch (error) {
      unreadable = `could not read ${attachment.mimeType}: ${(error as Error).message}`.slice(0, 300);
      flags.add('attachment_unreadable');
    }
  }
  // Every reader's text, as the body's: what a person does not see is not read (and is flagged).
  const capped = cap(stripInvisible(text, flags));
  if (limited) flags.add('truncated');
  const e = embeddedDocuments(embedded, capped.text, 0);
  if (e.mismatch.length > 0) flags.add('einvoice_mismatch');
  return {
    document: {
      kind: 'attachment',
      filename: attachment.filename,
      original_filename: attachment.originalFilename,
      mime_type: attachment.mimeType,
      size_bytes: attachment.bytes.byteLength,
      text: capped.text,
      truncated: capped.truncated || limited !== null,
      unreadable,
    },
    embedded: e.documents.map(({ index: _index, ...d }) => {
      const filename = d.filename === null ? null : safeFilename(d.filename, flags);
      return {
        ...d,
        filename,
        original_filename: d.filename !== null && filename !== d.filename ? spelledOut(d.filename) : null,
        text: stripInvisible(d.text, flags),
      };
    }),
    hidden,
    flags: [...flags],
  };
}

/** The document of an attachment that was not read (a budget stopped its reader). */
export function unreadAttachment(attachment: ParsedAttachment, why: string | null): Omit<Document, 'index'> {
  return {
    kind: 'attachment',
    filename: attachment.filename,
    original_filename: attachment.originalFilename,
    mime_type: attachment.mimeType,
    size_bytes: attachment.bytes.byteLength,
    text: '',
    truncated: false,
    unreadable: why,
  };
}

/** A body's inline icons that sit within its text as kept (a cut text loses those past the cut). */
export function iconsWithin(icons: InlineIcon[] | undefined, text: string): { icons?: InlineIcon[] } {
  const within = icons?.filter((i) => i.offset < text.length) ?? [];
  return within.length > 0 ? { icons: within } : {};
}

/** Attachment reads in message order as documents numbered after the body. */
export function attachmentDocuments(reads: Pick<AttachmentRead, 'document' | 'embedded'>[]): Document[] {
  const out: Document[] = [];
  for (const read of reads) {
    for (const d of [read.document, ...read.embedded]) out.push({ index: out.length + 1, ...d });
  }
  return out;
}

export interface BuildOptions {
  /** false: attachments become documents without text (read one by one elsewhere). */
  readAttachments?: boolean;
  /** false: the HTML body is not rendered; the text/plain alternative is read instead. */
  renderHtml?: boolean;
}

export async function buildDocuments(message: ParsedMessage, options: BuildOptions = {}): Promise<DocumentsResult> {
  const flags = new Set<Flag>();
  const renderHtml = options.renderHtml ?? true;
  const body = sanitizeBody(
    renderHtml
      ? message
      : {
          html: null,
          text: message.text,
          ...(message.ownBody ? { ownBody: { html: null, text: message.ownBody.text } } : {}),
        },
  );
  body.flags.forEach((f) => {
    flags.add(f);
  });
  const hidden = [...body.hidden];
  const bodyText = cap(body.text);
  const reads: Pick<AttachmentRead, 'document' | 'embedded'>[] = [];
  for (const attachment of message.attachments) {
    if (options.readAttachments === false) {
      reads.push({ document: unreadAttachment(attachment, readerFor(attachment) ? 'not read' : null), embedded: [] });
      continue;
    }
    const read = await readAttachment(attachment);
    read.flags.forEach((f) => {
      flags.add(f);
    });
    hidden.push(...read.hidden);
    reads.push(read);
  }
  const documents: Document[] = [
    {
      index: 0,
      kind: 'body',
      filename: null,
      mime_type: message.html ? 'text/html' : 'text/plain',
      size_bytes: Buffer.byteLength(message.html ?? message.text ?? '', 'utf8'),
      text: bodyText.text,
      truncated: bodyText.truncated,
      unreadable: null,
      ...(body.quoted ? { quoted: body.quoted } : {}),
      ...iconsWithin(body.icons, bodyText.text),
    },
    ...attachmentDocuments(reads),
  ];
  // An XML e-invoice attached beside the PDF that prints the same invoice must agree with it.
  if (attachedMismatch(documents).length > 0) flags.add('einvoice_mismatch');
  return { documents, hidden, flags: [...flags] };
}
