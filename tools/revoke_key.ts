import { z } from 'zod';
import { eventStatement } from '../storage/events.ts';
import { getKey, revokeKeyStatement } from '../storage/keys.ts';
import { defineTool, notFound } from './define.ts';

export default defineTool({
  name: 'revoke_key',
  description:
    'Revoke an API key of the account, at once: its next call gets 401. The calling key may revoke itself. ' +
    'Revoking an already revoked key changes nothing and says so.',
  scope: 'configure',
  mutating: true,
  title: 'Revoke API key',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  tenantScoped: false,
  http: { method: 'DELETE', path: '/v1/keys/{id}' },
  input: z.strictObject({ id: z.string().min(1).describe('The key id (key_...), as list_keys shows it.') }),
  output: z.object({ id: z.string(), revoked_at: z.string(), already_revoked: z.boolean() }),
  handler: async (input, ctx) => {
    const key = await getKey(ctx.app.db, ctx.caller.account.id, input.id);
    if (!key) throw notFound('key', input.id);
    if (key.revoked_at) return { id: key.id, revoked_at: key.revoked_at, already_revoked: true };
    await ctx.app.db.batch([
      revokeKeyStatement(key.id, ctx.actor, ctx.now),
      eventStatement(
        {
          accountId: key.account_id,
          tenantId: null,
          type: 'key.revoked',
          subjectId: key.id,
          actor: ctx.actor,
          diff: { label: key.label, prefix: key.prefix },
        },
        ctx.now,
      ),
    ]);
    return { id: key.id, revoked_at: ctx.now.toISOString(), already_revoked: false };
  },
});
