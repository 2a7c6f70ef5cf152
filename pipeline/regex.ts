// Tenant regexes run on re2js (RE2 semantics: linear time, no backreferences or
// lookaround), never on the backtracking JS engine: a hostile pattern cannot stall us.
import { RE2JS } from 're2js';
import { DefinitionError } from './errors.ts';

export type SafeRegex = RE2JS;

/** Accepts JS-style `(?<name>...)` as well as RE2's `(?P<name>...)`. */
function toRe2Syntax(pattern: string): string {
  return pattern.replace(/\(\?<([A-Za-z_][A-Za-z0-9_]*)>/g, '(?P<$1>');
}

export function compileRegex(pattern: unknown, path: string, opts: { caseInsensitive?: boolean; needsValueGroup?: boolean } = {}): SafeRegex {
  if (typeof pattern !== 'string' || pattern.length === 0) {
    throw new DefinitionError('invalid_regex', path, 'expected a non-empty regex string');
  }
  if (pattern.length > 2000) throw new DefinitionError('invalid_regex', path, 'regex longer than 2000 characters');
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(toRe2Syntax(pattern), opts.caseInsensitive === false ? 0 : RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, '');
    throw new DefinitionError('invalid_regex', path,
      `${reason} (RE2 syntax: no backreferences or lookaround; escape literal ( ) [ ] . * + ?)`);
  }
  if (opts.needsValueGroup && !('value' in compiled.namedGroups())) {
    throw new DefinitionError('invalid_regex', path, 'needs a named group `value`, e.g. "Invoice No[.:]?\\s*(?<value>\\S+)"');
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

export function firstMatch(regex: SafeRegex, input: string): RegexMatch | null {
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
  return regex.matcher(input).find();
}
