import { z } from 'zod';
import { buildFlow } from '../services/flow.ts';
import { flowRows } from '../storage/flow.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'get_flow',
  description:
    'See where mail went over the last `hours` as a graph with counts only (no content): sources (addresses, ' +
    'catch-all, uploads) -> buckets -> outcomes (auto-applied, approved, held with its reason, unrouted) -> exits ' +
    '(webhook delivered, failed, held for reading). Each message counts once, by its newest processing.',
  scope: 'read',
  mutating: false,
  title: 'Get message flow',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'GET', path: '/v1/flow' },
  input: z.strictObject({ hours: z.number().int().min(1).max(2160).default(168).describe('Window, 1 to 2160 hours.') }),
  output: z.object({
    hours: z.number().int(),
    messages: z.number().int(),
    nodes: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(['source', 'bucket', 'outcome', 'exit']),
        label: z.string(),
        count: z.number().int(),
      }),
    ),
    links: z.array(z.object({ from: z.string(), to: z.string(), count: z.number().int() })),
  }),
  handler: async (input, ctx) => {
    const since = new Date(ctx.now.getTime() - input.hours * 3_600_000).toISOString();
    return { hours: input.hours, ...buildFlow(await flowRows(ctx.app.db, ctx.tenant.id, since)) };
  },
});
