// Webhook URLs must not reach the service's own network: loopback, private, link-local
// (cloud metadata), CGNAT and other special ranges are refused, when the destination is
// added and again at connect time (DNS can change), unless SVC_ALLOW_PRIVATE_DESTINATIONS=1.
import { lookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['100::', 64]] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** Why an IP may not be a webhook target, or null when it may. */
export function forbiddenAddress(ip: string): string | null {
  const family = isIP(ip);
  if (family === 0) return 'not an IP address';
  // IPv4-mapped and NAT64 forms hide an IPv4 address: judge that.
  const mapped = ip.match(/^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i)?.[1];
  if (mapped) return forbiddenAddress(mapped);
  return blocked.check(ip, family === 4 ? 'ipv4' : 'ipv6') ? `${ip} is a loopback, private, link-local or reserved address` : null;
}

export function lookupAll(hostname: string): Promise<string[]> {
  if (isIP(hostname)) return Promise.resolve([hostname]);
  return new Promise((resolve, reject) => {
    lookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses.map((a) => a.address))));
  });
}

/** A `lookup` for http(s).request that refuses forbidden addresses at connect time. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as { address: string; family: number }[];
      const bad = allowPrivate ? null : list.map((a) => forbiddenAddress(a.address)).find(Boolean);
      if (bad) return callback(Object.assign(new Error(`refused: ${bad}`), { code: 'ESSRF' }), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
