// Inbound addresses: how each is written out, relationship local parts, and the clause a
// bucket's rule gains when an address is made for it.
import { randomBytes } from 'node:crypto';
import { getSubdomainOfTenant, isDedicated, receivedSinceByAddress, type Address } from '../storage/mailin.ts';
import type { AppContext } from './app.ts';

/** Every form an address is answered at. */
export function addressForms(handle: string | null, local: string, domain: string, dedicated: boolean): string[] {
  if (!handle) return [];
  return [
    `${handle}.${local}@${domain}`,
    `${handle}+${local}@${domain}`,
    ...(dedicated ? [`${local}@${handle}.${domain}`] : []),
  ];
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Opaque and unguessable: "r-" and 20 random base32 characters (100 bits). */
export function relationshipLocalPart(): string {
  return `r-${[...randomBytes(20)].map((b) => BASE32[b % 32]).join('')}`;
}

/** The bucket rule with a clause matching `local` added (an `any` gains one more alternative). */
export function ruleWithAddress(rule: unknown, local: string): unknown {
  const clause = { address: `${local}@` };
  if (rule === null || rule === undefined) return clause;
  if (
    typeof rule === 'object' &&
    !Array.isArray(rule) &&
    Object.keys(rule).length === 1 &&
    Array.isArray((rule as { any?: unknown }).any)
  ) {
    return { any: [...(rule as { any: unknown[] }).any, clause] };
  }
  return { any: [rule, clause] };
}

export function addressView(a: Address, handle: string | null, domain: string, dedicated: boolean, today: number) {
  return {
    id: a.id,
    kind: a.kind,
    local_part: a.local_part,
    addresses: addressForms(handle, a.local_part, domain, dedicated),
    relationship_ref: a.relationship_ref,
    label: a.label,
    daily_cap: a.daily_cap,
    bucket_id: a.bucket_id,
    enabled: a.enabled,
    forwarders: a.forwarders,
    counts: { received: a.received_count, refused: a.refused_count, today },
    created_at: a.created_at,
  };
}

export function utcDayStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
}

export async function addressViews(app: AppContext, tenantId: string, addresses: Address[]) {
  const [sub, dedicated, today] = await Promise.all([
    getSubdomainOfTenant(app.db, tenantId),
    isDedicated(app.db, tenantId),
    receivedSinceByAddress(app.db, tenantId, utcDayStart(app.now())),
  ]);
  return addresses.map((a) =>
    addressView(a, sub?.name ?? null, app.config.inboundDomain, dedicated, today.get(a.id) ?? 0),
  );
}
