// Mailboxes written as text in a body ("John Doe <john@acme.com>", "john@acme.com
// [mailto:john@acme.com]", Outlook's "john@acme.com<mailto:john@acme.com>"). An address
// taken from text is always a valid address or nothing. A value an RFC 5322 parser reads
// ("Name <a@b>", a quoted local part) is read by it, as header fields are (address.ts);
// anything else is scanned by hand, linear in the text.
import { domainOf, firstAddress, isValidAddress, readStrictField } from './address.ts';
import type { Mailbox } from './types.ts';

export { firstAddress, isValidAddress };

const QUOTES = new Set(['"', "'", '«', '»', '“', '”', '„', '‘', '’', '`']);

export interface MailboxReading {
  mailbox: Mailbox;
  /** Why the text does not name one mailbox plainly (as address.ts judges a From), or null. */
  ambiguity: string | null;
}

/** Every valid address the scan finds, and how many '@' the text holds. */
function scan(text: string): { addresses: string[]; ats: number } {
  const addresses: string[] = [];
  let rest = text;
  for (let hit = firstAddress(rest); hit && addresses.length < 50; hit = firstAddress(rest)) {
    addresses.push(hit.address);
    rest = rest.slice(hit.start + hit.address.length);
  }
  return { addresses, ats: text.split('@').length - 1 };
}

/**
 * A mailbox written in text, and whether it is ambiguous: as the parser reads it when it
 * can; else the first address the scan finds, ambiguous when the text names several
 * different ones or holds an '@' outside every address found.
 */
export function mailboxReadingFromText(text: string): MailboxReading | null {
  const strict = readStrictField(text.trim(), new Set());
  const first = strict?.mailboxes[0];
  if (strict && first && isValidAddress(`x@${domainOf(first.address)}`)) {
    const reasons = [...strict.issues];
    if (strict.mailboxes.length > 1) reasons.push(`it names ${strict.mailboxes.length} mailboxes`);
    return { mailbox: first, ambiguity: reasons.length ? reasons.join('; ') : null };
  }
  const mailbox = mailboxFromText(text);
  if (!mailbox) return null;
  const { addresses, ats } = scan(text);
  const distinct = [...new Set(addresses)];
  const ambiguity =
    distinct.length > 1
      ? `it names ${distinct.length} addresses (${distinct.join(', ')})`
      : ats > addresses.length
        ? "it holds an '@' outside its address"
        : null;
  return { mailbox, ambiguity };
}

/** "John Doe <john@acme.com>", "john@acme.com", "Name [mailto:a@b]" -> a mailbox, or null without a valid address. */
export function mailboxFromText(text: string): Mailbox | null {
  const found = firstAddress(text);
  if (!found) return null;
  const before = text.slice(0, found.start);
  let cut = before.length;
  for (const stop of ['<', '[', '(']) {
    const i = before.indexOf(stop);
    if (i >= 0) cut = Math.min(cut, i);
  }
  let name = before.slice(0, cut);
  name = [...name]
    .filter((c) => !QUOTES.has(c))
    .join('')
    .replace(/[ \t]+/g, ' ')
    .trim();
  if (name.endsWith(',')) name = name.slice(0, -1).trim();
  if (name.includes('@') || name.toLowerCase().startsWith('mailto')) name = '';
  return { name, address: found.address };
}
