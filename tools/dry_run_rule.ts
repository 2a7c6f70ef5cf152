import { z } from 'zod';
import { compileBucketRule } from '../services/buckets.ts';
import { ruleOutcomes } from '../services/analysis.ts';
import { dryRunLimit, inlineMessages, requireSomeMessage, storedMessages } from '../services/dryrun.ts';
import { RuleInput } from './_shapes.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'dry_run_rule',
  description:
    'Try a rule predicate on messages without saving anything: per message, whether it matched and which predicate ' +
    'decided (by JSON path). Give stored `message_ids`, or a message as `eml` (raw RFC 822 text) or `html`. Use it before create_bucket or ' +
    'update_bucket; a bad rule is refused exactly as saving it would be.',
  scope: 'read',
  mutating: false,
  title: 'Dry-run rule',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  narrowing: ['message_ids'],
  http: { method: 'POST', path: '/v1/dry-run/rule' },
  input: z.strictObject({
    rule: RuleInput,
    message_ids: z
      .array(z.string().min(1).max(80))
      .max(50)
      .optional()
      .describe('Up to 50 stored messages, re-read from their raw bytes.'),
    eml: z.string().optional().describe('A raw RFC 822 message.'),
    html: z.string().optional().describe('An HTML body, wrapped as a message with no headers.'),
  }),
  output: z.object({
    results: z.array(
      z.object({
        message: z.string().describe('"eml", "html" or a message id'),
        subject: z.string(),
        from: z.string().nullable(),
        matched: z.boolean(),
        decided_by: z.string(),
        reason: z.string(),
      }),
    ),
  }),
  handler: async (input, ctx) => {
    // Compiled here to refuse a bad rule by path; it runs over the messages in a worker.
    compileBucketRule(input.rule ?? null);
    const messages = [
      ...(await storedMessages(ctx.app, ctx.tenant, input.message_ids ?? [])),
      ...(await inlineMessages(ctx.app, input)),
    ];
    requireSomeMessage(messages.length);
    const outcomes = await ruleOutcomes(
      ctx.app.analysis,
      input.rule ?? null,
      messages.map((m) => m.analyzed.view),
    );
    if (!outcomes.ok) throw dryRunLimit(outcomes.limit, 'rule');
    return {
      results: messages.map(({ key, analyzed }, i) => ({
        message: key,
        subject: analyzed.view.subject,
        from: analyzed.view.from?.address ?? null,
        ...outcomes.value[i]!,
      })),
    };
  },
});
