import { z } from 'zod';
import { addressViews } from '../services/addresses.ts';
import { listAddresses } from '../storage/mailin.ts';
import { AddressView } from './_shapes.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'list_addresses',
  description:
    'List inbound addresses: kind, every form each is answered at, relationship reference, enabled state, daily cap, ' +
    'expected forwarders and counts (received, refused while disabled, received today UTC).',
  scope: 'read',
  mutating: false,
  title: 'List addresses',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  narrowing: ['limit'],
  http: { method: 'GET', path: '/v1/addresses' },
  input: z.strictObject({
    enabled: z.boolean().optional(),
    kind: z.enum(['named', 'relationship']).optional(),
    limit: z.number().int().min(1).max(200).default(50),
  }),
  output: z.object({ addresses: z.array(AddressView) }),
  handler: async (input, ctx) => ({
    addresses: await addressViews(
      ctx.app,
      ctx.tenant.id,
      await listAddresses(ctx.app.db, {
        tenantId: ctx.tenant.id,
        kind: input.kind,
        enabled: input.enabled,
        limit: input.limit,
      }),
    ),
  }),
});
