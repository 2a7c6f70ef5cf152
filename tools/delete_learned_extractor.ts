import { z } from 'zod';
import { learnedView, removeLearned, requireLearned } from '../services/learning.ts';
import { LearnedExtractorView } from './_shapes-learned.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'delete_learned_extractor',
  description:
    "Addition to the spec's 53 operations. Remove an extractor learned from a correction (get_bucket lists them): " +
    "that vendor's later mail is read by the schema's own extractors again, and captures already made keep their " +
    'values (reprocess_message reads one again). A later correction of the field may teach a new one; to stop ' +
    'learning, set policy learn_from_corrections false.',
  scope: 'configure',
  mutating: true,
  title: 'Delete learned extractor',
  specAddition: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'DELETE', path: '/v1/learned-extractors/{id}' },
  input: z.strictObject({ id: z.string().min(1).max(80).describe('Learned extractor id (lrn_...).') }),
  output: LearnedExtractorView.extend({ deleted_at: z.string() }),
  handler: async (input, ctx) => {
    const learned = await requireLearned(ctx.app, ctx.tenant.id, input.id);
    await removeLearned(ctx.app, ctx.tenant, learned, ctx.actor);
    return { ...learnedView(learned), deleted_at: ctx.now.toISOString() };
  },
});
