import { z } from 'zod';
import { addressViews } from '../services/addresses.ts';
import { eventStatement } from '../storage/events.ts';
import { findAddress, setAddressForwardersStatement } from '../storage/mailin.ts';
import { AddressView } from './_shapes.ts';
import { defineTool, notFound } from './define.ts';

export default defineTool({
  name: 'set_address_forwarders',
  description:
    'Set who is expected to send or forward mail to an address (by id or local part): addresses, "@domain" or ' +
    '".domain" (up to 50). When the list is not empty, mail from anyone else is flagged unexpected_sender; for a ' +
    'relationship address they also count as inside the relationship. An empty list clears it.',
  scope: 'configure',
  mutating: true,
  title: 'Set address forwarders',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'PUT', path: '/v1/addresses/{id}/forwarders' },
  input: z.strictObject({
    id: z.string().min(1).max(80).describe('Address id (adr_...) or local part.'),
    forwarders: z.array(z.string().min(1).max(200)).max(50),
  }),
  output: AddressView,
  handler: async (input, ctx) => {
    const address = await findAddress(ctx.app.db, ctx.tenant.id, input.id);
    if (!address) throw notFound('address', input.id);
    const forwarders = [...new Set(input.forwarders.map((f) => f.trim().toLowerCase()))];
    await ctx.app.db.batch([
      setAddressForwardersStatement(ctx.tenant.id, address.id, forwarders),
      eventStatement(
        {
          accountId: ctx.tenant.account_id,
          tenantId: ctx.tenant.id,
          type: 'address.forwarders_set',
          subjectId: address.id,
          actor: ctx.actor,
          diff: { before: address.forwarders, after: forwarders },
        },
        ctx.now,
      ),
    ]);
    return (await addressViews(ctx.app, ctx.tenant.id, [{ ...address, forwarders }]))[0]!;
  },
});
