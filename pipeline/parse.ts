// Stage 1: raw RFC 822 bytes -> ParsedMessage (postal-mime). Never throws for bad mail:
// MIME bombs and broken structure give a partial message flagged `truncated`; only an
// empty input is refused.
import PostalMime, { type Email } from 'postal-mime';
import { readAddressFields, readFrom, readRecipientFields } from './address.ts';
import { safeFilename, spelledOut } from './filename.ts';
import { headerText } from './invisible.ts';
import type { Flag, HeaderField, ParsedAttachment, ParsedMessage } from './types.ts';
import { declaresUtf7, decodeUtf7 } from './utf7.ts';

export const PARSE_LIMITS = {
  /** Multipart nesting deeper than this is a MIME bomb, not business mail. */
  maxNestingDepth: 32,
  /** Bytes of headers across all parts. */
  maxHeadersSize: 1024 * 1024,
  maxAttachments: 200,
  /** Forwarded messages inside forwarded messages, parsed inline. */
  maxRfc822NestingDepth: 5,
} as const;

export type ParseRefusal = { code: 'empty_message'; message: string };
export type ParseResult = { ok: true; message: ParsedMessage } | { ok: false; refusal: ParseRefusal };

function isoDate(value: string | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function toBytes(content: ArrayBuffer | Uint8Array | string): Uint8Array {
  if (typeof content === 'string') return new TextEncoder().encode(content);
  return content instanceof Uint8Array ? content : new Uint8Array(content);
}

/**
 * What the header fields say about the sender and recipients, read by address.ts; names
 * cleaned. `email` lends postal-mime's own reading of To, Cc and Reply-To, so a value the
 * strict parser refuses is not parsed leniently a second time.
 */
function addressFields(
  headers: HeaderField[],
  email: Pick<Email, 'to' | 'cc' | 'replyTo'> | null,
  flags: Set<Flag>,
  notes: string[],
  fix: (s: string) => string,
) {
  const values = (name: string) => headerValues(headers, name);
  // postal-mime leaves a kind out of Email when its fields name nobody.
  const lent = (parsed: Email['to']) => (email ? (parsed ?? []) : undefined);
  const sender = readFrom(values('from'), flags, fix);
  if (sender.ambiguity) {
    flags.add('sender_ambiguous');
    notes.push(`sender ambiguous: ${sender.ambiguity}`);
  }
  return {
    from: sender.from,
    fromAmbiguity: sender.ambiguity,
    to: readRecipientFields(values('to'), flags, fix, lent(email?.to)),
    cc: readRecipientFields(values('cc'), flags, fix, lent(email?.cc)),
    replyTo: readAddressFields(values('reply-to'), flags, fix, lent(email?.replyTo)),
  };
}

function fromEmail(email: Email, utf7: boolean): ParsedMessage {
  const fix = (s: string) => (utf7 ? decodeUtf7(s) : s);
  const flags = new Set<Flag>();
  const notes: string[] = [];
  let attachments: ParsedAttachment[] = email.attachments.map((a) => {
    // Filenames arrive in NFD from some clients (macOS): NFC makes them compare equal.
    const written = a.filename ? fix(a.filename).normalize('NFC') : null;
    const filename = written === null ? null : safeFilename(written, flags);
    return {
      filename,
      originalFilename: written !== null && filename !== written ? spelledOut(written) : null,
      // Broken Content-Type lines leak parameters into the type ("application/pdf name=x.pdf").
      mimeType:
        (a.mimeType || '').toLowerCase().match(/^[a-z0-9.+-]+\/[a-z0-9.+-]+/)?.[0] ?? 'application/octet-stream',
      disposition: a.disposition === 'attachment' ? 'attachment' : a.disposition === 'inline' ? 'inline' : null,
      contentId: a.contentId ?? null,
      bytes: toBytes(a.content),
    };
  });
  if (attachments.length > PARSE_LIMITS.maxAttachments) {
    notes.push(`${attachments.length} attachments; only the first ${PARSE_LIMITS.maxAttachments} were kept`);
    attachments = attachments.slice(0, PARSE_LIMITS.maxAttachments);
    flags.add('truncated');
  }
  // Addresses are read from the fields as written (postal-mime flattens a quoted local part).
  const written = email.headers.map((h) => ({ name: h.key.toLowerCase(), value: h.value }));
  const addresses = addressFields(written, email, flags, notes, fix);
  return {
    headers: written.map((h) => ({ name: h.name, value: headerText(fix(h.value), flags) })),
    ...addresses,
    subject: headerText(fix(email.subject ?? ''), flags),
    date: isoDate(email.date),
    messageId: email.messageId ?? null,
    text: email.text !== undefined ? fix(email.text) : null,
    html: email.html !== undefined ? fix(email.html) : null,
    attachments,
    flags: [...flags],
    notes,
  };
}

/**
 * When postal-mime refuses the structure (a limit was hit), keep what a reader can
 * still trust: the top-level headers, and none of the body.
 */
export function headersOnly(raw: string, reason: string): ParsedMessage {
  const end = raw.search(/\r?\n\r?\n/);
  const head = (end >= 0 ? raw.slice(0, end) : raw).slice(0, 64 * 1024);
  const headers: HeaderField[] = [];
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.push({ name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1).trim() });
  }
  const get = (name: string) => headers.find((h) => h.name === name)?.value;
  const flags = new Set<Flag>(['truncated']);
  const notes = [`body not read: ${reason}`];
  const addresses = addressFields(headers, null, flags, notes, (s) => s);
  return {
    headers: headers.map((h) => ({ name: h.name, value: headerText(h.value, flags) })),
    ...addresses,
    subject: headerText(get('subject') ?? '', flags),
    date: isoDate(get('date')),
    messageId: get('message-id') ?? null,
    text: null,
    html: null,
    attachments: [],
    flags: [...flags],
    notes,
  };
}

/** Whether the bytes hold only what String.prototype.trim removes (in latin1: tab to CR, space, NBSP). */
function isBlank(bytes: Uint8Array): boolean {
  for (const b of bytes) if (!(b === 0x20 || (b >= 0x09 && b <= 0x0d) || b === 0xa0)) return false;
  return true;
}

// latin1 maps each byte to one char: cheap, and enough to look for markers. Only read when
// the bytes hold "-7" (every UTF-7 declaration does): most mail is never copied to a string.
function declaresUtf7In(buffer: Buffer): boolean {
  return buffer.indexOf('-7', 0, 'latin1') >= 0 && declaresUtf7(buffer.toString('latin1'));
}

/** How many times "message/rfc822" occurs in the bytes, in any case (each may declare a part). */
function rfc822Declarations(buffer: Buffer): number {
  let count = 0;
  for (let at = buffer.indexOf('822', 0, 'latin1'); at >= 0; at = buffer.indexOf('822', at + 3, 'latin1')) {
    if (at >= 11 && buffer.toString('latin1', at - 11, at).toLowerCase() === 'message/rfc') count++;
  }
  return count;
}

/**
 * The body of a multipart message in which no part was found (no delimiter line of its
 * boundary, as some iPhone replies arrive): read as text rather than dropped. Discourse's
 * receiver (Ruby's mail gem) reads such bodies as the message; RFC 2046 would call it all a
 * preamble, but an empty message says less than the text its sender wrote.
 */
function unreadMultipartBody(buffer: Buffer): string | null {
  const head = buffer.toString('latin1', 0, Math.min(buffer.length, PARSE_LIMITS.maxHeadersSize));
  const blank = /\r?\n\r?\n/.exec(head);
  if (!blank) return null;
  const fields = head
    .slice(0, blank.index)
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .map((line) => {
      const colon = line.indexOf(':');
      return { name: colon > 0 ? line.slice(0, colon).trim().toLowerCase() : '', value: line.slice(colon + 1).trim() };
    });
  if (!headerValues(fields, 'content-type')[0]?.toLowerCase().startsWith('multipart/')) return null;
  const text = new TextDecoder().decode(buffer.subarray(blank.index + blank[0].length)).trim();
  return text || null;
}

export async function parseMessage(raw: Uint8Array | string): Promise<ParseResult> {
  const bytes = typeof raw === 'string' ? new TextEncoder().encode(raw) : raw;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isBlank(bytes)) {
    return {
      ok: false,
      refusal: {
        code: 'empty_message',
        message: 'The message is empty; send the whole RFC 822 text (headers, blank line, body).',
      },
    };
  }
  try {
    // postal-mime copies a view into an ArrayBuffer of its own; a view over a whole buffer
    // (the usual case, and the shared buffer the analysis pool passes) is read in place.
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const input = whole ? (bytes.buffer as ArrayBuffer) : bytes;
    const options = {
      maxNestingDepth: PARSE_LIMITS.maxNestingDepth,
      maxHeadersSize: PARSE_LIMITS.maxHeadersSize,
      maxRfc822NestingDepth: PARSE_LIMITS.maxRfc822NestingDepth,
      attachmentEncoding: 'arraybuffer',
    } as const;
    const email = await PostalMime.parse(input, options);
    const message = fromEmail(email, declaresUtf7In(buffer));
    if (message.text === null && message.html === null && message.attachments.length === 0) {
      message.text = unreadMultipartBody(buffer);
    }
    // An attached message without Content-Disposition is read into text/html inline (as mail
    // clients show it); parsed again with every message/rfc822 part as an attachment, the
    // body is the sender's own, which reply_text must not run past.
    // Parts that became attachments were not read inline: parse again only when some were.
    const attached = message.attachments.filter((a) => a.mimeType === 'message/rfc822').length;
    if (rfc822Declarations(buffer) > attached) {
      const own = await PostalMime.parse(input, { ...options, forceRfc822Attachments: true });
      const fix = (s: string | undefined) => (s === undefined ? null : declaresUtf7In(buffer) ? decodeUtf7(s) : s);
      const attachedMessages = own.attachments
        .filter((a) => (a.mimeType || '').toLowerCase() === 'message/rfc822')
        .map((a) => toBytes(a.content));
      const ownBody = { text: fix(own.text), html: fix(own.html), attachedMessages };
      if (ownBody.text !== message.text || ownBody.html !== message.html) message.ownBody = ownBody;
    }
    return { ok: true, message };
  } catch (error) {
    return { ok: true, message: headersOnly(buffer.toString('latin1'), (error as Error).message) };
  }
}

/**
 * The values of one top-level header field, straight from the raw bytes (unfolded, UTF-8 as
 * RFC 6532 allows): for readers that need one field without parsing the message, such as
 * mail authentication's From. Bounded by the header size limit.
 */
export function rawHeaderValues(raw: Uint8Array, name: string): string[] {
  const buffer = Buffer.from(raw.buffer, raw.byteOffset, Math.min(raw.byteLength, PARSE_LIMITS.maxHeadersSize));
  const crlf = buffer.indexOf('\r\n\r\n');
  const lf = buffer.indexOf('\n\n');
  const end = crlf >= 0 && (lf < 0 || crlf < lf) ? crlf : lf >= 0 ? lf : buffer.length;
  const wanted = `${name.toLowerCase()}:`;
  const out: string[] = [];
  for (const line of buffer
    .toString('utf8', 0, end)
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)) {
    if (line.slice(0, wanted.length).toLowerCase() === wanted) out.push(line.slice(wanted.length).trim());
    // A field name may have white space before its colon (obsolete syntax, RFC 5322 4.5).
    else if (/^[!-9;-~]+[ \t]+:/.test(line) && line.slice(0, line.indexOf(':')).trim().toLowerCase() === name)
      out.push(line.slice(line.indexOf(':') + 1).trim());
  }
  return out;
}

export function headerValues(headers: HeaderField[], name: string): string[] {
  const wanted = name.toLowerCase();
  return headers.filter((h) => h.name === wanted).map((h) => h.value);
}
