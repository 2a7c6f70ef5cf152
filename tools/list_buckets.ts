import { z } from 'zod';
import { bucketView } from '../services/buckets.ts';
import { listBuckets } from '../storage/buckets.ts';
import { bucketActivity } from '../storage/flow.ts';
import { addressesOfBuckets, getSubdomainOfTenant, isDedicated } from '../storage/mailin.ts';
import { addressForms } from '../services/addresses.ts';
import { BucketView } from './_shapes.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'list_buckets',
  description:
    "List the tenant's buckets in the order classification tries them (priority, then name), each with the " +
    'addresses made for it and its activity over the last `days`: messages, auto-applied, held, last received.',
  scope: 'read',
  mutating: false,
  title: 'List buckets',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'GET', path: '/v1/buckets' },
  input: z.strictObject({
    days: z.number().int().min(1).max(365).default(30).describe('Activity window, 1 to 365 days.'),
  }),
  output: z.object({
    days: z.number().int(),
    buckets: z.array(
      BucketView.extend({
        addresses: z.array(z.object({ id: z.string(), address: z.string() })),
        activity: z.object({
          messages: z.number().int(),
          auto_applied: z.number().int(),
          held: z.number().int(),
          last_received: z.string().nullable(),
        }),
      }),
    ),
  }),
  handler: async (input, ctx) => {
    const since = new Date(ctx.now.getTime() - input.days * 86_400_000).toISOString();
    const [buckets, activity, addresses, sub, dedicated] = await Promise.all([
      listBuckets(ctx.app.db, ctx.tenant.id),
      bucketActivity(ctx.app.db, ctx.tenant.id, since),
      addressesOfBuckets(ctx.app.db, ctx.tenant.id),
      getSubdomainOfTenant(ctx.app.db, ctx.tenant.id),
      isDedicated(ctx.app.db, ctx.tenant.id),
    ]);
    return {
      days: input.days,
      buckets: buckets.map((b) => ({
        ...bucketView(b),
        addresses: addresses
          .filter((a) => a.bucket_id === b.id)
          .map((a) => ({
            id: a.id,
            address:
              addressForms(sub?.name ?? null, a.local_part, ctx.app.config.inboundDomain, dedicated)[0] ?? a.local_part,
          })),
        activity: activity.get(b.id) ?? { messages: 0, auto_applied: 0, held: 0, last_received: null },
      })),
    };
  },
});
