// The lines a mail client writes above the history it quotes, read from text: attribution
// lines ("On … John <j@x> wrote:", in 40 languages, with or without a verb), header blocks
// ("From: / Sent: / To: / Subject:" in any order and language, bold-marked or not) and
// addresses wrapped onto the next line. The forms follow Zammad's plain-text quote markers
// (app/assets/javascripts/app/lib/app_post/utils.coffee, signatureIdentifyByPlaintext:
// "Am … um … schrieb …:", "On … wrote:", "X wrote, on <date>:", OTRS's "<date> - X wrote:",
// Outlook's From … Subject within five lines), widened to the languages and orders the
// clients ship (samples written after each client: test/unit/forward/reply-samples.ts).
// Scanned by hand or with linear regexes: no input makes it slower than linear.
import { WROTE, labelOf, stripQuote, type LabelKind } from './headers-text.ts';
import { firstAddress } from './mailbox-text.ts';

/** Attribution verbs beyond headers-text's WROTE, lower case: "<name> <verb>:" in more languages. */
const MORE_VERBS = [
  'skrev',
  'pisze',
  'пише',
  'пишет',
  'написа',
  'написао',
  'napisao',
  'je napisal',
  'rakstīja',
  'va escriure',
  'escribiu',
  'đã viết',
  'menulis',
  'เขียน',
  'ने लिखा',
  'كتب',
  'כתב',
  'כתבה',
  'نوشت',
  'napisana przez',
  'hat geschrieben',
  'geschrieben',
  'ha escrito',
  'a écrit',
  'skrifaði',
  'het geskryf',
  'geschreven',
  'のメール',
];
const VERBS = [...new Set([...WROTE, ...MORE_VERBS])];

const MAX_ATTRIBUTION = 400;

/** Whether the lower-cased text holds an attribution verb. */
function hasVerb(lower: string): boolean {
  for (const v of VERBS) if (lower.includes(v)) return true;
  return false;
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

/** A time (14:41, 2:41, 14.41) or a date (26.06.2014, 2014-06-26, 6/26/14) or a four-digit year. */
function hasDateOrTime(text: string): boolean {
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (isDigit(c) || (c >= '٠' && c <= '٩') || (c >= '۰' && c <= '۹')) {
      run++;
      if (run === 4) return true;
      continue;
    }
    if (run > 0 && (c === ':' || c === '.' || c === '/' || c === '-') && isDigit(text[i + 1]) && isDigit(text[i + 2]))
      return true;
    run = 0;
  }
  return false;
}

/** A clock time with a colon (14:41, 2:41): verb-less attributions all carry one. */
function hasClockTime(text: string): boolean {
  for (let i = text.indexOf(':'); i > 0; i = text.indexOf(':', i + 1)) {
    if (isDigit(text[i - 1]) && isDigit(text[i + 1]) && isDigit(text[i + 2])) return true;
  }
  return false;
}

/**
 * A verb-less attribution that stands for history even with no "> " lines under it (HTML
 * mail rendered as text): a clock time and an address just before the final colon, as in
 * "чт, 26 июн. 2014 г. в 14:41, John <j@acme.com>:". "Invoice of 26.06.2014 from
 * billing@acme.com:" has no time and stays a reply line.
 */
export function datedHeaderAlone(line: string): boolean {
  const { text } = undecorated(line.trim());
  return text.length <= MAX_ATTRIBUTION && endsWithColon(text) && hasClockTime(text) && addressBeforeColon(text);
}

/** "---- On … wrote ----" (Zoho) and "*From:*" decorations off. */
function undecorated(line: string): { text: string; dashed: boolean } {
  let start = 0;
  let end = line.length;
  while (start < end && '-=_~* \t'.includes(line[start]!)) start++;
  while (end > start && '-=_~* \t'.includes(line[end - 1]!)) end--;
  const dashed = line.startsWith('--') || line.startsWith('==');
  return { text: line.slice(start, end), dashed };
}

function endsWithColon(text: string): boolean {
  return text.endsWith(':') || text.endsWith('：');
}

/** The text before the final colon ends with an address: "… John <j@acme.com>:", "(j@acme.com):", "j@acme.com:". */
function addressBeforeColon(text: string): boolean {
  let end = text.length - 1;
  while (end > 0 && ' >)]"'.includes(text[end - 1]!)) end--;
  const tail = text.slice(Math.max(0, end - 80), end);
  // The last address counts: Outlook doubles it as "j@acme.com<mailto:j@acme.com>".
  for (let found = firstAddress(tail), from = 0; found; found = firstAddress(tail.slice(from))) {
    const stop = from + found.start + found.address.length;
    if (stop >= tail.length - 1) return true;
    from = stop;
  }
  return false;
}

export type AttributionStrength = 'verb' | 'dated';

/**
 * What kind of attribution the text is: 'verb' ("… wrote:", "… schrieb …", Zoho's "---- On …
 * wrote ----"), 'dated' (no verb: a date or time and an address before the final colon, as
 * Gmail writes it in Russian or Japanese, Yandex, Mail.ru, Mutt), or null.
 */
export function attributionKind(line: string): AttributionStrength | null {
  const { text, dashed } = undecorated(line.trim());
  if (text.length === 0 || text.length > MAX_ATTRIBUTION) return null;
  const colon = endsWithColon(text);
  if (!colon && !dashed) return null;
  if (hasVerb(text.toLowerCase())) return 'verb';
  if (colon && hasDateOrTime(text) && (addressBeforeColon(text) || firstAddress(text) !== null)) return 'dated';
  return null;
}

/** A verb and a date or address but no closing colon ("Am 26.05.2017 um 14:41 schrieb John <j@x>"): an attribution only over quoted lines. */
export function looseAttribution(line: string): boolean {
  const t = line.trim();
  if (t.length === 0 || t.length > MAX_ATTRIBUTION || endsWithColon(t)) return false;
  return hasVerb(t.toLowerCase()) && (hasDateOrTime(t) || firstAddress(t) !== null);
}

function endsSentence(line: string): boolean {
  const t = line.trimEnd();
  const last = t[t.length - 1];
  return (
    last === '.' || last === '!' || last === '?' || last === '。' || last === '！' || last === '？' || last === ':'
  );
}

export interface Attribution {
  /** Lines the attribution spans (1 to 3: clients wrap long ones, even inside the address). */
  lines: number;
  kind: AttributionStrength | 'loose';
}

/**
 * An attribution starting at line `i`, joined over up to three lines when the client wrapped
 * it ("Am 26.5.2017" / "um 14:41 schrieb John <j@x>:"). A join is taken only when no later
 * line of it is an attribution by itself and no earlier line ends a sentence, so "Thanks." /
 * "On … wrote:" stays a reply line and an attribution.
 */
export function attributionAt(lines: string[], i: number): Attribution | null {
  // Every attribution ends in a colon or a dash run on one of its (up to three) lines.
  let closes = false;
  for (let k = 0; k < 3 && i + k < lines.length && !closes; k++) {
    const t = lines[i + k]!.trimEnd();
    const last = t[t.length - 1];
    closes = last === ':' || last === '：' || last === '-' || last === '=';
  }
  if (!closes) return null;
  const first = lines[i]!.trim();
  if (!first || first.startsWith('>')) return null;
  const single = attributionKind(first);
  if (single) return { lines: 1, kind: single };
  let joined = first;
  for (let k = 1; k < 3 && i + k < lines.length; k++) {
    const next = lines[i + k]!.trim();
    if (!next || next.startsWith('>') || endsSentence(lines[i + k - 1]!)) return null;
    // "Am 26.5.2017" / "um 14:41 schrieb John:" and "On …, John" / "wrote:" are one attribution each;
    // "Thanks John" / "On … John <j@x> wrote:" is a reply line over a whole attribution. Gmail's
    // plain text wraps at 80 columns, also just before the address: "On …, John Doe" /
    // "<j@x> wrote:" (a line that starts with the address names no one: it continues the line above).
    const whole =
      !next.startsWith('<') && attributionKind(next) !== null && (hasDateOrTime(next) || firstAddress(next) !== null);
    if (whole && !(hasDateOrTime(joined) && joined.length < 40)) return null;
    joined = joined.endsWith('<') || next.startsWith('>') ? `${joined}${next}` : `${joined} ${next}`;
    if (joined.length > MAX_ATTRIBUTION) return null;
    const kind = attributionKind(joined);
    // A wrapped attribution holds a date or an address: plain prose that ends in "wrote:" is not one.
    if (kind && (hasDateOrTime(joined) || firstAddress(joined) !== null)) return { lines: k + 1, kind };
  }
  return null;
}

/** A header line with bold marks and quoting off: "**De :** John", "** De : John **", "> *From:* John". */
export function headerText(line: string): string {
  let s = stripQuote(line);
  let start = 0;
  while (start < s.length && (s[start] === '*' || s[start] === ' ')) start++;
  let end = s.length;
  while (end > start && (s[end - 1] === '*' || s[end - 1] === ' ')) end--;
  s = s.slice(start, end);
  const colon = Math.min(...[s.indexOf(':'), s.indexOf('：')].map((c) => (c < 0 ? Number.POSITIVE_INFINITY : c)));
  if (colon < 45 && s.includes('*')) {
    const head = s.slice(0, Math.min(s.length, colon + 4)).replaceAll('*', '');
    s = head + s.slice(Math.min(s.length, colon + 4));
  }
  return s;
}

/** A colon near the start: every header line has one, most text lines do not. */
function colonNearStart(line: string): boolean {
  const end = Math.min(line.length, 60);
  for (let i = 0; i < end; i++) if (line[i] === ':' || line[i] === '：') return true;
  return false;
}

/** The field kinds of a header line, or null when it is not one. */
function kindsOf(line: string): LabelKind[] | null {
  if (!colonNearStart(line)) return null;
  const label = labelOf(headerText(line));
  return label ? label.parts.map((p) => p.kind) : null;
}

/**
 * A quoted message's header block starting at line `i`, as Outlook, Hotmail, web.de, Zimbra
 * and webmail clients write it: a Date/Sent field with From, or with Subject and a recipient,
 * in any order, blank lines between fields allowed (Word's paragraphs) and wrapped To/Cc
 * values. "From: 1 March / To: 31 March" is no header block.
 */
export function headerBlockAt(lines: string[], i: number): boolean {
  const firstKinds = kindsOf(lines[i]!);
  if (!firstKinds || firstKinds[0] === 'other') return false;
  const kinds = new Set<LabelKind>(firstKinds);
  let blanks = 0;
  let loose = 0;
  for (let j = i + 1; j < Math.min(lines.length, i + 12); j++) {
    const line = lines[j]!.trim();
    if (!line || line === '>') {
      if (++blanks > 1) break;
      continue;
    }
    const found = kindsOf(line);
    if (!found) {
      // A wrapped recipient list continues a field; anything else ends the block.
      if (++loose > 2 || blanks > 0) break;
      continue;
    }
    blanks = 0;
    loose = 0;
    for (const k of found) kinds.add(k);
  }
  // Every client's block carries the date it was sent; a web form's "From: / Subject: /
  // Message:" fields do not, and are the sender's content.
  return kinds.has('date') && (kinds.has('from') || (kinds.has('subject') && kinds.has('to')));
}

/**
 * Lines with an address wrapped after its "<" or "[mailto:" joined with the next line
 * ("From: John Doe <" / "john@acme.com>"), as narrow clients and Gmail's plain text wrap them.
 * Other lines are kept as they are, so line numbers after a join shift by one.
 */
export function joinWrappedAddresses(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const t = line.trimEnd();
    const next = lines[i + 1];
    if (next !== undefined && (t.endsWith('<') || t.endsWith('[mailto:') || t.endsWith('<mailto:'))) {
      const cont = stripQuote(next);
      if (cont.includes('@') && cont.length < 120) {
        out.push(`${t}${cont}`);
        i++;
        continue;
      }
    }
    out.push(line);
  }
  return out;
}
