import { z } from 'zod';
import { editLearned } from '../services/learning.ts';
import { getLearned } from '../storage/learned.ts';
import { LearnedExtractorView } from './_shapes-learned.ts';
import { ToolError, defineTool } from './define.ts';

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
    const learned = await getLearned(ctx.app.db, ctx.tenant.id, input.id);
    if (!learned)
      throw new ToolError(
        'not_found',
        `No learned extractor '${input.id}' in this tenant; get_bucket lists a bucket's learned extractors.`,
        { id: input.id },
      );
    const edited = await editLearned(ctx.app, ctx.tenant, learned, input.extractor, ctx.actor);
    const {
      tenant_id: _t,
      bucket_id: _b,
      created_by: _c,
      created_at: _ca,
      updated_at: _u,
      layout: _l,
      ...view
    } = edited;
    return view;
  },
});
