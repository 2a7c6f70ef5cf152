// Forwarded mail: when a trusted forwarder (a bucket policy's `forwarders`) sends on a
// message, it should read as from its original sender. The original comes from an attached
// message/rfc822 part, else from the forwarded header block in the body, as the common
// clients write it in their languages: a marker line ("---------- Forwarded message
// ---------", "Begin forwarded message:", "-----Original Message-----", ...) then a header
// block, possibly quoted with "> " (Apple Mail) or run into one line (Yahoo); or, with a
// forward subject prefix (FW:, WG:, TR:, RV:, ...), Outlook's marker-less "From:/Sent:"
// block or its "On ... wrote:" line. A reply that quotes someone is not a forward.
import { isAttribution, labelOf, stripQuote, type LabelKind } from './headers-text.ts';
import { mailboxFromText } from './mailbox-text.ts';
import { parseAttached } from './documents.ts';
import type { AnalyzedMessage } from './index.ts';
import type { Mailbox, ParsedMessage } from './types.ts';

export { mailboxFromText };

export interface ForwardedOriginal {
  from: Mailbox;
  date: string | null;
  subject: string | null;
}

/** Forward markers, lower case, without the dashes around them or a trailing colon. */
const FORWARD_MARKERS = new Set([
  'forwarded message',
  'forwarded',
  'begin forwarded message',
  'forwarded message follows',
  'weitergeleitete nachricht',
  'anfang der weitergeleiteten nachricht',
  'message transféré',
  'message transfere',
  'début du message réexpédié',
  'début du message transféré',
  'message transmis',
  'mensaje reenviado',
  'inicio del mensaje reenviado',
  'messaggio inoltrato',
  'inizio messaggio inoltrato',
  'doorgestuurd bericht',
  'begin doorgestuurd bericht',
  'doorgestuurd bericht begint hier',
  'mensagem encaminhada',
  'início da mensagem reencaminhada',
  'início da mensagem encaminhada',
  'mensagem reencaminhada',
  'wiadomość przekazana dalej',
  'przekazana wiadomość',
  'początek przekazywanej wiadomości',
  'přeposlaná zpráva',
  'začátek přeposlané zprávy',
  'preposlaná správa',
  'začiatok preposlanej správy',
  'videresendt melding',
  'videresendt meddelelse',
  'videresendt besked',
  'start på videresendt besked',
  'videresendt e-post',
  'begynnelse av videresendt melding',
  'vidarebefordrat meddelande',
  'vidarebefordrat mejl',
  'början på vidarebefordrat brev',
  'välitetty viesti',
  'välitetty viesti alkaa',
  'edelleenlähetetty viesti',
  'továbbított üzenet',
  'továbbított levél kezdete',
  'továbbított levél',
  'mesaj redirecționat',
  'începutul mesajului redirecționat',
  'mesaj transmis',
  'proslijeđena poruka',
  'početak proslijeđene poruke',
  'posredovano sporočilo',
  'προωθημένο μήνυμα',
  'έναρξη προωθημένου μηνύματος',
  'пересылаемое сообщение',
  'пересланное сообщение',
  'перенаправленное сообщение',
  'начало переадресованного сообщения',
  'переслане повідомлення',
  'пересилане повідомлення',
  'перенаправлене повідомлення',
  'початок листа, що пересилається',
  'переадресований лист',
  'iletilen ileti',
  'iletilmiş mesaj',
  'ileti başlangıcı',
  'yönlendirilmiş ileti',
  'iletilen mesaj',
  '転送されたメッセージ',
  'メッセージを転送',
  '転送メッセージ',
  '已转发邮件',
  '转发的邮件',
  '转发邮件',
  '以下是转发的邮件',
  '轉寄的郵件',
  '已轉寄郵件',
  '轉寄郵件',
  '전달된 메시지',
  '전달된 메일',
  '전달 메시지',
  '전달된 메세지',
  'edasisaadetud kiri',
  'pārsūtīta ziņa',
  'persiųstas laiškas',
]);

/** "Original message" markers: Outlook writes them in replies too, so they mean a forward only without a reply subject. */
const ORIGINAL_MARKERS = new Set([
  'original message',
  'ursprüngliche nachricht',
  "message d'origine",
  'mensaje original',
  'messaggio originale',
  'oorspronkelijk bericht',
  'mensagem original',
  'originalmeddelelse',
  'opprinnelig melding',
  'ursprungligt meddelande',
  'alkuperäinen viesti',
  'wiadomość oryginalna',
  'původní zpráva',
  'pôvodná správa',
  'eredeti üzenet',
  'mesaj original',
  'izvorna poruka',
  'исходное сообщение',
  'оригінальне повідомлення',
  'вихідне повідомлення',
  'özgün ileti',
  'orijinal ileti',
  '元のメッセージ',
  '原始邮件',
  '原始郵件',
  '원본 메시지',
  'αρχικό μήνυμα',
]);

const FORWARD_PREFIXES = [
  'fw',
  'fwd',
  'wg',
  'tr',
  'rv',
  'i',
  'vs',
  'vb',
  'doorst',
  'pd',
  'enc',
  'fs',
  'ilt',
  'ilet',
  'tov',
  'přeposlat',
  'továbbítás',
  'továbbítva',
  'перес',
  'переслать',
  'пересл',
  'fwd转发',
  '转发',
  '轉寄',
  '전달',
  'πρθ',
  'rif',
];
const REPLY_PREFIXES = [
  're',
  'aw',
  'sv',
  'antw',
  'odp',
  'vá',
  'vs',
  'ynt',
  'ответ',
  'відп',
  '回复',
  '答复',
  '回覆',
  '답장',
  'απ',
  'r',
  'res',
];

/** Lower case without the combining dot JavaScript leaves on a lower-cased Turkish "İ". */
export function fold(text: string): string {
  return text.trim().toLowerCase().replaceAll('\u0307', '');
}

function subjectPrefix(subject: string): string {
  const s = subject.trim();
  let colon = -1;
  for (const c of [':', '：']) {
    const i = s.indexOf(c);
    if (i > 0 && (colon < 0 || i < colon)) colon = i;
  }
  return colon > 0 && colon <= 12 ? fold(s.slice(0, colon)).replace(/\.$/, '') : '';
}

export const isForwardSubject = (subject: string) => FORWARD_PREFIXES.includes(subjectPrefix(subject));
export const isReplySubject = (subject: string) => REPLY_PREFIXES.includes(subjectPrefix(subject));

/** The marker text of a line ("----- Forwarded Message ----- From: ..." -> marker and rest), or null. */
function markerOf(line: string): { kind: 'forward' | 'original'; rest: string } | null {
  let core = line.trim();
  let i = 0;
  while (i < core.length && '-_=*~ '.includes(core[i]!)) i++;
  core = core.slice(i);
  // The marker ends at a dash run (Yahoo continues the header block on the same line) or at the line end.
  const dash = core.indexOf('--');
  const head = (dash >= 0 ? core.slice(0, dash) : core).trim();
  let rest = dash >= 0 ? core.slice(dash) : '';
  let j = 0;
  while (j < rest.length && '-_=*~ '.includes(rest[j]!)) j++;
  rest = rest.slice(j);
  let phrase = fold(head);
  if (phrase.endsWith(':') || phrase.endsWith('：')) phrase = phrase.slice(0, -1).trim();
  if (FORWARD_MARKERS.has(phrase)) return { kind: 'forward', rest };
  if (ORIGINAL_MARKERS.has(phrase)) return { kind: 'original', rest };
  return null;
}

/** Whether the line is a forward or "original message" marker. */
export function forwardMarkerOf(line: string): boolean {
  return markerOf(stripQuote(line)) !== null;
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
  const from = found.from ? mailboxFromText(found.from) : null;
  return from ? { from, date: found.date ?? null, subject: found.subject ?? null } : null;
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
  const at = line.toLowerCase().indexOf(address);
  const before = at >= 0 ? line.slice(0, at) : line;
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
  const lines = body.slice(0, MAX_BODY).split('\n');
  const reply = isReplySubject(subject);
  for (let i = 0; i < lines.length; i++) {
    const marker = markerOf(stripQuote(lines[i]!));
    if (!marker || (marker.kind === 'original' && reply)) continue;
    const block = readBlock([marker.rest, ...lines.slice(i + 1, i + 16)]);
    if (block) return block;
  }
  if (!isForwardSubject(subject)) return null;
  // Outlook without a marker: the first "From:" line followed by Sent/Date/To/Subject lines.
  for (let i = 0; i < lines.length; i++) {
    const label = labelOf(stripQuote(lines[i]!));
    if (label?.parts[0]?.kind !== 'from') continue;
    const block = readBlock(lines.slice(i, i + 12));
    if (block && (block.date !== null || block.subject !== null)) return block;
  }
  // Outlook's "On <date>, "John Doe" <john@acme.com> wrote:" style, in any language.
  for (const line of lines) {
    const t = stripQuote(line);
    if (!isAttribution(t)) continue;
    const from = mailboxFromText(t.slice(0, -1));
    if (from)
      return { from: { name: attributionName(t, from.address), address: from.address }, date: null, subject: null };
  }
  return null;
}

/** The original of a forwarded message: an attached message/rfc822 part first, else the body. */
export async function forwardedOriginal(parsed: ParsedMessage, bodyText: string): Promise<ForwardedOriginal | null> {
  for (const attachment of parsed.attachments) {
    if (attachment.mimeType !== 'message/rfc822') continue;
    const nested = await parseAttached(attachment.bytes);
    if (nested.ok && nested.message.from?.address) {
      return { from: nested.message.from, date: nested.message.date, subject: nested.message.subject };
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
  const domain = a.split('@')[1] ?? '';
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
  const sender = analyzed.view.from?.address;
  if (!forwarders.some((f) => matchesForwarder(f, sender) || matchesForwarder(f, envelopeFrom))) return analyzed;
  const original = analyzed.forwardedFrom;
  if (!original) return analyzed;
  return { ...analyzed, view: { ...analyzed.view, from: original, forwardedBy: analyzed.view.from } };
}
