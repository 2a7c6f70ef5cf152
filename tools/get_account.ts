import { z } from 'zod';
import { listAccountTenants } from '../storage/tenants.ts';
import { KeyView, type ScopeName, TenantSummary, toTenantSummary } from './_shapes.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'get_account',
  description:
    'Read the account behind the calling key: kind (throwaway for a sandbox, standard with an email), whether ' +
    'the email is verified (needed for create_tenant), every tenant it owns, and what the calling key reaches and may do.',
  scope: 'read',
  mutating: false,
  title: 'Get account',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: false,
  http: { method: 'GET', path: '/v1/account' },
  input: z.strictObject({}),
  output: z.object({
    id: z.string(),
    kind: z.enum(['throwaway', 'standard']),
    email: z.string().nullable(),
    email_verified: z.boolean(),
    created_at: z.string(),
    tenants: z.array(TenantSummary),
    calling_key: KeyView.pick({ id: true, prefix: true, label: true, scopes: true, all_tenants: true }).extend({
      reaches: z.array(z.string()).describe('tenant ids this key reaches now'),
    }),
  }),
  handler: async (_input, ctx) => {
    const { account, key, tenants } = ctx.caller;
    const owned = await listAccountTenants(ctx.app.db, account.id);
    return {
      ...account,
      tenants: owned.map(toTenantSummary),
      calling_key: {
        id: key.id,
        prefix: key.prefix,
        label: key.label,
        scopes: key.scopes as z.infer<typeof ScopeName>[],
        all_tenants: key.all_tenants,
        reaches: tenants.map((t) => t.id),
      },
    };
  },
});
