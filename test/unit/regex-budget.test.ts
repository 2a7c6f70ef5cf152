// Tenant regexes have a program budget: counted repeats (nested ones multiply) and the
// compiled size of a whole rule or schema are limited when it is saved or dry-run.
import { describe, expect, it } from 'vitest';
import { DefinitionError } from '../../pipeline/errors.ts';
import { compileRegex, firstMatch, largestRepeat, REGEX_LIMITS, testRegex } from '../../pipeline/regex.ts';
import { compileRule } from '../../pipeline/rules.ts';
import { compileSchema } from '../../pipeline/schema.ts';
import { STARTERS } from '../../pipeline/starters.ts';
import { useSandboxApp } from '../helpers/app.ts';

function refusal(fn: () => unknown): DefinitionError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DefinitionError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('largestRepeat', () => {
  it.each([
    ['a{5}', 5, '{5}'],
    ['a{2,7}b{3,}', 7, '{2,7}'],
    ['(?:a{10}){10}', 100, '{10}'],
    ['(a{2,20}b){3}', 60, '{3}'],
    ['((a{10}){5}){2}', 100, '{2}'],
    ['(x{50})(y{20})', 50, '{50}'],
    ['(?:a{10})b{11}', 11, '{11}'],
    ['[{1000}]', 1, ''],
    ['\\{1000}', 1, ''],
    ['\\p{Greek}{3}', 3, '{3}'],
    ['\\x{41}{4}', 4, '{4}'],
    ['\\Qa{1000}\\E', 1, ''],
    ['[]{]{2}', 2, '{2}'],
    ['[[:alpha:]{]{6}', 6, '{6}'],
    ['a{,5}', 1, ''],
  ])('%s -> %i', (pattern, count, text) => {
    expect(largestRepeat(pattern)).toEqual({ count, text });
  });
});

describe('rule budget', () => {
  it('refuses a counted repeat over the limit, naming the path, the limit and the fix', () => {
    const e = refusal(() =>
      compileRule({
        any: [{ subject_contains: ['a'] }, { has_attachment: true }, { subject_matches: '[a-z]{1000}!' }],
      }),
    );
    expect(e.code).toBe('invalid_regex');
    expect(e.path).toBe('rule.any[2].subject_matches');
    expect(e.message).toContain(`over the limit of ${REGEX_LIMITS.repeat}`);
    expect(e.message).toContain('use + or *');
    expect(refusal(() => compileRule({ header: { name: 'x-a', matches: '(?:\\d{1,3}\\.){40}' } })).path).toBe(
      'rule.header.matches',
    );
    expect(() => compileRule({ text_matches: '(?:\\d{1,3}\\.){3}\\d{1,3}' })).not.toThrow();
    expect(() => compileRule({ text_matches: '(?:[a-z]{10}){10}!' })).not.toThrow();
  });

  it('refuses the regex that takes the whole rule over the compiled-size limit', () => {
    const rule = { all: [{ not: { any: Array.from({ length: 5 }, () => ({ text_matches: '[a-z]{100}!' })) } }] };
    const e = refusal(() => compileRule(rule));
    expect(e.code).toBe('invalid_regex');
    expect(e.path).toBe('rule.all[0].not.any[4].text_matches');
    expect(e.message).toContain('compile to 515 instructions');
    expect(e.message).toContain(`over the limit of ${REGEX_LIMITS.program} for a whole rule`);
    expect(e.message).toContain('subject_contains / text_contains');
    expect(() => compileRule({ any: rule.all[0]!.not.any.slice(0, 4) })).not.toThrow();
  });

  it('compiles a stored rule as it was accepted (no budget)', () => {
    expect(() => compileRule({ text_matches: '[a-z]{1000}!' }, 'rule', 0, null)).not.toThrow();
  });
});

describe('schema budget', () => {
  const field = (patterns: string[]) => ({
    type: 'string',
    extract: patterns.map((pattern) => ({ kind: 'regex', pattern })),
  });

  it('limits counted repeats and the whole schema, by path', () => {
    const repeat = refusal(() => compileSchema({ name: 's', fields: { a: field(['(?<value>\\d{1,500})']) } }));
    expect([repeat.code, repeat.path]).toEqual(['invalid_regex', 'schema.fields.a.extract[0].pattern']);
    const big = '(?<value>[a-z]{100})';
    const size = refusal(() =>
      compileSchema({ name: 's', fields: { a: field([big, big]), b: field([big, big, big]) } }),
    );
    expect([size.code, size.path]).toEqual(['invalid_regex', 'schema.fields.b.extract[2].pattern']);
    expect(size.message).toContain('for a whole schema');
    expect(size.message).toContain('labeled_value');
  });

  it('every starter schema fits', () => {
    for (const starter of Object.values(STARTERS)) expect(() => compileSchema(starter)).not.toThrow();
  });
});

describe('matching through the DFA (test) agrees with the Matcher', () => {
  const inputs = [
    '',
    'Invoice No: A-1',
    'invoice no. b-22 and Invoice No C-3',
    `${'x'.repeat(200)}!`,
    'ÄÖÜ äöü 𝐀𝐁',
    'line1\nline2',
  ];
  it.each([
    'invoice\\s+no[.:]?\\s*(?<value>\\S+)',
    '[a-z]{100}!',
    '^line2$',
    '(?m)^line2$',
    '\\p{Lu}+',
    'b-\\d+',
    'nothing',
  ])('%s', (pattern) => {
    const regex = compileRegex(pattern, 'p');
    for (const input of inputs) {
      const m = regex.matcher(input);
      const found = m.find();
      expect(testRegex(regex, input), input).toBe(found);
      expect(firstMatch(regex, input)?.text ?? null, input).toBe(found ? m.group() : null);
      if (found && 'value' in regex.namedGroups()) expect(firstMatch(regex, input)?.value?.text).toBe(m.group('value'));
    }
  });
});

describe('over REST', () => {
  const s = useSandboxApp();

  it('dry_run_rule, create_bucket and dry_run_schema refuse with 400 invalid_regex and save nothing', async () => {
    const rule = { any: [{ subject_contains: ['x'] }, { has_attachment: true }, { subject_matches: '[a-z]{1000}!' }] };
    const dry = await s.call('dry_run_rule', { rule, html: '<p>hi</p>' });
    expect(dry.status).toBe(400);
    expect(dry.body.error).toMatchObject({ code: 'invalid_regex', details: { path: 'rule.any[2].subject_matches' } });
    expect(dry.body.error.message).toContain('limit of 100');
    const created = await s.call('create_bucket', { name: 'budget', rule });
    expect(created.status).toBe(400);
    expect(created.body.error.details.path).toBe('rule.any[2].subject_matches');
    expect((await s.call('list_buckets')).body.buckets.map((b: { name: string }) => b.name)).not.toContain('budget');
    const schema = {
      name: 's',
      fields: { a: { type: 'string', extract: [{ kind: 'regex', pattern: '(?<value>\\w{1,1000})' }] } },
    };
    const drySchema = await s.call('dry_run_schema', { schema, html: '<p>hi</p>' });
    expect(drySchema.status).toBe(400);
    expect(drySchema.body.error).toMatchObject({
      code: 'invalid_regex',
      details: { path: 'schema.fields.a.extract[0].pattern' },
    });
  });
});
