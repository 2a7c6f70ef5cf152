import { z } from 'zod';
import { eventStatement } from '../storage/events.ts';
import { newKey, type Scope } from '../storage/keys.ts';
import { KeyView, ScopeName } from './_shapes.ts';
import { ToolError, defineTool } from './define.ts';

export default defineTool({
  name: 'create_key',
  description:
    'Create an API key on the calling account. Returns the key itself once: store it, it is never shown again. ' +
    'Default scopes read, propose, run (no approve, no configure). Omit `tenants` for every tenant the account owns ' +
    'now and later, or list tenant ids/names to pin it. A key cannot grant scopes or tenants the calling key lacks.',
  scope: 'configure',
  mutating: true,
  title: 'Create API key',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  tenantScoped: false,
  http: { method: 'POST', path: '/v1/keys' },
  input: z.strictObject({
    label: z.string().min(1).max(80).describe('What the key is for, 1 to 80 characters.'),
    scopes: z
      .array(ScopeName)
      .min(1)
      .default(['read', 'propose', 'run'])
      .describe('Any of read, propose, run, approve, configure.'),
    tenants: z
      .array(z.string().min(1))
      .max(50)
      .optional()
      .describe('Tenant ids or names (up to 50). Omit for every tenant now and later.'),
  }),
  output: KeyView.extend({
    key: z.string().describe('The API key. Shown only in this answer.'),
  }),
  handler: async (input, ctx) => {
    const { account, key: caller, tenants: reachable } = ctx.caller;
    const missing = input.scopes.filter((s) => !caller.scopes.includes(s));
    if (missing.length > 0) {
      throw new ToolError(
        'insufficient_scope',
        `The calling key lacks ${missing.join(', ')}; a key can only grant scopes it has itself.`,
        { required: missing[0], missing },
      );
    }
    let tenantIds: string[] | null = null;
    if (input.tenants !== undefined) {
      tenantIds = [];
      for (const ref of input.tenants) {
        const t = reachable.find((r) => r.id === ref || r.name === ref);
        if (!t)
          throw new ToolError('not_found', `No tenant '${ref}' reachable with this key; list_tenants shows them.`, {
            tenant: ref,
          });
        if (!tenantIds.includes(t.id)) tenantIds.push(t.id);
      }
    } else if (!caller.all_tenants) {
      throw new ToolError(
        'insufficient_scope',
        'The calling key reaches only listed tenants, so it cannot create a key for every tenant; pass `tenants`.',
        { required: 'all_tenants', reachable: reachable.map((t) => t.id) },
      );
    }
    const made = newKey(account.id, input.label, input.scopes as Scope[], tenantIds, caller.id, ctx.now);
    await ctx.app.db.batch([
      ...made.statements,
      eventStatement(
        {
          accountId: account.id,
          tenantId: null,
          type: 'key.created',
          subjectId: made.key.id,
          actor: ctx.actor,
          diff: {
            label: made.key.label,
            scopes: made.key.scopes,
            all_tenants: made.key.all_tenants,
            tenants: made.key.tenants,
          },
        },
        ctx.now,
      ),
    ]);
    const { account_id: _account, ...view } = made.key;
    return { ...view, key: made.plaintext };
  },
});
