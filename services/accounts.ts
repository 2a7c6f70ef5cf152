// Creating accounts, sandboxes and operator-issued keys: what `svc serve` does on an
// empty database and what the CLI offers the operator. Each is one atomic batch.
import { eventStatement } from '../storage/events.ts';
import { insertAccountStatement, newAccount } from '../storage/accounts.ts';
import { newKey, SCOPES, type Scope } from '../storage/keys.ts';
import { insertTenantStatement, newTenant } from '../storage/tenants.ts';
import type { AppContext } from './app.ts';
import { starterBucketStatements } from './buckets.ts';

export interface SandboxCredentials {
  key: string;
  key_id: string;
  tenant_id: string;
  account_id: string;
}

/**
 * A throwaway account with one sandbox tenant and a key carrying every scope. The key is
 * made for "every tenant": a throwaway account can never own a second tenant, so it
 * reaches exactly the sandbox.
 */
export async function createSandbox(app: AppContext, actor: 'system' | 'operator'): Promise<SandboxCredentials> {
  const now = app.now();
  const account = newAccount('throwaway', null, now);
  const tenant = newTenant(account.id, 'sandbox', 'sandbox', true, now, app.config.sandboxDays);
  const made = newKey(account.id, 'sandbox', [...SCOPES], null, null, now);
  await app.db.batch([
    insertAccountStatement(account),
    insertTenantStatement(tenant),
    ...starterBucketStatements(tenant.id, now),
    ...made.statements,
    eventStatement(
      {
        accountId: account.id,
        tenantId: null,
        type: 'account.created',
        subjectId: account.id,
        actor,
        diff: { kind: 'throwaway' },
      },
      now,
    ),
    eventStatement(
      {
        accountId: account.id,
        tenantId: tenant.id,
        type: 'tenant.created',
        subjectId: tenant.id,
        actor,
        diff: { name: tenant.name, kind: 'sandbox', expires_at: tenant.expires_at },
      },
      now,
    ),
    eventStatement(
      {
        accountId: account.id,
        tenantId: null,
        type: 'key.created',
        subjectId: made.key.id,
        actor,
        diff: { label: made.key.label, scopes: made.key.scopes, all_tenants: true },
      },
      now,
    ),
  ]);
  return { key: made.plaintext, key_id: made.key.id, tenant_id: tenant.id, account_id: account.id };
}

export async function createStandardAccount(app: AppContext, email: string) {
  const now = app.now();
  const account = newAccount('standard', email, now);
  await app.db.batch([
    insertAccountStatement(account),
    eventStatement(
      {
        accountId: account.id,
        tenantId: null,
        type: 'account.created',
        subjectId: account.id,
        actor: 'operator',
        diff: { kind: 'standard', email },
      },
      now,
    ),
  ]);
  return account;
}

/** The operator issues a key for an account (its first key, typically). */
export async function issueKey(
  app: AppContext,
  accountId: string,
  label: string,
  scopes: Scope[],
  tenants: string[] | null,
) {
  const now = app.now();
  const made = newKey(accountId, label, scopes, tenants, null, now);
  await app.db.batch([
    ...made.statements,
    eventStatement(
      {
        accountId,
        tenantId: null,
        type: 'key.created',
        subjectId: made.key.id,
        actor: 'operator',
        diff: { label, scopes: made.key.scopes, all_tenants: made.key.all_tenants, tenants: made.key.tenants },
      },
      now,
    ),
  ]);
  return { key: made.plaintext, id: made.key.id, prefix: made.key.prefix, scopes: made.key.scopes };
}
