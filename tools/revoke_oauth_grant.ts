import { z } from 'zod';
import { eventStatement } from '../storage/events.ts';
import { getGrant, revokeGrantStatement } from '../storage/oauth.ts';
import { defineTool, notFound } from './define.ts';

export default defineTool({
  name: 'revoke_oauth_grant',
  description:
    "Addition to the spec's 53 operations. " +
    'Revoke an OAuth grant of the account, at once: its access and refresh tokens stop working and the ' +
    'client must sign in again. Revoking an already revoked grant changes nothing and says so.',
  specAddition: true,
  scope: 'configure',
  mutating: true,
  title: 'Revoke OAuth grant',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  tenantScoped: false,
  http: { method: 'DELETE', path: '/v1/oauth/grants/{id}' },
  input: z.strictObject({ id: z.string().min(1).describe('The grant id (oag_...), as list_oauth_grants shows it.') }),
  output: z.object({ id: z.string(), revoked_at: z.string(), already_revoked: z.boolean() }),
  handler: async (input, ctx) => {
    const grant = await getGrant(ctx.app.db, ctx.caller.account.id, input.id);
    if (!grant) throw notFound('OAuth grant', input.id);
    if (grant.revoked_at) return { id: grant.id, revoked_at: grant.revoked_at, already_revoked: true };
    await ctx.app.db.batch([
      revokeGrantStatement(grant.id, ctx.actor, 'revoked by the account', ctx.now),
      eventStatement(
        {
          accountId: grant.account_id,
          tenantId: null,
          type: 'oauth.revoked',
          subjectId: grant.id,
          actor: ctx.actor,
          diff: { client_id: grant.client_id, client_name: grant.client_name },
        },
        ctx.now,
      ),
    ]);
    return { id: grant.id, revoked_at: ctx.now.toISOString(), already_revoked: false };
  },
});
