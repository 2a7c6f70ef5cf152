// Declaration values read as CSS reads them: css-tree's tokenizer drops comments and decodes
// escapes, var() is substituted from the custom properties in scope, and math functions
// (calc(), min(), max(), clamp(), abs()) are evaluated on css-tree's value tree. Every step
// is bounded: values are tokenized once per substitution level, nesting is capped, and the
// custom-property expansion of one document has a budget, so no input is slower than linear.
import type { CssNode } from 'css-tree';
import { htmlLibs } from './libs.ts';

// css-tree's token types (its `tokenTypes`), as constants for the token loops.
const IDENT = 1;
const FUNCTION = 2;
const AT_KEYWORD = 3;
const HASH = 4;
const DIMENSION = 12;
const WHITESPACE = 13;
const COMMA = 18;
const LEFT_PAREN = 21;
const RIGHT_PAREN = 22;
const COMMENT = 25;

/** Longer values are not evaluated (no real mail comes near): treated as unreadable, like any value we cannot read. */
export const MAX_VALUE_CHARS = 16 * 1024;
/** var() fallbacks and math functions nested deeper than this are not evaluated. */
const MAX_NESTING = 32;

function isNameChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 45 ||
    code === 95 ||
    code >= 0x80
  );
}

/** The number at the start of a dimension token ("-1.5e2px" -> 7). */
function numberEnd(text: string): number {
  let i = 0;
  const digits = () => {
    while (i < text.length && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
  };
  if (text[i] === '+' || text[i] === '-') i++;
  digits();
  if (text[i] === '.') {
    i++;
    digits();
  }
  if ((text[i] === 'e' || text[i] === 'E') && /[0-9+-]/.test(text[i + 1] ?? '')) {
    i += text[i + 1] === '+' || text[i + 1] === '-' ? 2 : 1;
    digits();
  }
  return i;
}

/**
 * An escaped name decoded ("n\\one" -> "none", "\\64 isplay" -> "display") when the result is
 * a plain name a later reader cannot take for something else; otherwise kept escaped (so
 * "\\23 fff", an identifier, never reads as the colour #fff). `digitFirst`: may start with a digit.
 */
function decodeName(raw: string, digitFirst = false): string {
  if (!raw.includes('\\')) return raw;
  const decoded = htmlLibs().decodeIdent(raw);
  for (let i = 0; i < decoded.length; i++) if (!isNameChar(decoded.charCodeAt(i))) return raw;
  const first = decoded.replace(/^-{1,2}/, '').charCodeAt(0);
  if (!digitFirst && first >= 48 && first <= 57) return raw;
  return decoded;
}

/**
 * A declaration value as CSS reads it: comments dropped (they separate tokens, as a space
 * does), escapes in names decoded, white space collapsed. Strings keep their source text.
 */
export function cleanValue(raw: string): string {
  if (!raw.includes('\\') && !raw.includes('/*')) return raw.trim();
  let out = '';
  htmlLibs().cssTokenize(raw, (type, start, end) => {
    const text = raw.slice(start, end);
    switch (type) {
      case COMMENT:
      case WHITESPACE:
        if (out && !out.endsWith(' ')) out += ' ';
        return;
      case IDENT:
        out += decodeName(text);
        return;
      case FUNCTION:
        out += `${decodeName(text.slice(0, -1))}(`;
        return;
      case AT_KEYWORD:
        out += `@${decodeName(text.slice(1))}`;
        return;
      case HASH:
        out += `#${decodeName(text.slice(1), true)}`;
        return;
      case DIMENSION: {
        const at = numberEnd(text);
        out += text.slice(0, at) + decodeName(text.slice(at));
        return;
      }
      default:
        out += text;
    }
  });
  return out.trim();
}

/** A property name as CSS reads it: escapes decoded, lower case unless custom (`--Name` is case-sensitive). */
export function cleanProperty(raw: string): string {
  const name = raw.includes('\\') ? htmlLibs().decodeIdent(raw) : raw;
  return name.startsWith('--') ? name : name.toLowerCase();
}

/** Whether a value calls var() (function names are case-insensitive). */
export function hasVar(value: string): boolean {
  const open = value.indexOf('(');
  return open > 0 && (value.includes('var(') || value.toLowerCase().includes('var('));
}

type Call = (name: string, args: string[]) => string | null | undefined;

/**
 * Rewrites the function calls `call` answers for (undefined: left as is) with the text it
 * returns, arguments split at top-level commas; null from `call` makes the whole value null.
 */
export function rewriteCalls(value: string, call: Call, depth = 0): string | null {
  if (depth > MAX_NESTING || value.length > MAX_VALUE_CHARS) return null;
  const tokens: number[] = [];
  htmlLibs().cssTokenize(value, (type, start, end) => {
    tokens.push(type, start, end);
  });
  let out = '';
  let last = 0;
  for (let i = 0; i < tokens.length; i += 3) {
    if (tokens[i] !== FUNCTION) continue;
    const start = tokens[i + 1]!;
    const name = value.slice(start, tokens[i + 2]! - 1).toLowerCase();
    let open = 1;
    let j = i + 3;
    let argStart = tokens[i + 2]!;
    const args: string[] = [];
    for (; j < tokens.length; j += 3) {
      const t = tokens[j]!;
      if (t === FUNCTION || t === LEFT_PAREN) open++;
      else if (t === RIGHT_PAREN && --open === 0) break;
      else if (t === COMMA && open === 1) {
        args.push(value.slice(argStart, tokens[j + 1]!));
        argStart = tokens[j + 2]!;
      }
    }
    const end = j < tokens.length ? tokens[j + 2]! : value.length;
    args.push(value.slice(argStart, j < tokens.length ? tokens[j + 1]! : value.length));
    const replacement = call(name, args);
    if (replacement === undefined) continue; // an inner call is still looked at on the next tokens
    if (replacement === null) return null;
    const inner = rewriteCalls(replacement, call, depth + 1);
    if (inner === null) return null;
    out += value.slice(last, start) + inner;
    last = end;
    i = j;
    if (out.length > MAX_VALUE_CHARS) return null;
  }
  return out + value.slice(last);
}

/** The custom properties an element sees: its own, then its ancestors'. */
export class VarScope {
  private readonly resolved = new Map<string, string | null>();
  private static depth = 0;

  constructor(
    private readonly own: Map<string, string>,
    private readonly parent: VarScope | null,
    /** Characters of custom-property values the whole document may still expand. */
    private readonly budget: { left: number },
  ) {}

  /** The computed value of `--name`, or null for the guaranteed-invalid value (undefined, a cycle, too large). */
  lookup(name: string): string | null {
    for (let s: VarScope | null = this; s; s = s.parent) if (s.own.has(name)) return s.resolve(name);
    return null;
  }

  private resolve(name: string): string | null {
    const known = this.resolved.get(name);
    if (known !== undefined || this.resolved.has(name)) return known ?? null;
    // Marked first: a reference cycle meets null and is invalid, as in CSS.
    this.resolved.set(name, null);
    const raw = this.own.get(name)!;
    const keyword = raw.trim().toLowerCase();
    let value: string | null = raw;
    if (keyword === 'initial') value = null;
    else if (keyword === 'inherit' || keyword === 'unset') value = this.parent?.lookup(name) ?? null;
    else if (hasVar(raw)) {
      this.budget.left -= raw.length;
      if (this.budget.left < 0 || VarScope.depth > MAX_NESTING * 8) value = null;
      else {
        VarScope.depth++;
        try {
          value = substituteVars(raw, this);
        } finally {
          VarScope.depth--;
        }
        this.budget.left -= value?.length ?? 0;
      }
    }
    this.resolved.set(name, value);
    return value;
  }
}

/** `value` with every var() replaced; null when one is invalid at computed-value time. */
export function substituteVars(value: string, scope: VarScope | null): string | null {
  return rewriteCalls(value, (name, args) => {
    if (name !== 'var') return undefined;
    const ref = args[0]!.trim();
    if (!ref.startsWith('--')) return null;
    const found = scope?.lookup(ref) ?? null;
    if (found !== null) return found;
    return args.length > 1 ? args.slice(1).join(',') : null;
  });
}

// ---- Math functions, on css-tree's value tree ----

/** A number with its unit after conversion: lengths in px, angles in deg, '%' kept. */
export interface Quantity {
  n: number;
  unit: '' | 'px' | '%' | 'deg';
}

/** What relative lengths are relative to: `em` (px per em) and, for `%`, the px of 100% (null: keep '%'). */
export interface LengthBase {
  em: number;
  percent: number | null;
}

const ABSOLUTE_PX: Record<string, number> = {
  px: 1,
  pt: 4 / 3,
  pc: 16,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  q: 96 / 101.6,
  vw: 10,
  vh: 8,
  vmin: 8,
  vmax: 10,
};
const ANGLE_DEG: Record<string, number> = { deg: 1, rad: 180 / Math.PI, grad: 0.9, turn: 360 };

const trees = new Map<string, CssNode | null>();

/** css-tree's tree of a value (cached: mail repeats the same values many times). */
export function valueTree(value: string): CssNode | null {
  let tree = trees.get(value);
  if (tree !== undefined) return tree;
  tree = null;
  if (value.length <= MAX_VALUE_CHARS) {
    try {
      tree = htmlLibs().parseCss(value, { context: 'value' });
    } catch {
      tree = null; // including a stack overflow on absurd nesting: not evaluated
    }
  }
  if (value.length <= 1024) {
    if (trees.size >= 4096) trees.clear();
    trees.set(value, tree);
  }
  return tree;
}

function children(node: CssNode): CssNode[] {
  const list = (node as { children?: { toArray(): CssNode[] } | null }).children;
  return list ? list.toArray().filter((c) => c.type !== 'WhiteSpace' && c.type !== 'Comment') : [];
}

function operator(node: CssNode | undefined): string | null {
  return node?.type === 'Operator' ? node.value.trim() : null;
}

function add(a: Quantity, b: Quantity, sign: number, base: LengthBase): Quantity | null {
  const x = toBase(a, base);
  const y = toBase(b, base);
  if (x.unit !== y.unit) return x.n === 0 && x.unit === '' ? { n: sign * y.n, unit: y.unit } : null;
  return { n: x.n + sign * y.n, unit: x.unit };
}

function toBase(q: Quantity, base: LengthBase): Quantity {
  return q.unit === '%' && base.percent !== null ? { n: (q.n / 100) * base.percent, unit: 'px' } : q;
}

/** `a * b / c` (a product of factors). */
function product(nodes: CssNode[], base: LengthBase, depth: number): Quantity | null {
  let acc = evaluate(nodes[0], base, depth);
  for (let i = 1; acc && i < nodes.length; i += 2) {
    const op = operator(nodes[i]);
    const right = evaluate(nodes[i + 1], base, depth);
    if (!right) return null;
    if (op === '*') {
      if (acc.unit !== '' && right.unit !== '') return null;
      acc = { n: acc.n * right.n, unit: acc.unit === '' ? right.unit : acc.unit };
    } else if (op === '/') {
      if (right.unit !== '' || right.n === 0) return null;
      acc = { n: acc.n / right.n, unit: acc.unit };
    } else return null;
  }
  return acc;
}

/** `a + b - c`, each term a product. */
function sum(nodes: CssNode[], base: LengthBase, depth: number): Quantity | null {
  if (nodes.length === 0) return null;
  let acc: Quantity | null = null;
  let sign = 1;
  let term: CssNode[] = [];
  const flush = (): boolean => {
    const value = product(term, base, depth);
    if (!value) return false;
    acc = acc ? add(acc, value, sign, base) : sign === 1 ? value : { n: -value.n, unit: value.unit };
    term = [];
    return acc !== null;
  };
  for (const node of nodes) {
    const op = operator(node);
    if (op === '+' || op === '-') {
      if (!flush()) return null;
      sign = op === '+' ? 1 : -1;
    } else term.push(node);
  }
  return flush() ? acc : null;
}

function args(node: CssNode): CssNode[][] {
  const out: CssNode[][] = [[]];
  for (const c of children(node)) {
    if (operator(c) === ',') out.push([]);
    else out.at(-1)!.push(c);
  }
  return out;
}

/** One node of a value, math functions evaluated; null when it is not a number we can read. */
export function evaluate(node: CssNode | undefined, base: LengthBase, depth = 0): Quantity | null {
  if (!node || depth > MAX_NESTING) return null;
  switch (node.type) {
    case 'Number':
      return { n: Number(node.value), unit: '' };
    case 'Percentage':
      return { n: Number(node.value), unit: '%' };
    case 'Dimension': {
      const unit = node.unit.toLowerCase();
      const n = Number(node.value);
      if (unit in ABSOLUTE_PX) return { n: n * ABSOLUTE_PX[unit]!, unit: 'px' };
      if (unit === 'em') return { n: n * base.em, unit: 'px' };
      if (unit === 'rem') return { n: n * 16, unit: 'px' };
      if (unit === 'ex' || unit === 'ch') return { n: n * base.em * 0.5, unit: 'px' };
      if (unit in ANGLE_DEG) return { n: n * ANGLE_DEG[unit]!, unit: 'deg' };
      return null;
    }
    case 'Parentheses':
      return sum(children(node), base, depth + 1);
    case 'Function': {
      const name = node.name.toLowerCase();
      const list = args(node).map((a) => sum(a, base, depth + 1));
      if (list.some((q) => q === null)) return null;
      const qs = (list as Quantity[]).map((q) => toBase(q, base));
      if (qs.some((q) => q.unit !== qs[0]!.unit && !(q.n === 0 && q.unit === ''))) return null;
      const unit = qs.find((q) => q.unit !== '')?.unit ?? '';
      const ns = qs.map((q) => q.n);
      switch (name) {
        case 'calc':
          return qs.length === 1 ? qs[0]! : null;
        case 'min':
          return { n: Math.min(...ns), unit };
        case 'max':
          return { n: Math.max(...ns), unit };
        case 'clamp':
          return ns.length === 3 ? { n: Math.max(ns[0]!, Math.min(ns[1]!, ns[2]!)), unit } : null;
        case 'abs':
          return ns.length === 1 ? { n: Math.abs(ns[0]!), unit } : null;
        default:
          return null;
      }
    }
    default:
      return null;
  }
}

/** A whole value that is one quantity ("calc(1px - 1px)", "min(0px, 2em)"), or null. */
export function evaluateValue(value: string, base: LengthBase): Quantity | null {
  const tree = valueTree(value);
  if (!tree) return null;
  const nodes = children(tree);
  return nodes.length === 1 ? evaluate(nodes[0], base) : null;
}

/** A top-level function call of a value, its arguments split at commas and spaces. */
export interface CssCall {
  name: string;
  args: CssNode[];
}

/** "translateX(-9999px) scale(1)" -> [{translatex, [-9999px]}, {scale, [1]}]. */
export function valueCalls(value: string): CssCall[] {
  const tree = valueTree(value);
  if (!tree) return [];
  return children(tree)
    .filter((n) => n.type === 'Function')
    .map((n) => ({
      name: (n as { name: string }).name.toLowerCase(),
      args: children(n).filter((c) => operator(c) !== ','),
    }));
}

/** The top-level items of a value ("1 0" -> two nodes). */
export function valueItems(value: string): CssNode[] {
  const tree = valueTree(value);
  return tree ? children(tree) : [];
}
