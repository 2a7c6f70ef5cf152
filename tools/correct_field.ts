import { z } from 'zod';
import { captureView } from '../services/capture-view.ts';
import { correctField } from '../services/captures.ts';
import { learnAfterCorrection } from '../services/learning.ts';
import { getCapture } from '../storage/captures.ts';
import { advertised } from './_advertise.ts';
import { CaptureView } from './_shapes-captures.ts';
import { LearningView } from './_shapes-learned.ts';
import { defineTool, notFound } from './define.ts';

const FIELD_VALUE_KINDS = [
  { type: 'string' },
  { type: 'number' },
  { type: 'boolean' },
  { type: 'array', items: { type: 'string' } },
];

export default defineTool({
  name: 'correct_field',
  description:
    "Set the value of one field of a capture (any status). The value is read with the field's type (a date may be " +
    '"3 March 2026"; null clears it), the capture is re-validated, and the correction is recorded with your key and ' +
    "`reason`; the original value stays in the correction history. The capture's status does not change: approve it after. " +
    "When the value is printed in the documents (or in an e-invoice element) it teaches extractors used first on the sender domain's later mail: one for that layout, and the reader that gives the value for its other layouts (`learning` says what, or why not).",
  scope: 'propose',
  mutating: true,
  title: 'Correct field',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'POST', path: '/v1/captures/{id}/fields/{field}' },
  input: z.strictObject({
    id: z.string().min(1).max(80),
    field: z.string().min(1).max(64),
    // Any JSON is accepted and read with the field's type; advertised as the kinds a field holds.
    value: advertised(
      z
        .unknown()
        .refine((v) => v !== undefined, 'value is required (null clears the field)')
        .describe('The correct value (null clears).'),
      () => ({ anyOf: FIELD_VALUE_KINDS }),
    ),
    reason: z.string().max(500).optional(),
  }),
  output: CaptureView.extend({
    learning: LearningView.nullable().describe(
      "What the correction taught for the sender's domain (null when policy learn_from_corrections is false).",
    ),
  }),
  handler: async (input, ctx) => {
    const capture = await getCapture(ctx.app.db, ctx.tenant.id, input.id);
    if (!capture) throw notFound('capture', input.id);
    const updated = await correctField(
      ctx.app,
      ctx.tenant,
      capture,
      input.field,
      input.value,
      input.reason ?? null,
      ctx.actor,
    );
    const learning = await learnAfterCorrection(ctx.app, ctx.tenant, capture, updated, input.field, ctx.actor);
    return { ...(await captureView(ctx.app, updated)), learning };
  },
});
