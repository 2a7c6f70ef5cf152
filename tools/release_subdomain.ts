import { z } from 'zod';
import { eventStatement } from '../storage/events.ts';
import { deleteSubdomainStatement, getSubdomainOfTenant } from '../storage/mailin.ts';
import { ToolError, defineTool } from './define.ts';

export default defineTool({
  name: 'release_subdomain',
  description:
    "Give up the tenant's subdomain: mail to every address under it is refused at once and the name may be claimed " +
    'by others. Addresses are kept (they answer again under a new claim). `confirm` must be true.',
  scope: 'configure',
  mutating: true,
  title: 'Release subdomain',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'DELETE', path: '/v1/subdomain' },
  input: z.strictObject({ confirm: z.boolean().describe('Must be true.') }),
  output: z.object({ released: z.string(), released_at: z.string() }),
  handler: async (input, ctx) => {
    if (input.confirm !== true) {
      throw new ToolError(
        'invalid_request',
        'Releasing stops all mail to the subdomain at once; pass confirm=true to do it.',
        { issues: [{ path: 'confirm', message: 'must be true' }] },
      );
    }
    const sub = await getSubdomainOfTenant(ctx.app.db, ctx.tenant.id);
    if (!sub) throw new ToolError('not_found', 'This tenant has no subdomain to release.');
    await ctx.app.db.batch([
      deleteSubdomainStatement(ctx.tenant.id),
      eventStatement(
        {
          accountId: ctx.tenant.account_id,
          tenantId: ctx.tenant.id,
          type: 'subdomain.released',
          subjectId: ctx.tenant.id,
          actor: ctx.actor,
          diff: { name: sub.name },
        },
        ctx.now,
      ),
    ]);
    return { released: sub.name, released_at: ctx.now.toISOString() };
  },
});
