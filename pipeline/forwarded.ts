// Forwarded mail: when a trusted forwarder (a bucket policy's `forwarders`) sends on a
// message, it should read as from its original sender. The original sender comes from an
// attached message/rfc822 part, else from the forwarded header block in the body.
import { parseMessage } from './parse.ts';
import { findEmail } from './validate.ts';
import type { Mailbox, ParsedMessage } from './types.ts';

const MARKER = /^(?:[-_=]{2,}\s*(?:forwarded message|original message|weitergeleitete nachricht|urspr[üu]ngliche nachricht|message transf[ée]r[ée]|message d'origine|mensaje reenviado|mensaje original)\s*[-_=]{2,}|begin forwarded message:?|anfang der weitergeleiteten nachricht:?)\s*$/im;
// Leading [ \t]*, not \s*: with /m, \s* spans blank lines and made the search quadratic.
const FROM_LINE = /^[ \t]*\*?(?:from|von|de|da)\s*:\*?\s*(.+)$/im;

/** "Name <a@b>", "a@b", "Name [mailto:a@b]" -> a mailbox. */
export function mailboxFromText(text: string): Mailbox | null {
  // Local parts exclude '@' (and ':' after mailto:) and the bracket patterns stop at the next
  // opening bracket, so no search rescans a long run from every position (linear, see regex-safety).
  const address = text.match(/<\s*([^<>\s@]+@[^<>\s]+)\s*>/)?.[1] ?? text.match(/mailto:([^\]\s@:]+@[^\]\s]+)/i)?.[1]
    ?? findEmail(text)?.text;
  if (!address) return null;
  const name = text.replace(/<[^<>]*>|\[mailto:[^\][]*\]/gi, '').replace(address, '').replace(/["']/g, '').trim();
  return { name, address: address.toLowerCase() };
}

export async function originalSender(parsed: ParsedMessage, bodyText: string): Promise<Mailbox | null> {
  for (const attachment of parsed.attachments) {
    if (attachment.mimeType !== 'message/rfc822') continue;
    const nested = await parseMessage(attachment.bytes);
    if (nested.ok && nested.message.from?.address) return nested.message.from;
  }
  const marker = MARKER.exec(bodyText);
  if (!marker) return null;
  const block = bodyText.slice(marker.index + marker[0].length, marker.index + marker[0].length + 2000);
  const from = FROM_LINE.exec(block);
  return from ? mailboxFromText(from[1]!) : null;
}

/** Whether `address` is covered by a forwarders entry: an address, "@domain" or ".domain" (it and subdomains). */
export function matchesForwarder(entry: string, address: string | null | undefined): boolean {
  if (!address) return false;
  const e = entry.trim().toLowerCase();
  const a = address.trim().toLowerCase();
  const domain = a.split('@')[1] ?? '';
  if (e.startsWith('@')) return domain === e.slice(1);
  if (e.startsWith('.')) return domain === e.slice(1) || domain.endsWith(e);
  return a === e;
}
