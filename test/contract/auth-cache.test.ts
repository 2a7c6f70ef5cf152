// A verified key's caller is reused for VERIFIED_KEY_TTL_MS (services/auth.ts): a change
// made through this process's configure operations shows at once, one made elsewhere
// (another node, the operator CLI: here, a direct database write) within that long.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFIED_KEY_TTL_MS } from '../../services/auth.ts';
import { revokeKeyStatement } from '../../storage/keys.ts';
import { caller, createSandbox, makeTestApp, verifiedAccount, type TestApp } from '../helpers/app.ts';

describe('verified key cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('a key revoked with revoke_key is refused on its very next call', async () => {
    const owner = await createSandbox(t.app, 'operator');
    const call = caller(t.h3, owner.key);
    const created = await call('create_key', { label: 'agent', scopes: ['read'] });
    expect(created.status).toBe(200);
    const agent = caller(t.h3, created.body.key);
    expect((await agent('list_captures')).status).toBe(200);
    expect((await call('revoke_key', { id: created.body.id })).status).toBe(200);
    const refused = await agent('list_captures');
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('unauthorized');
    expect(refused.body.error.message).toMatch(/revoked/);
  });

  it('a key revoked by another process is refused within the cache time, and served from the cache before it', async () => {
    const owner = await createSandbox(t.app, 'operator');
    const call = caller(t.h3, owner.key);
    expect((await call('list_captures')).status).toBe(200);
    const revokedAt = performance.now();
    await t.app.db.batch([revokeKeyStatement(owner.key_id, 'operator', new Date())]);
    // Another process's revocation does not clear this process's cache: the key still
    // works until its entry is out of date (this call runs well within the TTL).
    const cached = await call('list_captures');
    if (performance.now() - revokedAt < VERIFIED_KEY_TTL_MS) expect(cached.status).toBe(200);
    await sleep(VERIFIED_KEY_TTL_MS + 50);
    const refused = await call('list_captures');
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toMatch(/revoked/);
  });

  it('a tenant created with create_tenant is reachable on the next call', async () => {
    const { key } = await verifiedAccount(t.app, 'cache@example.com');
    const call = caller(t.h3, key);
    expect((await call('list_tenants')).body.tenants).toEqual([]);
    const created = await call('create_tenant', { name: 'fresh' });
    expect(created.status).toBe(200);
    const listed = await call('list_tenants');
    expect(listed.body.tenants.map((x: { name: string }) => x.name)).toEqual(['fresh']);
    const inTenant = await caller(t.h3, key, 'fresh')('list_captures');
    expect(inTenant.status).toBe(200);
    expect(inTenant.headers.get('x-svc-tenant')).toBe(created.body.tenant.id);
  });

  it('an unknown key is looked up every time, and its refusals still count per address', async () => {
    const call = caller(t.h3, 'svc_AAAAAAAAAAAA_notakeyatall');
    const first = await call('list_captures');
    const second = await call('list_captures');
    expect([first.status, second.status]).toEqual([401, 401]);
    expect(second.body.error.message).toMatch(/Unknown API key/);
  });
});
