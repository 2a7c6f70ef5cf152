// The reply apart from its history: the new content of a message without the quoted
// thread and without a forward wrapper, like Postmark's StrippedTextReply or Mailgun's
// stripped-text. Works on the sanitized body text, so HTML mail (gmail_quote,
// blockquote type=cite, Outlook's divRplyFwdMsg, yahoo_quoted, moz-cite-prefix) is cut
// where its rendered attribution or header block begins.
import { forwardMarkerOf } from './forward-markers.ts';
import { isAttribution, labelOf, stripQuote } from './headers-text.ts';
import { firstAddress } from './mailbox-text.ts';

/** Mobile and webmail sign-offs a client appends under the new text. */
const CLIENT_SIGNATURES = [
  'sent from my iphone',
  'sent from my ipad',
  'sent from my android',
  'sent from my samsung',
  'sent from my mobile',
  'sent from yahoo mail',
  'sent from mail for windows',
  'sent from outlook',
  'get outlook for',
  'von meinem iphone gesendet',
  'von meinem ipad gesendet',
  'gesendet von meinem',
  'envoyé de mon iphone',
  'envoyé de mon ipad',
  'enviado desde mi iphone',
  'enviado do meu iphone',
  'inviato da iphone',
  'verzonden met mijn iphone',
  'skickat från min iphone',
  'sendt fra min iphone',
  'lähetetty iphonesta',
  'wysłane z iphone',
  'odesláno z iphonu',
  'отправлено с iphone',
  'надіслано з iphone',
  "iphone'dan gönderildi",
  'iphoneから送信',
  '从我的iphone发送',
  '나의 iphone에서 보냄',
];

function isSeparator(line: string): boolean {
  return line.length >= 5 && [...line].every((c) => c === '_' || c === '-' || c === '=');
}

/** A header block ("From: … / Sent: … / Subject: …") starting at line i, in any language. */
function headerBlockAt(lines: string[], i: number): boolean {
  if (labelOf(stripQuote(lines[i]!))?.parts[0]?.kind !== 'from') return false;
  const first = labelOf(stripQuote(lines[i]!))!;
  if (first.parts.some((p) => p.kind === 'date' || p.kind === 'subject')) return true;
  for (let j = i + 1; j < Math.min(lines.length, i + 6); j++) {
    const kind = labelOf(stripQuote(lines[j]!))?.parts[0]?.kind;
    if (kind === 'date' || kind === 'subject') return true;
    if (!kind) return false;
  }
  return false;
}

function nextQuoted(lines: string[], i: number): boolean {
  for (let j = i + 1; j < Math.min(lines.length, i + 4); j++) {
    const t = lines[j]!.trim();
    if (t) return t.startsWith('>');
  }
  return false;
}

/** Where the history starts, and whether it was an attribution line over "> " quoting. */
function historyStart(lines: string[]): { at: number; attribution: boolean } | null {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '--' || line === '-- ' || lines[i] === '-- ') return { at: i, attribution: false };
    if (line.startsWith('>')) continue;
    if (forwardMarkerOf(line)) return { at: i, attribution: false };
    // Attributions are often wrapped over two lines ("On …, John <j@x>" / "wrote:").
    if (
      isAttribution(line) ||
      (i + 1 < lines.length && isAttribution(`${line} ${lines[i + 1]!.trim()}`) && lines[i + 1]!.trim().length < 40)
    ) {
      return { at: i, attribution: true };
    }
    if (headerBlockAt(lines, i)) return { at: i, attribution: false };
    // Attributions without a verb (Gmail in Japanese: "2021年10月27日(水) 9:31 John <j@x>:") over "> " quoting.
    if (
      (line.endsWith(':') || line.endsWith('：')) &&
      line.length < 400 &&
      firstAddress(line) &&
      nextQuoted(lines, i)
    ) {
      return { at: i, attribution: true };
    }
  }
  return null;
}

function clean(lines: string[]): string {
  const kept = lines.filter((l) => !l.trimStart().startsWith('>')).map((l) => l.trimEnd());
  while (kept.length > 0) {
    const last = kept.at(-1)!.trim();
    const lower = last.toLowerCase();
    if (last === '' || isSeparator(last) || CLIENT_SIGNATURES.some((s) => lower.startsWith(s))) kept.pop();
    else break;
  }
  return kept.join('\n').trim();
}

/** The new content of a message: the text above the quoted history, forward wrapper and signature. */
export function replyText(text: string): string {
  let lines = text.replace(/\r\n?/g, '\n').split('\n');
  // A loop, not recursion: bottom-posted answers may sit under any number of quoted blocks.
  for (;;) {
    const start = historyStart(lines);
    if (!start) return clean(lines);
    const above = clean(lines.slice(0, start.at));
    if (above || !start.attribution || !nextQuoted(lines, start.at)) return above;
    // Bottom-posting: the answer follows the "> " quoted lines.
    let j = start.at + 1;
    while (j < lines.length && (lines[j]!.trim() === '' || lines[j]!.trimStart().startsWith('>'))) j++;
    lines = lines.slice(j);
  }
}
