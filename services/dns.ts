// DNS for mail authentication: the operator's resolvers (SVC_DNS_SERVERS), asked with dns2's
// client (which reports every answer's TTL) with a per-lookup timeout and retry count, behind
// a bounded answer cache that keeps each answer no longer than its TTL.
// Every SPF, DKIM, DMARC and ARC lookup and the SMTP client's PTR go through one of these.
import { randomInt } from 'node:crypto';
import { promises as dns } from 'node:dns';
import { connect, isIP } from 'node:net';
import dns2 from 'dns2';

/** mailauth's resolver contract: answers as dns.promises.resolve gives them, errors carry its codes. */
export type DnsResolver = (name: string, rrtype: string) => Promise<string[] | string[][]>;

export interface DnsOptions {
  /** host[:port] entries for dns.Resolver#setServers; empty means the system's resolvers. */
  servers: string[];
  timeoutMs: number;
  tries: number;
  /** Most answers kept; the least recently used goes first. */
  cacheEntries: number;
  /** Longest an answer is kept, and how long one is kept when DNS gives no TTL (types other than A, AAAA, TXT, MX, PTR, CNAME, NS). */
  cacheMaxSeconds: number;
}

/** No such name or no record of the type: a real answer, cached like one (RFC 2308). */
const NEGATIVE = new Set(['ENOTFOUND', 'ENODATA']);
/**
 * A timeout or refusal is kept this long only: while a resolver is down each name costs one
 * timeout per few seconds instead of one per message, and it is asked again soon after.
 */
export const TEMPORARY_FAILURE_MS = 5_000;

function dnsError(code: string, name: string, rrtype: string): Error {
  return Object.assign(new Error(`query${rrtype} ${code} ${name}`), { code, hostname: name });
}

/**
 * Parses SVC_DNS_SERVERS: "192.0.2.53, 127.0.0.1:5353, ::1, [2001:db8::53]:53". Returns the
 * entries in the form setServers takes, or throws naming the entry to fix.
 */
export function parseDnsServers(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
      const ipv4Port = /^([^:]+):(\d+)$/.exec(entry);
      const host = bracketed ? bracketed[1]! : ipv4Port ? ipv4Port[1]! : entry;
      const port = bracketed ? bracketed[2] : ipv4Port?.[2];
      if (!isIP(host)) {
        throw new Error(
          `SVC_DNS_SERVERS entry '${entry}' is not an IP address: write a.b.c.d, a.b.c.d:port, an IPv6 address or [v6]:port`,
        );
      }
      if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) {
        throw new Error(`SVC_DNS_SERVERS entry '${entry}' has port ${port}; use 1-65535`);
      }
      if (port === undefined) return host;
      return isIP(host) === 6 ? `[${host}]:${port}` : `${host}:${port}`;
    });
}

interface Entry {
  expires: number;
  answer?: unknown[];
  /** The negative answer's or temporary failure's code (ENOTFOUND, ENODATA, ETIMEOUT, ...). */
  negative?: string;
}

export interface DnsStats {
  hits: number;
  misses: number;
  entries: number;
}

/** A DnsResolver with a cache: answers and negative answers are kept up to their TTL (or the cap), temporary failures for seconds. */
export function cachingResolver(
  lookup: (name: string, rrtype: string) => Promise<{ answer: unknown[]; ttl: number | null }>,
  opts: Pick<DnsOptions, 'cacheEntries' | 'cacheMaxSeconds'>,
  now: () => number = Date.now,
): DnsResolver & { stats: () => DnsStats } {
  const cache = new Map<string, Entry>();
  // Concurrent messages from one sender ask the same questions at once: one query answers all.
  const inFlight = new Map<string, Promise<Entry>>();
  let hits = 0;
  let misses = 0;
  const remember = (key: string, entry: Entry) => {
    if (opts.cacheEntries === 0 || entry.expires <= now()) return;
    cache.delete(key);
    cache.set(key, entry);
    if (cache.size > opts.cacheEntries) cache.delete(cache.keys().next().value!);
  };
  const query = async (name: string, rrtype: string): Promise<Entry> => {
    const maxMs = opts.cacheMaxSeconds * 1000;
    try {
      const { answer, ttl } = await lookup(name, rrtype);
      return { answer, expires: now() + (ttl === null ? maxMs : Math.min(ttl * 1000, maxMs)) };
    } catch (error) {
      const { code = 'ESERVFAIL', ttl = null } = error as { code?: string; ttl?: number | null };
      // A negative answer is kept for the zone's negative TTL when the lookup gives it, else the cap.
      const negativeMs = ttl === null ? maxMs : Math.min(ttl * 1000, maxMs);
      return {
        negative: code,
        expires: now() + (NEGATIVE.has(code) ? negativeMs : Math.min(TEMPORARY_FAILURE_MS, maxMs)),
      };
    }
  };
  const resolver = async (name: string, rrtype: string): Promise<string[] | string[][]> => {
    const key = `${rrtype.toUpperCase()} ${name.toLowerCase().replace(/\.$/, '')}`;
    let entry = cache.get(key);
    if (entry && entry.expires > now()) {
      hits++;
      cache.delete(key);
      cache.set(key, entry);
    } else {
      if (entry) cache.delete(key);
      misses++;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = query(name, rrtype).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
        remember(key, await pending);
      }
      entry = await pending;
    }
    if (entry.negative) throw dnsError(entry.negative, name, rrtype);
    // A copy: mailauth may sort or splice what it gets.
    return structuredClone(entry.answer!) as string[] | string[][];
  };
  return Object.assign(resolver, { stats: () => ({ hits, misses, entries: cache.size }) });
}

/** A server entry as setServers takes it ("192.0.2.53", "192.0.2.53:5353", "::1", "[::1]:5353") as host and port. */
function hostPort(entry: string): { host: string; port: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { host: bracketed[1]!, port: Number(bracketed[2] ?? 53) };
  if (isIP(entry) === 6) return { host: entry, port: 53 };
  const [host = entry, port = '53'] = entry.split(':');
  return { host, port: Number(port) };
}

/** RCODEs as Node's resolver names them (RFC 1035 4.1.1). */
const RCODE_ERRORS: Record<number, string> = {
  1: 'EFORMERR',
  2: 'ESERVFAIL',
  3: 'ENOTFOUND',
  4: 'ENOTIMP',
  5: 'EREFUSED',
};

type Packet = InstanceType<typeof dns2.Packet>;
type Resource = Packet['answers'][number];

/** One question over TCP (a truncated UDP answer is asked again so), bounded by the timeout. */
async function askTcp(host: string, port: number, name: string, type: string, timeoutMs: number): Promise<Packet> {
  const query = new dns2.Packet();
  query.header.id = randomInt(0x10000);
  query.header.rd = 1;
  query.questions.push({
    name,
    type: dns2.Packet.TYPE[type as keyof typeof dns2.Packet.TYPE],
    class: dns2.Packet.CLASS.IN,
  } as never);
  const message = query.toBuffer();
  const socket = connect({ host, port });
  const timer = setTimeout(() => socket.destroy(dnsError('ETIMEOUT', name, type)), timeoutMs);
  try {
    const length = Buffer.alloc(2);
    length.writeUInt16BE(message.length);
    socket.write(Buffer.concat([length, message]));
    const response = dns2.Packet.parse(await dns2.Packet.readStream(socket));
    if (response.header.id !== query.header.id) throw dnsError('EBADRESP', name, type);
    return response;
  } finally {
    clearTimeout(timer);
    socket.destroy();
  }
}

async function ask(server: string, name: string, type: string, timeoutMs: number): Promise<Packet> {
  const { host, port } = hostPort(server);
  const udp = dns2.UDPClient({
    dns: host,
    port,
    socketType: isIP(host) === 6 ? 'udp6' : 'udp4',
    timeout: timeoutMs,
    retryOverTCP: false,
  });
  try {
    const response = await udp(name, type);
    return response.header.tc ? await askTcp(host, port, name, type, timeoutMs) : response;
  } catch (error) {
    if ((error as { code?: string }).code === 'ETIMEDOUT') throw dnsError('ETIMEOUT', name, type);
    throw error;
  }
}

/** An answer record in the form dns.promises.resolve gives it, as mailauth reads it. */
function recordValue(r: Resource, type: string): unknown {
  switch (type) {
    case 'A':
    case 'AAAA':
      return r.address;
    case 'TXT':
      return Array.isArray(r.data) ? r.data : [r.data ?? ''];
    case 'MX':
      return { exchange: r.exchange, priority: r.priority };
    default:
      return r.domain ?? r.ns;
  }
}

/** Types read from the DNS answer with their TTLs; any other goes through Node's resolver with none. */
const WITH_TTL = new Set(['A', 'AAAA', 'TXT', 'MX', 'PTR', 'CNAME', 'NS']);

/**
 * Lookups with the TTL of every answer, TXT (SPF, DKIM, DMARC) included: dns2's client asks the
 * servers (UDP, TCP when the answer is truncated), each try bounded by the timeout. Node's
 * resolver gives TTLs for A and AAAA only. A negative answer carries the zone's negative TTL
 * (the SOA's, RFC 2308) when the server sends one.
 */
export function resolverLookup(opts: Pick<DnsOptions, 'servers' | 'timeoutMs' | 'tries'>) {
  const fallback = new dns.Resolver({ timeout: opts.timeoutMs, tries: opts.tries });
  if (opts.servers.length > 0) fallback.setServers(opts.servers);
  const servers = opts.servers.length > 0 ? opts.servers : fallback.getServers();
  return async (name: string, rrtype: string): Promise<{ answer: unknown[]; ttl: number | null }> => {
    const type = rrtype.toUpperCase();
    if (!WITH_TTL.has(type)) return { answer: (await fallback.resolve(name, type)) as unknown[], ttl: null };
    let failure: unknown = dnsError('ECONNREFUSED', name, type);
    for (let attempt = 0; attempt < opts.tries; attempt++) {
      for (const server of servers) {
        let response: Packet;
        try {
          response = await ask(server, name, type, opts.timeoutMs);
        } catch (error) {
          failure = error;
          continue;
        }
        const soa = response.authorities.find((r) => r.type === dns2.Packet.TYPE.SOA);
        const negativeTtl = soa ? Math.min(soa.ttl, soa.minimum ?? soa.ttl) : null;
        const rcode = response.header.rcode;
        if (rcode !== 0 && rcode !== 3) {
          failure = dnsError(RCODE_ERRORS[rcode] ?? 'ESERVFAIL', name, type);
          continue;
        }
        const records = response.answers.filter(
          (r) => r.type === dns2.Packet.TYPE[type as keyof typeof dns2.Packet.TYPE],
        );
        if (rcode === 3 || records.length === 0) {
          throw Object.assign(dnsError(rcode === 3 ? 'ENOTFOUND' : 'ENODATA', name, type), { ttl: negativeTtl });
        }
        return { answer: records.map((r) => recordValue(r, type)), ttl: Math.min(...records.map((r) => r.ttl)) };
      }
    }
    throw failure;
  };
}

export function createResolver(opts: DnsOptions) {
  return cachingResolver(resolverLookup(opts), opts);
}

/** Answers every lookup "no such record" at once: SPF/DKIM/DMARC come out none, never a hang. */
export const offlineResolver: DnsResolver = async (name, rrtype) => {
  throw dnsError('ENOTFOUND', name, rrtype);
};

/** The eight 4-digit groups of a plain IPv6 address (no embedded IPv4), or null. */
export function ipv6Groups(ip: string): string[] | null {
  if (isIP(ip) !== 6 || ip.includes('.')) return null;
  const [head = '', tail = ''] = ip.split('::');
  const groups = (s: string) => (s ? s.split(':') : []);
  const missing = ip.includes('::') ? 8 - groups(head).length - groups(tail).length : 0;
  return [...groups(head), ...Array<string>(missing).fill('0'), ...groups(tail)].map((g) =>
    g.padStart(4, '0').toLowerCase(),
  );
}

/** The PTR name of an address: 1.2.0.192.in-addr.arpa, or the nibble form for IPv6. */
export function reverseName(ip: string): string | null {
  if (isIP(ip) === 4) return `${ip.split('.').reverse().join('.')}.in-addr.arpa`;
  // Embedded IPv4 forms (::ffff:a.b.c.d) are unmapped by the caller; anything else has no PTR we ask for.
  const groups = ipv6Groups(ip);
  return groups ? `${groups.join('').split('').reverse().join('.')}.ip6.arpa` : null;
}
