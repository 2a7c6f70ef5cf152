// Support grants and the operator: counts only without a grant; reads under one, each in
// the tenant's events; refused again after revoke or expiry.
import { describe, expect, it } from 'vitest';
import { operatorCounts, operatorRead } from '../../services/operator.ts';
import { tools } from '../../tools/index.ts';
import { callRest, makeTestApp, toolNamed, verifiedAccount, caller } from '../helpers/app.ts';
import { buildEml } from '../helpers/mail.ts';
import { startServe, svc, svcEnv, tempDataDir } from '../helpers/process.ts';

describe('operator under support grants', () => {
  it('counts only without a grant; reads with one (audited); refused after revoke and after expiry', async () => {
    const t = await makeTestApp();
    const { key } = await verifiedAccount(t.app);
    const tenant = (await callRest(t.h3, toolNamed('create_tenant'), key, { name: 'acme' })).body.tenant.id;
    const call = caller(t.h3, key, tenant);
    const ingested = (
      await call('ingest_message', {
        eml: buildEml({ subject: 'Invoice OP-1', text: 'Invoice number: OP-1\nTotal due: 3.00 EUR' }),
      })
    ).body;

    const counts = await operatorCounts(t.app, tenant);
    expect(counts).toEqual({
      tenant: { id: tenant, name: 'acme', kind: 'account' },
      support_grant: null,
      counts: { messages: 1, captures: { applied: 0, held: 1, task: 0 }, open_tasks: 1, buckets: 2 },
    });
    expect(JSON.stringify(counts)).not.toContain('OP-1');
    for (const [what, id] of [
      ['messages'],
      ['message', ingested.message_id],
      ['captures'],
      ['capture', ingested.capture.id],
      ['config'],
    ] as const) {
      await expect(operatorRead(t.app, tools, tenant, what, id)).rejects.toMatchObject({ code: 'insufficient_scope' });
    }

    const grant = (await call('grant_support_access', { hours: 2, reason: 'ticket 42' })).body;
    expect(grant).toMatchObject({ hours: 2, reason: 'ticket 42' });
    const message = (await operatorRead(t.app, tools, tenant, 'message', ingested.message_id)) as { subject: string };
    expect(message.subject).toBe('Invoice OP-1');
    const capture = (await operatorRead(t.app, tools, tenant, 'capture', ingested.capture.id)) as {
      fields: { invoice_number: { value: string } };
    };
    expect(capture.fields.invoice_number.value).toBe('OP-1');
    const config = (await operatorRead(t.app, tools, tenant, 'config')) as { buckets: { buckets: unknown[] } };
    expect(config.buckets.buckets).toHaveLength(2);
    const reads = (await call('list_events', { type: 'operator.read' })).body.events;
    expect(reads.map((e: { actor: string; diff: { what: string } }) => `${e.actor}:${e.diff.what}`)).toEqual([
      'operator:config',
      'operator:capture',
      'operator:message',
    ]);

    const revoked = (await call('revoke_support_access')).body;
    expect(revoked).toEqual({ revoked: true, grant_id: grant.id });
    await expect(operatorRead(t.app, tools, tenant, 'messages')).rejects.toMatchObject({ code: 'insufficient_scope' });
    expect((await call('revoke_support_access')).body).toEqual({ revoked: false, grant_id: null });

    await call('grant_support_access', { hours: 1 });
    await operatorRead(t.app, tools, tenant, 'captures');
    t.clock.now = new Date(t.clock.now.getTime() + 61 * 60_000);
    await expect(operatorRead(t.app, tools, tenant, 'captures')).rejects.toMatchObject({ code: 'insufficient_scope' });
    expect((await operatorCounts(t.app, tenant)).support_grant).toBeNull();
    const refusals = (await call('list_events', { type: 'operator.read_refused' })).body.events;
    expect(refusals.length).toBe(7);
    expect((await call('grant_support_access', { hours: 169 })).status).toBe(400);
    await t.close();
  });

  it('the operator CLI reads only under a grant', async () => {
    const dataDir = tempDataDir();
    const env = svcEnv(dataDir);
    const sandbox = JSON.parse(await svc(['sandbox', '--json'], env));
    const counts = JSON.parse(await svc(['operator', 'counts', sandbox.tenant_id], env));
    expect(counts.counts.buckets).toBe(2);
    const refused = await svc(['operator', 'read', sandbox.tenant_id, 'config'], env).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect((refused as { code: number }).code).toBe(1);
    expect((refused as { stderr: string }).stderr).toContain('No active support grant');
    const serve = await startServe(env);
    try {
      const r = await fetch(`${serve.url}/v1/support-grant`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sandbox.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ hours: 1 }),
      });
      expect(r.status).toBe(200);
    } finally {
      await serve.stop();
    }
    const config = JSON.parse(await svc(['operator', 'read', sandbox.tenant_id, 'config'], env));
    expect(config.buckets.buckets.map((b: { name: string }) => b.name)).toEqual(['invoices', 'receipts']);
  }, 90_000); // several CLI processes, each starting tsx: 26 to 28 s alone, over 30 s when the whole suite shares 2 cores
});
