import { z } from 'zod';
import { ToolError, defineTool } from './define.ts';
import { eventStatement } from '../storage/events.ts';
import { insertTenantStatement, newTenant, tenantNameTaken } from '../storage/tenants.ts';
import { TenantSummary, toTenantSummary } from './_shapes.ts';
import { starterBucketStatements } from '../services/buckets.ts';

export default defineTool({
  name: 'create_tenant',
  description:
    'Create another tenant (a separate business with its own buckets, keys and data) on a verified account. ' +
    'Keys made without a tenant list reach it at once; keys with an explicit list do not. ' +
    'Fails with account_not_verified on unverified or sandbox accounts, conflict when the name is taken.',
  scope: 'configure',
  mutating: true,
  title: 'Create tenant',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  tenantScoped: false,
  http: { method: 'POST', path: '/v1/tenants' },
  input: z.strictObject({
    name: z.string().min(1).max(80).describe('Unique within the account, 1 to 80 characters.'),
    with_starters: z.boolean().default(true).describe('Seed the starter buckets `invoices` and `receipts`.'),
  }),
  output: z.object({
    tenant: TenantSummary,
    with_starters: z.boolean(),
    reachable_by_calling_key: z.boolean(),
  }),
  handler: async (input, ctx) => {
    const { account, key } = ctx.caller;
    if (account.kind !== 'standard' || !account.email_verified) {
      throw new ToolError(
        'account_not_verified',
        account.kind === 'throwaway'
          ? 'Sandbox accounts cannot create tenants; create a standard account (svc account create) and have it verified.'
          : 'The account email is not verified yet; the operator verifies it (svc account verify), then retry.',
        { account_id: account.id },
      );
    }
    if (await tenantNameTaken(ctx.app.db, account.id, input.name)) {
      throw new ToolError(
        'conflict',
        `A tenant named '${input.name}' already exists on this account; pick another name.`,
        { name: input.name },
      );
    }
    const tenant = newTenant(
      account.id,
      input.name,
      'account',
      input.with_starters,
      ctx.now,
      ctx.app.config.sandboxDays,
    );
    await ctx.app.db.batch([
      insertTenantStatement(tenant),
      ...(input.with_starters ? starterBucketStatements(tenant.id, ctx.now) : []),
      eventStatement(
        {
          accountId: account.id,
          tenantId: tenant.id,
          type: 'tenant.created',
          subjectId: tenant.id,
          actor: ctx.actor,
          diff: { name: tenant.name, with_starters: input.with_starters },
        },
        ctx.now,
      ),
    ]);
    return {
      tenant: toTenantSummary(tenant),
      with_starters: input.with_starters,
      reachable_by_calling_key: key.all_tenants,
    };
  },
});
