// The rule predicate language: every form, nesting, which predicate decided, refusals by
// name and path, and linear-time regexes.
import { describe, expect, it } from 'vitest';
import { DefinitionError } from '../../pipeline/errors.ts';
import { analyzeMessage } from '../../pipeline/index.ts';
import { compileRegex, testRegex } from '../../pipeline/regex.ts';
import { compileRule, PREDICATE_FORMS } from '../../pipeline/rules.ts';
import type { AuthResults, MessageView } from '../../pipeline/types.ts';

const EML = [
  'From: "ACME Billing" <billing@mail.acme.example>',
  'To: acme.invoices@in.localhost',
  'Subject: Invoice INV-42 for March',
  'X-Mailer: BillingBot 3.1',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed; boundary="b"',
  '',
  '--b',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Please pay the attached invoice by Friday.',
  '--b',
  'Content-Type: text/plain; name="invoice-42.txt"',
  'Content-Disposition: attachment; filename="invoice-42.txt"',
  '',
  'Amount due: 120.00 EUR',
  '--b--',
  '',
].join('\r\n');

async function view(auth: AuthResults | null = null, recipients?: string[]): Promise<MessageView> {
  const result = await analyzeMessage(EML, { auth, ...(recipients ? { recipients } : {}) });
  if (!result.ok) throw new Error('refused');
  return result.message.view;
}

const pass: AuthResults = { spf: 'pass', dkim: 'pass', dmarc: 'pass', synthetic: true };

describe('predicates', () => {
  const cases: [string, unknown, boolean][] = [
    ['address (local part, handle form)', { address: 'invoices@' }, true],
    ['address (other local part)', { address: 'receipts@' }, false],
    ['address (full)', { address: 'acme.invoices@in.localhost' }, true],
    ['sender_domain exact', { sender_domain: 'mail.acme.example' }, true],
    ['sender_domain exact, parent does not match', { sender_domain: 'acme.example' }, false],
    ['sender_domain suffix', { sender_domain: '.acme.example' }, true],
    ['subject_contains', { subject_contains: ['receipt', 'INVOICE'] }, true],
    ['subject_contains miss', { subject_contains: ['receipt'] }, false],
    ['subject_matches', { subject_matches: 'inv-\\d+' }, true],
    ['header contains', { header: { name: 'X-Mailer', contains: 'billingbot' } }, true],
    ['header matches', { header: { name: 'x-mailer', matches: '^BillingBot [0-9.]+$' } }, true],
    ['header missing', { header: { name: 'X-Other', contains: 'a' } }, false],
    ['text_contains', { text_contains: ['pay the attached'] }, true],
    ['text_contains ignores attachments', { text_contains: ['Amount due'] }, false],
    ['text_matches', { text_matches: 'by (monday|friday)' }, true],
    ['has_attachment true', { has_attachment: true }, true],
    ['has_attachment false', { has_attachment: false }, false],
    ['attachment_name_matches', { attachment_name_matches: '^invoice-\\d+\\.txt$' }, true],
    ['attachment_mime exact', { attachment_mime: ['text/plain'] }, true],
    ['attachment_mime wildcard', { attachment_mime: ['application/*'] }, false],
    ['attachment_text_contains', { attachment_text_contains: ['amount due'] }, true],
    ['auth', { auth: { spf: 'pass', dmarc: 'pass' } }, true],
    ['auth mismatch', { auth: { dkim: 'fail' } }, false],
    ['not', { not: { subject_contains: ['receipt'] } }, true],
    ['any', { any: [{ subject_contains: ['receipt'] }, { has_attachment: true }] }, true],
    ['all', { all: [{ sender_domain: '.acme.example' }, { has_attachment: true }] }, true],
    ['all with one failing', { all: [{ sender_domain: '.acme.example' }, { has_attachment: false }] }, false],
    [
      'nested',
      {
        all: [{ any: [{ subject_contains: ['nope'] }, { not: { auth: { spf: 'fail' } } }] }, { address: 'invoices@' }],
      },
      true,
    ],
  ];

  it.each(cases)('%s', async (_name, rule, expected) => {
    expect(compileRule(rule)(await view(pass)).matched).toBe(expected);
  });

  it('covers all 15 forms', () => {
    const used = new Set<string>();
    const visit = (r: unknown) => {
      if (!r || typeof r !== 'object' || Array.isArray(r)) return;
      for (const [k, v] of Object.entries(r)) {
        used.add(k);
        if (k === 'any' || k === 'all') (v as unknown[]).forEach(visit);
        if (k === 'not') visit(v);
      }
    };
    cases.forEach(([, rule]) => {
      visit(rule);
    });
    expect([...used].filter((k) => (PREDICATE_FORMS as readonly string[]).includes(k)).sort()).toEqual(
      [...PREDICATE_FORMS].sort(),
    );
  });

  it('says which predicate decided', async () => {
    const v = await view(pass);
    const rule = compileRule({
      any: [{ subject_contains: ['receipt'] }, { all: [{ has_attachment: true }, { sender_domain: '.acme.example' }] }],
    });
    expect(rule(v).decided_by).toBe('rule.any[1].all');
    const failing = compileRule({ all: [{ has_attachment: true }, { subject_contains: ['receipt'] }] });
    expect(failing(v)).toMatchObject({ matched: false, decided_by: 'rule.all[1].subject_contains' });
    expect(compileRule({ subject_contains: ['invoice'] })(v).reason).toContain('invoice');
  });

  it('matches the envelope recipient, not only the To header', async () => {
    const v = await view(null, ['acme+receipts@in.localhost']);
    expect(compileRule({ address: 'receipts@' })(v).matched).toBe(true);
    expect(compileRule({ address: 'invoices@' })(v).matched).toBe(false);
  });

  it('auth without results never matches', async () => {
    expect(compileRule({ auth: { spf: 'pass' } })(await view(null)).matched).toBe(false);
  });
});

describe('refusals by name and path', () => {
  const refusals: [string, unknown, string, string][] = [
    ['not an object', 'subject', 'invalid_rule', 'rule'],
    ['two keys', { subject_contains: ['a'], has_attachment: true }, 'invalid_rule', 'rule'],
    ['unknown form', { subject_is: 'x' }, 'invalid_rule', 'rule.subject_is'],
    ['empty any', { any: [] }, 'invalid_rule', 'rule.any'],
    [
      'nested bad list',
      { all: [{ has_attachment: true }, { any: [{ text_contains: 'x' }] }] },
      'invalid_rule',
      'rule.all[1].any[0].text_contains',
    ],
    ['bad regex', { any: [{ subject_matches: '(unclosed' }] }, 'invalid_regex', 'rule.any[0].subject_matches'],
    ['backreference', { text_matches: '(a)\\1' }, 'invalid_regex', 'rule.text_matches'],
    ['header both', { header: { name: 'X', contains: 'a', matches: 'b' } }, 'invalid_rule', 'rule.header'],
    ['header bad regex', { header: { name: 'X', matches: '[' } }, 'invalid_regex', 'rule.header.matches'],
    ['auth value', { auth: { spf: 'maybe' } }, 'invalid_rule', 'rule.auth.spf'],
    ['address', { address: 'no-at-sign' }, 'invalid_rule', 'rule.address'],
    ['mime', { attachment_mime: ['pdf'] }, 'invalid_rule', 'rule.attachment_mime[0]'],
    ['has_attachment', { has_attachment: 'yes' }, 'invalid_rule', 'rule.has_attachment'],
  ];

  it.each(refusals)('%s', (_name, rule, code, path) => {
    try {
      compileRule(rule);
      expect.unreachable('rule was accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(DefinitionError);
      expect((error as DefinitionError).code).toBe(code);
      expect((error as DefinitionError).path).toBe(path);
    }
  });
});

describe('linear-time regexes', () => {
  it('a catastrophic pattern on 100 KB finishes in well under a second', () => {
    const input = `${'a'.repeat(100_000)}!`;
    for (const pattern of ['(a+)+$', '(a|aa)+$', '(a*)*b', '^(([a-z])+.)+[A-Z]([a-z])+$']) {
      const started = performance.now();
      expect(testRegex(compileRegex(pattern, 'p'), input)).toBe(false);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});
