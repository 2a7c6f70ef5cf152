import { z } from 'zod';
import { STARTERS } from '../pipeline/starters.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'list_starters',
  description:
    'List the starter schemas (invoice, receipt, purchase_order, shipping_notice): each field with its type, ' +
    'whether it is required, and its ordered extractors (labels in English, German, French and Spanish). Use one in a ' +
    'bucket as schema "starter:<name>", or copy and adapt it into your own schema object.',
  scope: 'read',
  mutating: false,
  title: 'List starter schemas',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: false,
  http: { method: 'GET', path: '/v1/starters' },
  input: z.strictObject({}),
  output: z.object({
    starters: z.array(
      z.object({
        ref: z.string().describe('Use as a bucket schema, e.g. "starter:invoice".'),
        schema: z.object({ name: z.string(), fields: z.record(z.string(), z.unknown()) }),
      }),
    ),
  }),
  handler: async () => ({
    starters: Object.entries(STARTERS).map(([name, schema]) => ({ ref: `starter:${name}`, schema })),
  }),
});
