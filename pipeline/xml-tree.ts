// A small element tree over XML text with the offset of every leaf's text, so a value
// read from XML can point at where it stands in the document. Parsed by saxes, which
// expands only the five predefined entities: a DTD's entities are refused (undefined
// entity), so an entity bomb or an external entity never expands.
import { SaxesParser } from 'saxes';

export interface XmlNode {
  /** Local name, without a namespace prefix. */
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  /** Decoded, trimmed text of a leaf element ('' for elements with children). */
  text: string;
  /** Offsets of the trimmed text in the XML source (a leaf's value as written). */
  start: number;
  end: number;
}

export const MAX_XML_ELEMENTS = 200_000;
const MAX_DEPTH = 100;

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * The root element, or null when the text is not well-formed XML or exceeds the limits.
 * `partial`: the text was cut at a size limit, so an unfinished end is expected; the
 * elements completed before the cut are returned.
 */
export function parseXml(source: string, partial = false): XmlNode | null {
  const parser = new SaxesParser({ position: true });
  const stack: (XmlNode & { openEnd: number; raw: string })[] = [];
  let root: XmlNode | null = null;
  let count = 0;
  let failed = false;
  let closing = false;
  parser.on('error', () => {
    if (!(partial && closing)) failed = true;
  });
  parser.on('opentag', (tag) => {
    if (++count > MAX_XML_ELEMENTS || stack.length >= MAX_DEPTH) {
      failed = true;
      return;
    }
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) attrs[local(k)] = String(v);
    const node = {
      name: local(tag.name),
      attrs,
      children: [],
      text: '',
      start: parser.position,
      end: parser.position,
      openEnd: parser.position,
      raw: '',
    };
    stack.at(-1)?.children.push(node);
    stack.push(node);
  });
  parser.on('text', (text) => {
    const top = stack.at(-1);
    if (top) top.raw += text;
  });
  parser.on('cdata', (text) => {
    const top = stack.at(-1);
    if (top) top.raw += text;
  });
  parser.on('closetag', (tag) => {
    const node = stack.pop();
    if (!node) return;
    if (node.children.length === 0 && !tag.isSelfClosing) {
      node.text = node.raw.trim();
      const closeStart = source.lastIndexOf('</', parser.position - 1);
      const written = source.slice(node.openEnd, closeStart);
      // The offsets cover the text as written (entities and all), trimmed of white space.
      node.start = node.openEnd + (written.length - written.trimStart().length);
      node.end = Math.max(node.start, closeStart - (written.length - written.trimEnd().length));
    }
    if (stack.length === 0) root = node;
  });
  try {
    parser.write(source);
    closing = true;
    parser.close();
  } catch {
    return null;
  }
  return failed ? null : (root ?? (partial ? (stack[0] ?? null) : null));
}

export function child(node: XmlNode | null | undefined, ...path: string[]): XmlNode | null {
  let at: XmlNode | null = node ?? null;
  for (const name of path) {
    at = at?.children.find((c) => c.name === name) ?? null;
    if (!at) return null;
  }
  return at;
}

export function children(node: XmlNode | null | undefined, name: string): XmlNode[] {
  return node ? node.children.filter((c) => c.name === name) : [];
}

/** The first of several alternative paths (e.g. two versions of a format) that exists. */
export function either(node: XmlNode | null | undefined, ...paths: string[][]): XmlNode | null {
  for (const path of paths) {
    const found = child(node, ...path);
    if (found) return found;
  }
  return null;
}

/** Every descendant with this local name, in document order. */
export function descendants(node: XmlNode | null | undefined, name: string, out: XmlNode[] = []): XmlNode[] {
  for (const c of node?.children ?? []) {
    if (c.name === name) out.push(c);
    descendants(c, name, out);
  }
  return out;
}
