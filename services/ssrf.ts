// Webhook URLs must not reach the service's own network. Addresses are judged by class
// (ipaddr.js), not by string: only global unicast passes, and IPv6 forms that carry an IPv4
// address (mapped, compatible, SIIT, 6to4) are judged by that address. Checked when the
// destination is added and again at connect time (DNS can change), unless
// SVC_ALLOW_PRIVATE_DESTINATIONS=1.
import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

const V4_CLASS: Record<string, string> = {
  unspecified: 'unspecified (0.0.0.0/8)',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local (cloud metadata)',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT (100.64.0.0/10)',
  private: 'private',
  reserved: 'reserved',
  as112: 'reserved (AS112)',
  amt: 'reserved (AMT)',
};
const V6_CLASS: Record<string, string> = {
  unspecified: 'unspecified',
  linkLocal: 'link-local',
  multicast: 'multicast',
  loopback: 'loopback',
  uniqueLocal: 'unique-local (fc00::/7)',
  deprecatedSiteLocal: 'site-local (fec0::/10)',
  discard: 'discard (100::/64)',
  rfc6052: 'NAT64',
  teredo: 'Teredo (2001::/32)',
  reserved: 'reserved',
  benchmarking: 'reserved (benchmarking)',
};

function judgeV4(v4: ipaddr.IPv4, shown: string, via = ''): string | null {
  const range = v4.range();
  if (range === 'unicast') return null;
  return `${shown} is a ${V4_CLASS[range] ?? range} address${via}`;
}

function embeddedV4(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** Why an IP may not be a webhook target, or null when it may. */
export function forbiddenAddress(ip: string): string | null {
  const unbracketed = ip.replace(/^\[|\]$/g, '');
  // A zone id (fe80::1%eth0) does not change the address's class.
  const bare = unbracketed.includes('%') ? unbracketed.slice(0, unbracketed.indexOf('%')) : unbracketed;
  if (!ipaddr.isValid(bare)) return `${ip} is not an IP address`;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') return judgeV4(parsed as ipaddr.IPv4, ip);
  const v6 = parsed as ipaddr.IPv6;
  const p = v6.parts;
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  // Forms that route to an IPv4 address: judge that address.
  if (zeros(0, 5) && p[5] === 0xffff) return judgeV4(embeddedV4(p[6]!, p[7]!), ip, ' (IPv4-mapped)');
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0)
    return judgeV4(embeddedV4(p[6]!, p[7]!), ip, ' (IPv4-translated, ::ffff:0:0/96)');
  if (zeros(0, 6) && !(p[6] === 0 && p[7]! <= 1))
    return judgeV4(embeddedV4(p[6]!, p[7]!), ip, ' (IPv4-compatible, ::/96)');
  if (p[0] === 0x2002) return judgeV4(embeddedV4(p[1]!, p[2]!), ip, ' (6to4, 2002::/16)');
  const range = v6.range();
  if (range === 'unicast') return null;
  // NAT64 (64:ff9b::/96, 64:ff9b:1::/48) and Teredo reach hosts we cannot judge here: refused whole.
  return `${ip} is a ${V6_CLASS[range] ?? `special-purpose (${range})`} address`;
}

/** Port 0 is not a port a request can be sent to; some stacks treat it as "any". */
export function forbiddenPort(url: URL): string | null {
  return url.port === '0' ? 'port 0' : null;
}

export type Lookup = typeof dnsLookup;

export function lookupAll(hostname: string, lookup: Lookup = dnsLookup): Promise<string[]> {
  if (ipaddr.isValid(hostname)) return Promise.resolve([hostname]);
  return new Promise((resolve, reject) => {
    lookup(hostname, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses.map((a) => a.address)),
    );
  });
}

/** A `lookup` for http(s).request that refuses forbidden addresses at connect time. */
export function guardedLookup(allowPrivate: boolean, lookup: Lookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as { address: string; family: number }[];
      const bad = allowPrivate ? null : list.map((a) => forbiddenAddress(a.address)).find(Boolean);
      if (bad) return callback(Object.assign(new Error(`refused: ${hostname} -> ${bad}`), { code: 'ESSRF' }), '', 0);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
