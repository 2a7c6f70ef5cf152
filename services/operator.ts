// The platform operator's view of a tenant: counts always; messages, captures and
// configuration only under an active support grant, each read written to the tenant's
// events with actor `operator`. Reads go through the same tool handlers as the API; the
// caller passes the operations in, so this module never imports tools/.
import { getAccount } from '../storage/accounts.ts';
import { tenantCounts } from '../storage/counts.ts';
import { eventStatement } from '../storage/events.ts';
import { activeGrant } from '../storage/grants.ts';
import { SCOPES, type ApiKey } from '../storage/keys.ts';
import { getTenant, type Tenant } from '../storage/tenants.ts';
import { ToolError } from './errors.ts';
import type { Operation, TenantToolContext } from './tool-context.ts';
import type { AppContext } from './app.ts';

export type OperatorRead = 'messages' | 'message' | 'captures' | 'capture' | 'config';

async function tenantOrThrow(app: AppContext, tenantId: string): Promise<Tenant> {
  const tenant = await getTenant(app.db, tenantId);
  if (!tenant) throw new ToolError('not_found', `No tenant ${tenantId}.`);
  return tenant;
}

export async function operatorCounts(app: AppContext, tenantId: string) {
  const tenant = await tenantOrThrow(app, tenantId);
  const grant = await activeGrant(app.db, tenant.id, app.now());
  return {
    tenant: { id: tenant.id, name: tenant.name, kind: tenant.kind },
    support_grant: grant ? { id: grant.id, expires_at: grant.expires_at } : null,
    counts: await tenantCounts(app.db, tenant.id),
  };
}

async function operatorContext(app: AppContext, tenant: Tenant): Promise<TenantToolContext> {
  const account = await getAccount(app.db, tenant.account_id);
  const key: ApiKey = {
    id: 'operator',
    account_id: tenant.account_id,
    prefix: 'operator',
    label: 'operator',
    scopes: [...SCOPES],
    all_tenants: false,
    tenants: [tenant.id],
    created_at: tenant.created_at,
    last_used_at: null,
    revoked_at: null,
  };
  return { app, caller: { key, account: account!, tenants: [tenant] }, tenant, actor: 'operator', now: app.now() };
}

function runner(operations: readonly Operation[], ctx: TenantToolContext) {
  return (name: string, input: Record<string, unknown>) => {
    const operation = operations.find((o) => o.name === name);
    if (!operation) throw new Error(`operator read: no operation ${name} among those passed in`);
    return operation.handler(operation.input.parse(input), ctx);
  };
}

/** `operations`: the tool list (tools/index.ts), passed in by the adapter. */
export async function operatorRead(
  app: AppContext,
  operations: readonly Operation[],
  tenantId: string,
  what: OperatorRead,
  id?: string,
): Promise<unknown> {
  const tenant = await tenantOrThrow(app, tenantId);
  const now = app.now();
  const grant = await activeGrant(app.db, tenant.id, now);
  const event = (type: string, diff: Record<string, unknown>) =>
    eventStatement(
      { accountId: tenant.account_id, tenantId: tenant.id, type, subjectId: id ?? tenant.id, actor: 'operator', diff },
      now,
    );
  if (!grant) {
    await app.db.batch([event('operator.read_refused', { what })]);
    throw new ToolError(
      'insufficient_scope',
      `No active support grant for ${tenant.id}: the operator sees counts only. The tenant can grant access with grant_support_access.`,
      { required: 'support_grant' },
    );
  }
  if ((what === 'message' || what === 'capture') && !id)
    throw new ToolError('invalid_request', `operator read ${what} needs an id.`);
  const run = runner(operations, await operatorContext(app, tenant));
  let result: unknown;
  switch (what) {
    case 'messages':
      result = await run('list_messages', { limit: 50 });
      break;
    case 'message':
      result = await run('get_message', { id });
      break;
    case 'captures':
      result = await run('list_captures', { limit: 50 });
      break;
    case 'capture':
      result = await run('get_capture', { id });
      break;
    case 'config':
      result = {
        tenant: await run('get_tenant', {}),
        buckets: await run('list_buckets', {}),
        destinations: await run('list_destinations', {}),
        subdomain: await run('get_subdomain', {}),
        addresses: await run('list_addresses', {}),
      };
      break;
  }
  await app.db.batch([event('operator.read', { what, id: id ?? null, grant_id: grant.id })]);
  return result;
}
