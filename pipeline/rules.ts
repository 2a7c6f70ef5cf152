// The rule predicate language (spec: Rule predicates): 15 forms, nested any/all/not.
// A rule is checked and compiled once (refusals name the JSON path of the bad part) and
// then evaluated against a MessageView; the outcome names the predicate that decided.
import { domainOf, localPartOf } from './address.ts';
import { DefinitionError } from './errors.ts';
import { compileRegex, RegexBudget, testRegex } from './regex.ts';
import type { MessageView } from './types.ts';

export const PREDICATE_FORMS = [
  'any',
  'all',
  'not',
  'address',
  'sender_domain',
  'subject_contains',
  'subject_matches',
  'header',
  'text_contains',
  'text_matches',
  'has_attachment',
  'attachment_name_matches',
  'attachment_mime',
  'attachment_text_contains',
  'auth',
] as const;

const AUTH_VALUES = {
  spf: ['pass', 'fail', 'none', 'softfail', 'neutral', 'temperror', 'permerror'],
  dkim: ['pass', 'fail', 'none', 'temperror', 'permerror', 'policy', 'neutral'],
  dmarc: ['pass', 'fail', 'none', 'temperror', 'permerror'],
} as const;

export interface RuleOutcome {
  matched: boolean;
  /** JSON path of the predicate that decided, e.g. "rule.any[1].subject_contains". */
  decided_by: string;
  reason: string;
}

export type CompiledRule = (view: MessageView) => RuleOutcome;

const MAX_DEPTH = 16;

function fail(path: string, message: string): never {
  throw new DefinitionError('invalid_rule', path, message);
}

function stringList(value: unknown, path: string): string[] {
  if (!Array.isArray(value) || value.length === 0) fail(path, 'expected a non-empty list of strings, e.g. ["invoice"]');
  if (value.length > 100) fail(path, 'at most 100 strings');
  return value.map((item, i) => {
    if (typeof item !== 'string' || item.trim() === '') fail(`${path}[${i}]`, 'expected a non-empty string');
    if (item.length > 200) fail(`${path}[${i}]`, 'at most 200 characters');
    return item.toLowerCase();
  });
}

function containsAny(haystack: string, needles: string[]): string | undefined {
  const lower = haystack.toLowerCase();
  return needles.find((n) => lower.includes(n));
}

function leaf(path: string, test: (v: MessageView) => string | false, what: string): CompiledRule {
  return (view) => {
    const hit = test(view);
    return hit === false
      ? { matched: false, decided_by: path, reason: `${what}: no match` }
      : { matched: true, decided_by: path, reason: `${what}: ${hit}` };
  };
}

function attachments(view: MessageView) {
  return view.documents.filter((d) => d.kind === 'attachment');
}

/**
 * `budget` limits the rule's regexes (counted repeats, compiled size: see REGEX_LIMITS) when
 * it is saved or dry-run; null compiles a stored rule as it was accepted.
 */
export function compileRule(
  rule: unknown,
  path = 'rule',
  depth = 0,
  budget: RegexBudget | null = new RegexBudget('rule'),
): CompiledRule {
  if (depth > MAX_DEPTH) fail(path, `nested deeper than ${MAX_DEPTH} levels`);
  if (rule === null || typeof rule !== 'object' || Array.isArray(rule)) {
    fail(path, `expected an object with one of: ${PREDICATE_FORMS.join(', ')}`);
  }
  const keys = Object.keys(rule);
  if (keys.length !== 1) {
    fail(
      path,
      `expected exactly one predicate key, got ${keys.length ? keys.join(', ') : 'none'}; combine several with all:[...]`,
    );
  }
  const form = keys[0]!;
  const limited = budget ? { budget } : {};
  const value = (rule as Record<string, unknown>)[form];
  const at = `${path}.${form}`;
  switch (form) {
    case 'any':
    case 'all': {
      if (!Array.isArray(value) || value.length === 0) fail(at, 'expected a non-empty list of predicates');
      if (value.length > 100) fail(at, 'at most 100 predicates');
      const children = value.map((child, i) => compileRule(child, `${at}[${i}]`, depth + 1, budget));
      if (form === 'any') {
        return (view) => {
          for (const child of children) {
            const outcome = child(view);
            if (outcome.matched) return outcome;
          }
          return { matched: false, decided_by: at, reason: `none of ${children.length} alternatives matched` };
        };
      }
      return (view) => {
        for (const child of children) {
          const outcome = child(view);
          if (!outcome.matched) return outcome;
        }
        return { matched: true, decided_by: at, reason: `all ${children.length} conditions matched` };
      };
    }
    case 'not': {
      const inner = compileRule(value, at, depth + 1, budget);
      return (view) => {
        const outcome = inner(view);
        return { matched: !outcome.matched, decided_by: outcome.decided_by, reason: `not (${outcome.reason})` };
      };
    }
    case 'address': {
      if (typeof value !== 'string' || !/^[^@\s]*@([^@\s]+)?$/.test(value) || value.length > 200) {
        fail(at, "expected '<local part>@' (any domain) or a full address, e.g. 'invoices@'");
      }
      const [local, domain] = value.toLowerCase().split('@') as [string, string];
      return leaf(
        at,
        (v) =>
          v.recipients.find((r) => {
            const rl = localPartOf(r);
            // Tenant addresses read <handle>.<local> or <handle>+<local>: match the local part either way.
            const localOk = local === '' || rl === local || rl.endsWith(`.${local}`) || rl.endsWith(`+${local}`);
            return localOk && (domain === '' || domainOf(r) === domain);
          }) ?? false,
        `recipient ${value}`,
      );
    }
    case 'sender_domain': {
      if (typeof value !== 'string' || !/^\.?[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(value)) {
        fail(at, "expected a domain ('example.com') or a suffix ('.example.com')");
      }
      const wanted = value.toLowerCase();
      const base = wanted.replace(/^\./, '');
      return leaf(
        at,
        (v) => {
          const d = domainOf(v.from?.address);
          const ok = wanted.startsWith('.') ? d === base || d.endsWith(wanted) : d === wanted;
          return ok ? d : false;
        },
        'sender domain',
      );
    }
    case 'subject_contains': {
      const needles = stringList(value, at);
      return leaf(at, (v) => containsAny(v.subject, needles) ?? false, 'subject contains');
    }
    case 'text_contains': {
      const needles = stringList(value, at);
      return leaf(at, (v) => containsAny(v.documents[0]?.text ?? '', needles) ?? false, 'text contains');
    }
    case 'attachment_text_contains': {
      const needles = stringList(value, at);
      return leaf(
        at,
        (v) => {
          for (const doc of attachments(v)) {
            const hit = containsAny(doc.text, needles);
            if (hit) return `${hit} (in ${doc.filename ?? 'attachment'})`;
          }
          return false;
        },
        'attachment text contains',
      );
    }
    case 'subject_matches': {
      const regex = compileRegex(value, at, limited);
      return leaf(at, (v) => (testRegex(regex, v.subject) ? 'subject matches' : false), 'subject regex');
    }
    case 'text_matches': {
      const regex = compileRegex(value, at, limited);
      return leaf(at, (v) => (testRegex(regex, v.documents[0]?.text ?? '') ? 'text matches' : false), 'text regex');
    }
    case 'attachment_name_matches': {
      const regex = compileRegex(value, at, limited);
      return leaf(
        at,
        (v) =>
          attachments(v)
            .map((d) => d.filename ?? '')
            .find((n) => n && testRegex(regex, n)) ?? false,
        'attachment name',
      );
    }
    case 'attachment_mime': {
      const types = stringList(value, at);
      types.forEach((t, i) => {
        if (!/^[a-z0-9.+-]+\/([a-z0-9.+-]+|\*)$/.test(t)) fail(`${at}[${i}]`, "expected 'type/subtype' or 'type/*'");
      });
      return leaf(
        at,
        (v) =>
          attachments(v)
            .map((d) => d.mime_type)
            .find((m) => types.some((t) => (t.endsWith('/*') ? m.startsWith(t.slice(0, -1)) : m === t))) ?? false,
        'attachment type',
      );
    }
    case 'has_attachment': {
      if (typeof value !== 'boolean') fail(at, 'expected true (or false for "no attachment")');
      return leaf(
        at,
        (v) => {
          const count = attachments(v).length;
          return count > 0 === value ? `${count} attachment(s)` : false;
        },
        'has attachment',
      );
    }
    case 'header': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        fail(at, 'expected {name, contains} or {name, matches}');
      }
      const h = value as Record<string, unknown>;
      const extra = Object.keys(h).filter((k) => !['name', 'contains', 'matches'].includes(k));
      if (extra.length) fail(`${at}.${extra[0]}`, 'unknown key; use name with contains or matches');
      if (typeof h.name !== 'string' || !/^[A-Za-z0-9-]{1,100}$/.test(h.name))
        fail(`${at}.name`, 'expected a header name');
      if ((h.contains === undefined) === (h.matches === undefined)) fail(at, 'give exactly one of contains or matches');
      const name = h.name.toLowerCase();
      if (h.contains !== undefined) {
        if (typeof h.contains !== 'string' || h.contains === '') fail(`${at}.contains`, 'expected a non-empty string');
        const needle = h.contains.toLowerCase();
        return leaf(
          at,
          (v) =>
            v.headers.some((x) => x.name === name && x.value.toLowerCase().includes(needle))
              ? `${name} contains ${h.contains}`
              : false,
          'header',
        );
      }
      const regex = compileRegex(h.matches, `${at}.matches`, limited);
      return leaf(
        at,
        (v) => (v.headers.some((x) => x.name === name && testRegex(regex, x.value)) ? `${name} matches` : false),
        'header',
      );
    }
    case 'auth': {
      if (value === null || typeof value !== 'object' || Array.isArray(value) || Object.keys(value).length === 0) {
        fail(at, "expected an object such as {spf: 'pass', dkim: 'pass', dmarc: 'pass'}");
      }
      const wanted = value as Record<string, unknown>;
      for (const [k, v] of Object.entries(wanted)) {
        const allowed = AUTH_VALUES[k as keyof typeof AUTH_VALUES] as readonly string[] | undefined;
        if (!allowed) fail(`${at}.${k}`, 'unknown key; use spf, dkim or dmarc');
        if (typeof v !== 'string' || !allowed.includes(v)) fail(`${at}.${k}`, `expected one of ${allowed.join(', ')}`);
      }
      return leaf(
        at,
        (v) => {
          if (!v.auth) return false;
          const ok = Object.entries(wanted).every(([k, w]) => v.auth![k as 'spf' | 'dkim' | 'dmarc'] === w);
          return ok
            ? Object.entries(wanted)
                .map(([k, w]) => `${k}=${w}`)
                .join(' ')
            : false;
        },
        'auth',
      );
    }
    default:
      fail(`${path}.${form}`, `unknown predicate; use one of: ${PREDICATE_FORMS.join(', ')}`);
  }
}
