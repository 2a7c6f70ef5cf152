// Mailboxes written as text in a body ("John Doe <john@acme.com>", "john@acme.com
// [mailto:john@acme.com]", Outlook's "john@acme.com<mailto:john@acme.com>"). An address
// taken from text is always a valid address or nothing. Scanned by hand: linear in the text.
import type { Mailbox } from './types.ts';

const LOCAL = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~.-";
const DOMAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-';

/** RFC 5321 dot-atom local part and a DNS domain with a letter TLD. */
export function isValidAddress(address: string): boolean {
  if (address.length > 254) return false;
  const at = address.lastIndexOf('@');
  if (at <= 0 || at > 64) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  for (const c of local) if (!LOCAL.includes(c)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  for (const label of labels) {
    if (!label || label.length > 63 || label.startsWith('-') || label.endsWith('-')) return false;
    for (const c of label) if (!DOMAIN.includes(c) || c === '.') return false;
  }
  const tld = labels.at(-1)!;
  return tld.startsWith('xn--') || (tld.length >= 2 && [...tld].every((c) => /[a-z]/i.test(c)));
}

/** The first valid address in the text, or null. */
export function firstAddress(text: string): { address: string; start: number } | null {
  let from = 0;
  for (;;) {
    const at = text.indexOf('@', from);
    if (at < 0) return null;
    let start = at;
    while (start > 0 && LOCAL.includes(text[start - 1]!)) start--;
    let end = at + 1;
    while (end < text.length && DOMAIN.includes(text[end]!)) end++;
    while (end > at + 1 && text[end - 1] === '.') end--;
    let address = text.slice(start, end);
    // "mailto:john@acme.com" scans as "mailto" + ":" stop; a leading dot from "...john" is not part of it.
    while (address.startsWith('.')) {
      address = address.slice(1);
      start++;
    }
    if (isValidAddress(address)) return { address: address.toLowerCase(), start };
    from = at + 1;
  }
}

const QUOTES = new Set(['"', "'", '«', '»', '“', '”', '„', '‘', '’', '`']);

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
