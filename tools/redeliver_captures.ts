import { z } from 'zod';
import { redeliverCaptures } from '../services/redelivery.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'redeliver_captures',
  description:
    "Addition to the spec's 53 operations. Re-queue webhook deliveries in bulk: for each delivery of the bucket's " +
    'applied captures made since `since` that failed (status "failed", the default; "all" adds delivered ones), a fresh ' +
    'delivery to the same destination (new id, full retry schedule; the old one is kept). Only the newest delivery per ' +
    'capture and destination counts, so repeating the call queues nothing twice. Returns how many were queued; ' +
    'with more true, call again.',
  scope: 'run',
  mutating: true,
  title: 'Redeliver captures',
  specAddition: true,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  tenantScoped: true,
  http: { method: 'POST', path: '/v1/captures/redeliver' },
  input: z.strictObject({
    bucket: z.string().min(1).max(80).describe('Bucket id or name.'),
    since: z.iso
      .datetime({ offset: true })
      .describe('ISO 8601 time; deliveries made at or after it, e.g. 2026-03-01T00:00:00Z.'),
    status: z.enum(['failed', 'all']).default('failed'),
    destination: z.string().min(1).max(80).optional().describe('Only this destination (id or name).'),
    limit: z.number().int().min(1).max(500).default(100).describe('At most this many, 1 to 500.'),
  }),
  output: z.object({
    bucket: z.string(),
    since: z.string(),
    queued: z.number().int().describe('Deliveries queued by this call.'),
    deliveries: z.array(
      z.object({
        id: z.string(),
        capture_id: z.string(),
        destination: z.string(),
        redelivery_of: z.string().describe('The delivery it repeats.'),
      }),
    ),
    more: z.boolean().describe('More matched than `limit`: call again.'),
  }),
  handler: (input, ctx) => redeliverCaptures(ctx.app, ctx.tenant, input, ctx.actor, ctx.now),
});
