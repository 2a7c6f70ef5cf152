// A real DNS server on 127.0.0.1 (dns2, UDP and TCP on one port) serving a small zone, and
// a "resolver" that never answers. The service reaches them through SVC_DNS_SERVERS.
import dns2 from 'dns2';
import { createSocket } from 'node:dgram';
import { freePort } from './process.ts';

const { Packet } = dns2;

/** name -> record type -> answers: TXT strings, A addresses, PTR names; `ttl` in seconds (300 unless set). */
export type Zone = Record<string, Partial<Record<'TXT' | 'A' | 'PTR', string[]>> & { ttl?: number }>;

export interface RunningDns {
  /** host:port for SVC_DNS_SERVERS. */
  address: string;
  /** Every question asked, as "TYPE name". */
  queries: string[];
  close: () => Promise<void>;
}

const TYPE_NAMES = new Map(Object.entries(Packet.TYPE as Record<string, number>).map(([name, code]) => [code, name]));

/** A TXT record longer than 255 octets (a DKIM key) goes as several character-strings, as zone files write it. */
const characterStrings = (text: string) => text.match(/.{1,255}/g) ?? [''];

/** `delayMs` holds each answer back, as a resolver that has to ask the internet would. */
export async function startDns(zone: Zone, delayMs = 0, host = '127.0.0.1'): Promise<RunningDns> {
  const queries: string[] = [];
  const server = dns2.createServer({
    udp: { type: host.includes(':') ? 'udp6' : 'udp4' },
    tcp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question!.name.toLowerCase();
      const type = TYPE_NAMES.get(question!.type) ?? String(question!.type);
      queries.push(`${type} ${name}`);
      const records = zone[name];
      // An unknown name is NXDOMAIN (ENOTFOUND); a known one without the type is an empty answer (ENODATA).
      if (!records) response.header.rcode = 3; // NXDOMAIN
      for (const value of records?.[type as 'TXT' | 'A' | 'PTR'] ?? []) {
        const base = { name: question!.name, class: Packet.CLASS.IN, ttl: records?.ttl ?? 300 };
        // dns2 encodes plain objects; its typings ask for Resource instances.
        const answer =
          type === 'TXT'
            ? { ...base, type: Packet.TYPE.TXT, data: characterStrings(value) }
            : type === 'A'
              ? { ...base, type: Packet.TYPE.A, address: value }
              : { ...base, type: Packet.TYPE.PTR, domain: value };
        response.answers.push(answer as unknown as (typeof response.answers)[number]);
      }
      if (delayMs > 0) setTimeout(() => send(response), delayMs);
      else send(response);
    },
  });
  const port = await freePort();
  await server.listen({ udp: { port, address: host }, tcp: { port, address: host } });
  return {
    address: host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`,
    queries,
    close: () => server.close().then(() => undefined),
  };
}

/** A UDP socket that takes every query and answers none: lookups through it time out. */
export async function startSilentDns(): Promise<RunningDns> {
  const socket = createSocket('udp4');
  const queries: string[] = [];
  socket.on('message', () => queries.push('?'));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    queries,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
