// Tenant regexes run on re2js (RE2 semantics: linear time, no backreferences or
// lookaround), never on the backtracking JS engine: a hostile pattern cannot stall us.
import { RE2JS } from 're2js';
import { DefinitionError } from './errors.ts';

export type SafeRegex = RE2JS;

/** Accepts JS-style `(?<name>...)` as well as RE2's `(?P<name>...)`. */
function toRe2Syntax(pattern: string): string {
  return pattern.replace(/\(\?<([A-Za-z_][A-Za-z0-9_]*)>/g, '(?P<$1>');
}

/**
 * re2js is linear in the input but not in the pattern: matching costs up to the program's
 * size per input character ([a-z]{1000}! over a 1 MiB body took 33 s). So counted repeats
 * and the compiled size of a whole rule or schema are limited when it is saved or dry-run.
 */
export const REGEX_LIMITS = {
  /** Largest counted repeat ({n}, {n,}, {n,m}); nested counted repeats multiply. */
  repeat: 100,
  /** Compiled instructions of all the regexes in one rule, or in one schema, together. */
  program: 500,
} as const;

/** The compiled size spent so far by one rule or schema; without one, no limit is checked (stored definitions). */
export class RegexBudget {
  used = 0;
  constructor(readonly owner: 'rule' | 'schema') {}
}

/** Where a character class starting at `i` ends (just after its ']'); the pattern is known valid. */
function classEnd(pattern: string, i: number): number {
  let j = i + 1;
  if (pattern[j] === '^') j++;
  if (pattern[j] === ']') j++;
  while (j < pattern.length) {
    if (pattern[j] === '\\') j += 2;
    else if (pattern.startsWith('[:', j) && pattern.indexOf(':]', j + 2) > 0) j = pattern.indexOf(':]', j + 2) + 2;
    else if (pattern[j] === ']') return j + 1;
    else j++;
  }
  return j;
}

/** The largest counted repeat in a (valid RE2) pattern, nested repeats multiplied. */
export function largestRepeat(pattern: string): { count: number; text: string } {
  const groups: number[] = [1];
  let worst = { count: 1, text: '' };
  let closedGroup: number | null = null;
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    const after: number | null = closedGroup;
    closedGroup = null;
    if (c === '\\') {
      const next = pattern[i + 1];
      if (next === 'Q') {
        const end = pattern.indexOf('\\E', i + 2);
        i = end < 0 ? pattern.length : end + 2;
        continue;
      }
      i += 2;
      if ((next === 'p' || next === 'P' || next === 'x') && pattern[i] === '{')
        i = pattern.indexOf('}', i) + 1 || pattern.length;
    } else if (c === '[') {
      i = classEnd(pattern, i);
    } else if (c === '(') {
      groups.push(1);
      i++;
    } else if (c === ')') {
      closedGroup = groups.length > 1 ? groups.pop()! : 1;
      groups[groups.length - 1] = Math.max(groups[groups.length - 1]!, closedGroup);
      i++;
    } else {
      const repeat = c === '{' ? /^\{(\d+)(?:,(\d*))?\}/.exec(pattern.slice(i, i + 24)) : null;
      if (repeat) {
        const count = Math.max(Number(repeat[1]), repeat[2] ? Number(repeat[2]) : 0) * (after ?? 1);
        groups[groups.length - 1] = Math.max(groups[groups.length - 1]!, count);
        if (count > worst.count) worst = { count, text: repeat[0] };
        i += repeat[0].length;
      } else {
        i++;
      }
    }
  }
  return worst;
}

function checkCost(compiled: RE2JS, pattern: string, path: string, budget: RegexBudget | undefined): void {
  if (!budget) return;
  const repeat = largestRepeat(pattern);
  if (repeat.count > REGEX_LIMITS.repeat) {
    throw new DefinitionError(
      'invalid_regex',
      path,
      `counted repeat ${repeat.text} repeats ${repeat.count} times, over the limit of ${REGEX_LIMITS.repeat} ` +
        '(nested counted repeats multiply); use + or *, or a smaller count',
    );
  }
  budget.used += compiled.programSize();
  if (budget.used > REGEX_LIMITS.program) {
    throw new DefinitionError(
      'invalid_regex',
      path,
      `the ${budget.owner}'s regexes compile to ${budget.used} instructions with this one, over the limit of ` +
        `${REGEX_LIMITS.program} for a whole ${budget.owner}; shorten counted repeats and alternations, use fewer regexes, ` +
        `or use ${budget.owner === 'rule' ? 'subject_contains / text_contains' : 'labeled_value'} for plain words`,
    );
  }
}

export function compileRegex(
  pattern: unknown,
  path: string,
  opts: { caseInsensitive?: boolean; needsValueGroup?: boolean; budget?: RegexBudget } = {},
): SafeRegex {
  if (typeof pattern !== 'string' || pattern.length === 0) {
    throw new DefinitionError('invalid_regex', path, 'expected a non-empty regex string');
  }
  if (pattern.length > 2000) throw new DefinitionError('invalid_regex', path, 'regex longer than 2000 characters');
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(toRe2Syntax(pattern), opts.caseInsensitive === false ? 0 : RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, '');
    throw new DefinitionError(
      'invalid_regex',
      path,
      `${reason} (RE2 syntax: no backreferences or lookaround; escape literal ( ) [ ] . * + ?)`,
    );
  }
  checkCost(compiled, pattern, path, opts.budget);
  if (opts.needsValueGroup && !('value' in compiled.namedGroups())) {
    throw new DefinitionError(
      'invalid_regex',
      path,
      'needs a named group `value`, e.g. "Invoice No[.:]?\\s*(?<value>\\S+)"',
    );
  }
  return compiled;
}

export interface RegexMatch {
  start: number;
  end: number;
  text: string;
  /** The `value` group, when the pattern has one. */
  value?: { start: number; end: number; text: string };
}

// A Matcher (captures) always runs re2js's NFA, whose cost per character grows with the
// program; test() runs its DFA (falling back to the NFA only when the DFA's state cache
// overflows): [a-z]{1000}! over 1 MiB took 50 s through a Matcher and 0.16 s through test().
// So a no-match, the case that scans the whole text, never goes through the NFA.
export function firstMatch(regex: SafeRegex, input: string): RegexMatch | null {
  if (!regex.test(input)) return null;
  const m = regex.matcher(input);
  if (!m.find()) return null;
  const match: RegexMatch = { start: m.start(), end: m.end(), text: m.group() ?? '' };
  if ('value' in regex.namedGroups()) {
    const text = m.group('value');
    if (text !== null) match.value = { start: m.start('value'), end: m.end('value'), text };
  }
  return match;
}

export function testRegex(regex: SafeRegex, input: string): boolean {
  return regex.test(input);
}
