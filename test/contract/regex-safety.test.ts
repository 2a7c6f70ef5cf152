// Every regex the service runs with the JS (backtracking) engine in pipeline/ and services/
// must run in linear time: one that backtracks over untrusted text lets a small message
// stall the whole process. Regexes are found by parsing the TypeScript source (literals,
// and `new RegExp(...)` / `RegExp(...)` whose pattern is a literal or a template built from
// known constants) and checked with recheck's ReDoS analyser (its native build when
// installed, else pure JS). A regex recheck cannot prove linear (timeout) fails too.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { check } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { labelPattern } from '../../pipeline/extract-labels-text.ts';
import { RESERVED_WORDS } from '../../services/subdomains.ts';
import { ROOT } from '../helpers/process.ts';

// recheck's native build (an optional npm dependency, present on linux-x64) checks the same
// way 4 to 5 times faster than the pure-JS backend, which kept this file near its limits
// when the whole suite shares 2 cores; elsewhere the pure backend still needs nothing.
process.env.RECHECK_BACKEND = hasNativeRecheck() ? 'native' : 'pure';

function hasNativeRecheck(): boolean {
  try {
    createRequire(import.meta.url).resolve(`recheck-${process.platform}-${process.arch}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Values of template substitutions that are not same-file string constants, by
 * "file:expression": each value gives one concrete regex to check.
 */
const SUBSTITUTIONS: Record<string, readonly string[]> = {
  'services/subdomains.ts:w': RESERVED_WORDS,
  // The labels of a labeled_value extractor come from the schema; every label is a literal
  // between bounded lookarounds, so one list with each shape of label (words, a space, a
  // code with a dot, a symbol, non-ASCII, a parenthesis) stands for all of them.
  'pipeline/extract-labels.ts:pattern': [
    labelPattern(['invoice number', 'rechnungs-nr.', '#', 'n° facture', 'número', 'total (incl. vat)', 'date']),
  ],
};

interface FoundRegex {
  file: string;
  line: number;
  source: string;
  flags: string;
}
interface Unresolved {
  file: string;
  line: number;
  text: string;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Regex literals and RegExp constructions in one file. */
function regexesIn(path: string): { found: FoundRegex[]; unresolved: Unresolved[] } {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  const file = relative(ROOT, path);
  const found: FoundRegex[] = [];
  const unresolved: Unresolved[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

  // Top-level `const NAME = 'text'` (or a template without substitutions), for substitution.
  const constants = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const d of statement.declarationList.declarations) {
      if (
        ts.isIdentifier(d.name) &&
        d.initializer &&
        (ts.isStringLiteral(d.initializer) || ts.isNoSubstitutionTemplateLiteral(d.initializer))
      ) {
        constants.set(d.name.text, d.initializer.text);
      }
    }
  }

  /** Every string the expression can be, or null when it cannot be known here. */
  const values = (node: ts.Node | undefined): string[] | null => {
    if (node === undefined) return null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
    if (ts.isTemplateExpression(node)) {
      let out = [node.head.text];
      for (const span of node.templateSpans) {
        const expr = span.expression.getText(source);
        const options = constants.has(expr) ? [constants.get(expr)!] : SUBSTITUTIONS[`${file}:${expr}`];
        if (!options) return null;
        out = out.flatMap((prefix) => options.map((o) => prefix + o + span.literal.text));
      }
      return out;
    }
    return null;
  };

  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node)) {
      const end = node.text.lastIndexOf('/');
      found.push({ file, line: lineOf(node), source: node.text.slice(1, end), flags: node.text.slice(end + 1) });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const [pattern, flags] = node.arguments ?? [];
      const patterns = values(pattern);
      const flagValues = flags === undefined ? [''] : values(flags);
      if (!patterns || !flagValues || flagValues.length !== 1)
        unresolved.push({ file, line: lineOf(node), text: node.getText(source) });
      else for (const p of patterns) found.push({ file, line: lineOf(node), source: p, flags: flagValues[0]! });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { found, unresolved };
}

const files = ['pipeline', 'services'].flatMap((dir) => tsFiles(join(ROOT, dir))).sort();
const scanned = files.map((path) => ({ file: relative(ROOT, path), ...regexesIn(path) }));
const shown = (r: FoundRegex) => `/${r.source}/${r.flags}`;

async function verdict(r: FoundRegex): Promise<string | null> {
  // Only step limits, no time limits inside the analysis: with the fixed default seed the
  // verdict is then the same on a loaded machine as on an idle one.
  const result = await check(r.source, r.flags, { timeout: 300_000, attackTimeout: null, incubationTimeout: null });
  if (result.status === 'safe') return null;
  if (result.status === 'vulnerable') return `${result.complexity.type}, e.g. ${result.attack.pattern}`;
  return `not proven linear (${result.error.kind})`;
}

describe('regex safety: pipeline/ and services/', () => {
  it('finds the regexes it is meant to check, and knows every RegExp pattern', () => {
    // A scan that silently found nothing would let every check below pass vacuously.
    const all = scanned.flatMap((s) => s.found);
    expect(files.length).toBeGreaterThan(20);
    expect(all.length).toBeGreaterThan(80);
    expect(
      all.filter((r) => r.file === 'pipeline/sanitize.ts' || r.file.startsWith('pipeline/html/')).length,
    ).toBeGreaterThan(10);
    expect(all.some((r) => r.file === 'pipeline/validate-dates.ts' && r.source.includes('(\\p{L}{3,12})'))).toBe(true);
    expect(
      all.filter((r) => r.file === 'services/subdomains.ts' && r.source === '^admin(?:-?[0-9]+|-[a-z0-9-]+)?$').length,
    ).toBe(1);
    const unresolved = scanned.flatMap((s) => s.unresolved);
    expect(unresolved, 'RegExp built from values this test cannot see: add them to SUBSTITUTIONS').toEqual([]);
  });

  for (const { file, found } of scanned.filter((s) => s.found.length > 0)) {
    it(`${file}: every regex is linear (${found.length})`, async () => {
      const failures: string[] = [];
      for (const r of found) {
        const why = await verdict(r);
        if (why === null) continue;
        failures.push(`${file}:${r.line} ${shown(r)} is ${why}`);
      }
      expect(failures).toEqual([]);
    }, 600_000);
  }
});
