import { getSubdomainOfTenant, isDedicated, pendingRequestOfTenant } from '../storage/mailin.ts';
import type { AppContext } from './app.ts';

export async function subdomainView(app: AppContext, tenantId: string) {
  const [sub, dedicated, pending] = await Promise.all([
    getSubdomainOfTenant(app.db, tenantId),
    isDedicated(app.db, tenantId),
    pendingRequestOfTenant(app.db, tenantId),
  ]);
  const domain = app.config.inboundDomain;
  return {
    name: sub?.name ?? null,
    claimed_at: sub?.claimed_at ?? null,
    catch_all: sub?.catch_all ?? false,
    dedicated,
    forms: sub
      ? [
          `${sub.name}.<local>@${domain}`,
          `${sub.name}+<local>@${domain}`,
          ...(dedicated ? [`<local>@${sub.name}.${domain}`] : []),
        ]
      : [],
    pending_request: pending
      ? { id: pending.id, name: pending.name, rule: pending.rule, created_at: pending.created_at }
      : null,
  };
}
