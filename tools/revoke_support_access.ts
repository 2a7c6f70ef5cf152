import { z } from 'zod';
import { eventStatement } from '../storage/events.ts';
import { activeGrant, endGrantsStatement } from '../storage/grants.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'revoke_support_access',
  description: "End the operator's support access to this tenant now. Says whether a grant was running.",
  scope: 'configure',
  mutating: true,
  title: 'Revoke support access',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'DELETE', path: '/v1/support-grant' },
  input: z.strictObject({}),
  output: z.object({ revoked: z.boolean(), grant_id: z.string().nullable() }),
  handler: async (_input, ctx) => {
    const grant = await activeGrant(ctx.app.db, ctx.tenant.id, ctx.now);
    if (!grant) return { revoked: false, grant_id: null };
    await ctx.app.db.batch([
      endGrantsStatement(ctx.tenant.id, ctx.actor, ctx.now),
      eventStatement(
        {
          accountId: ctx.tenant.account_id,
          tenantId: ctx.tenant.id,
          type: 'support_grant.revoked',
          subjectId: grant.id,
          actor: ctx.actor,
          diff: {},
        },
        ctx.now,
      ),
    ]);
    return { revoked: true, grant_id: grant.id };
  },
});
