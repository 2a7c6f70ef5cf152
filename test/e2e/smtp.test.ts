// A real SMTP listener on 127.0.0.1 and a real SMTP client: addressing, refusals, size
// limit, smuggling, multi-tenant split, SPF/DKIM/DMARC with signed mail and a fake
// resolver, daily caps, relationship addresses, forwarders.
import { dkimSign } from 'mailauth';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenSmtp, type RunningSmtp } from '../../adapters/smtp.ts';
import type { DnsResolver } from '../../services/mail-auth.ts';
import { callRest, createSandbox, makeTestApp, toolNamed, type TestApp } from '../helpers/app.ts';
import { SmtpClient } from '../helpers/smtp.ts';

const DOMAIN = 'in.test';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const dkimPublic = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

const TXT: Record<string, string> = {
  'vendor.example': 'v=spf1 ip4:127.0.0.1 -all',
  'sel._domainkey.vendor.example': `v=DKIM1; k=rsa; p=${dkimPublic}`,
  '_dmarc.vendor.example': 'v=DMARC1; p=reject',
  'elsewhere.example': 'v=spf1 ip4:192.0.2.10 -all',
  '_dmarc.elsewhere.example': 'v=DMARC1; p=reject',
};

const fakeResolver: DnsResolver = async (name, rrtype) => {
  const record = rrtype === 'TXT' ? TXT[name.toLowerCase()] : undefined;
  if (record) return [[record]];
  throw Object.assign(new Error(`${rrtype} ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};

function mail(from: string, to: string, subject: string, body: string): string {
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    'Date: Tue, 03 Mar 2026 10:00:00 +0000',
    `Message-ID: <${Math.random().toString(36).slice(2)}@vendor.example>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    ...body.split('\n'),
    '',
  ].join('\r\n');
}

async function signed(message: string): Promise<string> {
  // signTime pins t=: without it mailauth stamps it twice and, across a half-second boundary, signs a header it never sends.
  const key = {
    signingDomain: 'vendor.example',
    selector: 'sel',
    privateKey: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    signTime: new Date(),
  };
  // mailauth reads signatureData at run time; its type declarations ask for the fields at the top level too.
  const result = await dkimSign(message, { ...key, signatureData: [key] });
  return result.signatures + message;
}

describe('SMTP receiver', () => {
  let t: TestApp;
  let smtp: RunningSmtp;
  let acme: string;
  let globex: string;
  const as =
    (key: string) =>
    (tool: string, args: Record<string, unknown> = {}) =>
      callRest(t.h3, toolNamed(tool), key, args);

  beforeAll(async () => {
    t = await makeTestApp({ SVC_INBOUND_DOMAIN: DOMAIN, SVC_MAX_MESSAGE_BYTES: '65536' }, { resolver: fakeResolver });
    smtp = await listenSmtp(t.app, 0, '127.0.0.1');
    acme = (await createSandbox(t.app, 'operator')).key;
    globex = (await createSandbox(t.app, 'operator')).key;
    const a = as(acme);
    expect((await a('claim_subdomain', { name: 'acme-corp' })).body.outcome).toBe('claimed');
    await a('create_address', { local_part: 'invoices', label: 'AP inbox' });
    await a('create_address', { local_part: 'old-box' });
    await a('set_address_enabled', { id: 'old-box', enabled: false });
    await as(globex)('claim_subdomain', { name: 'globex-inc' });
    await as(globex)('create_address', { local_part: 'orders' });
  });
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });

  /** The tenant's message stored from the transaction a 250 reply names (by its Received trace line). */
  const storedIn = async (key: string, reply: string | null): Promise<string> => {
    const trace = reply?.match(/^250 2\.0\.0 Stored as ([0-9A-F]{16})$/)?.[1];
    if (!trace) throw new Error(`not a 250 reply with an id: ${reply}`);
    for (const m of (await as(key)('list_messages', { limit: 20 })).body.messages) {
      const full = (await as(key)('get_message', { id: m.id, include_headers: true })).body;
      if (
        full.headers.some(
          (h: { name: string; value: string }) => h.name === 'received' && h.value.includes(` id ${trace};`),
        )
      )
        return m.id;
    }
    throw new Error(`no message of this tenant carries trace id ${trace}`);
  };

  const send = async (from: string, to: string[], message: string) => {
    const { client } = await SmtpClient.open(smtp.port);
    try {
      return await client.send(from, to, message);
    } finally {
      await client.close();
    }
  };

  it('accepts mail to a named address and stores it with verified auth results', async () => {
    const r = await send(
      'billing@vendor.example',
      [`acme-corp.invoices@${DOMAIN}`],
      mail(
        'Vendor <billing@vendor.example>',
        `acme-corp.invoices@${DOMAIN}`,
        'Invoice S-1',
        'Invoice number: S-1\nTotal due: 10.00 EUR',
      ),
    );
    expect(r.rcpt[0]).toMatch(/^250/);
    // The reply names one opaque id, never a tenant's message id; the stored copy's trace line carries it.
    expect(r.data).toMatch(/^250 2\.0\.0 Stored as [0-9A-F]{16}$/);
    const id = await storedIn(acme, r.data);
    const m = (await as(acme)('get_message', { id })).body;
    const invoices = (await as(acme)('list_addresses')).body.addresses.find(
      (x: { local_part: string }) => x.local_part === 'invoices',
    );
    expect(m).toMatchObject({
      source: 'smtp',
      address_id: invoices.id,
      envelope_from: 'billing@vendor.example',
      recipients: [`acme-corp.invoices@${DOMAIN}`],
    });
    expect(m.auth).toMatchObject({ spf: 'pass', dkim: 'none', synthetic: false });
    expect(invoices.addresses).toEqual([`acme-corp.invoices@${DOMAIN}`, `acme-corp+invoices@${DOMAIN}`]);
    // The plus form reaches the same address.
    expect(
      (
        await send(
          'billing@vendor.example',
          [`acme-corp+invoices@${DOMAIN}`],
          mail('a@vendor.example', 'x', 'plus', 'x'),
        )
      ).data,
    ).toMatch(/^250/);
  });

  it('refuses a disabled address with 550 and counts the refusal', async () => {
    const r = await send('a@vendor.example', [`acme-corp.old-box@${DOMAIN}`], mail('a@vendor.example', 'x', 'hi', 'x'));
    expect(r.rcpt[0]).toMatch(/^550 .*disabled/);
    expect(r.data).toBeNull();
    const box = (await as(acme)('list_addresses', { enabled: false })).body.addresses[0];
    expect(box).toMatchObject({ local_part: 'old-box', enabled: false, counts: { refused: 1 } });
  });

  it('refuses unknown local parts, unknown handles and other domains', async () => {
    const r = await send(
      'a@vendor.example',
      [`acme-corp.nobody@${DOMAIN}`, `nohandle.x@${DOMAIN}`, 'someone@gmail.com'],
      'x',
    );
    expect(r.rcpt.map((x) => x.slice(0, 3))).toEqual(['550', '550', '550']);
    expect(r.rcpt[0]).toContain('catch-all is off');
  });

  it('accepts unknown local parts under catch-all with address_id null', async () => {
    await as(acme)('set_catch_all', { enabled: true });
    const r = await send(
      'a@vendor.example',
      [`acme-corp.anything@${DOMAIN}`],
      mail('a@vendor.example', `acme-corp.anything@${DOMAIN}`, 'Invoice C-1', 'Invoice number: C-1'),
    );
    expect(r.data).toMatch(/^250/);
    const m = (await as(acme)('get_message', { id: await storedIn(acme, r.data) })).body;
    expect(m.address_id).toBeNull();
    expect(m.classification.bucket_name).toBe('invoices');
    // Disabled addresses stay refused under catch-all.
    expect((await send('a@vendor.example', [`acme-corp.old-box@${DOMAIN}`], 'x')).rcpt[0]).toMatch(/^550/);
    await as(acme)('set_catch_all', { enabled: false });
  });

  it('answers 552 over the size limit: declared with SIZE, and when DATA runs over', async () => {
    const { client } = await SmtpClient.open(smtp.port);
    const ehlo = await client.command('EHLO client.test');
    expect(ehlo).toContain('SIZE 65536');
    expect(await client.command('MAIL FROM:<a@vendor.example> SIZE=999999')).toMatch(/^552/);
    await client.command('RSET');
    await client.command('MAIL FROM:<a@vendor.example>');
    await client.command(`RCPT TO:<acme-corp.invoices@${DOMAIN}>`);
    const big = mail('a@vendor.example', 'x', 'big', 'x'.repeat(70) + `\n${'y'.repeat(70)}`.repeat(1500));
    expect(await client.data(big)).toMatch(/^552/);
    // The session goes on after the refusal.
    expect(await client.command('NOOP')).toMatch(/^250/);
    await client.close();
  });

  it('refuses bare LF / bare CR (SMTP smuggling) with 550', async () => {
    const smuggled = `${mail('a@vendor.example', 'x', 'smuggle', 'hello')}\n.\nMAIL FROM:<evil@x>\r\n`;
    const r = await send('a@vendor.example', [`acme-corp.invoices@${DOMAIN}`], smuggled);
    expect(r.data).toMatch(/^550 5\.5\.2/);
  });

  it('splits one message to several tenants into one message per tenant', async () => {
    const before = (await as(globex)('list_messages')).body.messages.length;
    const r = await send(
      'a@vendor.example',
      [`acme-corp.invoices@${DOMAIN}`, `globex-inc.orders@${DOMAIN}`],
      mail('a@vendor.example', `acme-corp.invoices@${DOMAIN}, globex-inc.orders@${DOMAIN}`, 'Shared', 'For both'),
    );
    expect(r.rcpt.every((x) => x.startsWith('250'))).toBe(true);
    expect(r.data).not.toMatch(/msg_/);
    const ids = [await storedIn(acme, r.data), await storedIn(globex, r.data)];
    expect(new Set(ids).size).toBe(2);
    const g = (await as(globex)('list_messages')).body.messages;
    expect(g.length).toBe(before + 1);
    expect(ids).toContain(g[0].id);
    expect((await as(globex)('get_message', { id: g[0].id })).body.recipients).toEqual([`globex-inc.orders@${DOMAIN}`]);
    // Neither tenant can read the other's copy.
    expect((await as(acme)('get_message', { id: g[0].id })).status).toBe(404);
  });

  it('stops mail at once when the subdomain is released; a dedicated subdomain answers <local>@<handle>.<domain>', async () => {
    const other = (await createSandbox(t.app, 'operator')).key;
    await as(other)('claim_subdomain', { name: 'initech-llc' });
    await as(other)('create_address', { local_part: 'ap' });
    expect((await send('a@vendor.example', [`ap@initech-llc.${DOMAIN}`], 'x')).rcpt[0]).toMatch(/^550/);
    const tenant = (await as(other)('get_tenant')).body.id;
    await t.app.db.batch([{ sql: 'UPDATE tenants SET dedicated_subdomain = 1 WHERE id = ?', args: [tenant] }]);
    expect(
      (await send('a@vendor.example', [`ap@initech-llc.${DOMAIN}`], mail('a@vendor.example', 'x', 'ded', 'x'))).data,
    ).toMatch(/^250/);
    expect((await as(other)('release_subdomain', { confirm: false })).status).toBe(400);
    expect((await as(other)('release_subdomain', { confirm: true })).status).toBe(200);
    expect((await send('a@vendor.example', [`initech-llc.ap@${DOMAIN}`], 'x')).rcpt[0]).toMatch(/^550 .*no subdomain/);
    // The name is free again.
    expect((await as(globex)('claim_subdomain', { name: 'initech-llc' })).body.error.code).toBe('conflict');
    const newcomer = (await createSandbox(t.app, 'operator')).key;
    expect((await as(newcomer)('claim_subdomain', { name: 'initech-llc' })).body.outcome).toBe('claimed');
  });

  describe('SPF, DKIM, DMARC', () => {
    beforeAll(async () => {
      await as(acme)('create_bucket', {
        name: 'trusted',
        priority: 1,
        rule: { all: [{ address: 'invoices@' }, { auth: { dkim: 'pass', dmarc: 'pass' } }] },
      });
    });

    const received = async (message: string, from = 'billing@vendor.example') => {
      const r = await send(from, [`acme-corp.invoices@${DOMAIN}`], message);
      expect(r.data).toMatch(/^250/);
      return (await as(acme)('get_message', { id: await storedIn(acme, r.data) })).body;
    };

    it('a signed message from an authorised IP passes all three and matches the auth predicate', async () => {
      const m = await received(
        await signed(
          mail('Vendor <billing@vendor.example>', `acme-corp.invoices@${DOMAIN}`, 'Signed', 'Invoice number: D-1'),
        ),
      );
      expect(m.auth).toMatchObject({ spf: 'pass', dkim: 'pass', dmarc: 'pass', arc: 'none', synthetic: false });
      expect(m.auth.details).toEqual({
        spf: { result: 'pass', domain: 'vendor.example' },
        dkim: [{ result: 'pass', domain: 'vendor.example', selector: 'sel' }],
        dmarc: { result: 'pass', domain: 'vendor.example', policy: 'reject' },
        arc: { result: 'none', sealer: null, sealed_dmarc: null, sealed_from_domain: null },
      });
      expect(m.flags).not.toContain('dkim_fail');
      expect(m.classification.bucket_name).toBe('trusted');
    });

    it('a tampered body fails DKIM, is flagged, and misses the auth rule', async () => {
      const good = await signed(
        mail(
          'Vendor <billing@vendor.example>',
          `acme-corp.invoices@${DOMAIN}`,
          'Invoice (tampered)',
          'Pay to IBAN DE00 1111',
        ),
      );
      const m = await received(good.replace('DE00 1111', 'DE99 6666'));
      expect(m.auth.dkim).toBe('fail');
      expect(m.flags).toContain('dkim_fail');
      expect(m.classification.bucket_name).not.toBe('trusted');
      const capture = (await as(acme)('get_capture', { id: m.captures[0].id })).body;
      expect(capture).toMatchObject({ status: 'task', reason: 'flag:dkim_fail' });
    });

    it('SPF fails for a domain whose record excludes this IP, and DMARC with it', async () => {
      const m = await received(
        mail('Someone <someone@elsewhere.example>', `acme-corp.invoices@${DOMAIN}`, 'Spoof', 'hello'),
        'someone@elsewhere.example',
      );
      expect(m.auth).toMatchObject({ spf: 'fail', dkim: 'none', dmarc: 'fail', synthetic: false });
      expect(m.flags).toEqual(expect.arrayContaining(['spf_fail', 'dmarc_fail']));
    });
  });

  describe('address checks', () => {
    it('daily cap: mail past the cap is accepted but held with reason daily_cap', async () => {
      const a = as(acme);
      await a('create_address', { local_part: 'capped', daily_cap: 2 });
      const statuses: string[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await send(
          'billing@vendor.example',
          [`acme-corp.capped@${DOMAIN}`],
          mail(
            'billing@vendor.example',
            'x',
            `Invoice Q-${i}`,
            `Invoice number: Q-${i}\nInvoice date: 2026-03-01\nTotal due: 1.00 EUR`,
          ),
        );
        expect(r.data).toMatch(/^250/);
        const m = (await a('get_message', { id: await storedIn(acme, r.data) })).body;
        statuses.push(
          `${m.status}:${(await a('get_capture', { id: m.captures[0].id })).body.reason}:${m.flags.includes('daily_cap_reached')}`,
        );
      }
      expect(statuses).toEqual(['applied:auto_accept:false', 'applied:auto_accept:false', 'held:daily_cap:true']);
      const capped = (await a('list_addresses')).body.addresses.find(
        (x: { local_part: string }) => x.local_part === 'capped',
      );
      expect(capped.counts).toMatchObject({ received: 3, today: 3 });
      // A new UTC day starts the count again.
      t.clock.now = new Date(t.clock.now.getTime() + 86_400_000);
      const next = await send(
        'billing@vendor.example',
        [`acme-corp.capped@${DOMAIN}`],
        mail(
          'billing@vendor.example',
          'x',
          'Invoice Q-9',
          'Invoice number: Q-9\nInvoice date: 2026-03-01\nTotal due: 1.00 EUR',
        ),
      );
      expect((await a('get_message', { id: await storedIn(acme, next.data) })).body.status).toBe('applied');
    });

    it('relationship address: mail from outside the relationship is flagged with a relationship_leak task', async () => {
      const a = as(acme);
      const made = (await a('create_address', { kind: 'relationship', relationship_ref: 'Supplier 42' })).body;
      expect(made.local_part).toMatch(/^r-[a-z2-7]{20}$/);
      const rcpt = `acme-corp.${made.local_part}@${DOMAIN}`;
      const first = await send('ar@supplier.example', [rcpt], mail('ar@supplier.example', rcpt, 'Hello', 'first mail'));
      const firstMessage = (await a('get_message', { id: await storedIn(acme, first.data) })).body;
      expect(firstMessage.flags).not.toContain('relationship_leak');
      const same = await send(
        'other@supplier.example',
        [rcpt],
        mail('other@supplier.example', rcpt, 'Again', 'same company'),
      );
      expect((await a('get_message', { id: await storedIn(acme, same.data) })).body.flags).not.toContain(
        'relationship_leak',
      );
      const leak = await send(
        'x@stranger.example',
        [rcpt],
        mail('x@stranger.example', rcpt, 'Leaked', 'who gave me this address?'),
      );
      const leaked = (await a('get_message', { id: await storedIn(acme, leak.data) })).body;
      expect(leaked.flags).toContain('relationship_leak');
      const tasks = (await a('list_tasks', { kind: 'relationship_leak' })).body.tasks;
      expect(tasks.map((x: { message_id: string }) => x.message_id)).toContain(leaked.id);
      // A listed forwarder is inside the relationship.
      await a('set_address_forwarders', { id: made.id, forwarders: ['@stranger.example'] });
      const allowed = await send('x@stranger.example', [rcpt], mail('x@stranger.example', rcpt, 'Now ok', 'x'));
      expect((await a('get_message', { id: await storedIn(acme, allowed.data) })).body.flags).not.toContain(
        'relationship_leak',
      );
    });

    it('expected forwarders: anyone else is flagged unexpected_sender', async () => {
      const a = as(acme);
      await a('create_address', { local_part: 'bank' });
      await a('set_address_forwarders', { id: 'bank', forwarders: ['@bank.example', 'alerts@notify.example'] });
      const ok = await send(
        'statements@bank.example',
        [`acme-corp.bank@${DOMAIN}`],
        mail('statements@bank.example', 'x', 's', 'x'),
      );
      expect((await a('get_message', { id: await storedIn(acme, ok.data) })).body.flags).not.toContain(
        'unexpected_sender',
      );
      const odd = await send(
        'phish@bank-secure.example',
        [`acme-corp.bank@${DOMAIN}`],
        mail('phish@bank-secure.example', 'x', 's', 'x'),
      );
      expect((await a('get_message', { id: await storedIn(acme, odd.data) })).body.flags).toContain(
        'unexpected_sender',
      );
    });

    it('mail from a trusted forwarder reads as from its original sender', async () => {
      const a = as(acme);
      await a('create_bucket', {
        name: 'from-original',
        priority: 2,
        rule: { sender_domain: 'original.example' },
        policy: { forwarders: ['@assistant.example'] },
      });
      const body =
        'FYI\n\n---------- Forwarded message ---------\nFrom: Original Vendor <billing@original.example>\nDate: Mon, 2 Mar 2026\nSubject: Invoice\n\nInvoice number: O-1';
      const r = await send(
        'pa@assistant.example',
        [`acme-corp.invoices@${DOMAIN}`],
        mail('PA <pa@assistant.example>', 'x', 'Fwd: Invoice', body),
      );
      const m = (await a('get_message', { id: await storedIn(acme, r.data) })).body;
      expect(m.from).toEqual({ name: 'Original Vendor', address: 'billing@original.example' });
      expect(m.classification.bucket_name).toBe('from-original');
      expect(m.notes.join(' ')).toContain('forwarded by pa@assistant.example');
    });
  });
});
