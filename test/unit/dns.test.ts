// The DNS layer under mail authentication: SVC_DNS_SERVERS parsing, the answer cache (TTLs,
// negative answers, temporary failures, shared in-flight lookups, the size bound), PTR names,
// and how a trusted forwarder's mail is judged.
import { describe, expect, it } from 'vitest';
import { clientKey } from '../../adapters/smtp.ts';
import { loadConfig } from '../../services/config.ts';
import { startDns } from '../helpers/dns.ts';
import {
  cachingResolver,
  createResolver,
  parseDnsServers,
  resolverLookup,
  reverseName,
  TEMPORARY_FAILURE_MS,
} from '../../services/dns.ts';
import { judgeForwarded } from '../../services/mail-auth.ts';
import type { AuthResults } from '../../pipeline/types.ts';

const fail = (code: string) => Object.assign(new Error(code), { code });

function fakeDns(answers: Record<string, { answer?: string[]; ttl?: number | null; error?: string }>) {
  const asked: string[] = [];
  const lookup = async (name: string, rrtype: string) => {
    asked.push(`${rrtype} ${name}`);
    const a = answers[`${rrtype} ${name}`];
    if (!a || a.error) throw fail(a?.error ?? 'ENOTFOUND');
    return { answer: a.answer!, ttl: a.ttl ?? null };
  };
  return { lookup, asked };
}

describe('SVC_DNS_SERVERS', () => {
  it('takes IPv4 and IPv6 with or without a port, in the form setServers wants', () => {
    expect(parseDnsServers(' 192.0.2.53, 127.0.0.1:5353,::1, [2001:db8::53]:5300 ,')).toEqual([
      '192.0.2.53',
      '127.0.0.1:5353',
      '::1',
      '[2001:db8::53]:5300',
    ]);
    expect(parseDnsServers('')).toEqual([]);
  });

  it('refuses host names and bad ports at start-up, naming the entry', () => {
    expect(() => parseDnsServers('dns.example')).toThrow(/'dns.example' is not an IP address/);
    expect(() => parseDnsServers('127.0.0.1:0')).toThrow(/port 0; use 1-65535/);
    expect(() => loadConfig({ SVC_DNS_SERVERS: '10.0.0.1,resolver' })).toThrow(/SVC_DNS_SERVERS entry 'resolver'/);
    expect(() => loadConfig({ SVC_DNS_TIMEOUT_MS: '0' })).toThrow(/SVC_DNS_TIMEOUT_MS=0/);
  });

  it('has documented defaults', () => {
    const c = loadConfig({});
    expect([c.dnsServers, c.dnsTimeoutMs, c.dnsTries, c.dnsCacheEntries, c.dnsCacheMaxSeconds]).toEqual([
      [],
      1000,
      2,
      10_000,
      300,
    ]);
    expect([c.smtpMaxConnections, c.smtpMaxConnectionsPerIp]).toEqual([200, 20]);
  });
});

describe('the DNS cache', () => {
  it('keeps an answer up to its TTL, capped; without a TTL for the cap', async () => {
    let now = 0;
    const { lookup, asked } = fakeDns({
      'A mx.example': { answer: ['192.0.2.1'], ttl: 10 },
      'TXT example': { answer: ['v=spf1 -all'] },
    });
    const resolve = cachingResolver(lookup, { cacheEntries: 100, cacheMaxSeconds: 60 }, () => now);
    expect(await resolve('mx.example', 'A')).toEqual(['192.0.2.1']);
    expect(await resolve('MX.example.', 'A')).toEqual(['192.0.2.1']);
    await resolve('example', 'TXT');
    now = 9_999;
    await resolve('mx.example', 'A');
    expect(asked).toEqual(['A mx.example', 'TXT example']);
    now = 10_000;
    await resolve('mx.example', 'A');
    await resolve('example', 'TXT');
    expect(asked).toEqual(['A mx.example', 'TXT example', 'A mx.example']);
    now = 60_000;
    await resolve('example', 'TXT');
    expect(asked.filter((q) => q === 'TXT example')).toHaveLength(2);
    expect(resolve.stats()).toMatchObject({ hits: 3, misses: 4 });
  });

  it('caches "no such name" and "no record" answers, and rethrows them with their code', async () => {
    const { lookup, asked } = fakeDns({ 'TXT _dmarc.none.example': { error: 'ENODATA' } });
    const resolve = cachingResolver(lookup, { cacheEntries: 100, cacheMaxSeconds: 60 }, () => 0);
    for (let i = 0; i < 3; i++) {
      await expect(resolve('nowhere.example', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
      await expect(resolve('_dmarc.none.example', 'TXT')).rejects.toMatchObject({ code: 'ENODATA' });
    }
    expect(asked).toEqual(['TXT nowhere.example', 'TXT _dmarc.none.example']);
  });

  it('keeps a timeout or refusal for seconds only: a resolver that is back is asked again soon', async () => {
    let now = 0;
    const { lookup, asked } = fakeDns({
      'TXT slow.example': { error: 'ETIMEOUT' },
      'TXT refused.example': { error: 'EREFUSED' },
    });
    const resolve = cachingResolver(lookup, { cacheEntries: 100, cacheMaxSeconds: 60 }, () => now);
    await expect(resolve('slow.example', 'TXT')).rejects.toMatchObject({ code: 'ETIMEOUT' });
    await expect(resolve('refused.example', 'TXT')).rejects.toMatchObject({ code: 'EREFUSED' });
    now = TEMPORARY_FAILURE_MS - 1;
    await expect(resolve('slow.example', 'TXT')).rejects.toMatchObject({ code: 'ETIMEOUT' });
    expect(asked).toHaveLength(2);
    now = TEMPORARY_FAILURE_MS;
    await expect(resolve('slow.example', 'TXT')).rejects.toMatchObject({ code: 'ETIMEOUT' });
    expect(asked).toEqual(['TXT slow.example', 'TXT refused.example', 'TXT slow.example']);
  });

  it('asks once for lookups that arrive together', async () => {
    const { lookup, asked } = fakeDns({ 'TXT example': { answer: ['x'] } });
    const resolve = cachingResolver(lookup, { cacheEntries: 100, cacheMaxSeconds: 60 }, () => 0);
    expect(await Promise.all([1, 2, 3].map(() => resolve('example', 'TXT')))).toEqual([['x'], ['x'], ['x']]);
    expect(asked).toEqual(['TXT example']);
  });

  it('holds at most cacheEntries answers, dropping the least recently used', async () => {
    const { lookup, asked } = fakeDns({
      'TXT a': { answer: ['a'] },
      'TXT b': { answer: ['b'] },
      'TXT c': { answer: ['c'] },
    });
    const resolve = cachingResolver(lookup, { cacheEntries: 2, cacheMaxSeconds: 60 }, () => 0);
    await resolve('a', 'TXT');
    await resolve('b', 'TXT');
    await resolve('a', 'TXT');
    await resolve('c', 'TXT');
    expect(resolve.stats().entries).toBe(2);
    await resolve('a', 'TXT');
    await resolve('b', 'TXT');
    expect(asked).toEqual(['TXT a', 'TXT b', 'TXT c', 'TXT b']);
  });

  it('gives each caller its own copy of an answer', async () => {
    const { lookup } = fakeDns({ 'TXT k': { answer: ['one', 'two'] } });
    const resolve = cachingResolver(lookup, { cacheEntries: 10, cacheMaxSeconds: 60 }, () => 0);
    ((await resolve('k', 'TXT')) as string[]).splice(0);
    expect(await resolve('k', 'TXT')).toEqual(['one', 'two']);
  });
});

it('asks the resolvers set in SVC_DNS_SERVERS, over IPv6 too, and serves repeats from the cache', async () => {
  const dns = await startDns({ 'v6.example': { TXT: ['v=spf1 -all'] } }, 0, '::1');
  try {
    const config = loadConfig({ SVC_DNS_SERVERS: dns.address, SVC_DNS_TIMEOUT_MS: '500' });
    const resolve = createResolver({
      servers: config.dnsServers,
      timeoutMs: config.dnsTimeoutMs,
      tries: config.dnsTries,
      cacheEntries: config.dnsCacheEntries,
      cacheMaxSeconds: config.dnsCacheMaxSeconds,
    });
    expect(await resolve('v6.example', 'TXT')).toEqual([['v=spf1 -all']]);
    expect(await resolve('v6.example', 'TXT')).toEqual([['v=spf1 -all']]);
    await expect(resolve('missing.example', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(dns.queries).toEqual(['TXT v6.example', 'TXT missing.example']);
  } finally {
    await dns.close();
  }
});

describe('TTLs from the DNS answer, for every record type', () => {
  it('keeps a TXT answer no longer than its TTL: after a 1-second TTL a stopped server is asked again, not the cache', async () => {
    const dns = await startDns({ 'short.example': { TXT: ['v=spf1 -all'], ttl: 1 } });
    let clock = 1_000_000;
    const lookup = resolverLookup({ servers: [dns.address], timeoutMs: 500, tries: 1 });
    const resolve = cachingResolver(lookup, { cacheEntries: 100, cacheMaxSeconds: 300 }, () => clock);
    try {
      expect(await lookup('short.example', 'TXT')).toEqual({ answer: [['v=spf1 -all']], ttl: 1 });
      expect(await resolve('short.example', 'TXT')).toEqual([['v=spf1 -all']]);
      clock += 999;
      expect(await resolve('short.example', 'TXT')).toEqual([['v=spf1 -all']]);
      expect(dns.queries).toEqual(['TXT short.example', 'TXT short.example']);
    } finally {
      await dns.close();
    }
    clock += 2;
    await expect(resolve('short.example', 'TXT')).rejects.toMatchObject({ code: 'ETIMEOUT' });
  });

  it('reports the TTL of A and PTR answers, and reads a TXT record too long for UDP over TCP', async () => {
    const key = `v=DKIM1; k=rsa; p=${'A'.repeat(1200)}`;
    const dns = await startDns({
      'mail.example': { A: ['192.0.2.25', '192.0.2.26'], ttl: 60 },
      '25.2.0.192.in-addr.arpa': { PTR: ['mail.example'], ttl: 3600 },
      'sel._domainkey.example': { TXT: [key], ttl: 120 },
    });
    try {
      const lookup = resolverLookup({ servers: [dns.address], timeoutMs: 2000, tries: 2 });
      expect(await lookup('mail.example', 'A')).toEqual({ answer: ['192.0.2.25', '192.0.2.26'], ttl: 60 });
      expect(await lookup('25.2.0.192.in-addr.arpa', 'PTR')).toEqual({ answer: ['mail.example'], ttl: 3600 });
      const dkim = await lookup('sel._domainkey.example', 'TXT');
      expect(((dkim.answer as string[][])[0] ?? []).join('')).toBe(key);
      expect(dkim.ttl).toBe(120);
      await expect(lookup('mail.example', 'TXT')).rejects.toMatchObject({ code: 'ENODATA' });
      await expect(lookup('nowhere.example', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    } finally {
      await dns.close();
    }
  });
});

it('PTR names for IPv4 and IPv6 clients', () => {
  expect(reverseName('192.0.2.10')).toBe('10.2.0.192.in-addr.arpa');
  expect(reverseName('2001:db8::1')).toBe(`1.0.0.0.${'0.'.repeat(20)}8.b.d.0.1.0.0.2.ip6.arpa`);
  expect(reverseName('not-an-ip')).toBeNull();
});

it('counts SMTP clients by IPv4 address or IPv6 /64', () => {
  expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
  expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:0db8:0001:0002::/64');
  expect(clientKey('2001:db8:1:2::ffff')).toBe(clientKey('2001:DB8:1:2:9:8:7:6'));
  expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
});

describe('mail from a trusted forwarder', () => {
  const measured = (over: Partial<NonNullable<AuthResults['details']>>): AuthResults => {
    const details = {
      spf: { result: 'pass' as const, domain: 'lists.example' },
      dkim: [],
      dmarc: { result: 'fail' as const, domain: 'vendor.example', policy: 'reject' as const },
      arc: { result: 'none', sealer: null, sealed_dmarc: null, sealed_from_domain: null },
      ...over,
    };
    return {
      spf: details.spf.result,
      dkim: 'fail',
      dmarc: details.dmarc.result,
      arc: details.arc.result,
      synthetic: false,
      details,
    };
  };
  const by = {
    forwarder: '.lists.example',
    domain: 'lists.example',
    headerFromDomain: 'vendor.example',
    contentOriginDomain: null,
  };

  it("is judged by the forwarder's SPF and DKIM, not the original domain's broken signature", () => {
    const judged = judgeForwarded(
      measured({
        dkim: [
          { result: 'fail', domain: 'vendor.example', selector: 's' },
          { result: 'pass', domain: 'mail.lists.example', selector: 'k' },
        ],
      }),
      by,
    );
    expect(judged).toMatchObject({
      spf: 'pass',
      dkim: 'pass',
      dmarc: 'pass',
      forwarded: {
        forwarder: '.lists.example',
        original_domain: 'vendor.example',
        original_verified: false,
        verified_by: null,
      },
    });
  });

  it("earns no trust when the forwarder's own checks do not pass; an ARC seal by someone else vouches for nothing", () => {
    const failed = judgeForwarded(
      measured({
        spf: { result: 'fail', domain: 'lists.example' },
        arc: { result: 'pass', sealer: 'other.example', sealed_dmarc: 'pass', sealed_from_domain: 'vendor.example' },
      }),
      by,
    );
    expect(failed).toMatchObject({ spf: 'fail', dkim: 'fail', dmarc: 'fail', forwarded: { original_verified: false } });
    // No SPF record, no signature: anyone could claim to be the forwarder, so the measured verdicts stand.
    const unauthenticated = judgeForwarded(measured({ spf: { result: 'none', domain: 'lists.example' } }), by);
    expect(unauthenticated).toMatchObject({ dkim: 'fail', dmarc: 'fail', forwarded: { original_verified: false } });
  });

  it("the original is verified by its own DMARC pass, or by the forwarder's ARC seal recording one", () => {
    expect(
      judgeForwarded(measured({ dmarc: { result: 'pass', domain: 'vendor.example', policy: 'reject' } }), by).forwarded,
    ).toMatchObject({ original_verified: true, verified_by: 'dmarc' });
    const sealed = measured({
      arc: { result: 'pass', sealer: 'lists.example', sealed_dmarc: 'pass', sealed_from_domain: 'vendor.example' },
    });
    expect(judgeForwarded(sealed, by).forwarded).toMatchObject({ original_verified: true, verified_by: 'arc' });
    const brokenChain = measured({
      arc: { result: 'fail', sealer: 'lists.example', sealed_dmarc: 'pass', sealed_from_domain: 'vendor.example' },
    });
    expect(judgeForwarded(brokenChain, by).forwarded).toMatchObject({ original_verified: false });
  });
});
