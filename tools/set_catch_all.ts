import { z } from 'zod';
import { subdomainView } from '../services/subdomain-view.ts';
import { eventStatement } from '../storage/events.ts';
import { getSubdomainOfTenant, setCatchAllStatement } from '../storage/mailin.ts';
import { SubdomainView } from './_shapes.ts';
import { ToolError, defineTool } from './define.ts';

export default defineTool({
  name: 'set_catch_all',
  description:
    'Turn catch-all on or off (default off). On: mail to any unknown local part under the subdomain is accepted ' +
    '(address_id null) and classified like any other. Off: it is refused at RCPT time.',
  scope: 'configure',
  mutating: true,
  title: 'Set catch-all',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'PUT', path: '/v1/subdomain/catch-all' },
  input: z.strictObject({ enabled: z.boolean() }),
  output: SubdomainView,
  handler: async (input, ctx) => {
    const sub = await getSubdomainOfTenant(ctx.app.db, ctx.tenant.id);
    if (!sub)
      throw new ToolError('invalid_state', 'Claim a subdomain first (claim_subdomain); catch-all applies to it.');
    if (sub.catch_all !== input.enabled) {
      await ctx.app.db.batch([
        setCatchAllStatement(ctx.tenant.id, input.enabled),
        eventStatement(
          {
            accountId: ctx.tenant.account_id,
            tenantId: ctx.tenant.id,
            type: 'subdomain.catch_all_set',
            subjectId: ctx.tenant.id,
            actor: ctx.actor,
            diff: { enabled: input.enabled },
          },
          ctx.now,
        ),
      ]);
    }
    return subdomainView(ctx.app, ctx.tenant.id);
  },
});
