import { z } from 'zod';
import { reprocess } from '../services/processing.ts';
import { getMessage, listDocumentSummaries } from '../storage/messages.ts';
import { CaptureStatus, MessageStatus } from './_shapes-captures.ts';
import { defineTool, notFound } from './define.ts';

export default defineTool({
  name: 'reprocess_message',
  description:
    'Run classification, extraction, validation and routing again on a stored message against the current buckets, ' +
    'e.g. after fixing a rule or schema. Makes a new capture (and tasks); earlier captures stay unchanged. The message ' +
    'status follows this newest processing.',
  scope: 'run',
  mutating: true,
  title: 'Reprocess message',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  tenantScoped: true,
  http: { method: 'POST', path: '/v1/messages/{id}/reprocess' },
  input: z.strictObject({ id: z.string().min(1).max(80) }),
  output: z.object({
    message_id: z.string(),
    status: MessageStatus,
    bucket: z.object({ id: z.string(), name: z.string() }).nullable(),
    capture: z
      .object({ id: z.string(), status: CaptureStatus, reason: z.string(), confidence: z.number().nullable() })
      .nullable(),
    tasks: z.array(z.object({ id: z.string(), kind: z.string(), reason: z.string() })),
  }),
  handler: async (input, ctx) => {
    const message = await getMessage(ctx.app.db, ctx.tenant.id, input.id);
    if (!message) throw notFound('message', input.id);
    const documentIds = (await listDocumentSummaries(ctx.app.db, ctx.tenant.id, message.id)).map((d) => d.id);
    const processed = await reprocess(ctx.app, ctx.tenant, message, documentIds, ctx.actor);
    const c = processed.capture;
    return {
      message_id: message.id,
      status: processed.decision.message_status,
      bucket: processed.bucket ? { id: processed.bucket.id, name: processed.bucket.name } : null,
      capture: c && { id: c.id, status: c.status, reason: c.reason, confidence: c.confidence },
      tasks: processed.tasks.map((t) => ({ id: t.id, kind: t.kind, reason: t.reason })),
    };
  },
});
