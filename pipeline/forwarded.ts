// Forwarded mail: when a trusted forwarder (a bucket policy's `forwarders`) sends on a
// message, it should read as from its original sender. The original comes from an attached
// message/rfc822 part, else from the forwarded header block in the body, as the common
// clients write it in their languages: a marker line ("---------- Forwarded message
// ---------", "Begin forwarded message:", "-----Original Message-----", ...) then a header
// block, possibly quoted with "> " (Apple Mail) or run into one line (Yahoo); or, with a
// forward subject prefix (FW:, WG:, TR:, RV:, ...), Outlook's marker-less "From:/Sent:"
// block or its "On ... wrote:" line. A reply that quotes someone is not a forward.
import { isForwardSubject, isReplySubject, markerOf } from './forward-markers.ts';
import { isAttribution, labelOf, stripQuote, type LabelKind } from './headers-text.ts';
import { domainOf } from './address.ts';
import { caseless } from './caseless.ts';
import { mailboxFromText, mailboxReadingFromText } from './mailbox-text.ts';
import { joinWrappedAddresses } from './quote-headers.ts';
import { parseAttached } from './documents.ts';
import type { AnalyzedMessage } from './index.ts';
import type { Flag, Mailbox, ParsedMessage } from './types.ts';

export { mailboxFromText };

export interface ForwardedOriginal {
  from: Mailbox;
  date: string | null;
  subject: string | null;
  /** Why the original's From does not name one sender plainly (as a message's own From is judged), or null. */
  ambiguity: string | null;
}

/** Reads From / Date / Subject from header lines, including Yahoo's block run into one line. */
function readBlock(lines: string[]): ForwardedOriginal | null {
  const found: Partial<Record<LabelKind, string>> = {};
  let seen = 0;
  for (const raw of lines) {
    const line = stripQuote(raw);
    if (!line) {
      if (seen > 0 && found.from) break;
      continue;
    }
    const label = labelOf(line);
    if (!label) {
      if (seen > 0) break;
      continue;
    }
    seen++;
    for (const part of label.parts) if (!found[part.kind]) found[part.kind] = part.value;
  }
  const from = found.from ? mailboxReadingFromText(found.from) : null;
  return from
    ? { from: from.mailbox, date: found.date ?? null, subject: found.subject ?? null, ambiguity: from.ambiguity }
    : null;
}

/** The header block at the top of a text (a forwarded message/rfc822 part's document text starts with one). */
export function headerBlockAtTop(text: string): ForwardedOriginal | null {
  return readBlock(text.slice(0, 20_000).split('\n').slice(0, 12));
}

const MAX_BODY = 200_000;

const OPEN_QUOTES = '"“„«';
const CLOSE_QUOTES = '"”“»';

/** The sender's name in an attribution line: quoted ("John Doe", „John Doe”), else the capitalised words before the address. */
function attributionName(line: string, address: string): string {
  const { lower, original } = caseless(line);
  const at = lower.indexOf(address);
  const before = at >= 0 ? line.slice(0, original(at)) : line;
  for (let i = 0; i < before.length; i++) {
    if (!OPEN_QUOTES.includes(before[i]!)) continue;
    for (let j = i + 1; j < before.length; j++)
      if (CLOSE_QUOTES.includes(before[j]!)) return before.slice(i + 1, j).trim();
  }
  let end = before.length;
  while (end > 0 && '<([ '.includes(before[end - 1]!)) end--;
  const words = before.slice(0, end).trim().split(' ');
  const name: string[] = [];
  while (words.length > 0 && name.length < 4) {
    const w = words.pop()!;
    if (!w || w[0] === w[0]!.toLowerCase()) break;
    name.unshift(w);
  }
  return name.join(' ');
}

/** The forwarded message's header as written in the body, or null when the body is not a forward. */
export function forwardedInText(body: string, subject: string): ForwardedOriginal | null {
  // "From: John Doe <" / "john.doe@acme.com>": narrow clients wrap inside the address.
  const lines = joinWrappedAddresses(body.slice(0, MAX_BODY).split('\n'));
  const reply = isReplySubject(subject);
  for (let i = 0; i < lines.length; i++) {
    const marker = markerOf(stripQuote(lines[i]!));
    if (!marker || (marker.kind === 'original' && reply)) continue;
    const block = readBlock([marker.rest, ...lines.slice(i + 1, i + 16)]);
    if (block) return block;
  }
  if (!isForwardSubject(subject)) return null;
  // A header block without a marker: Outlook's starts with "From:" (Sent/Date/To/Subject
  // after it), Thunderbird's with "Subject:" and "Date:" before "From:" ("Objet : / Date : /
  // De : / À :" in French), so the block may start at any known field.
  for (let i = 0; i < lines.length; i++) {
    const kind = labelOf(stripQuote(lines[i]!))?.parts[0]?.kind;
    if (!kind || kind === 'other') continue;
    const block = readBlock(lines.slice(i, i + 12));
    if (block && (block.date !== null || block.subject !== null)) return block;
  }
  // Outlook's "On <date>, "John Doe" <john@acme.com> wrote:" style, in any language.
  for (const line of lines) {
    const t = stripQuote(line);
    if (!isAttribution(t)) continue;
    const from = mailboxReadingFromText(t.slice(0, -1));
    if (from) {
      const { address } = from.mailbox;
      return {
        from: { name: attributionName(t, address), address },
        date: null,
        subject: null,
        ambiguity: from.ambiguity,
      };
    }
  }
  return null;
}

/** The original of a forwarded message: an attached message/rfc822 part first, else the body. */
export async function forwardedOriginal(parsed: ParsedMessage, bodyText: string): Promise<ForwardedOriginal | null> {
  // Attached messages, then those read inline into the body (message/rfc822 without Content-Disposition).
  const attached = parsed.attachments.filter((a) => a.mimeType === 'message/rfc822').map((a) => a.bytes);
  for (const bytes of [...attached, ...(parsed.ownBody?.attachedMessages ?? [])]) {
    const nested = await parseAttached(bytes);
    if (nested.ok && nested.message.from?.address) {
      const m = nested.message;
      return { from: m.from!, date: m.date, subject: m.subject, ambiguity: m.fromAmbiguity };
    }
  }
  return forwardedInText(bodyText, parsed.subject);
}

export async function originalSender(parsed: ParsedMessage, bodyText: string): Promise<Mailbox | null> {
  return (await forwardedOriginal(parsed, bodyText))?.from ?? null;
}

/** Whether `address` is covered by a forwarders entry: an address, "@domain" or ".domain" (it and subdomains). */
export function matchesForwarder(entry: string, address: string | null | undefined): boolean {
  if (!address) return false;
  const e = entry.trim().toLowerCase();
  const a = address.trim().toLowerCase();
  const domain = domainOf(a);
  if (e.startsWith('@')) return domain === e.slice(1);
  if (e.startsWith('.')) return domain === e.slice(1) || domain.endsWith(e);
  return a === e;
}

/**
 * Mail sent on by a trusted forwarder (one of `forwarders`, by From or envelope sender) is
 * read as from its original sender. Pure, so the analysis worker can apply it before
 * classifying, exactly as the main thread would.
 */
export function readAsOriginalSender(
  analyzed: AnalyzedMessage,
  forwarders: string[],
  envelopeFrom: string | null,
): AnalyzedMessage {
  // An ambiguous From earns no trust, by its envelope either: whoever wrote it is not plainly the forwarder.
  if (analyzed.parsed.fromAmbiguity) return analyzed;
  const sender = analyzed.view.from?.address;
  if (!forwarders.some((f) => matchesForwarder(f, sender) || matchesForwarder(f, envelopeFrom))) return analyzed;
  const original = analyzed.forwardedFrom;
  if (!original) return analyzed;
  const view = { ...analyzed.view, from: original, forwardedBy: analyzed.view.from };
  const ambiguity = analyzed.forwardedAmbiguity;
  if (!ambiguity) return { ...analyzed, view };
  return {
    ...analyzed,
    flags: [...new Set<Flag>([...analyzed.flags, 'sender_ambiguous'])],
    parsed: { ...analyzed.parsed, notes: [...analyzed.parsed.notes, `forwarded sender ambiguous: ${ambiguity}`] },
    view,
  };
}
