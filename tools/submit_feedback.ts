import { z } from 'zod';
import { eventStatement } from '../storage/events.ts';
import { insertFeedbackStatement } from '../storage/feedback.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'submit_feedback',
  description:
    'Send feedback to the people who run the service: a bug, a wrong extraction, a missing feature. ' +
    '`about` names what it concerns (an operation, a capture id, ...). A human reads it; nothing is acted on automatically.',
  scope: 'read',
  mutating: true,
  title: 'Submit feedback',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  tenantScoped: false,
  http: { method: 'POST', path: '/v1/feedback' },
  input: z.strictObject({
    text: z.string().min(1).max(5000).describe('What happened or what you need (up to 5000 characters).'),
    about: z.string().max(200).optional().describe('What it concerns: an operation name, a capture or message id.'),
    severity: z.enum(['low', 'normal', 'high']).default('normal'),
  }),
  output: z.object({ id: z.string(), received_at: z.string() }),
  handler: async (input, ctx) => {
    const tenantId = ctx.tenant?.id ?? null;
    const { id, statement } = insertFeedbackStatement(
      ctx.caller.account.id,
      tenantId,
      ctx.caller.key.id,
      input,
      ctx.now,
    );
    await ctx.app.db.batch([
      statement,
      eventStatement(
        {
          accountId: ctx.caller.account.id,
          tenantId,
          type: 'feedback.submitted',
          subjectId: id,
          actor: ctx.actor,
          diff: { severity: input.severity, about: input.about ?? null },
        },
        ctx.now,
      ),
    ]);
    return { id, received_at: ctx.now.toISOString() };
  },
});
