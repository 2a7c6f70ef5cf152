// Quoted history as HTML mail marks it, so reply_text can drop it by structure, in any
// language, where its text alone is ambiguous (a Thunderbird reply under the quote, Gmail's
// inline answers, a blockquote with no "> "). The renderer records where each marked element
// starts and ends in the text it writes; `quoteLines` turns that into line ranges of the body
// text. Markers, by client:
// - Gmail: div.gmail_attr (the attribution) and blockquote.gmail_quote; not div.gmail_quote,
//   which also holds inline answers (Chatwoot's emailQuoteExtractor.js and FreeScout's
//   Mail::$alternative_reply_separators cut at gmail_quote; Zammad's utils.coffee at
//   blockquote.gmail_quote).
// - Apple Mail, iOS, Thunderbird and others: blockquote type=cite (Zammad); Thunderbird's
//   attribution div.moz-cite-prefix.
// - Yahoo: div.yahoo_quoted (Zammad), whose class Yahoo prefixes ("ydp…yahoo_quoted").
// - Outlook: div#divRplyFwdMsg (also x_-prefixed), div#divRpF… (2010) and div#appendonsend
//   begin the history and it runs to the end; Outlook desktop's header block sits in a div
//   with "border:none;border-top:solid … 1.0pt;padding:3.0pt 0…" (Outlook for Mac:
//   #OLK_SRC_BODY_SECTION), Outlook 2003 in div.OutlookMessageHeader, both only when they
//   start with a label; Hotmail's history follows hr#stopSpelling, Zimbra's hr#zwchr.
// - ProtonMail .protonmail_quote, Zoho .zmail_extra, web.de/GMX div[name=quote].
// - A plain blockquote is weak: history only under an attribution or at the end of the
//   message (Zammad's signatureIdentifyByHtmlHelper and Chatwoot dismiss trailing blockquotes).
import type { AnyNode, Element, Text } from 'domhandler';
import type { QuoteRange } from './types.ts';

/** quote: this element is history; rest: it and everything after it; weak: a plain blockquote. */
export type QuoteMark = 'quote' | 'rest' | 'weak';

/** Marked elements recorded per message; more are read as text alone. */
export const MAX_QUOTE_SPANS = 16;

function hasClassEnding(classes: string, suffix: string): boolean {
  if (!classes.includes(suffix)) return false;
  for (const c of classes.split(/[ \t\n\f\r]+/)) if (c.endsWith(suffix)) return true;
  return false;
}

function hasClass(classes: string, name: string): boolean {
  if (!classes.includes(name)) return false;
  for (const c of classes.split(/[ \t\n\f\r]+/)) if (c === name) return true;
  return false;
}

/** Outlook desktop's reply header: "border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm". */
function isOutlookHeaderBox(style: string): boolean {
  if (!style.includes('border-top')) return false;
  const s = style.toLowerCase().replaceAll(' ', '');
  return s.includes('border:none') && s.includes('border-top:solid') && s.includes('padding:3.0pt0');
}

/** The element's first characters of text, in document order (at most 50 nodes looked at, none copied). */
function leadingText(el: Element, max = 80): string {
  let text = '';
  const stack: { nodes: AnyNode[]; next: number }[] = [{ nodes: el.children ?? [], next: 0 }];
  for (let seen = 0; stack.length > 0 && text.length < max && seen < 50; ) {
    const top = stack.at(-1)!;
    if (top.next >= top.nodes.length) {
      stack.pop();
      continue;
    }
    const node = top.nodes[top.next++]!;
    seen++;
    if (node.type === 'text') text += (node as Text).data;
    else if ('children' in node && node.children.length > 0) stack.push({ nodes: node.children, next: 0 });
  }
  return text.trimStart().slice(0, max);
}

/** Outlook's bordered box is a reply header only when it starts with a label ("From:", "Von:", "De :"). */
function holdsLabel(el: Element): boolean {
  const text = leadingText(el);
  for (let i = 1; i < Math.min(text.length, 40); i++) if (text[i] === ':' || text[i] === '：') return true;
  return false;
}

/** How an element marks quoted history, or null. */
export function quoteMarkOf(el: Element): QuoteMark | null {
  const a = el.attribs;
  const classes = a.class ?? '';
  const id = a.id ?? '';
  switch (el.name) {
    case 'blockquote':
      if ((a.type ?? '').toLowerCase() === 'cite') return 'quote';
      if (hasClassEnding(classes, 'gmail_quote') || hasClass(classes, 'protonmail_quote')) return 'quote';
      return 'weak';
    case 'hr':
      return id === 'stopSpelling' || id === 'zwchr' ? 'rest' : null;
    case 'div':
    case 'span':
      // Outlook on the web 2010 writes divRpF<digits>.
      if (
        id.endsWith('divRplyFwdMsg') ||
        id.startsWith('divRpF') ||
        id === 'appendonsend' ||
        id === 'OLK_SRC_BODY_SECTION'
      )
        return 'rest';
      if ((hasClass(classes, 'OutlookMessageHeader') || isOutlookHeaderBox(a.style ?? '')) && holdsLabel(el))
        return 'rest';
      // Outlook for iOS/Android writes the new text in div[name=messageBodySection] and the
      // history in div[name=messageReplySection] (Discourse's receiver elides the latter).
      if (id === 'mail-editor-reference-message-container' || a.name === 'quote' || a.name === 'messageReplySection')
        return 'quote';
      if (
        hasClassEnding(classes, 'gmail_attr') ||
        hasClassEnding(classes, 'yahoo_quoted') ||
        hasClassEnding(classes, 'moz-cite-prefix') ||
        hasClass(classes, 'protonmail_quote') ||
        hasClass(classes, 'zmail_extra')
      )
        return 'quote';
      return null;
    default:
      return null;
  }
}

/** Where a marked element's text starts and ends among the renderer's output pieces. */
export interface QuoteSpan {
  mark: string;
  start: number;
  end: number;
}

/**
 * Characters that reach the text unchanged: not whitespace or a block marker (tidy turns those
 * into spaces and line breaks), not "|" (tidy trims empty table cells), not an invisible
 * character (the sanitizer strips them). Counting them maps a place among the renderer's
 * pieces to a line of the text in one pass each.
 */
function kept(code: number): boolean {
  if (code <= 32 || code === 124 || code === 0xa0 || code === 0xad || code === 0x61c || code === 0x180e) return false;
  if (code < 0x1680) return true;
  return !(
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202f) ||
    (code >= 0x205f && code <= 0x2069) ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function countKept(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (kept(text.charCodeAt(i))) n++;
  return n;
}

/** The kept characters before each place among the pieces, and in all the pieces. */
function keptBefore(pieces: string[], places: number[]): { countAt: Map<number, number>; count: number } {
  const sorted = [...new Set(places)].sort((a, b) => a - b);
  const countAt = new Map<number, number>();
  let count = 0;
  let next = 0;
  for (let i = 0; i <= pieces.length; i++) {
    while (next < sorted.length && sorted[next] === i) countAt.set(sorted[next++]!, count);
    if (i < pieces.length) count += countKept(pieces[i]!);
  }
  return { countAt, count };
}

/**
 * The line ranges of the rendered text that marked elements cover. A span's start and end are
 * places among the renderer's pieces; the number of kept characters before each place names
 * the line of the text it falls on. Linear in the text, whatever the number of spans; if the
 * text does not hold the same kept characters as the pieces (a sanitizer step this does not
 * know of), no ranges: reply_text then reads the text alone.
 */
export function quoteLines(pieces: string[], spans: QuoteSpan[], text: string): QuoteRange[] {
  if (spans.length === 0) return [];
  // Kept characters before each piece index a span names.
  const { countAt, count } = keptBefore(
    pieces,
    spans.flatMap((s) => [s.start, s.end]),
  );
  // The line of the k-th kept character of the text, for every k a span needs.
  const wanted = [...new Set(countAt.values())].filter((k) => k > 0).sort((a, b) => a - b);
  const lineOfCount = new Map<number, number>();
  let line = 0;
  let seen = 0;
  let w = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) line++;
    else if (kept(code)) {
      seen++;
      while (w < wanted.length && wanted[w] === seen) lineOfCount.set(wanted[w++]!, line);
    }
  }
  if (seen !== count) return [];
  // A quote that starts after some text starts on the next line; one that ends within a line ends after it.
  const lineAfter = (place: number) => {
    const k = countAt.get(place)!;
    return k === 0 ? 0 : lineOfCount.get(k)! + 1;
  };
  const ranges: QuoteRange[] = [];
  for (const span of spans) {
    const from = lineAfter(span.start);
    const to = span.mark === 'rest' ? Number.MAX_SAFE_INTEGER : lineAfter(span.end);
    if (to > from) ranges.push(span.mark === 'weak' ? { from, to, weak: true } : { from, to });
    if (span.mark === 'rest') break;
  }
  return ranges;
}

/**
 * Where places among the renderer's pieces fall in the text: the offset of the first character
 * the text keeps after each place (the text's length when none follows). Linear in the text;
 * null when the text does not hold the same kept characters as the pieces.
 */
export function offsetsInText(pieces: string[], places: number[], text: string): Map<number, number> | null {
  if (places.length === 0) return new Map();
  const { countAt, count } = keptBefore(pieces, places);
  // The offset of the (k+1)-th kept character of the text, for every k a place needs.
  const wanted = [...new Set(countAt.values())].sort((a, b) => a - b);
  const offsetOfCount = new Map<number, number>();
  let seen = 0;
  let w = 0;
  for (let i = 0; i < text.length; i++) {
    if (!kept(text.charCodeAt(i))) continue;
    while (w < wanted.length && wanted[w] === seen) offsetOfCount.set(wanted[w++]!, i);
    seen++;
  }
  if (seen !== count) return null;
  while (w < wanted.length) offsetOfCount.set(wanted[w++]!, text.length);
  return new Map([...countAt].map(([place, k]) => [place, offsetOfCount.get(k)!]));
}
