import { z } from 'zod';
import { eventStatement } from '../storage/events.ts';
import { insertInterestStatement } from '../storage/feedback.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'register_interest',
  description:
    'Tell the team you want the service beyond the sandbox: optional email (omit to stay anonymous), use case, ' +
    'expected volume, the price band you would pay (see get_project_status), beta and update wishes. ' +
    'A person reads it. Nothing is charged and nothing is subscribed automatically.',
  scope: 'read',
  mutating: true,
  title: 'Register interest',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  tenantScoped: false,
  http: { method: 'POST', path: '/v1/interest' },
  input: z.strictObject({
    email: z.email().max(200).optional().describe('Where to reach you; omit to stay anonymous.'),
    use_case: z.string().max(2000).optional(),
    expected_volume: z
      .enum(['under_100_month', '100_1000_month', '1000_10000_month', 'over_10000_month', 'unknown'])
      .optional(),
    price_band: z
      .enum([
        'free_only',
        'pay_per_message',
        'usd_10_25_month',
        'usd_25_75_month',
        'usd_75_200_month',
        'usd_200_plus_month',
      ])
      .optional(),
    wants_beta: z.boolean().default(false),
    wants_updates: z.boolean().default(false),
    notes: z.string().max(2000).optional(),
  }),
  output: z.object({ id: z.string(), recorded: z.literal(true), charged: z.literal(false) }),
  handler: async (input, ctx) => {
    const { id, statement } = insertInterestStatement(ctx.caller.account.id, ctx.caller.key.id, input, ctx.now);
    await ctx.app.db.batch([
      statement,
      eventStatement(
        {
          accountId: ctx.caller.account.id,
          tenantId: null,
          type: 'interest.registered',
          subjectId: id,
          actor: ctx.actor,
          diff: { expected_volume: input.expected_volume ?? null, price_band: input.price_band ?? null },
        },
        ctx.now,
      ),
    ]);
    return { id, recorded: true as const, charged: false as const };
  },
});
