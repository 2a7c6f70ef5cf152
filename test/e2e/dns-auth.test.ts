// Mail authentication end to end over the DNS protocol: a real DNS server on 127.0.0.1
// serves SPF, DKIM, DMARC and ARC keys; `svc serve` runs as its own process with
// SVC_DNS_SERVERS pointing at it; mail arrives over SMTP; get_message shows the verdicts.
import { dkimSign, sealMessage } from 'mailauth';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDns, startSilentDns, type RunningDns } from '../helpers/dns.ts';
import { freePort, startServe, svcEnv, tempDataDir, type ServeProcess } from '../helpers/process.ts';
import { SmtpClient } from '../helpers/smtp.ts';

const DOMAIN = 'in.test';
const RCPT = `auth-test.inbox@${DOMAIN}`;

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    pem: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    dns: `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`,
  };
}
const vendorKey = keyPair();
const arcKey = keyPair();

const ZONE = {
  'vendor.example': { TXT: ['v=spf1 ip4:127.0.0.1 -all'] },
  'sel._domainkey.vendor.example': { TXT: [vendorKey.dns] },
  '_dmarc.vendor.example': { TXT: ['v=DMARC1; p=quarantine'] },
  'relay.example': { TXT: ['v=spf1 ip4:127.0.0.1 -all'] },
  'elsewhere.example': { TXT: ['v=spf1 ip4:192.0.2.10 -all'] },
  '_dmarc.elsewhere.example': { TXT: ['v=DMARC1; p=reject'] },
  'lax.example': { TXT: ['v=spf1 ip4:192.0.2.10 -all'] },
  '_dmarc.lax.example': { TXT: ['v=DMARC1; p=none; rua=mailto:d@lax.example'] },
  'soft.example': { TXT: ['v=spf1 ~all'] },
  'neutral.example': { TXT: ['v=spf1 ?all'] },
  'broken.example': { TXT: ['v=spf1 bogus:thing -all'] },
  'forwarder.example': { TXT: ['v=spf1 ip4:127.0.0.1 -all'] },
  'arc._domainkey.forwarder.example': { TXT: [arcKey.dns] },
  '1.0.0.127.in-addr.arpa': { PTR: ['client.test'] },
};

let counter = 0;
function mail(from: string, subject: string, body: string): string {
  return [
    `From: ${from}`,
    `To: ${RCPT}`,
    `Subject: ${subject}`,
    'Date: Tue, 03 Mar 2026 10:00:00 +0000',
    `Message-ID: <m${++counter}.${Date.now()}@test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    ...body.split('\n'),
    '',
  ].join('\r\n');
}

// mailauth stamps t= twice while signing unless signTime is given; across a half-second
// boundary the two differ and the signature never verifies (measured: 1 in 200 ARC seals).
async function signed(message: string): Promise<string> {
  const key = { signingDomain: 'vendor.example', selector: 'sel', privateKey: vendorKey.pem, signTime: new Date() };
  return (await dkimSign(message, { ...key, signatureData: [key] })).signatures + message;
}

async function rest(s: ServeProcess, key: string, method: string, path: string, body?: unknown) {
  const r = await fetch(`${s.url}${path}`, {
    method,
    body: body ? JSON.stringify(body) : undefined,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
  });
  return r.json() as Promise<any>;
}

async function serve(dns: RunningDns, extra: Record<string, string> = {}) {
  const smtpPort = await freePort();
  const s = await startServe(
    svcEnv(tempDataDir(), {
      SVC_AUTH_DNS: 'system',
      SVC_DNS_SERVERS: dns.address,
      SVC_SMTP_PORT: String(smtpPort),
      SVC_INBOUND_DOMAIN: DOMAIN,
      ...extra,
    }),
  );
  const key = s.key!;
  await rest(s, key, 'POST', '/v1/subdomain', { name: 'auth-test' });
  await rest(s, key, 'POST', '/v1/addresses', { local_part: 'inbox' });
  /** Sends over SMTP and returns the stored message as get_message shows it. */
  const deliver = async (envelopeFrom: string, message: string) => {
    const { client } = await SmtpClient.open(smtpPort);
    const r = await client.send(envelopeFrom, [RCPT], message);
    await client.close();
    expect(r.data).toMatch(/^250 /);
    const subject = /^Subject: (.*)$/m.exec(message)![1];
    const list = await rest(s, key, 'GET', '/v1/messages?limit=50');
    const found = list.messages.find((m: { subject: string }) => m.subject === subject);
    return rest(s, key, 'GET', `/v1/messages/${found.id}`);
  };
  return { s, key, deliver };
}

describe('mail authentication over a real DNS server', () => {
  let dns: RunningDns;
  let svc: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    dns = await startDns(ZONE);
    svc = await serve(dns);
    const { s, key } = svc;
    await rest(s, key, 'POST', '/v1/buckets', {
      name: 'trusted',
      priority: 1,
      rule: { auth: { spf: 'pass', dkim: 'pass', dmarc: 'pass' } },
    });
    await rest(s, key, 'POST', '/v1/buckets', { name: 'spoofed', priority: 2, rule: { auth: { dmarc: 'fail' } } });
  }, 60_000);
  afterAll(async () => {
    await svc?.s.stop();
    await dns?.close();
  });

  it('signed and aligned: SPF, DKIM and DMARC pass, each with its domain; the auth predicate matches', async () => {
    const m = await svc.deliver(
      'billing@vendor.example',
      await signed(mail('Vendor <billing@vendor.example>', 'Signed aligned', 'Invoice number: A-1')),
    );
    expect(m.auth).toMatchObject({ spf: 'pass', dkim: 'pass', dmarc: 'pass', arc: 'none', synthetic: false });
    expect(m.auth.details).toEqual({
      spf: { result: 'pass', domain: 'vendor.example' },
      dkim: [{ result: 'pass', domain: 'vendor.example', selector: 'sel' }],
      dmarc: { result: 'pass', domain: 'vendor.example', policy: 'quarantine' },
      arc: { result: 'none', sealer: null, sealed_dmarc: null, sealed_from_domain: null },
    });
    expect(m.flags).not.toEqual(expect.arrayContaining(['spf_fail']));
    expect(m.flags.filter((f: string) => f.endsWith('_fail'))).toEqual([]);
    expect(m.classification.bucket_name).toBe('trusted');
  });

  it('signed then altered, sent via a domain that does not align: DKIM fails, DMARC fails with the policy recorded', async () => {
    const good = await signed(mail('Vendor <billing@vendor.example>', 'Signed altered', 'Pay to IBAN DE00 1111'));
    const m = await svc.deliver('bounce@relay.example', good.replace('DE00 1111', 'DE99 6666'));
    expect(m.auth).toMatchObject({ spf: 'pass', dkim: 'fail', dmarc: 'fail' });
    expect(m.auth.details.spf).toEqual({ result: 'pass', domain: 'relay.example' });
    expect(m.auth.details.dkim).toEqual([{ result: 'fail', domain: 'vendor.example', selector: 'sel' }]);
    expect(m.auth.details.dmarc).toEqual({ result: 'fail', domain: 'vendor.example', policy: 'quarantine' });
    expect(m.flags).toEqual(expect.arrayContaining(['dkim_fail', 'dmarc_fail']));
    expect(m.flags).not.toContain('spf_fail');
    expect(m.classification.bucket_name).toBe('spoofed');
  });

  it('unsigned from a domain whose SPF excludes 127.0.0.1: SPF fails, DMARC fails with p=reject recorded', async () => {
    const m = await svc.deliver(
      'ceo@elsewhere.example',
      mail('CEO <ceo@elsewhere.example>', 'Urgent transfer', 'Wire it today'),
    );
    expect(m.auth).toMatchObject({ spf: 'fail', dkim: 'none', dmarc: 'fail' });
    expect(m.auth.details).toMatchObject({
      spf: { result: 'fail', domain: 'elsewhere.example' },
      dkim: [],
      dmarc: { result: 'fail', domain: 'elsewhere.example', policy: 'reject' },
    });
    expect(m.flags).toEqual(expect.arrayContaining(['spf_fail', 'dmarc_fail']));
    expect(m.flags).not.toContain('dkim_fail');
  });

  it('DMARC passes on DKIM alone when SPF is for another domain; a p=none domain still fails, with none recorded', async () => {
    const viaRelay = await svc.deliver(
      'bounce@relay.example',
      await signed(mail('billing@vendor.example', 'Signed via relay', 'hello')),
    );
    expect(viaRelay.auth).toMatchObject({ spf: 'pass', dkim: 'pass', dmarc: 'pass' });
    expect(viaRelay.auth.details.spf.domain).toBe('relay.example');
    const lax = await svc.deliver('x@lax.example', mail('x@lax.example', 'Lax policy', 'hello'));
    expect(lax.auth.details.dmarc).toEqual({ result: 'fail', domain: 'lax.example', policy: 'none' });
    expect(lax.flags).toEqual(expect.arrayContaining(['spf_fail', 'dmarc_fail']));
  });

  it('a domain with no records: none everywhere, no flags', async () => {
    const m = await svc.deliver('someone@norecords.example', mail('someone@norecords.example', 'No records', 'hello'));
    expect(m.auth).toMatchObject({ spf: 'none', dkim: 'none', dmarc: 'none' });
    expect(m.auth.details.dmarc).toEqual({ result: 'none', domain: 'norecords.example', policy: null });
    expect(m.flags.filter((f: string) => f.endsWith('_fail'))).toEqual([]);
  });

  it('SPF softfail, neutral and permerror come through as such; DMARC passes on SPF alone when it aligns', async () => {
    const verdicts: Record<string, string> = {};
    for (const domain of ['soft.example', 'neutral.example', 'broken.example']) {
      const m = await svc.deliver(`x@${domain}`, mail(`x@${domain}`, `SPF ${domain}`, 'hello'));
      expect(m.auth.details.spf.domain).toBe(domain);
      verdicts[domain] = m.auth.spf;
    }
    expect(verdicts).toEqual({
      'soft.example': 'softfail',
      'neutral.example': 'neutral',
      'broken.example': 'permerror',
    });
    const m = await svc.deliver('billing@vendor.example', mail('billing@vendor.example', 'Unsigned aligned', 'hello'));
    expect(m.auth).toMatchObject({ spf: 'pass', dkim: 'none', dmarc: 'pass' });
  });

  describe('trusted forwarders', () => {
    beforeAll(async () => {
      expect(
        (await rest(svc.s, svc.key, 'PUT', '/v1/policy', { policy: { forwarders: ['@forwarder.example'] } })).error,
      ).toBeUndefined();
    });

    /** What the forwarder does: appends a footer (breaking the vendor's DKIM) and sends it on from its own envelope. */
    const forwarded = async (subject: string) =>
      `${await signed(mail('Vendor <billing@vendor.example>', subject, 'Invoice number: F-1'))}-- \r\nSent on by forwarder.example\r\n`;

    it("is judged by the forwarder's authentication; the original domain stays unverified without ARC", async () => {
      const m = await svc.deliver('fwd@forwarder.example', await forwarded('Forwarded plain'));
      expect(m.auth.details.dkim).toEqual([{ result: 'fail', domain: 'vendor.example', selector: 'sel' }]);
      expect(m.auth.details.dmarc.result).toBe('fail');
      expect(m.auth).toMatchObject({
        spf: 'pass',
        dkim: 'none',
        dmarc: 'pass',
        forwarded: {
          forwarder: '@forwarder.example',
          original_domain: 'vendor.example',
          original_verified: false,
          verified_by: null,
        },
      });
      expect(m.flags.filter((f: string) => f.endsWith('_fail'))).toEqual([]);
    });

    it("the forwarder's valid ARC seal vouches for the original domain", async () => {
      const message = await forwarded('Forwarded sealed');
      // What the forwarder found when the message reached it, sealed over the message it sends on (cv=none: first hop).
      const options = {
        signingDomain: 'forwarder.example',
        selector: 'arc',
        privateKey: arcKey.pem,
        cv: 'none',
        signTime: new Date(),
        authResults:
          'forwarder.example; dkim=pass header.d=vendor.example; spf=pass smtp.mailfrom=vendor.example; dmarc=pass header.from=vendor.example',
      };
      const seal = await sealMessage(message, options);
      const m = await svc.deliver('fwd@forwarder.example', seal.toString() + message);
      expect(m.auth.arc).toBe('pass');
      expect(m.auth.details.arc).toEqual({
        result: 'pass',
        sealer: 'forwarder.example',
        sealed_dmarc: 'pass',
        sealed_from_domain: 'vendor.example',
      });
      expect(m.auth.forwarded).toEqual({
        forwarder: '@forwarder.example',
        original_domain: 'vendor.example',
        original_verified: true,
        verified_by: 'arc',
      });
    });

    it('an ARC chain broken after sealing is arc=fail and vouches for nothing', async () => {
      const message = await forwarded('Forwarded sealed then changed');
      const options = {
        signingDomain: 'forwarder.example',
        selector: 'arc',
        privateKey: arcKey.pem,
        cv: 'none',
        signTime: new Date(),
        authResults: 'forwarder.example; dmarc=pass header.from=vendor.example',
      };
      const seal = await sealMessage(message, options);
      const m = await svc.deliver(
        'fwd@forwarder.example',
        seal.toString() + message.replace('Invoice number: F-1', 'Invoice number: F-9'),
      );
      expect(m.auth.arc).toBe('fail');
      expect(m.auth.forwarded).toMatchObject({
        original_domain: 'vendor.example',
        original_verified: false,
        verified_by: null,
      });
    });

    it('a forwarded-as-new message names the original sender as unverified', async () => {
      const body =
        'FYI\n\n---------- Forwarded message ---------\nFrom: Vendor <billing@vendor.example>\nSubject: Invoice\n\nInvoice number: F-2';
      const m = await svc.deliver('pa@forwarder.example', mail('PA <pa@forwarder.example>', 'Fwd: Invoice', body));
      expect(m.from.address).toBe('billing@vendor.example');
      expect(m.auth).toMatchObject({
        spf: 'pass',
        forwarded: { original_domain: 'vendor.example', original_verified: false },
      });
    });
  });

  it('answers came over DNS once and were cached, negative ones too', () => {
    const asked = (q: string) => dns.queries.filter((x) => x === q).length;
    expect(asked('TXT _dmarc.vendor.example')).toBe(1);
    expect(asked('TXT sel._domainkey.vendor.example')).toBe(1);
    expect(asked('TXT vendor.example')).toBe(1);
    expect(asked('TXT _dmarc.norecords.example')).toBe(1);
    expect(asked('PTR 1.0.0.127.in-addr.arpa')).toBe(1);
  });
});

describe('a resolver that does not answer', () => {
  it('gives temperror, never a pass, and the message is still stored', async () => {
    const silent = await startSilentDns();
    const svc = await serve(silent, { SVC_DNS_TIMEOUT_MS: '200', SVC_DNS_TRIES: '1' });
    try {
      const m = await svc.deliver(
        'billing@vendor.example',
        await signed(mail('Vendor <billing@vendor.example>', 'No DNS', 'Invoice number: T-1')),
      );
      expect(m.auth).toMatchObject({ spf: 'temperror', dkim: 'temperror', dmarc: 'temperror', synthetic: false });
      expect(m.auth.details.dkim).toEqual([{ result: 'temperror', domain: 'vendor.example', selector: 'sel' }]);
      // Not a failure either: nothing is flagged, and a rule asking for a pass does not match.
      expect(m.flags.filter((f: string) => f.endsWith('_fail'))).toEqual([]);
      expect(silent.queries.length).toBeGreaterThan(0);
      // The process is still serving.
      expect((await fetch(`${svc.s.url}/healthz`)).status).toBe(200);
    } finally {
      await svc.s.stop();
      await silent.close();
    }
  }, 60_000);
});
