import { z } from 'zod';
import { eventStatement } from '../storage/events.ts';
import { findDestination, removeDestinationStatements } from '../storage/webhooks.ts';
import { defineTool, notFound } from './define.ts';

export default defineTool({
  name: 'remove_destination',
  description:
    'Remove a webhook destination (by id or name). Buckets that list it stop delivering to it at once, and ' +
    'deliveries still waiting for it are given up. Past delivery records stay on their captures.',
  scope: 'configure',
  mutating: true,
  title: 'Remove destination',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'DELETE', path: '/v1/destinations/{id}' },
  input: z.strictObject({ id: z.string().min(1).max(80).describe('Destination id (dst_...) or name.') }),
  output: z.object({ id: z.string(), name: z.string(), removed_at: z.string() }),
  handler: async (input, ctx) => {
    const destination = await findDestination(ctx.app.db, ctx.tenant.id, input.id);
    if (!destination) throw notFound('destination', input.id);
    await ctx.app.db.batch([
      ...removeDestinationStatements(ctx.tenant.id, destination.id, ctx.now),
      eventStatement(
        {
          accountId: ctx.tenant.account_id,
          tenantId: ctx.tenant.id,
          type: 'destination.removed',
          subjectId: destination.id,
          actor: ctx.actor,
          diff: { name: destination.name },
        },
        ctx.now,
      ),
    ]);
    return { id: destination.id, name: destination.name, removed_at: ctx.now.toISOString() };
  },
});
