// Stage 2: the text an agent may read. HTML is rendered to plain text (paragraphs, line
// breaks, lists, table rows as "cell | cell" lines). Scripts, styles and remote resources
// are dropped; text a reader of the rendered mail would not see is moved apart as hidden
// text, so an instruction hidden from the human cannot reach the agent as if it were
// visible content.
import { decodeHTML } from 'entities';
import { COMMENT_NODE, ELEMENT_NODE, TEXT_NODE, parse as parseHtml, type ElementNode } from 'ultrahtml';
import type { Flag } from './types.ts';

export interface HiddenText {
  reason: string;
  text: string;
}

export interface Sanitized {
  text: string;
  hidden: HiddenText[];
  flags: Flag[];
}

const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF\u180E\u00AD]/g;
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

const DROPPED = new Set(['script', 'style', 'head', 'title', 'meta', 'link', 'iframe', 'object', 'embed',
  'noscript', 'template', 'svg', 'canvas', 'audio', 'video', 'base', 'frame', 'frameset', 'applet']);
const BLOCK = new Set(['p', 'div', 'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'blockquote',
  'pre', 'address', 'figure', 'figcaption', 'form', 'fieldset', 'ul', 'ol', 'dl', 'dt', 'dd', 'table', 'tbody',
  'thead', 'tfoot', 'center', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'caption', 'details', 'summary']);
const PARAGRAPH = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'blockquote', 'ul', 'ol']);

type Rgb = [number, number, number];

const NAMED_COLORS: Record<string, Rgb> = {
  white: [255, 255, 255], black: [0, 0, 0], red: [255, 0, 0], green: [0, 128, 0], blue: [0, 0, 255],
  gray: [128, 128, 128], grey: [128, 128, 128], silver: [192, 192, 192], whitesmoke: [245, 245, 245],
  snow: [255, 250, 250], ivory: [255, 255, 240], yellow: [255, 255, 0], navy: [0, 0, 128],
  lightgray: [211, 211, 211], lightgrey: [211, 211, 211], darkgray: [169, 169, 169], transparent: [-1, -1, -1],
};

export function parseColor(value: string | undefined): Rgb | null {
  if (!value) return null;
  const v = value.trim().toLowerCase().replace(/\s*!important$/, '');
  const hex = v.match(/^#([0-9a-f]{3}|[0-9a-f]{6})\b/);
  if (hex) {
    const h = hex[1]!.length === 3 ? hex[1]!.split('').map((c) => c + c).join('') : hex[1]!;
    return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
  }
  const rgb = v.match(/^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)(?:[\s,/]+([\d.]+%?))?/);
  if (rgb) {
    const alpha = rgb[4] === undefined ? 1 : rgb[4].endsWith('%') ? parseFloat(rgb[4]) / 100 : parseFloat(rgb[4]);
    if (alpha < 0.1) return [-1, -1, -1];
    return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  }
  return NAMED_COLORS[v.split(/\s/)[0]!] ?? null;
}

function colorsClose(a: Rgb, b: Rgb): boolean {
  if (a[0] < 0 || b[0] < 0) return false;
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) < 32;
}

function parseStyle(style: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!style) return out;
  for (const decl of decodeHTML(style).split(';')) {
    const colon = decl.indexOf(':');
    if (colon > 0) out.set(decl.slice(0, colon).trim().toLowerCase(), decl.slice(colon + 1).trim().toLowerCase());
  }
  return out;
}

function lengthPx(value: string | undefined): number | null {
  if (!value) return null;
  const m = value.match(/^(-?[\d.]+)\s*(px|pt|em|rem|%|)?/);
  if (!m) return null;
  const n = parseFloat(m[1]!);
  switch (m[2]) {
    case 'pt': return n * 1.333;
    case 'em': case 'rem': return n * 16;
    case '%': return n * 0.16;
    default: return n;
  }
}

/** Why declarations hide their element's text, or null when they do not. */
function hidingReason(style: Map<string, string>): string | null {
  const display = style.get('display');
  if (display?.startsWith('none')) return 'display:none';
  const visibility = style.get('visibility');
  if (visibility?.startsWith('hidden') || visibility?.startsWith('collapse')) return 'visibility:hidden';
  const opacity = style.get('opacity');
  if (opacity !== undefined && parseFloat(opacity) <= 0.05) return 'opacity:0';
  const fontSize = lengthPx(style.get('font-size'));
  if (fontSize !== null && fontSize <= 2) return 'font-size too small to read';
  for (const side of ['left', 'top', 'text-indent', 'margin-left', 'margin-top', 'right']) {
    const px = lengthPx(style.get(side));
    if (px !== null && px <= -500) return `off-screen (${side})`;
  }
  const overflowHidden = style.get('overflow')?.startsWith('hidden');
  const height = lengthPx(style.get('height') ?? style.get('max-height'));
  const width = lengthPx(style.get('width') ?? style.get('max-width'));
  if (overflowHidden && ((height !== null && height <= 1) || (width !== null && width <= 1))) return 'zero-size box';
  const clip = style.get('clip') ?? style.get('clip-path');
  if (clip && /rect\(\s*0|inset\(\s*50%/.test(clip)) return 'clipped';
  if (style.get('transform')?.match(/scale\(\s*0(\.0*)?\s*[,)]/)) return 'transform:scale(0)';
  return null;
}

/** Class, id and tag selectors that <style> blocks hide (outside @media: mobile tweaks are not hiding). */
function hiddenSelectors(css: string): Set<string> {
  const selectors = new Set<string>();
  const withoutMedia = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/@media[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, '');
  for (const rule of withoutMedia.matchAll(/([^{}@]+)\{([^{}]*)\}/g)) {
    if (!hidingReason(parseStyle(rule[2]))) continue;
    for (const sel of rule[1]!.split(',')) {
      const s = sel.trim().toLowerCase();
      if (/^[.#]?[a-z0-9_-]+$/.test(s)) selectors.add(s);
    }
  }
  return selectors;
}

interface Ctx {
  color: Rgb;
  background: Rgb;
  pre: boolean;
}

class Renderer {
  visible: string[] = [];
  hidden: HiddenText[] = [];
  scriptRemoved = false;
  private cellIndex: number[] = [];

  constructor(private readonly hiddenBySheet: Set<string>) {}

  private hiddenBySelector(el: ElementNode): string | null {
    if (this.hiddenBySheet.size === 0) return null;
    const candidates = [el.name.toLowerCase()];
    if (el.attributes.id) candidates.push(`#${el.attributes.id.toLowerCase()}`);
    for (const cls of (el.attributes.class ?? '').toLowerCase().split(/\s+/)) if (cls) candidates.push(`.${cls}`);
    const hit = candidates.find((c) => this.hiddenBySheet.has(c));
    return hit ? `hidden by stylesheet rule ${hit}` : null;
  }

  render(nodes: any[], ctx: Ctx, out: string[]): void {
    for (const node of nodes) this.renderNode(node, ctx, out);
  }

  private renderNode(node: any, ctx: Ctx, out: string[]): void {
    if (node.type === TEXT_NODE) {
      const text = decodeHTML(String(node.value));
      out.push(ctx.pre ? text : text.replace(/[ \t\r\n\f]+/g, ' '));
      return;
    }
    if (node.type === COMMENT_NODE) {
      const text = String(node.value).trim();
      // Conditional comments hold Outlook markup, and short ones are template labels;
      // a comment with a sentence in it is text hidden from the reader.
      if (!/^\[if|^<!\[endif|^\[endif/i.test(text) && text.split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w)).length >= 5) {
        this.hidden.push({ reason: 'HTML comment', text: decodeHTML(text) });
      }
      return;
    }
    if (node.type !== ELEMENT_NODE) {
      if (node.children) this.render(node.children, ctx, out);
      return;
    }
    const el = node as ElementNode;
    const name = el.name.toLowerCase();
    for (const [attr, value] of Object.entries(el.attributes ?? {})) {
      if (attr.toLowerCase().startsWith('on') || /^\s*javascript:/i.test(String(value))) this.scriptRemoved = true;
    }
    if (DROPPED.has(name)) {
      if (name === 'script') this.scriptRemoved = true;
      return;
    }
    const style = parseStyle(el.attributes.style);
    const color = parseColor(style.get('color') ?? el.attributes.color) ?? ctx.color;
    const background = parseColor(style.get('background-color') ?? style.get('background') ?? el.attributes.bgcolor)
      ?? ctx.background;
    const inner: Ctx = { color, background: background[0] < 0 ? ctx.background : background, pre: ctx.pre || name === 'pre' };
    let reason = 'hidden' in el.attributes ? 'hidden attribute' : hidingReason(style) ?? this.hiddenBySelector(el);
    if (!reason && colorsClose(inner.color, inner.background)) reason = 'text colour matches its background';
    if (reason) {
      const collected: string[] = [];
      this.render(el.children ?? [], inner, collected);
      const text = tidy(collected.join(''));
      if (text) this.hidden.push({ reason, text });
      return;
    }
    this.open(name, out);
    this.render(el.children ?? [], inner, out);
    this.close(name, out);
  }

  private open(name: string, out: string[]): void {
    if (name === 'br') out.push('\n');
    else if (name === 'li') out.push(`${LINE}- `);
    else if (name === 'tr') { out.push(LINE); this.cellIndex.push(0); }
    else if (name === 'td' || name === 'th') {
      const i = this.cellIndex.length - 1;
      if (i >= 0) {
        if (this.cellIndex[i]! > 0) out.push(' | ');
        this.cellIndex[i]!++;
      } else out.push(' ');
    } else if (PARAGRAPH.has(name)) out.push(PARAGRAPH_BREAK);
    else if (BLOCK.has(name)) out.push(LINE);
  }

  private close(name: string, out: string[]): void {
    if (name === 'tr') { out.push(LINE); this.cellIndex.pop(); }
    else if (PARAGRAPH.has(name)) out.push(PARAGRAPH_BREAK);
    else if (BLOCK.has(name) || name === 'li') out.push(LINE);
  }
}

// Block boundaries are marked while rendering and resolved at the end, so nested blocks
// give one line break and paragraphs one blank line, however deep the markup.
const LINE = '\u0001';
const PARAGRAPH_BREAK = '\u0002';

/** Collapses blank runs and spaces around line ends; keeps paragraph breaks. */
function tidy(text: string): string {
  return text
    .replace(/[\s\u0001\u0002]*[\u0001\u0002][\s\u0001\u0002]*/g, (run) =>
      run.includes(PARAGRAPH_BREAK) || (run.match(/\n/g) ?? []).length >= 2 ? '\n\n' : '\n')
    .replace(/\u00A0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/(?:\s*\|\s*)+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function stripInvisibleChars(text: string, flags: Set<Flag>): string {
  let out = text;
  if (ZERO_WIDTH.test(out)) { flags.add('zero_width_chars'); out = out.replace(ZERO_WIDTH, ''); }
  if (BIDI.test(out)) { flags.add('bidi_override'); out = out.replace(BIDI, ''); }
  ZERO_WIDTH.lastIndex = 0;
  BIDI.lastIndex = 0;
  return out;
}

export function sanitizeHtml(html: string): Sanitized {
  const flags = new Set<Flag>();
  const doc = parseHtml(html);
  const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]).join('\n');
  const renderer = new Renderer(hiddenSelectors(css));
  renderer.render(doc.children ?? [], { color: [0, 0, 0], background: [255, 255, 255], pre: false }, renderer.visible);
  if (renderer.scriptRemoved) flags.add('script_removed');
  const text = stripInvisibleChars(tidy(renderer.visible.join('')), flags);
  const hidden = renderer.hidden.map((h) => ({ reason: h.reason, text: stripInvisibleChars(h.text, flags) }));
  if (hidden.length > 0) flags.add('hidden_text');
  return { text, hidden, flags: [...flags] };
}

export function sanitizeText(text: string): Sanitized {
  const flags = new Set<Flag>();
  const clean = stripInvisibleChars(text.replace(/\r\n?/g, '\n'), flags).trim();
  return { text: clean, hidden: [], flags: [...flags] };
}

/** The body an agent reads: the HTML as a mail client would show it, else the text part. */
export function sanitizeBody(message: { html: string | null; text: string | null }): Sanitized {
  if (message.html && message.html.trim()) return sanitizeHtml(message.html);
  return sanitizeText(message.text ?? '');
}
