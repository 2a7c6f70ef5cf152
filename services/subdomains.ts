// Subdomain (handle) names: the rules of the spec, each refusal naming its rule, and the
// operator review of exception requests.
import { eventStatement } from '../storage/events.ts';
import { newId } from '../storage/ids.ts';
import {
  decideRequestStatement,
  getRequest,
  getSubdomainByName,
  getSubdomainOfTenant,
  insertSubdomainStatement,
  type SubdomainRequest,
} from '../storage/mailin.ts';
import { getTenant } from '../storage/tenants.ts';
import { ToolError } from './errors.ts';
import type { AppContext } from './app.ts';

export const RESERVED_WORDS = [
  'support',
  'admin',
  'administrator',
  'billing',
  'postmaster',
  'abuse',
  'hostmaster',
  'webmaster',
  'security',
  'root',
  'noreply',
  'no-reply',
  'info',
  'help',
  'sales',
  'legal',
  'privacy',
  'account',
  'accounts',
  'payments',
  'system',
  'service',
  'status',
  'api',
  'www',
  'official',
  'verify',
  'verification',
  'team',
  'staff',
];

/** Brands refused anywhere in a name (impersonation); short ones only as a whole hyphen-separated part. */
export const BRAND_NAMES = [
  'paypal',
  'google',
  'gmail',
  'apple',
  'icloud',
  'microsoft',
  'outlook',
  'office365',
  'hotmail',
  'amazon',
  'stripe',
  'facebook',
  'instagram',
  'whatsapp',
  'netflix',
  'docusign',
  'dropbox',
  'linkedin',
  'twitter',
  'coinbase',
  'binance',
  'wellsfargo',
  'bankofamerica',
  'citibank',
  'hsbc',
  'barclays',
  'santander',
  'mastercard',
  'americanexpress',
  'fedex',
  'intuit',
  'quickbooks',
  'xero',
  'shopify',
  'salesforce',
  'adobe',
  'yahoo',
  'github',
  'anthropic',
  'openai',
];
export const SHORT_BRANDS = ['ups', 'dhl', 'usps', 'visa', 'amex', 'meta', 'chase', 'ebay', 'irs', 'hmrc'];

export const INFRASTRUCTURE_PREFIXES = [
  'mx',
  'smtp',
  'mail',
  'imap',
  'pop',
  'dkim',
  'dmarc',
  'spf',
  'bounce',
  'mta',
  'relay',
  'autodiscover',
  'autoconfig',
  'ns',
  'dns',
  'webmail',
  'mailer',
  'bimi',
  'mta-sts',
  'postfix',
];

export type NameRule = 'charset' | 'hyphens' | 'length' | 'reserved_word' | 'brand_name' | 'mail_infrastructure';

const RULE_TEXT: Record<NameRule, string> = {
  charset: 'use only lower case letters, digits and hyphens',
  hyphens: 'no hyphen at the start or end, and no two hyphens in a row',
  length: 'use 8 to 40 characters',
  reserved_word: `reserved words (${RESERVED_WORDS.slice(0, 6).join(', ')}, ...) are refused alone or with a numeric or hyphenated suffix`,
  brand_name: 'brand names are refused anywhere in the name',
  mail_infrastructure: `names may not start with a mail-infrastructure word (${INFRASTRUCTURE_PREFIXES.slice(0, 9).join(', ')}, ...)`,
};

/** The first rule a name breaks, in a fixed order, or null. */
export function brokenRule(name: string): NameRule | null {
  if (!/^[a-z0-9-]+$/.test(name)) return 'charset';
  if (name.startsWith('-') || name.endsWith('-') || name.includes('--')) return 'hyphens';
  if (name.length < 8 || name.length > 40) return 'length';
  const reserved = RESERVED_WORDS.some((w) => new RegExp(`^${w}(?:-?[0-9]+|-[a-z0-9-]+)?$`).test(name));
  if (reserved) return 'reserved_word';
  const parts = name.split('-');
  if (BRAND_NAMES.some((b) => name.includes(b)) || SHORT_BRANDS.some((b) => parts.includes(b))) return 'brand_name';
  if (INFRASTRUCTURE_PREFIXES.some((p) => name.startsWith(p))) return 'mail_infrastructure';
  return null;
}

export function nameRefusal(name: string, rule: NameRule): ToolError {
  return new ToolError(
    'name_refused',
    `'${name}' breaks the ${rule} rule: ${RULE_TEXT[rule]}. Choose another name, or pass request_exception: true with a reason for operator review.`,
    { rule, name },
  );
}

export async function ensureNameFree(app: AppContext, name: string): Promise<void> {
  if (await getSubdomainByName(app.db, name)) {
    throw new ToolError('conflict', `The subdomain '${name}' is taken; choose another name.`, { name });
  }
}

/** Claims `name` for a tenant (after the caller checked the rules or the operator approved). */
export function claimStatements(tenant: { id: string; account_id: string }, name: string, actor: string, now: Date) {
  return [
    insertSubdomainStatement(tenant.id, name, now),
    eventStatement(
      {
        accountId: tenant.account_id,
        tenantId: tenant.id,
        type: 'subdomain.claimed',
        subjectId: tenant.id,
        actor,
        diff: { name },
      },
      now,
    ),
  ];
}

export function newRequest(
  tenantId: string,
  name: string,
  reason: string,
  rule: NameRule,
  now: Date,
): SubdomainRequest {
  return {
    id: newId('sdr', now.getTime()),
    tenant_id: tenantId,
    name,
    reason,
    rule,
    status: 'pending',
    created_at: now.toISOString(),
    decided_at: null,
    note: null,
  };
}

/** The operator approves a request: the tenant gets the name, if it is still free and the tenant has none. */
export async function decideRequest(
  app: AppContext,
  id: string,
  approve: boolean,
  note: string | null,
): Promise<SubdomainRequest> {
  const request = await getRequest(app.db, id);
  if (!request) throw new ToolError('not_found', `No subdomain request ${id}.`);
  if (request.status !== 'pending')
    throw new ToolError('invalid_state', `Request ${id} was already ${request.status}.`);
  const tenant = await getTenant(app.db, request.tenant_id);
  if (!tenant) throw new ToolError('not_found', `The tenant of request ${id} no longer exists.`);
  const now = app.now();
  const decided = {
    ...request,
    status: approve ? ('approved' as const) : ('refused' as const),
    note,
    decided_at: now.toISOString(),
  };
  const event = eventStatement(
    {
      accountId: tenant.account_id,
      tenantId: tenant.id,
      type: `subdomain_request.${decided.status}`,
      subjectId: id,
      actor: 'operator',
      diff: { name: request.name, note },
    },
    now,
  );
  if (!approve) {
    await app.db.batch([decideRequestStatement(id, 'refused', note, now), event]);
    return decided;
  }
  if (await getSubdomainOfTenant(app.db, tenant.id)) {
    throw new ToolError('conflict', `Tenant ${tenant.id} already has a subdomain; it must release it first.`);
  }
  await ensureNameFree(app, request.name);
  await app.db.batch([
    decideRequestStatement(id, 'approved', note, now),
    event,
    ...claimStatements(tenant, request.name, 'operator', now),
  ]);
  return decided;
}
