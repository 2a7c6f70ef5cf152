import { z } from 'zod';
import { listGrants } from '../storage/oauth.ts';
import { ScopeName } from './_shapes.ts';
import { defineTool } from './define.ts';

export const OAuthGrantView = z.object({
  id: z.string().describe('The grant id (oag_...), for revoke_oauth_grant.'),
  key_id: z.string().describe('The API key a person signed in with; the grant never exceeds it.'),
  client_id: z.string(),
  client_name: z.string().describe("The client's own name for itself, as registered: not verified."),
  scopes: z.array(ScopeName).describe('The scopes granted, a subset of the key’s.'),
  all_tenants: z.boolean().describe('true: every tenant the key reaches now and later.'),
  tenants: z.array(z.string()).describe('Tenant ids granted when all_tenants is false.'),
  resource: z.string().describe('The MCP endpoint URL its access tokens work at.'),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
});

export default defineTool({
  name: 'list_oauth_grants',
  description:
    "Addition to the spec's 53 operations. " +
    'List the OAuth grants of the account: each MCP client a person signed in to with one of its API keys, ' +
    'with the scopes and tenants granted, last use and revocation. Tokens themselves are never listed.',
  specAddition: true,
  scope: 'read',
  mutating: false,
  title: 'List OAuth grants',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: false,
  http: { method: 'GET', path: '/v1/oauth/grants' },
  input: z.strictObject({}),
  output: z.object({ grants: z.array(OAuthGrantView) }),
  handler: async (_input, ctx) => {
    const grants = await listGrants(ctx.app.db, ctx.caller.account.id);
    return {
      grants: grants.map(({ account_id: _account, redirect_uri: _redirect, ...view }) => view),
    };
  },
});
