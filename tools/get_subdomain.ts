import { z } from 'zod';
import { subdomainView } from '../services/subdomain-view.ts';
import { SubdomainView } from './_shapes.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'get_subdomain',
  description:
    "Read the tenant's handle on the inbound mail domain: its name, the address forms mail is answered at " +
    '(<name>.<local>@domain and <name>+<local>@domain), catch-all, and any exception request awaiting the operator.',
  scope: 'read',
  mutating: false,
  title: 'Get subdomain',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'GET', path: '/v1/subdomain' },
  input: z.strictObject({}),
  output: SubdomainView,
  handler: async (_input, ctx) => subdomainView(ctx.app, ctx.tenant.id),
});
