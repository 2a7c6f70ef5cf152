import { z } from 'zod';
import { editLearned, learnedView, requireLearned } from '../services/learning.ts';
import { LearnedExtractorView } from './_shapes-learned.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'update_learned_extractor',
  description:
    "Addition to the spec's 53 operations. Replace a learned extractor's extractor (get_bucket lists them), " +
    'keeping its id and record. Checked as a learned one: it must read the corrected value on the capture it was ' +
    'learned from (else invalid_schema) and fail no passing regression case of that vendor (else tests_failing).',
  scope: 'configure',
  mutating: true,
  title: 'Update learned extractor',
  specAddition: true,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'PUT', path: '/v1/learned-extractors/{id}' },
  input: z.strictObject({
    id: z.string().min(1).max(80).describe('Learned extractor id (lrn_...).'),
    extractor: z
      .record(z.string(), z.unknown())
      .describe('A schema extractor, e.g. {kind: "labeled_value", labels: ["Our ref."]} or {kind: "regex", pattern}.'),
  }),
  output: LearnedExtractorView,
  handler: async (input, ctx) => {
    const learned = await requireLearned(ctx.app, ctx.tenant.id, input.id);
    const edited = await editLearned(ctx.app, ctx.tenant, learned, input.extractor, ctx.actor);
    return learnedView(edited);
  },
});
