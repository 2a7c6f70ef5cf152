// Subdomain names: one case per rule, each refusal naming its rule; exception requests
// reviewed by the operator.
import { describe, expect, it } from 'vitest';
import { brokenRule, decideRequest } from '../../services/subdomains.ts';
import { callRest, createSandbox, makeTestApp, toolNamed, caller } from '../helpers/app.ts';

describe('subdomain name rules', () => {
  const cases: [string, string | null][] = [
    ['acme-trading', null],
    ['acme2026', null],
    ['Acme-Trading', 'charset'],
    ['acme_trading', 'charset'],
    ['-acme-trading', 'hyphens'],
    ['acme--trading', 'hyphens'],
    ['acme-trading-', 'hyphens'],
    ['acmeco', 'length'],
    ['a'.repeat(41), 'length'],
    ['postmaster', 'reserved_word'],
    ['support-team', 'reserved_word'],
    ['billing2026', 'reserved_word'],
    ['administrator', 'reserved_word'],
    ['my-paypal-shop', 'brand_name'],
    ['googleinvoices', 'brand_name'],
    ['acme-ups-store', 'brand_name'],
    ['groupsacme', null],
    ['smtp-acme-corp', 'mail_infrastructure'],
    ['mailroom-acme', 'mail_infrastructure'],
    ['bounce-handler', 'mail_infrastructure'],
    ['dmarcreports', 'mail_infrastructure'],
  ];
  it.each(cases)('%s -> %s', (name, rule) => {
    expect(brokenRule(name)).toBe(rule);
  });

  it('refusals name the rule over REST; taken names conflict; one handle per tenant', async () => {
    const t = await makeTestApp();
    const { key } = await createSandbox(t.app, 'operator');
    const claim = (args: Record<string, unknown>, k = key) => callRest(t.h3, toolNamed('claim_subdomain'), k, args);
    const refused = await claim({ name: 'support-team' });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: 'name_refused',
      details: { rule: 'reserved_word', name: 'support-team' },
    });
    expect(refused.body.error.message).toContain('reserved_word');
    expect((await claim({ name: 'acme-trading' })).body).toMatchObject({ outcome: 'claimed', name: 'acme-trading' });
    expect((await claim({ name: 'acme-other' })).body.error.code).toBe('conflict');
    const other = (await createSandbox(t.app, 'operator')).key;
    expect((await claim({ name: 'acme-trading' }, other)).status).toBe(409);
    await t.close();
  });

  it('exception request -> operator approval -> claimed; refusal leaves it unclaimed', async () => {
    const t = await makeTestApp();
    const { key } = await createSandbox(t.app, 'operator');
    const call = caller(t.h3, key);
    expect((await call('claim_subdomain', { name: 'mailbox-co', request_exception: true })).body.error.code).toBe(
      'invalid_request',
    );
    const filed = await call('claim_subdomain', {
      name: 'mailbox-co',
      request_exception: true,
      reason: 'Our company is called Mailbox Co.',
    });
    expect(filed.body).toMatchObject({
      outcome: 'pending_review',
      name: null,
      pending_request: { name: 'mailbox-co', rule: 'mail_infrastructure' },
    });
    const requestId = filed.body.pending_request.id;
    expect((await call('create_address', { local_part: 'x' })).body.error.code).toBe('invalid_state');
    const approved = await decideRequest(t.app, requestId, true, 'company name checked');
    expect(approved.status).toBe('approved');
    expect((await call('get_subdomain')).body).toMatchObject({ name: 'mailbox-co', pending_request: null });
    await expect(decideRequest(t.app, requestId, true, null)).rejects.toThrow(/already approved/);
    const events = (await call('list_events', { subject_id: requestId })).body.events.map(
      (e: { type: string; actor: string }) => `${e.type}:${e.actor}`,
    );
    expect(events).toEqual([
      'subdomain_request.approved:operator',
      expect.stringMatching(/^subdomain_request\.filed:key_/),
    ]);

    const second = (await createSandbox(t.app, 'operator')).key;
    const filed2 = await callRest(t.h3, toolNamed('claim_subdomain'), second, {
      name: 'smtp-lovers',
      request_exception: true,
      reason: 'please',
    });
    await decideRequest(t.app, filed2.body.pending_request.id, false, 'impersonates infrastructure');
    expect((await callRest(t.h3, toolNamed('get_subdomain'), second)).body).toMatchObject({
      name: null,
      pending_request: null,
    });
    await t.close();
  });
});
