// Addresses, read one way everywhere: header fields (From, To, Cc, Reply-To) by an RFC 5322
// parser (email-addresses), and every later question about an address (its domain, its
// local part) answered from the canonical form read here. postal-mime flattens a quoted
// local part ("billing@vendor.example"@attacker.example becomes
// billing@vendor.example@attacker.example), and split('@')[1] of that named the vendor; a
// canonical address keeps such a local part quoted, and its domain is what follows its last
// '@' (a quoted local part may hold '@', a domain never does).
//
// A From that does not name one sender plainly is ambiguous (flagged `sender_ambiguous` by
// parse.ts and trusted by nothing): several From fields or addresses, group syntax, a quoted
// local part holding '@', a source route, a display name or comment that names another
// address (or, for a comment, another domain), or a value the parser cannot read.
import emailAddresses from 'email-addresses';
import { type Address, addressParser, decodeWords } from 'postal-mime';
import { headerText } from './invisible.ts';
import type { Flag, Mailbox } from './types.ts';

/**
 * Longer header values are read by postal-mime's lenient parser instead: email-addresses
 * grows faster than linearly on hostile input (measured: an unterminated quote of 1,000
 * characters 24 ms, of 4,000 1 s). 998 is RFC 5322's line length limit; a From is one line.
 */
export const MAX_STRICT_CHARS = 998;

const LOCAL = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~.-";
const DOMAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-';

/** RFC 5321 dot-atom local part and a DNS domain with a letter TLD (what text scanning accepts). */
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

/** The first valid address in a text, or null. Scanned by hand: linear in the text. */
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

/** Every valid address in a text, in order (a bounded number). */
function addressesIn(text: string, max = 20): string[] {
  const found: string[] = [];
  let rest = text;
  while (found.length < max) {
    const hit = firstAddress(rest);
    if (!hit) break;
    found.push(hit.address);
    rest = rest.slice(hit.start + hit.address.length);
  }
  return found;
}

/** The domain of an address: what follows its last '@' (lower case), or '' when it has none. */
export function domainOf(address: string | null | undefined): string {
  if (!address) return '';
  const at = address.lastIndexOf('@');
  return at < 0
    ? ''
    : address
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** The local part of an address, unquoted ("a@b"@c -> a@b), lower case. */
export function localPartOf(address: string): string {
  const at = address.lastIndexOf('@');
  const local = (at < 0 ? address : address.slice(0, at)).trim().toLowerCase();
  return local.length >= 2 && local.startsWith('"') && local.endsWith('"')
    ? local.slice(1, -1).replace(/\\(.)/g, '$1')
    : local;
}

const DOT_ATOM = /^(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]|\P{ASCII})+(?:\.(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]|\P{ASCII})+)*$/u;

/** local@domain as RFC 5322 writes it: a local part that is not a dot-atom is quoted. */
export function canonicalAddress(local: string, domain: string): string {
  const l = DOT_ATOM.test(local) ? local : `"${local.replace(/["\\]/g, '\\$&')}"`;
  return `${l}@${domain}`.toLowerCase();
}

/** A display name that holds an address (fullwidth '＠' and the like count: NFKC first). */
export function addressInName(name: string): string | null {
  if (!name) return null;
  return firstAddress(name.normalize('NFKC'))?.address ?? null;
}

/** Whether two domains are the same or one is inside the other. */
const related = (a: string, b: string) => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);

/** Domain names written in a text ("(vendor.example)"): labels with a letter TLD. */
function domainsIn(text: string): string[] {
  // Runs of labels joined by single dots, read by splitting (a regex search for them backtracks on long runs).
  const out: string[] = [];
  for (const token of text.toLowerCase().split(/[^a-z0-9.-]/)) {
    let run: string[] = [];
    const flush = () => {
      if (run.length >= 2 && /^[a-z]{2,}$/.test(run.at(-1)!)) out.push(run.join('.'));
      run = [];
    };
    for (const label of token.split('.')) {
      if (label === '') flush();
      else run.push(label);
    }
    flush();
  }
  return out;
}

type Parsed = emailAddresses.ParsedMailbox | emailAddresses.ParsedGroup;
type Node = emailAddresses.ASTNode;

function strictList(value: string): Parsed[] | null {
  if (value.length > MAX_STRICT_CHARS) return null;
  try {
    return emailAddresses({ input: value, startAt: 'address-list', rfc6532: true })?.addresses ?? null;
  } catch {
    // Deeply nested comments overflow the parser's stack: unreadable, as any other syntax error.
    return null;
  }
}

/**
 * A display name as a reader sees it: quoted strings unquoted, quoted pairs unescaped,
 * comments and folding as one space. (email-addresses' own `name` drops the space after a
 * quoted word: John "Q" Doe reads "John QDoe".)
 */
function phraseText(node: Node | null | undefined): string {
  if (!node) return '';
  const out: string[] = [];
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.name === 'comment') out.push(' ');
    else if (n.name === 'dquote') continue;
    else if (n.name === 'quoted-pair') out.push(n.semantic);
    else if (n.children.length === 0) out.push(n.tokens);
    else for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out.join('').replace(/\s+/g, ' ').trim();
}

function hasNode(node: Node | undefined, name: string): boolean {
  const stack = node ? [node] : [];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.name === name) return true;
    stack.push(...n.children);
  }
  return false;
}

export interface AddressFieldReading {
  mailboxes: Mailbox[];
  /** What makes the field name its sender ambiguously (only From cares). */
  issues: string[];
  groups: number;
}

/** Decodes encoded words (RFC 2047), then `fix` (UTF-7), then drops controls and invisible characters. */
function displayName(raw: string, flags: Set<Flag>, fix: (s: string) => string): string {
  return headerText(fix(decodeWords(raw)), flags);
}

/** A mailbox with its name checked: a name that holds an address is never a name. */
function mailbox(name: string, address: string, issues: string[]): Mailbox {
  const named = addressInName(name);
  if (named === null) return { name, address };
  if (named !== address) issues.push(`its display name names another address (${named})`);
  return { name: '', address };
}

/** One header field's value as the RFC 5322 parser reads it, or null when it cannot (or the value is too long). */
export function readStrictField(
  value: string,
  flags: Set<Flag>,
  fix: (s: string) => string = (s) => s,
): AddressFieldReading | null {
  const parsed = strictList(value);
  if (!parsed) return null;
  const issues: string[] = [];
  const mailboxes: Mailbox[] = [];
  let groups = 0;
  for (const entry of parsed) {
    if (entry.type === 'group') groups++;
    for (const m of entry.type === 'group' ? entry.addresses : [entry]) {
      const address = canonicalAddress(m.local, m.domain);
      if (m.local.includes('@')) issues.push(`its local part holds '@' (${address})`);
      if (hasNode(m.node, 'obs-route')) issues.push(`it carries a source route (${m.node?.tokens.trim()})`);
      const domain = domainOf(address);
      for (const comment of m.parts.comments) {
        const text = comment.tokens;
        const other = addressesIn(text).find((a) => a !== address) ?? domainsIn(text).find((d) => !related(d, domain));
        if (other) issues.push(`a comment names ${other}`);
      }
      mailboxes.push(mailbox(displayName(phraseText(m.parts.name), flags, fix), address, issues));
    }
  }
  return { mailboxes, issues, groups };
}

/**
 * One header field's value (From, To, Cc, Reply-To) as mailboxes: strictly, else leniently
 * (postal-mime). `lenient` is postal-mime's reading of this very value when the caller has it
 * already: its parser costs about 3 µs a character (a hostile To of 135 kB: 250 ms), and
 * postal-mime has read every To, Cc and Reply-To field once while parsing the message.
 */
export function readAddressField(
  value: string,
  flags: Set<Flag>,
  fix: (s: string) => string = (s) => s,
  lenient: () => Address[] = () => addressParser(value),
): AddressFieldReading {
  const strict = readStrictField(value, flags, fix);
  if (strict) return strict;
  const issues = [
    value.length > MAX_STRICT_CHARS
      ? `it is longer than ${MAX_STRICT_CHARS} characters`
      : 'it is not RFC 5322 address syntax (read leniently)',
  ];
  const mailboxes: Mailbox[] = [];
  let groups = 0;
  for (const entry of lenient()) {
    if (entry.group) groups++;
    for (const m of entry.group ?? [entry]) {
      const address = (m.address ?? '').toLowerCase();
      if (address.split('@').length > 2) issues.push(`its address holds more than one '@' (${address})`);
      mailboxes.push(mailbox(headerText(fix(m.name ?? ''), flags), address, issues));
    }
  }
  return { mailboxes: mailboxes.filter((m) => m.address !== '' || m.name !== ''), issues, groups };
}

/** A name of plain words (no quotes, comments, specials or encoded words): read the same by any parser. */
const PLAIN_NAME = /^[\p{L}\p{N} .'!#$%&*+/=?^_`{|}~-]*$/u;
const PLAIN_DOMAIN = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;

/** An address of one '@' with no spaces or angle brackets: [local, domain], else null. */
function plainAddress(text: string): [string, string] | null {
  const at = text.indexOf('@');
  if (at <= 0 || at !== text.lastIndexOf('@') || at === text.length - 1 || /[<>\s]/.test(text)) return null;
  return [text.slice(0, at), text.slice(at + 1)];
}

/** "Name <local@domain>" or "local@domain": [name, local, domain], else null (read by position, not by a backtracking regex). */
function plainEntry(entry: string): [string, string, string] | null {
  if (entry.endsWith('>')) {
    const open = entry.lastIndexOf('<');
    if (open < 0) return null;
    const address = plainAddress(entry.slice(open + 1, -1));
    const name = entry.slice(0, open).trimEnd();
    return address && !/[<>]/.test(name) ? [name, address[0], address[1]] : null;
  }
  const address = plainAddress(entry);
  return address ? ['', address[0], address[1]] : null;
}

/**
 * A recipient list in the plain forms most mail uses ("a@b.example", "Name <a@b.example>",
 * comma-separated), read without the parser: for exactly these forms its reading is the same,
 * and recipient lists are long and read on every message. Null for anything else.
 */
function plainList(value: string, flags: Set<Flag>, fix: (s: string) => string): Mailbox[] | null {
  if (/["()\\:;[\]]|=\?/.test(value)) return null;
  const out: Mailbox[] = [];
  for (const entry of value.split(',')) {
    const read = plainEntry(entry.trim());
    if (!read) return null;
    const [name, local, domain] = read;
    if (!PLAIN_NAME.test(name) || !DOT_ATOM.test(local) || !PLAIN_DOMAIN.test(domain)) return null;
    out.push(mailbox(headerText(fix(name.replace(/\s+/g, ' ')), flags), `${local}@${domain}`.toLowerCase(), []));
  }
  return out;
}

/**
 * postal-mime's reading of the fields of one kind, all of them in order (Email.to, .cc,
 * .replyTo): it is one field's reading only when the message has exactly that one field.
 */
function readingOfOnlyField(values: string[], parsed: Address[] | undefined): (() => Address[]) | undefined {
  return values.length === 1 && parsed !== undefined ? () => parsed : undefined;
}

/** Mailboxes of the recipient fields (To, Cc): plain lists directly, anything else as readAddressField reads it. */
export function readRecipientFields(
  values: string[],
  flags: Set<Flag>,
  fix: (s: string) => string = (s) => s,
  parsed?: Address[],
): Mailbox[] {
  const lenient = readingOfOnlyField(values, parsed);
  return values
    .slice(0, MAX_FIELDS_READ)
    .flatMap((v) => plainList(v, flags, fix) ?? readAddressField(v, flags, fix, lenient).mailboxes);
}

/** Mailboxes of one or more fields of a kind (Reply-To: as a sender's identity, always by the parser). */
export function readAddressFields(
  values: string[],
  flags: Set<Flag>,
  fix: (s: string) => string = (s) => s,
  parsed?: Address[],
): Mailbox[] {
  const lenient = readingOfOnlyField(values, parsed);
  return values.slice(0, MAX_FIELDS_READ).flatMap((v) => readAddressField(v, flags, fix, lenient).mailboxes);
}

/** Fields of one kind read (a message with more is hostile; reading them all would cost a parse each). */
export const MAX_FIELDS_READ = 8;

export interface SenderReading {
  /** The first From mailbox (what the message says it is from), or null without a From. */
  from: Mailbox | null;
  /** Every mailbox the From fields name. */
  mailboxes: Mailbox[];
  /** Why the sender is ambiguous, or null. */
  ambiguity: string | null;
}

/** The From fields of a message (every one of them: a second From is a trick, not a detail). */
export function readFrom(values: string[], flags: Set<Flag>, fix: (s: string) => string = (s) => s): SenderReading {
  const reasons: string[] = [];
  if (values.length > 1) reasons.push(`the message has ${values.length} From fields`);
  const mailboxes: Mailbox[] = [];
  let groups = 0;
  for (const value of values.slice(0, MAX_FIELDS_READ)) {
    const read = readAddressField(value, flags, fix);
    mailboxes.push(...read.mailboxes);
    groups += read.groups;
    reasons.push(...read.issues.map((i) => `From: ${i}`));
  }
  if (groups > 0) reasons.push('From uses group syntax');
  if (mailboxes.length > 1 && values.length === 1) reasons.push(`From names ${mailboxes.length} mailboxes`);
  return { from: mailboxes[0] ?? null, mailboxes, ambiguity: reasons.length ? [...new Set(reasons)].join('; ') : null };
}

/** One address as given on its own (an envelope sender, a forwarders entry): canonical, or null. */
export function parseAddress(text: string): string | null {
  const trimmed = text.trim().replace(/^<(.*)>$/, '$1');
  if (!trimmed || trimmed.length > MAX_STRICT_CHARS) return null;
  try {
    const one = emailAddresses({ input: trimmed, startAt: 'address-list', rfc6532: true })?.addresses;
    const m = one?.length === 1 && one[0]!.type === 'mailbox' ? one[0] : null;
    return m ? canonicalAddress(m.local, m.domain) : null;
  } catch {
    return null;
  }
}
