import { z } from 'zod';
import { listKeys } from '../storage/keys.ts';
import { KeyView } from './_shapes.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'list_keys',
  description:
    'List the API keys of the account: id, prefix, label, scopes, tenants, last use and revocation. ' +
    'The keys themselves are never listed; recognise one by its prefix.',
  scope: 'read',
  mutating: false,
  title: 'List API keys',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: false,
  http: { method: 'GET', path: '/v1/keys' },
  input: z.strictObject({}),
  output: z.object({ keys: z.array(KeyView) }),
  handler: async (_input, ctx) => {
    const keys = await listKeys(ctx.app.db, ctx.caller.account.id);
    return { keys: keys.map(({ account_id: _account, ...view }) => view) };
  },
});
