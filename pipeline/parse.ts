// Stage 1: raw RFC 822 bytes -> ParsedMessage (postal-mime). Never throws for bad mail:
// MIME bombs and broken structure give a partial message flagged `truncated`; only an
// empty input is refused.
import PostalMime, { type Address, type Email } from 'postal-mime';
import type { Flag, HeaderField, Mailbox, ParsedAttachment, ParsedMessage } from './types.ts';
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

function mailboxes(list: Address[] | Address | undefined): Mailbox[] {
  if (!list) return [];
  const out: Mailbox[] = [];
  for (const entry of Array.isArray(list) ? list : [list]) {
    if ('group' in entry && entry.group) {
      for (const member of entry.group)
        out.push({ name: member.name ?? '', address: (member.address ?? '').toLowerCase() });
    } else if ('address' in entry) {
      out.push({ name: entry.name ?? '', address: (entry.address ?? '').toLowerCase() });
    }
  }
  return out.filter((m) => m.address !== '' || m.name !== '');
}

function isoDate(value: string | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function toBytes(content: ArrayBuffer | Uint8Array | string): Uint8Array {
  if (typeof content === 'string') return new TextEncoder().encode(content);
  return content instanceof Uint8Array ? content : new Uint8Array(content);
}

function fromEmail(email: Email, utf7: boolean): ParsedMessage {
  const fix = (s: string) => (utf7 ? decodeUtf7(s) : s);
  const flags: Flag[] = [];
  const notes: string[] = [];
  let attachments: ParsedAttachment[] = email.attachments.map((a) => ({
    // Filenames arrive in NFD from some clients (macOS): NFC makes them compare equal.
    filename: a.filename ? fix(a.filename).normalize('NFC') : null,
    // Broken Content-Type lines leak parameters into the type ("application/pdf name=x.pdf").
    mimeType: (a.mimeType || '').toLowerCase().match(/^[a-z0-9.+-]+\/[a-z0-9.+-]+/)?.[0] ?? 'application/octet-stream',
    disposition: a.disposition === 'attachment' ? 'attachment' : a.disposition === 'inline' ? 'inline' : null,
    contentId: a.contentId ?? null,
    bytes: toBytes(a.content),
  }));
  if (attachments.length > PARSE_LIMITS.maxAttachments) {
    notes.push(`${attachments.length} attachments; only the first ${PARSE_LIMITS.maxAttachments} were kept`);
    attachments = attachments.slice(0, PARSE_LIMITS.maxAttachments);
    flags.push('truncated');
  }
  return {
    headers: email.headers.map((h) => ({ name: h.key.toLowerCase(), value: fix(h.value) })),
    from: mailboxes(email.from)[0] ?? null,
    to: mailboxes(email.to),
    cc: mailboxes(email.cc),
    replyTo: mailboxes(email.replyTo),
    subject: fix(email.subject ?? ''),
    date: isoDate(email.date),
    messageId: email.messageId ?? null,
    text: email.text !== undefined ? fix(email.text) : null,
    html: email.html !== undefined ? fix(email.html) : null,
    attachments,
    flags,
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
  const address = (value: string | undefined): Mailbox[] => {
    // Starts only where a run starts and the local part holds no '@': the same first address
    // as /<?([^<>\s,]+@[^<>\s,]+)>?/, without rescanning a long run from every position.
    const match = value?.match(/(?<![^<>\s,])([^<>\s,@]+@[^<>\s,]+)/);
    return match ? [{ name: '', address: match[1]!.toLowerCase() }] : [];
  };
  return {
    headers,
    from: address(get('from'))[0] ?? null,
    to: address(get('to')),
    cc: [],
    replyTo: address(get('reply-to')),
    subject: get('subject') ?? '',
    date: isoDate(get('date')),
    messageId: get('message-id') ?? null,
    text: null,
    html: null,
    attachments: [],
    flags: ['truncated'],
    notes: [`body not read: ${reason}`],
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
    const email = await PostalMime.parse(whole ? (bytes.buffer as ArrayBuffer) : bytes, {
      maxNestingDepth: PARSE_LIMITS.maxNestingDepth,
      maxHeadersSize: PARSE_LIMITS.maxHeadersSize,
      maxRfc822NestingDepth: PARSE_LIMITS.maxRfc822NestingDepth,
      attachmentEncoding: 'arraybuffer',
    });
    return { ok: true, message: fromEmail(email, declaresUtf7In(buffer)) };
  } catch (error) {
    return { ok: true, message: headersOnly(buffer.toString('latin1'), (error as Error).message) };
  }
}

export function headerValues(headers: HeaderField[], name: string): string[] {
  const wanted = name.toLowerCase();
  return headers.filter((h) => h.name === wanted).map((h) => h.value);
}
