import { z } from 'zod';
import { listDestinations } from '../storage/webhooks.ts';
import { DestinationView, toDestinationView } from './_shapes.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'list_destinations',
  description:
    "List the tenant's webhook destinations: name, URL, enabled, whether they have a signing secret (never the secret).",
  scope: 'read',
  mutating: false,
  title: 'List destinations',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'GET', path: '/v1/destinations' },
  input: z.strictObject({}),
  output: z.object({ destinations: z.array(DestinationView) }),
  handler: async (_input, ctx) => ({
    destinations: (await listDestinations(ctx.app.db, ctx.tenant.id)).map(toDestinationView),
  }),
});
