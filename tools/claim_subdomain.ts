import { z } from 'zod';
import { subdomainView } from '../services/subdomain-view.ts';
import { brokenRule, claimStatements, ensureNameFree, nameRefusal, newRequest } from '../services/subdomains.ts';
import { eventStatement } from '../storage/events.ts';
import { getSubdomainOfTenant, insertRequestStatement } from '../storage/mailin.ts';
import { SubdomainView } from './_shapes.ts';
import { ToolError, defineTool } from './define.ts';

export default defineTool({
  name: 'claim_subdomain',
  description:
    "Claim the tenant's handle on the inbound mail domain. Names: lower case letters, digits and single hyphens, 8 to " +
    '40 characters, unique; reserved words (support, admin, billing, ...) alone or with a suffix, brand names anywhere ' +
    'and mail-infrastructure prefixes (mx, smtp, mail, ...) are refused with name_refused naming the rule. With ' +
    'request_exception true and a reason, a refused name goes to the operator for review instead.',
  scope: 'configure',
  mutating: true,
  title: 'Claim subdomain',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'POST', path: '/v1/subdomain' },
  input: z.strictObject({
    name: z.string().min(1).max(64),
    request_exception: z.boolean().default(false),
    reason: z.string().max(500).optional().describe('Why this name should be allowed (with request_exception).'),
  }),
  output: SubdomainView.extend({ outcome: z.enum(['claimed', 'pending_review']) }),
  handler: async (input, ctx) => {
    const name = input.name.trim();
    if (await getSubdomainOfTenant(ctx.app.db, ctx.tenant.id)) {
      throw new ToolError(
        'conflict',
        'This tenant already has a subdomain; release_subdomain it first to claim another.',
      );
    }
    const rule = brokenRule(name);
    if (rule && !input.request_exception) throw nameRefusal(name, rule);
    await ensureNameFree(ctx.app, name);
    if (rule) {
      if (!input.reason?.trim()) {
        throw new ToolError('invalid_request', 'An exception request needs a `reason` for the operator.', {
          issues: [{ path: 'reason', message: 'required with request_exception' }],
        });
      }
      const request = newRequest(ctx.tenant.id, name, input.reason.trim(), rule, ctx.now);
      await ctx.app.db.batch([
        insertRequestStatement(request),
        eventStatement(
          {
            accountId: ctx.tenant.account_id,
            tenantId: ctx.tenant.id,
            type: 'subdomain_request.filed',
            subjectId: request.id,
            actor: ctx.actor,
            diff: { name, rule },
          },
          ctx.now,
        ),
      ]);
      return { ...(await subdomainView(ctx.app, ctx.tenant.id)), outcome: 'pending_review' as const };
    }
    try {
      await ctx.app.db.batch(claimStatements(ctx.tenant, name, ctx.actor, ctx.now));
    } catch (error) {
      // Two tenants racing for one name: the unique index decides.
      if (/UNIQUE|constraint/i.test(String((error as Error).message))) {
        throw new ToolError('conflict', `The subdomain '${name}' is taken; choose another name.`, { name });
      }
      throw error;
    }
    return { ...(await subdomainView(ctx.app, ctx.tenant.id)), outcome: 'claimed' as const };
  },
});
