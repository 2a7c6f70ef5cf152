// The author stylesheet of a mail: <style> rules parsed with css-tree, selectors matched
// with css-select (the engine behind cheerio), ordered by specificity and source order,
// and @media evaluated as a desktop mail client sees it (a window about 1,000 px wide).
import type { CssNode } from 'css-tree';
import type { Selector } from 'css-what';
import type { Element } from 'domhandler';
import { htmlLibs } from './libs.ts';
import { matchesMedia } from './media.ts';
import { cleanProperty, cleanValue } from './values.ts';

export interface Declaration {
  property: string;
  value: string;
  important: boolean;
}

export interface StyleRule {
  matches: (el: Element) => boolean;
  /** Keys (#id, .class, tag) that must be on some ancestor for the rule to match: checked first, as browsers do. */
  ancestorKeys: string[];
  combinators: number;
  specificity: number;
  order: number;
  /** The rank of its @layer (earlier layers lose), UNLAYERED outside any. */
  layer: number;
  declarations: Declaration[];
}

export interface Stylesheet {
  /** Rules indexed by the id, class or tag of their rightmost part, so an element checks only rules that can match it. */
  byKey: Map<string, StyleRule[]>;
  universal: StyleRule[];
}

// Bounds on hostile stylesheets: beyond these a mail is not styled further, which can only
// show more text to the reader, never hide it.
const MAX_CSS_CHARS = 512 * 1024;
const MAX_RULES = 5000;
const MAX_COMPOUNDS = 12;

/** css-tree's declaration node, as far as is read here. */
interface DeclarationNode {
  property: string;
  important: boolean | string;
  value: unknown;
}

/**
 * One declaration as CSS reads it, or null when CSS drops it: `!ie` and other `!word`
 * hacks are invalid (`! important` in any case, spaced or commented, is important).
 */
function toDeclaration(d: DeclarationNode): Declaration | null {
  const important =
    d.important === true || (typeof d.important === 'string' && d.important.toLowerCase() === 'important');
  if (d.important !== false && !important) return null;
  const property = cleanProperty(d.property);
  const value = cleanValue(rawText(d.value));
  if (!property || (!value && !property.startsWith('--'))) return null;
  return { property, value, important };
}

const declarationLists = new Map<string, Declaration[]>();
const MAX_CACHED_CHARS = 2048;

/**
 * A style attribute's declarations, parsed by css-tree as a browser parses them (strings,
 * comments, escapes, `;` inside url() or quotes); values keep their case (urls), properties
 * do not. Cached: mail repeats the same style attribute many times.
 */
export function parseDeclarations(text: string): Declaration[] {
  const known = declarationLists.get(text);
  if (known) return known;
  const out: Declaration[] = [];
  try {
    const list = htmlLibs().parseCss(text.slice(0, MAX_CSS_CHARS), {
      context: 'declarationList',
      parseValue: false,
      parseCustomProperty: false,
    });
    const nodes = (list as { children?: { toArray(): CssNode[] } }).children?.toArray() ?? [];
    for (const node of nodes) {
      if (node.type !== 'Declaration') continue;
      const d = toDeclaration(node as unknown as DeclarationNode);
      if (d) out.push(d);
    }
  } catch {
    // a stack overflow on absurd nesting: the attribute styles nothing
  }
  // Only short attributes are kept: the cache must not hold megabytes of one hostile mail.
  if (text.length <= MAX_CACHED_CHARS) {
    if (declarationLists.size >= 4096) declarationLists.clear();
    declarationLists.set(text, out);
  }
  return out;
}

type Token = Selector;

/** Specificity as one number: ids * 1e6 + classes/attributes/pseudo-classes * 1e3 + types. */
function specificityOf(tokens: Token[]): number {
  let score = 0;
  for (const t of tokens) {
    if (t.type === 'attribute') score += t.name === 'id' && t.action === 'equals' ? 1e6 : 1e3;
    else if (t.type === 'tag') score += 1;
    else if (t.type === 'pseudo') {
      if (t.name === 'where') continue;
      if (Array.isArray(t.data)) score += Math.max(0, ...t.data.map((s) => specificityOf(s)));
      else score += 1e3;
    } else if (t.type === 'pseudo-element') score += 1;
  }
  return score;
}

const COMBINATORS = new Set(['child', 'descendant', 'sibling', 'adjacent', 'parent', 'column-combinator']);

function compoundKey(last: Token[]): string | null {
  const id = last.find((t) => t.type === 'attribute' && t.name === 'id' && t.action === 'equals');
  if (id && id.type === 'attribute') return `#${id.value.toLowerCase()}`;
  const cls = last.find((t) => t.type === 'attribute' && t.name === 'class' && t.action === 'element');
  if (cls && cls.type === 'attribute') return `.${cls.value.toLowerCase()}`;
  const tag = last.find((t) => t.type === 'tag');
  return tag && tag.type === 'tag' ? tag.name.toLowerCase() : null;
}

/** The key of the rightmost compound, and the keys of the compounds that must be ancestors. */
function ruleKeys(tokens: Token[]): { key: string | null; ancestorKeys: string[] } {
  const compounds: Token[][] = [[]];
  const joins: string[] = [];
  for (const t of tokens) {
    if (COMBINATORS.has(t.type)) {
      compounds.push([]);
      joins.push(t.type);
    } else compounds.at(-1)!.push(t);
  }
  const ancestorKeys: string[] = [];
  for (let i = compounds.length - 2; i >= 0; i--) {
    if (joins[i] !== 'descendant' && joins[i] !== 'child') break;
    const k = compoundKey(compounds[i]!);
    if (k) ancestorKeys.push(k);
  }
  return { key: compoundKey(compounds.at(-1)!), ancestorKeys };
}

/** The keys an element can be found under in `Stylesheet.byKey`. */
export function elementKeys(el: Element): string[] {
  const keys = [el.name.toLowerCase()];
  if (el.attribs.id) keys.push(`#${el.attribs.id.toLowerCase()}`);
  for (const cls of (el.attribs.class ?? '').toLowerCase().split(/[ \t\r\n\f]+/)) if (cls) keys.push(`.${cls}`);
  return keys;
}

function addRule(
  sheet: Stylesheet,
  prelude: string,
  declarations: Declaration[],
  order: number,
  quirksMode: boolean,
  layer: number,
): void {
  let selectors: Token[][];
  try {
    selectors = htmlLibs().cssWhat.parse(prelude);
  } catch {
    return;
  }
  for (const tokens of selectors) {
    // Rules for ::before/::after style generated content, not the element's own text.
    if (tokens.some((t) => t.type === 'pseudo-element')) continue;
    if (tokens.filter((t) => COMBINATORS.has(t.type)).length >= MAX_COMPOUNDS) continue;
    let matches: (el: Element) => boolean;
    try {
      // Without a DOCTYPE a browser renders in quirks mode, where class and id match ignoring case.
      const { cssSelect, cssWhat } = htmlLibs();
      matches = cssSelect.compile(cssWhat.stringify([tokens]), { xmlMode: false, quirksMode }) as (
        el: Element,
      ) => boolean;
    } catch {
      continue; // a pseudo-class css-select cannot evaluate statically (:hover, ...): not applied at rest
    }
    const { key, ancestorKeys } = ruleKeys(tokens);
    const combinators = tokens.filter((t) => COMBINATORS.has(t.type)).length;
    const rule: StyleRule = {
      matches,
      ancestorKeys,
      combinators,
      specificity: specificityOf(tokens),
      order,
      layer,
      declarations,
    };
    if (key === null) sheet.universal.push(rule);
    else {
      const list = sheet.byKey.get(key);
      if (list) list.push(rule);
      else sheet.byKey.set(key, [rule]);
    }
  }
}

function childrenOf(node: CssNode): CssNode[] {
  const block = (node as { block?: { children?: { toArray(): CssNode[] } } | null }).block;
  return block?.children?.toArray() ?? [];
}

function rawText(node: unknown): string {
  return (node as { value?: string } | null)?.value ?? '';
}

/** The layer rank of rules outside any @layer: they win over every layer (and lose with !important). */
export const UNLAYERED = 1e9;
/** Style rules nested deeper than this (CSS nesting) are not applied. */
const MAX_NESTING = 8;
const MAX_SELECTOR_CHARS = 4096;

/** "a, b:is(c, d)" -> ["a", "b:is(c, d)"]: a selector list split at its top-level commas. */
function selectorList(prelude: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    const c = prelude[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      out.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  out.push(prelude.slice(start));
  return out.map((p) => p.trim()).filter(Boolean);
}

/** A nested rule's selector in full: `&` is the parent selector, and without one the rule is relative to it. */
function nestedSelector(parent: string, prelude: string): string {
  const is = `:is(${parent})`;
  return selectorList(prelude)
    .map((p) => (p.includes('&') ? p.replaceAll('&', is) : `${is} ${p}`))
    .join(', ');
}

/** A stylesheet's top-level rules, or null when css-tree cannot parse it. */
function parseRules(text: string): CssNode[] | null {
  try {
    const ast = htmlLibs().parseCss(text, {
      parseRulePrelude: false,
      parseAtrulePrelude: false,
      parseValue: false,
      parseCustomProperty: false,
    });
    return ast.type === 'StyleSheet' ? ast.children.toArray() : [];
  } catch {
    return null; // including a stack overflow on absurdly nested blocks: no styling is applied
  }
}

type Pending = { node: CssNode; layer: number; layerName: string; parent: string | null; nesting: number };

/**
 * Every style rule that applies at ~1,000 px: top level, inside matching @media and
 * @supports, inside @layer (ranked: unlayered rules win), and nested rules (CSS nesting,
 * which css-tree leaves as raw text in the parent's block: parsed again as a stylesheet).
 */
export function parseStylesheet(css: string, quirksMode: boolean): Stylesheet {
  const sheet: Stylesheet = { byKey: new Map(), universal: [] };
  if (!css.trim()) return sheet;
  const top = parseRules(css.slice(0, MAX_CSS_CHARS));
  if (!top) return sheet;
  const layers = new Map<string, number>();
  const layerRank = (name: string) => {
    const known = layers.get(name);
    if (known !== undefined) return known;
    layers.set(name, layers.size);
    return layers.size - 1;
  };
  let anonymous = 0;
  let order = 0;
  const stack: Pending[] = top
    .reverse()
    .map((node) => ({ node, layer: UNLAYERED, layerName: '', parent: null, nesting: 0 }));
  while (stack.length > 0 && order < MAX_RULES) {
    const { node, layer, layerName, parent, nesting } = stack.pop()!;
    if (node.type === 'Rule') {
      const prelude = rawText(node.prelude);
      const selector = parent === null ? prelude : nestedSelector(parent, prelude);
      // `&&&` at every level would grow a nested selector exponentially.
      if (selector.length > MAX_SELECTOR_CHARS) continue;
      const declarations: Declaration[] = [];
      const nested: CssNode[] = [];
      for (const d of childrenOf(node)) {
        if (d.type === 'Declaration') {
          const declaration = toDeclaration(d as unknown as DeclarationNode);
          if (declaration) declarations.push(declaration);
        } else if (d.type === 'Raw' && nesting < MAX_NESTING) nested.push(...(parseRules(rawText(d)) ?? []));
        else if ((d.type === 'Rule' || d.type === 'Atrule') && nesting < MAX_NESTING) nested.push(d);
      }
      if (declarations.length) addRule(sheet, selector, declarations, order++, quirksMode, layer);
      for (let i = nested.length - 1; i >= 0; i--)
        stack.push({ node: nested[i]!, layer, layerName, parent: selector, nesting: nesting + 1 });
    } else if (node.type === 'Atrule') {
      const name = node.name.toLowerCase();
      const prelude = rawText(node.prelude).trim().toLowerCase();
      let inner = { layer, layerName };
      if (name === 'layer') {
        const names = selectorList(prelude).map((n) => (layerName ? `${layerName}.${n}` : n));
        if (!node.block) {
          for (const n of names) layerRank(n); // `@layer a, b;` fixes the order of layers
          continue;
        }
        const full = names[0] ?? `${layerName}.#${anonymous++}`;
        inner = { layer: layerRank(full), layerName: full };
      }
      const applies =
        name === 'media' ? matchesMedia(prelude) : name === 'supports' ? !prelude.startsWith('not') : name === 'layer';
      if (!applies) continue;
      const children = childrenOf(node);
      for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, ...inner, parent, nesting });
    }
  }
  return sheet;
}

/**
 * Matches elements against a stylesheet during one depth-first walk. It keeps the keys of
 * the current ancestors (a rule needing an ancestor no element has is skipped without
 * walking the tree) and a work budget: a stylesheet built to cost more than any real mail
 * stops being applied where the budget runs out, and the caller is told.
 */
export class Matcher {
  private readonly ancestors = new Map<string, number>();
  private work = 0;
  exhausted = false;

  constructor(
    private readonly sheet: Stylesheet,
    private readonly budget = 20_000_000,
  ) {}

  enter(el: Element): void {
    for (const k of elementKeys(el)) this.ancestors.set(k, (this.ancestors.get(k) ?? 0) + 1);
  }

  leave(el: Element): void {
    for (const k of elementKeys(el)) this.ancestors.set(k, (this.ancestors.get(k) ?? 1) - 1);
  }

  /** Rules that match `el`, in cascade order (layer, specificity, then source order). */
  matching(el: Element, depth: number): StyleRule[] {
    if (this.exhausted || (this.sheet.universal.length === 0 && this.sheet.byKey.size === 0)) return [];
    const lists = [this.sheet.universal];
    // Each rule sits in exactly one list, so distinct keys give each candidate once.
    for (const key of new Set(elementKeys(el))) {
      const list = this.sheet.byKey.get(key);
      if (list) lists.push(list);
    }
    const hits: StyleRule[] = [];
    for (const list of lists) {
      for (const rule of list) {
        this.work++;
        let possible = true;
        for (const k of rule.ancestorKeys)
          if (!this.ancestors.get(k)) {
            possible = false;
            break;
          }
        if (!possible) continue;
        this.work += depth * rule.combinators;
        if (this.work > this.budget) {
          this.exhausted = true;
          return [];
        }
        if (rule.matches(el)) hits.push(rule);
      }
    }
    return hits.sort((a, b) => a.layer - b.layer || a.specificity - b.specificity || a.order - b.order);
  }
}
