// The reply apart from its history: what the sender wrote in this message, without the
// quoted thread and without a forward wrapper, like Postmark's StrippedTextReply or
// Mailgun's stripped-text. Every line the sender wrote stays, their signature ("-- ",
// "Sent from my iPhone") included, and inline answers between quoted lines too; only the
// history goes: "> " lines, the attribution or header block that introduces them, and
// everything after a quote header that has no "> " lines under it (top-posted history).
// HTML mail also gives the lines its structure marks as quoted (pipeline/reply-html.ts:
// gmail_quote, blockquote type=cite, divRplyFwdMsg, ...). When nothing would be left, the
// whole text is the reply: an empty reply_text says less than the message.
import { forwardMarkerOf } from './forward-markers.ts';
import {
  attributionAt,
  datedHeaderAlone,
  headerBlockAt,
  joinWrappedAddresses,
  looseAttribution,
} from './quote-headers.ts';
import type { QuoteRange } from './types.ts';

/** How each line is quoted: not, by "> " or the HTML structure, or by a plain <blockquote> (only with an attribution over it, or at the end). */
const Quote = { None: 0, Strong: 1, Weak: 2 } as const;
type Quote = (typeof Quote)[keyof typeof Quote];

function isSeparator(line: string): boolean {
  return line.length >= 5 && [...line].every((c) => c === '_' || c === '-' || c === '=' || c === '*');
}

function quoteMarks(lines: string[], ranges: readonly QuoteRange[] | null | undefined): Quote[] {
  const marks: Quote[] = lines.map((l) => (l.trimStart().startsWith('>') ? Quote.Strong : Quote.None));
  for (const r of ranges ?? []) {
    for (let i = Math.max(0, r.from); i < Math.min(lines.length, r.to); i++) {
      if (marks[i] === Quote.None) marks[i] = r.weak ? Quote.Weak : Quote.Strong;
    }
  }
  return marks;
}

/** The next line at or after `i` with text on it, or -1. */
function nextText(lines: string[], i: number): number {
  for (let j = i; j < lines.length; j++) if (lines[j]!.trim()) return j;
  return -1;
}

/** Blank lines and lines of dashes or underscores at the end (what separated the reply from its history) off. */
function tidyEnd(kept: string[]): string {
  const out: string[] = [];
  for (const line of kept) {
    // Removed quotes leave blank lines behind: one blank line between kept paragraphs is enough.
    if (!line.trim() && (out.length === 0 || !out.at(-1)!.trim())) continue;
    // Trailing spaces go, but not the one of the "-- " signature delimiter.
    out.push(line === '-- ' ? line : line.trimEnd());
  }
  while (out.length > 0 && (!out.at(-1)!.trim() || isSeparator(out.at(-1)!.trim()))) out.pop();
  return out.join('\n');
}

/**
 * The new content of a message: its text without the quoted history. `quoted` are the line
 * ranges the HTML structure marks as quoted (stored with the body); without them the text
 * alone decides.
 */
export function replyText(text: string, quoted?: readonly QuoteRange[] | null): string {
  const raw = text.replace(/\r\n?/g, '\n').split('\n');
  // Joining a wrapped address shifts the lines after it: structure ranges count the lines as rendered.
  const lines = quoted?.length ? raw : joinWrappedAddresses(raw);
  const marks = quoteMarks(lines, quoted);
  const kept: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const mark = marks[i]!;
    if (mark === Quote.Strong) {
      i++;
      continue;
    }
    const t = line.trim();
    if (!t) {
      kept.push('');
      i++;
      continue;
    }
    if (mark === Quote.Weak) {
      // A plain <blockquote> with no attribution over it is quoted history only at the end of
      // the message (Zammad and Chatwoot read it so); in the middle it is the sender's quotation.
      let end = i;
      while (end < lines.length && (marks[end] === Quote.Weak || !lines[end]!.trim())) end++;
      if (nextText(lines, end) < 0) break;
      for (; i < end; i++) kept.push(lines[i]!);
      continue;
    }
    const attribution = attributionAt(lines, i);
    const after = attribution ? nextText(lines, i + attribution.lines) : nextText(lines, i + 1);
    const overQuote = after >= 0 && marks[after] !== Quote.None;
    if (attribution && overQuote) {
      // "On … wrote:" over quoted lines: both go, whatever follows stays (bottom-posting, inline answers).
      i = after;
      while (i < lines.length && (marks[i] !== Quote.None || !lines[i]!.trim())) i++;
      continue;
    }
    if (!attribution && overQuote && looseAttribution(t)) {
      i = after;
      while (i < lines.length && (marks[i] !== Quote.None || !lines[i]!.trim())) i++;
      continue;
    }
    // A quote header with no quoted lines under it: the history follows unmarked, to the end.
    const datedAlone =
      attribution?.kind === 'dated' &&
      datedHeaderAlone(lines.slice(i, i + attribution.lines).join(attribution.lines > 1 ? ' ' : ''));
    if (attribution?.kind === 'verb' || datedAlone || forwardMarkerOf(t) || headerBlockAt(lines, i)) break;
    kept.push(line);
    i++;
  }
  const reply = tidyEnd(kept);
  return reply.trim()
    ? reply.trim()
    : raw
        .map((l) => (l === '-- ' ? l : l.trimEnd()))
        .join('\n')
        .trim();
}
