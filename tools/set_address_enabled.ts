import { z } from 'zod';
import { addressViews } from '../services/addresses.ts';
import { eventStatement } from '../storage/events.ts';
import { findAddress, setAddressEnabledStatement } from '../storage/mailin.ts';
import { AddressView } from './_shapes.ts';
import { defineTool, notFound } from './define.ts';

export default defineTool({
  name: 'set_address_enabled',
  description:
    'Enable or disable an address (by id or local part). Mail to a disabled address is refused at RCPT time with ' +
    '550 and counted (counts.refused).',
  scope: 'configure',
  mutating: true,
  title: 'Enable or disable address',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'PUT', path: '/v1/addresses/{id}/enabled' },
  input: z.strictObject({
    id: z.string().min(1).max(80).describe('Address id (adr_...) or local part.'),
    enabled: z.boolean(),
  }),
  output: AddressView,
  handler: async (input, ctx) => {
    const address = await findAddress(ctx.app.db, ctx.tenant.id, input.id);
    if (!address) throw notFound('address', input.id);
    if (address.enabled !== input.enabled) {
      await ctx.app.db.batch([
        setAddressEnabledStatement(ctx.tenant.id, address.id, input.enabled),
        eventStatement(
          {
            accountId: ctx.tenant.account_id,
            tenantId: ctx.tenant.id,
            type: input.enabled ? 'address.enabled' : 'address.disabled',
            subjectId: address.id,
            actor: ctx.actor,
            diff: { local_part: address.local_part },
          },
          ctx.now,
        ),
      ]);
    }
    return (await addressViews(ctx.app, ctx.tenant.id, [{ ...address, enabled: input.enabled }]))[0]!;
  },
});
