import { z } from 'zod';
import { listEvents } from '../storage/events.ts';
import { EventView, Limit } from './_shapes.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'list_events',
  description:
    'Read the audit trail of the tenant (and account-level changes such as keys): every state change with its ' +
    'actor (key id, operator or system) and a small diff. Newest first. To follow new events, pass `after` = the ' +
    'newest id you have: the answer is then oldest first, and `next_after` continues. Filter by `type` or `subject_id`.',
  scope: 'read',
  mutating: false,
  title: 'List events',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  narrowing: ['limit'],
  http: { method: 'GET', path: '/v1/events' },
  input: z.strictObject({
    type: z.string().max(80).optional().describe('e.g. key.created, tenant.policy_set'),
    subject_id: z.string().max(80).optional().describe('Only events about this id.'),
    after: z.string().max(80).optional().describe('An event id: page forward from just after it, oldest first.'),
    limit: Limit,
  }),
  output: z.object({
    events: z.array(EventView),
    next_after: z.string().nullable().describe('Pass as `after` to continue (null when newest first).'),
  }),
  handler: async (input, ctx) => {
    const events = await listEvents(ctx.app.db, {
      accountId: ctx.tenant.account_id,
      tenantId: ctx.tenant.id,
      type: input.type,
      subjectId: input.subject_id,
      after: input.after,
      limit: input.limit,
    });
    const last = events.at(-1);
    return { events, next_after: input.after ? (last?.id ?? input.after) : null };
  },
});
