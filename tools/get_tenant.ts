import { z } from 'zod';
import { effectivePolicy } from '../pipeline/policy.ts';
import { countEvents } from '../storage/events.ts';
import { countActiveKeysReaching } from '../storage/keys.ts';
import { Policy, ScopeName, TenantSummary, toTenantSummary } from './_shapes.ts';
import { defineTool } from './define.ts';

export const EffectivePolicyView = z
  .record(z.string(), z.unknown())
  .describe('The tenant policy with every default filled in: what routing actually uses.');

export default defineTool({
  name: 'get_tenant',
  description:
    'Read the selected tenant: kind (sandbox or account), expiry, the scopes of the calling key, counts, ' +
    'the tenant policy as set and as in effect with defaults (the policy buckets inherit).',
  scope: 'read',
  mutating: false,
  title: 'Get tenant',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'GET', path: '/v1/tenant' },
  input: z.strictObject({}),
  output: TenantSummary.extend({
    key_scopes: z.array(ScopeName),
    counts: z.object({ active_keys: z.number().int(), events: z.number().int() }),
    policy: Policy,
    effective_policy: EffectivePolicyView,
  }),
  handler: async (_input, ctx) => {
    const { tenant, caller } = ctx;
    const [activeKeys, events] = await Promise.all([
      countActiveKeysReaching(ctx.app.db, tenant.account_id, tenant.id),
      countEvents(ctx.app.db, tenant.account_id, tenant.id),
    ]);
    return {
      ...toTenantSummary(tenant),
      key_scopes: caller.key.scopes,
      counts: { active_keys: activeKeys, events },
      policy: tenant.policy as Policy,
      effective_policy: effectivePolicy(tenant.policy as Policy) as unknown as Record<string, unknown>,
    };
  },
});
