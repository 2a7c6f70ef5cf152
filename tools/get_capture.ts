import { z } from 'zod';
import { captureView } from '../services/capture-view.ts';
import { getCapture } from '../storage/captures.ts';
import { CaptureView } from './_shapes-captures.ts';
import { defineTool, notFound } from './define.ts';

export default defineTool({
  name: 'get_capture',
  description:
    'Read one capture: for each field its value, confidence (0..1), raw text and source (document id and offsets, ' +
    'a header, a constant, or a correction), the validation issues, the routing status and reason, corrections made, ' +
    'its tasks and its webhook deliveries.',
  scope: 'read',
  mutating: false,
  title: 'Get capture',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'GET', path: '/v1/captures/{id}' },
  input: z.strictObject({ id: z.string().min(1).max(80) }),
  output: CaptureView,
  handler: async (input, ctx) => {
    const capture = await getCapture(ctx.app.db, ctx.tenant.id, input.id);
    if (!capture) throw notFound('capture', input.id);
    return captureView(ctx.app, capture);
  },
});
