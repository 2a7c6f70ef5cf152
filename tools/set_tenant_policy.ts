import { z } from 'zod';
import { effectivePolicy } from '../pipeline/policy.ts';
import { eventStatement } from '../storage/events.ts';
import { setPolicyStatement } from '../storage/tenants.ts';
import { Policy } from './_shapes.ts';
import { defineTool } from './define.ts';
import { EffectivePolicyView } from './get_tenant.ts';

export default defineTool({
  name: 'set_tenant_policy',
  description:
    'Replace the tenant policy: the default every bucket policy overrides field by field. Keys: auto_accept ' +
    '{min_confidence 0..1, require_complete, require_valid}, requires_human [fields], no_schema accept|task, ' +
    'task_on_unrouted, on_flags {flag: accept|task}, require_passing_tests, forwarders. Omitted keys take defaults; ' +
    'returns the policy in effect. Existing captures are not re-routed.',
  scope: 'configure',
  mutating: true,
  title: 'Set tenant policy',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'PUT', path: '/v1/policy' },
  input: z.strictObject({ policy: Policy }),
  output: z.object({ policy: Policy, effective_policy: EffectivePolicyView }),
  handler: async (input, ctx) => {
    const { tenant } = ctx;
    await ctx.app.db.batch([
      setPolicyStatement(tenant.id, input.policy),
      eventStatement(
        {
          accountId: tenant.account_id,
          tenantId: tenant.id,
          type: 'tenant.policy_set',
          subjectId: tenant.id,
          actor: ctx.actor,
          diff: { before: tenant.policy, after: input.policy },
        },
        ctx.now,
      ),
    ]);
    return {
      policy: input.policy,
      effective_policy: effectivePolicy(input.policy) as unknown as Record<string, unknown>,
    };
  },
});
