// REST = MCP: the same sequence of calls, one run over REST and one over a real MCP
// client, on two services with the same clock, gives the same results and errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  callMcp,
  callRest,
  makeTestApp,
  mcpClient,
  normalize,
  toolNamed,
  verifiedAccount,
  type TestApp,
} from '../helpers/app.ts';

interface Step {
  tool: string;
  args?: (results: any[]) => Record<string, unknown>;
  tenant?: string;
  /** Sent as the Idempotency-Key header over REST and as the idempotency_key input over MCP. */
  idempotencyKey?: string;
}

const steps: Step[] = [
  { tool: 'get_project_status' },
  {
    tool: 'register_interest',
    args: () => ({ email: 'cto@example.com', price_band: 'usd_25_75_month', wants_beta: true }),
  },
  { tool: 'register_interest', args: () => ({ email: 'not-an-email', expected_volume: 'lots' }) },
  { tool: 'get_account' },
  { tool: 'create_tenant', args: () => ({ name: 'acme' }) },
  { tool: 'create_tenant', args: () => ({ name: 'acme' }) },
  { tool: 'create_tenant', args: () => ({ name: 'globex', with_starters: false }) },
  { tool: 'create_tenant', args: () => ({ name: '' }) },
  { tool: 'list_tenants' },
  { tool: 'get_tenant' },
  { tool: 'get_tenant', tenant: 'acme' },
  { tool: 'get_tenant', tenant: 'initech' },
  {
    tool: 'set_tenant_policy',
    tenant: 'acme',
    args: () => ({ policy: { auto_accept: { min_confidence: 0.9 }, on_flags: { hidden_text: 'accept' } } }),
  },
  { tool: 'set_tenant_policy', tenant: 'acme', args: () => ({ policy: { auto_accept: { min_confidence: 2 } } }) },
  { tool: 'set_tenant_policy', tenant: 'acme', args: () => ({}) },
  { tool: 'create_key', args: () => ({ label: 'reader', scopes: ['read'], tenants: ['acme'] }) },
  { tool: 'create_key', args: () => ({ label: 'agent' }) },
  { tool: 'create_key', args: () => ({ label: 'bad', scopes: ['admin'] }) },
  { tool: 'create_key', args: () => ({ label: 'nowhere', tenants: ['initech'] }) },
  { tool: 'list_keys' },
  { tool: 'revoke_key', args: (r) => ({ id: r[15].id }) },
  { tool: 'revoke_key', args: (r) => ({ id: r[15].id }) },
  { tool: 'revoke_key', args: () => ({ id: 'key_00000000000000000000000000' }) },
  {
    tool: 'submit_feedback',
    args: () => ({ text: 'The invoice starter missed a VAT number.', about: 'starter:invoice', severity: 'high' }),
  },
  { tool: 'submit_feedback', args: () => ({ severity: 'urgent' }) },
  { tool: 'list_events', tenant: 'acme' },
  { tool: 'list_events', tenant: 'acme', args: () => ({ type: 'tenant.policy_set' }) },
  { tool: 'list_events', tenant: 'acme', args: (r) => ({ after: r[25].events.at(-1).id, limit: 3 }) },
  { tool: 'list_events', tenant: 'acme', args: () => ({ limit: 500 }) },
  // Buckets and dry runs (issue: pipeline).
  { tool: 'list_starters' },
  { tool: 'list_buckets', tenant: 'acme' },
  { tool: 'list_buckets', tenant: 'globex', args: () => ({ days: 7 }) },
  {
    tool: 'create_bucket',
    tenant: 'acme',
    args: () => ({
      name: 'orders',
      priority: 50,
      rule: { subject_contains: ['order'] },
      schema: 'starter:purchase_order',
    }),
  },
  { tool: 'create_bucket', tenant: 'acme', args: () => ({ name: 'orders' }) },
  { tool: 'create_bucket', tenant: 'acme', args: () => ({ name: 'bad', rule: { any: [{ subject_matches: '(' }] } }) },
  { tool: 'create_bucket', tenant: 'acme', args: () => ({ name: 'bad', rule: { subject: 'x' } }) },
  {
    tool: 'create_bucket',
    tenant: 'acme',
    args: () => ({ name: 'bad', schema: { name: 'x', fields: { a: { type: 'money', extract: [] } } } }),
  },
  { tool: 'create_bucket', tenant: 'acme', args: () => ({ name: 'bad', schema: 'starter:nope' }) },
  { tool: 'create_bucket', tenant: 'acme', args: () => ({ name: 'Bad Name' }) },
  { tool: 'get_bucket', tenant: 'acme', args: () => ({ id: 'orders' }) },
  {
    tool: 'update_bucket',
    tenant: 'acme',
    args: () => ({ id: 'orders', description: 'Purchase orders', enabled: false }),
  },
  {
    tool: 'update_bucket',
    tenant: 'acme',
    args: () => ({ id: 'orders', schema: null, policy: { no_schema: 'task' } }),
  },
  { tool: 'update_bucket', tenant: 'acme', args: () => ({ id: 'orders', name: 'invoices' }) },
  { tool: 'get_bucket', tenant: 'acme', args: (r) => ({ id: r[32].id }) },
  {
    tool: 'dry_run_rule',
    tenant: 'acme',
    args: () => ({
      rule: { any: [{ subject_contains: ['receipt'] }, { sender_domain: '.vendor.example' }] },
      eml: 'From: a@billing.vendor.example\r\nSubject: Invoice 7\r\n\r\nTotal: 5 EUR\r\n',
      html: '<p>Receipt</p>',
    }),
  },
  { tool: 'dry_run_rule', tenant: 'acme', args: () => ({ rule: { subject_contains: ['x'] } }) },
  {
    tool: 'dry_run_schema',
    tenant: 'acme',
    args: () => ({
      schema: 'starter:invoice',
      eml: 'From: Vendor <a@vendor.example>\r\nSubject: Invoice\r\n\r\nInvoice No: V-1\r\nInvoice date: 2026-03-01\r\nTotal: 5.00 EUR\r\n',
      expected: { eml: { invoice_number: 'V-1', total_amount: '5,00', currency: 'USD' } },
    }),
  },
  { tool: 'delete_bucket', tenant: 'acme', args: () => ({ id: 'orders' }) },
  { tool: 'get_bucket', tenant: 'acme', args: () => ({ id: 'orders' }) },
  { tool: 'list_events', tenant: 'acme', args: () => ({ type: 'bucket.updated' }) },
  // Ingest, messages, captures, tasks, flow (issue: ingest).
  { tool: 'ingest_message', tenant: 'acme', args: () => ({ eml: HELD_INVOICE }) },
  {
    tool: 'ingest_message',
    tenant: 'acme',
    args: () => ({
      html: '<p>Lunch on Friday?</p>',
      from: 'Pat <pat@example.com>',
      to: 'ap@acme.example',
      subject: 'Lunch',
    }),
  },
  { tool: 'ingest_message', tenant: 'acme', args: () => ({ subject: 'nothing to ingest' }) },
  { tool: 'ingest_message', tenant: 'acme', args: () => ({ eml: HELD_INVOICE, auth: { spf: 'pass' } }) },
  // A retry with an idempotency key answers the first result; another message under it is refused.
  { tool: 'ingest_message', tenant: 'acme', idempotencyKey: 'lunch-1', args: () => ({ eml: RETRIED }) },
  { tool: 'ingest_message', tenant: 'acme', idempotencyKey: 'lunch-1', args: () => ({ eml: RETRIED }) },
  { tool: 'ingest_message', tenant: 'acme', idempotencyKey: 'lunch-1', args: () => ({ eml: HELD_INVOICE }) },
  { tool: 'list_messages', tenant: 'acme' },
  { tool: 'list_messages', tenant: 'acme', args: () => ({ status: 'held', limit: 1 }) },
  { tool: 'get_message', tenant: 'acme', args: (r) => ({ id: held(r).message_id, include_headers: true }) },
  { tool: 'get_message', tenant: 'acme', args: () => ({ id: 'msg_00000000000000000000000000' }) },
  { tool: 'get_document_text', tenant: 'acme', args: (r) => ({ id: r.find((x) => x?.documents)?.documents[0].id }) },
  // An attachment's bytes (an addition, issue 26): two pages, the body refused, an unknown id.
  { tool: 'ingest_message', tenant: 'acme', args: () => ({ eml: WITH_ATTACHMENT }) },
  { tool: 'get_message', tenant: 'acme', args: (r) => ({ id: r.at(-1).message_id }) },
  { tool: 'get_attachment', tenant: 'acme', args: (r) => ({ id: r.at(-1).documents[1].id, max_bytes: 1024 }) },
  {
    tool: 'get_attachment',
    tenant: 'acme',
    args: (r) => ({ id: r.at(-1).id, offset: r.at(-1).next_offset, max_bytes: 1024 }),
  },
  { tool: 'get_attachment', tenant: 'acme', args: (r) => ({ id: r.at(-3).documents[0].id }) },
  { tool: 'get_attachment', tenant: 'acme', args: () => ({ id: 'doc_00000000000000000000000000' }) },
  { tool: 'list_captures', tenant: 'acme', args: () => ({ status: 'held' }) },
  { tool: 'get_capture', tenant: 'acme', args: (r) => ({ id: held(r).capture.id }) },
  {
    tool: 'correct_field',
    tenant: 'acme',
    args: (r) => ({ id: held(r).capture.id, field: 'total_amount', value: 'EUR 99.00', reason: 'from the PDF' }),
  },
  {
    tool: 'correct_field',
    tenant: 'acme',
    args: (r) => ({ id: held(r).capture.id, field: 'total_amount', value: 'ninety' }),
  },
  { tool: 'list_tasks', tenant: 'acme' },
  { tool: 'get_task', tenant: 'acme', args: (r) => ({ id: held(r).tasks[0].id }) },
  { tool: 'approve_capture', tenant: 'acme', args: (r) => ({ id: held(r).capture.id, note: 'ok' }) },
  { tool: 'approve_capture', tenant: 'acme', args: (r) => ({ id: held(r).capture.id }) },
  {
    tool: 'resolve_task',
    tenant: 'acme',
    args: (r) => ({
      id: r.find((x) => x?.status === 'unrouted')?.tasks[0].id,
      status: 'dismissed',
      note: 'not business mail',
    }),
  },
  { tool: 'reprocess_message', tenant: 'acme', args: (r) => ({ id: held(r).message_id }) },
  { tool: 'get_flow', tenant: 'acme', args: () => ({ hours: 24 }) },
  {
    tool: 'dry_run_schema',
    tenant: 'acme',
    args: (r) => ({ schema: 'starter:invoice', message_ids: [held(r).message_id] }),
  },
  { tool: 'list_buckets', tenant: 'acme' },
  // Mail in (issue: mail in).
  { tool: 'get_subdomain', tenant: 'acme' },
  { tool: 'create_address', tenant: 'acme', args: () => ({ local_part: 'ap' }) },
  { tool: 'claim_subdomain', tenant: 'acme', args: () => ({ name: 'postmaster' }) },
  { tool: 'claim_subdomain', tenant: 'acme', args: () => ({ name: 'acme-trading' }) },
  { tool: 'claim_subdomain', tenant: 'globex', args: () => ({ name: 'acme-trading' }) },
  {
    tool: 'claim_subdomain',
    tenant: 'globex',
    args: () => ({ name: 'smtp-globex', request_exception: true, reason: 'brand' }),
  },
  { tool: 'set_catch_all', tenant: 'acme', args: () => ({ enabled: true }) },
  {
    tool: 'create_address',
    tenant: 'acme',
    args: () => ({ local_part: 'ap', label: 'Payables', daily_cap: 100, bucket: 'invoices' }),
  },
  { tool: 'create_address', tenant: 'acme', args: () => ({ local_part: 'ap' }) },
  { tool: 'create_address', tenant: 'acme', args: () => ({ kind: 'relationship' }) },
  { tool: 'create_address', tenant: 'acme', args: () => ({ local_part: 'x', bucket: 'nope' }) },
  { tool: 'list_addresses', tenant: 'acme' },
  { tool: 'set_address_enabled', tenant: 'acme', args: () => ({ id: 'ap', enabled: false }) },
  {
    tool: 'set_address_forwarders',
    tenant: 'acme',
    args: () => ({ id: 'ap', forwarders: ['@Vendor.example', 'ops@acme.example'] }),
  },
  { tool: 'set_address_forwarders', tenant: 'acme', args: () => ({ id: 'nope', forwarders: [] }) },
  { tool: 'list_addresses', tenant: 'acme', args: () => ({ enabled: false, kind: 'named' }) },
  { tool: 'get_bucket', tenant: 'acme', args: () => ({ id: 'invoices' }) },
  { tool: 'release_subdomain', tenant: 'acme', args: () => ({ confirm: false }) },
  { tool: 'release_subdomain', tenant: 'acme', args: () => ({ confirm: true }) },
  { tool: 'get_subdomain', tenant: 'globex' },
  // Destinations and webhooks (issue: webhooks). No worker runs here: deliveries stay queued.
  {
    tool: 'add_destination',
    tenant: 'acme',
    args: () => ({ name: 'erp', url: 'http://127.0.0.1:9/hook', secret: 'parity-secret-1' }),
  },
  { tool: 'add_destination', tenant: 'acme', args: () => ({ name: 'erp', url: 'http://127.0.0.1:9/other' }) },
  {
    tool: 'add_destination',
    tenant: 'acme',
    args: () => ({ name: 'short', url: 'http://127.0.0.1:9/', secret: 'short' }),
  },
  { tool: 'list_destinations', tenant: 'acme' },
  { tool: 'update_bucket', tenant: 'acme', args: () => ({ id: 'invoices', destinations: ['erp'] }) },
  { tool: 'deliver_capture', tenant: 'acme', args: (r) => ({ id: held(r).capture.id }) },
  { tool: 'list_captures', tenant: 'acme', args: () => ({ delivery: 'none' }) },
  { tool: 'list_captures', tenant: 'acme', args: () => ({ delivery: 'delivered' }) },
  { tool: 'get_capture', tenant: 'acme', args: (r) => ({ id: held(r).capture.id }) },
  { tool: 'remove_destination', tenant: 'acme', args: () => ({ id: 'erp' }) },
  { tool: 'remove_destination', tenant: 'acme', args: () => ({ id: 'erp' }) },
  { tool: 'deliver_capture', tenant: 'acme', args: (r) => ({ id: held(r).capture.id }) },
  // Regression tests and support grants (issue: tests and operator).
  {
    tool: 'promote_to_test',
    tenant: 'acme',
    args: (r) => ({ capture_id: held(r).capture.id, expected: { invoice_number: 'H-1' } }),
  },
  { tool: 'promote_to_test', tenant: 'acme', args: (r) => ({ capture_id: held(r).capture.id }) },
  { tool: 'promote_to_test', tenant: 'acme', args: () => ({ capture_id: 'cap_00000000000000000000000000' }) },
  { tool: 'list_tests', tenant: 'acme', args: () => ({ bucket: 'invoices' }) },
  { tool: 'run_tests', tenant: 'acme', args: () => ({ bucket: 'invoices' }) },
  {
    tool: 'run_tests',
    tenant: 'acme',
    args: () => ({
      bucket: 'invoices',
      schema: { name: 'x', fields: { invoice_number: { type: 'string', extract: [] } } },
    }),
  },
  { tool: 'get_test_run', tenant: 'acme', args: (r) => ({ id: r.find((x) => x?.trigger === 'run_tests')?.id }) },
  { tool: 'list_test_runs', tenant: 'acme' },
  {
    tool: 'update_bucket',
    tenant: 'acme',
    args: () => ({
      id: 'invoices',
      schema: { name: 'x', fields: { invoice_number: { type: 'string', extract: [] } } },
    }),
  },
  {
    tool: 'remove_test',
    tenant: 'acme',
    args: (r) => ({ id: r.find((x) => x?.retired_case !== undefined)?.id, reason: 'superseded' }),
  },
  { tool: 'list_tests', tenant: 'acme', args: () => ({ include_retired: true }) },
  { tool: 'grant_support_access', tenant: 'acme', args: () => ({ hours: 48, reason: 'ticket 7' }) },
  { tool: 'grant_support_access', tenant: 'acme', args: () => ({ hours: 500 }) },
  { tool: 'revoke_support_access', tenant: 'acme' },
  { tool: 'revoke_support_access', tenant: 'acme' },
];

const RETRIED = 'From: Pat <pat@example.com>\r\nTo: ap@acme.example\r\nSubject: Lunch again\r\n\r\nFriday?\r\n';

const HELD_INVOICE =
  'From: Vendor <billing@vendor.example>\r\nTo: ap@acme.example\r\nSubject: Invoice H-1\r\n' +
  'Date: Mon, 02 Mar 2026 09:00:00 +0000\r\n\r\nInvoice number: H-1\r\nInvoice date: 2026-03-02\r\n';

const WITH_ATTACHMENT =
  'From: Vendor <billing@vendor.example>\r\nTo: ap@acme.example\r\nSubject: Notes\r\n' +
  'MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n' +
  '--b\r\nContent-Type: text/plain\r\n\r\nSee the notes.\r\n' +
  '--b\r\nContent-Type: text/csv; name="notes.csv"\r\nContent-Disposition: attachment; filename="notes.csv"\r\n' +
  `Content-Transfer-Encoding: base64\r\n\r\n${Buffer.from('line,value\n'.repeat(150)).toString('base64')}\r\n--b--\r\n`;

/** The first ingest answer that was held. */
function held(results: any[]): any {
  return results.find((x) => x?.message_id && x.status === 'held');
}

type Outcome = { ok: boolean; body: any };

async function runRest(t: TestApp, key: string): Promise<Outcome[]> {
  const results: any[] = [];
  const outcomes: Outcome[] = [];
  for (const step of steps) {
    const response = await callRest(
      t.h3,
      toolNamed(step.tool),
      key,
      step.args?.(results) ?? {},
      step.tenant,
      step.idempotencyKey ? { 'idempotency-key': step.idempotencyKey } : {},
    );
    expect(response.headers.get('x-svc-tenant')).not.toBe('');
    results.push(response.body);
    outcomes.push({ ok: response.status === 200, body: response.body });
  }
  return outcomes;
}

async function runMcp(client: Client): Promise<Outcome[]> {
  const results: any[] = [];
  const outcomes: Outcome[] = [];
  for (const step of steps) {
    const args = step.args?.(results) ?? {};
    const response = await callMcp(
      client,
      step.tool,
      step.idempotencyKey ? { ...args, idempotency_key: step.idempotencyKey } : args,
      step.tenant,
    );
    results.push(response.body);
    outcomes.push({ ok: !response.isError, body: response.body });
  }
  return outcomes;
}

describe('REST and MCP give the same results', () => {
  let restApp: TestApp;
  let mcpApp: TestApp;
  let restOutcomes: Outcome[];
  let mcpOutcomes: Outcome[];

  beforeAll(async () => {
    restApp = await makeTestApp({ SVC_ALLOW_PRIVATE_DESTINATIONS: '1' });
    mcpApp = await makeTestApp({ SVC_ALLOW_PRIVATE_DESTINATIONS: '1' });
    const restOwner = await verifiedAccount(restApp.app);
    const mcpOwner = await verifiedAccount(mcpApp.app);
    restOutcomes = await runRest(restApp, restOwner.key);
    mcpOutcomes = await runMcp(await mcpClient(mcpApp.h3, mcpOwner.key));
    // Some 300 calls: 20 to 25 s alone on this shared machine, more beside other test files.
  }, 120_000);
  afterAll(async () => {
    await restApp.close();
    await mcpApp.close();
  });

  it('covers successes and failures', () => {
    expect(restOutcomes.filter((o) => o.ok).length).toBeGreaterThan(10);
    const codes = restOutcomes.filter((o) => !o.ok).map((o) => o.body.error.code);
    expect(new Set(codes)).toEqual(
      new Set([
        'invalid_request',
        'conflict',
        'tenant_required',
        'not_found',
        'invalid_rule',
        'invalid_regex',
        'invalid_schema',
        'invalid_state',
        'name_refused',
        'tests_failing',
        'idempotency_key_reused',
      ]),
    );
  });

  it('answers an idempotent retry with the first result on both surfaces', () => {
    const keyed = steps.flatMap((s, i) => (s.idempotencyKey ? [i] : []));
    expect(keyed).toHaveLength(3);
    for (const outcomes of [restOutcomes, mcpOutcomes]) {
      const [first, retry, other] = keyed.map((i) => outcomes[i]!);
      expect(first!.ok).toBe(true);
      expect(retry).toEqual(first);
      expect(other!.body.error.code).toBe('idempotency_key_reused');
    }
  });

  it.each(steps.map((s, i) => [i, s.tool] as const))('step %i (%s) matches', (i) => {
    const seenRest = new Map<string, string>();
    const seenMcp = new Map<string, string>();
    // Normalize the whole run up to this step so placeholders line up across steps.
    const rest = restOutcomes.slice(0, i + 1).map((o) => normalize(o, seenRest));
    const mcp = mcpOutcomes.slice(0, i + 1).map((o) => normalize(o, seenMcp));
    expect(mcp[i]).toEqual(rest[i]);
  });
});
