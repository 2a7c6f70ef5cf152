import { z } from 'zod';
import { promote } from '../services/regression.ts';
import { getCapture } from '../storage/captures.ts';
import { TestCaseView, toTestCaseView } from './_shapes-regression.ts';
import { defineTool, notFound } from './define.ts';

export default defineTool({
  name: 'promote_to_test',
  description:
    'Make a capture a regression test case of its bucket: its stored message plus the expected field values ' +
    "(default: the capture's current values, so correct it first; fields you omit in `expected` are not checked). " +
    '`tricky` (default true when the capture was corrected or held for review) keeps the case when the suite reaches ' +
    'its cap of 200; otherwise the oldest non-tricky case is retired. Schema changes must then keep the cases passing.',
  scope: 'propose',
  mutating: true,
  title: 'Promote to test',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'POST', path: '/v1/tests' },
  input: z.strictObject({
    capture_id: z.string().min(1).max(80),
    expected: z.record(z.string(), z.unknown()).optional().describe('Field name -> expected value.'),
    tricky: z.boolean().optional(),
    note: z.string().max(500).optional(),
  }),
  output: TestCaseView.extend({
    retired_case: z.string().nullable().describe('A case retired to stay under the cap.'),
  }),
  handler: async (input, ctx) => {
    const capture = await getCapture(ctx.app.db, ctx.tenant.id, input.capture_id);
    if (!capture) throw notFound('capture', input.capture_id);
    const { testCase, retired } = await promote(ctx.app, ctx.tenant, capture, input, ctx.actor, ctx.now);
    return { ...toTestCaseView(testCase), retired_case: retired };
  },
});
