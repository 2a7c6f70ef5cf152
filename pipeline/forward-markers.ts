// The words that make a message a forward or a reply: marker lines ("---------- Forwarded
// message ---------", "-----Original Message-----", ...) and subject prefixes (FW:, WG:, RE:, ...)
// in the common clients' languages.
import { stripQuote } from './headers-text.ts';

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
  'original-nachricht',
  'originalnachricht',
  "message d'origine",
  'mensaje original',
  'messaggio originale',
  'oorspronkelijk bericht',
  'origineel bericht',
  'mensagem original',
  'originalmeddelelse',
  'oprindelig meddelelse',
  'oprindelig besked',
  'opprinnelig melding',
  'ursprungligt meddelande',
  'alkuperäinen viesti',
  'wiadomość oryginalna',
  'oryginalna wiadomość',
  'původní zpráva',
  'pôvodná správa',
  'eredeti üzenet',
  'mesaj original',
  'izvorna poruka',
  'исходное сообщение',
  'оригинальное сообщение',
  'оригінальне повідомлення',
  'вихідне повідомлення',
  'özgün ileti',
  'orijinal ileti',
  'orijinal mesaj',
  'الرسالة الأصلية',
  'הודעה מקורית',
  'pesan asli',
  'thư gốc',
  'оригинално съобщение',
  '邮件原件',
  'originalmeddelande',
  'izvirno sporočilo',
  'оригинална порука',
  'originalna poruka',
  'ข้อความต้นฉบับ',
  'missatge original',
  'originalus laiškas',
  'oriģinālā ziņa',
  'algne kiri',
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
export function markerOf(line: string): { kind: 'forward' | 'original'; rest: string } | null {
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
