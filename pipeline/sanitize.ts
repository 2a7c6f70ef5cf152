// Stage 2: the text an agent may read. HTML is parsed as a browser parses it (parse5, the
// WHATWG tree-construction algorithm) and rendered to plain text (paragraphs, line breaks,
// lists, table rows as "cell | cell" lines). Scripts, styles and remote resources are
// dropped; text a reader of the rendered mail would not see, by the CSS cascade, is moved
// apart as hidden text, so an instruction hidden from the human cannot reach the agent as
// if it were visible content. Every step is linear in the input (no backtracking regex,
// no recursion on the tree).
import type { Document } from 'domhandler';
import { alternativesDiffer } from './alternative.ts';
import { htmlLibs } from './html/libs.ts';
import { Renderer, type HiddenText } from './html/render.ts';
import { stripInvisible } from './invisible.ts';
import { MAX_QUOTE_SPANS, offsetsInText, quoteLines, quoteMarkOf } from './reply-html.ts';
import type { Flag, InlineIcon, QuoteRange } from './types.ts';

export type { HiddenText };

export interface Sanitized {
  text: string;
  hidden: HiddenText[];
  flags: Flag[];
  /** Lines of `text` the HTML marks as quoted history (gmail_quote, blockquote type=cite, ...), for reply_text. */
  quoted?: QuoteRange[];
  /** Inline images with a short alt text, by where they sit in `text` (Document.icons). */
  icons?: InlineIcon[];
}

function isSpaceOrMarker(code: number): boolean {
  return (
    code === 32 ||
    code === 10 ||
    code === 9 ||
    code === 13 ||
    code === 12 ||
    code === 11 ||
    code === 1 ||
    code === 2 ||
    code === 0xa0 ||
    (code > 0x7f && isUnicodeSpace(code))
  );
}

/** What /\s/ matches above U+007F (U+00A0 is checked before): no string made per character. */
function isUnicodeSpace(code: number): boolean {
  return (
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Drops empty table cells at the end of a line ("a | b |  | " -> "a | b"). */
function trimTrailingCells(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === '|' || line[end - 1] === ' ')) end--;
  return line.slice(0, end);
}

/**
 * Resolves block markers (a run of whitespace and markers becomes one line break, or one
 * blank line when it holds a paragraph break or two newlines), collapses spaces and trims
 * lines. One pass over the text: no input can make it slower than linear.
 */
export function tidy(text: string): string {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    let j = i;
    while (j < text.length && !isSpaceOrMarker(text.charCodeAt(j))) j++;
    if (j > i) out.push(text.slice(i, j));
    i = j;
    let markers = 0;
    let paragraph = false;
    let newlines = 0;
    // A line break between two block edges is a block of its own holding only the break
    // (Gmail's `<div><br></div>`): an empty line, as a mail client shows it.
    let emptyBlock = false;
    let breakAfterBlock = false;
    while (j < text.length && isSpaceOrMarker(text.charCodeAt(j))) {
      const code = text.charCodeAt(j);
      if (code === 1 || code === 2) {
        markers++;
        if (code === 2) paragraph = true;
        if (breakAfterBlock) emptyBlock = true;
      } else if (code === 10) {
        newlines++;
        if (markers > 0) breakAfterBlock = true;
      }
      j++;
    }
    if (j === i) continue;
    if (markers > 0) out.push(paragraph || newlines >= 2 || emptyBlock ? '\n\n' : '\n');
    else out.push(newlines === 0 ? ' ' : '\n'.repeat(newlines));
    i = j;
  }
  return out
    .join('')
    .split('\n')
    .map((line) => trimTrailingCells(line.trim()))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function sanitizeHtml(html: string): Sanitized {
  const flags = new Set<Flag>();
  // Scripting off, as in every mail client: <noscript> content is shown as markup.
  const { parse5, treeAdapter } = htmlLibs();
  const doc = parse5.parse(html, { treeAdapter, scriptingEnabled: false }) as unknown as Document & {
    'x-mode'?: string;
  };
  const renderer = new Renderer(doc, doc['x-mode'] === 'quirks', quoteMarkOf, MAX_QUOTE_SPANS);
  renderer.run();
  if (renderer.scriptRemoved) flags.add('script_removed');
  const text = stripInvisible(tidy(renderer.visible.join('')), flags);
  const hidden = renderer.hidden
    .map((h) => ({ reason: h.reason, text: stripInvisible(tidy(h.parts.join('')), flags) }))
    .filter((h) => h.text.length > 0);
  if (hidden.length > 0) flags.add('hidden_text');
  const quoted = quoteLines(renderer.visible, renderer.quotes, text);
  const icons = iconsIn(renderer, text);
  return {
    text,
    hidden,
    flags: [...flags],
    ...(quoted.length > 0 ? { quoted } : {}),
    ...(icons.length > 0 ? { icons } : {}),
  };
}

/** The renderer's inline images placed in the text it gave. */
function iconsIn(renderer: Renderer, text: string): InlineIcon[] {
  if (renderer.icons.length === 0) return [];
  const offsets = offsetsInText(
    renderer.visible,
    renderer.icons.map((i) => i.place),
    text,
  );
  return offsets ? renderer.icons.map((i) => ({ offset: offsets.get(i.place)!, alt: i.alt })) : [];
}

export function sanitizeText(text: string): Sanitized {
  const flags = new Set<Flag>();
  const clean = stripInvisible(text.replace(/\r\n?/g, '\n'), flags).trim();
  return { text: clean, hidden: [], flags: [...flags] };
}

/**
 * The body an agent reads: the HTML as a mail client would show it, else the text part.
 * With both, `alternative_mismatch` flags a text part that says materially else.
 */
export function sanitizeBody(message: BodyParts & { ownBody?: BodyParts }): Sanitized {
  const body = sanitizeParts(message);
  return message.ownBody ? withAttachedMessagesQuoted(body, sanitizeParts(message.ownBody)) : body;
}

interface BodyParts {
  html: string | null;
  text: string | null;
}

function sanitizeParts(message: BodyParts): Sanitized {
  if (!message.html?.trim()) return sanitizeText(message.text ?? '');
  const body = sanitizeHtml(message.html);
  if (message.text?.trim() && alternativesDiffer(message.text, body.text)) {
    return { ...body, flags: [...body.flags, 'alternative_mismatch'] };
  }
  return body;
}

/**
 * Attached messages read inline follow the sender's own body in the text: from there to the
 * end is someone else's message, marked as quoted so reply_text stops before it. When the own
 * body is not where the text starts (the renderings differ), nothing is marked.
 */
function withAttachedMessagesQuoted(body: Sanitized, own: Sanitized): Sanitized {
  const mine = own.text;
  if (mine.length === 0 || mine.length >= body.text.length) return body;
  if (!body.text.startsWith(mine) || body.text[mine.length] !== '\n') return body;
  const from = mine.split('\n').length;
  const quoted = [...(body.quoted ?? []).filter((r) => r.from < from), { from, to: Number.MAX_SAFE_INTEGER }];
  return { ...body, quoted };
}
