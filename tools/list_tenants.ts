import { z } from 'zod';
import { TenantSummary, toTenantSummary } from './_shapes.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'list_tenants',
  description:
    'List the tenants the calling key reaches (id, name, kind, expiry). When there are several, pass one of ' +
    'these ids or names as `tenant` to every tenant-scoped call.',
  scope: 'read',
  mutating: false,
  title: 'List tenants',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: false,
  http: { method: 'GET', path: '/v1/tenants' },
  input: z.strictObject({}),
  output: z.object({ tenants: z.array(TenantSummary) }),
  handler: async (_input, ctx) => ({ tenants: ctx.caller.tenants.map(toTenantSummary) }),
});
