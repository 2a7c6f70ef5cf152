import { z } from 'zod';
import { eventStatement } from '../storage/events.ts';
import { endGrantsStatement, insertGrantStatement, type SupportGrant } from '../storage/grants.ts';
import { newId } from '../storage/ids.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'grant_support_access',
  description:
    "Let the platform operator read this tenant's messages, captures and configuration for `hours` (default 24, at " +
    'most 168), e.g. to investigate a problem you reported. Without a grant the operator sees counts only. Every ' +
    'operator read is written to list_events with actor "operator". A new grant replaces a running one; revoke_support_access ends it.',
  scope: 'configure',
  mutating: true,
  title: 'Grant support access',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'POST', path: '/v1/support-grant' },
  input: z.strictObject({
    hours: z.number().int().min(1).max(168).default(24),
    reason: z.string().max(500).optional(),
  }),
  output: z.object({ id: z.string(), expires_at: z.string(), hours: z.number().int(), reason: z.string().nullable() }),
  handler: async (input, ctx) => {
    const grant: SupportGrant = {
      id: newId('grt', ctx.now.getTime()),
      tenant_id: ctx.tenant.id,
      granted_by: ctx.actor,
      reason: input.reason ?? null,
      created_at: ctx.now.toISOString(),
      expires_at: new Date(ctx.now.getTime() + input.hours * 3_600_000).toISOString(),
      revoked_at: null,
      revoked_by: null,
    };
    await ctx.app.db.batch([
      endGrantsStatement(ctx.tenant.id, ctx.actor, ctx.now),
      insertGrantStatement(grant),
      eventStatement(
        {
          accountId: ctx.tenant.account_id,
          tenantId: ctx.tenant.id,
          type: 'support_grant.granted',
          subjectId: grant.id,
          actor: ctx.actor,
          diff: { hours: input.hours, expires_at: grant.expires_at, reason: grant.reason },
        },
        ctx.now,
      ),
    ]);
    return { id: grant.id, expires_at: grant.expires_at, hours: input.hours, reason: grant.reason };
  },
});
