// SSRF by address class: every IP form that reaches the service's own network is refused
// at add_destination (as a developer would call it, over REST) and at connect time (the
// DNS-lookup guard, and the IP-literal check before sending).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../services/app.ts';
import { forbiddenAddress, guardedLookup, lookupAll, type Lookup } from '../../services/ssrf.ts';
import { DeliveryWorker } from '../../services/webhooks.ts';
import { caller, createSandbox, makeTestApp, type TestApp } from '../helpers/app.ts';
import { buildEml } from '../helpers/mail.ts';

/** [URL host, the class the refusal must name]. */
const REFUSED: [string, string][] = [
  ['127.0.0.1', 'loopback'],
  ['0.0.0.0', 'unspecified'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.169.254', 'link-local'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['192.0.0.8', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['224.0.0.1', 'multicast'],
  ['[::]', 'unspecified'],
  ['[::1]', 'loopback'],
  ['[fe80::1]', 'link-local'],
  ['[fd00::1]', 'unique-local'],
  ['[fc00::1]', 'unique-local'],
  ['[fec0::1]', 'site-local'],
  ['[ff02::1]', 'multicast'],
  ['[100::1]', 'discard'],
  // NAT64, well-known (/96, here the metadata address and loopback) and local-use (/48).
  ['[64:ff9b::a9fe:a9fe]', 'NAT64'],
  ['[64:ff9b::127.0.0.1]', 'NAT64'],
  ['[64:ff9b::8.8.8.8]', 'NAT64'],
  ['[64:ff9b:1::a00:1]', 'NAT64'],
  // 6to4 judged by its embedded IPv4.
  ['[2002:7f00:1::]', 'loopback address (6to4'],
  ['[2002:a9fe:a9fe::1]', 'link-local (cloud metadata) address (6to4'],
  ['[2001::1]', 'Teredo'],
  ['[2001:0:4136:e378:8000:63bf:3fff:fdd2]', 'Teredo'],
  ['[2001:db8::1]', 'reserved'],
  // IPv4-compatible, IPv4-translated and IPv4-mapped forms, judged by the embedded IPv4.
  ['[::127.0.0.1]', 'loopback address (IPv4-compatible'],
  ['[::a9fe:a9fe]', 'link-local (cloud metadata) address (IPv4-compatible'],
  ['[::ffff:0:127.0.0.1]', 'loopback address (IPv4-translated'],
  ['[::ffff:7f00:1]', 'loopback address (IPv4-mapped'],
  ['[::ffff:127.0.0.1]', 'loopback address (IPv4-mapped'],
  ['[::ffff:192.168.1.1]', 'private address (IPv4-mapped'],
  ['[::ffff:169.254.169.254]', 'link-local (cloud metadata) address (IPv4-mapped'],
  // Other spellings the URL parser turns into loopback.
  ['0x7f.1', 'loopback'],
  ['2130706433', 'loopback'],
  ['localhost', 'loopback'],
];

const ALLOWED = ['93.184.216.34', '[2606:4700::1111]', '[2002:5db8:d822::1]', '[::ffff:93.184.216.34]'];

describe('add_destination refuses internal addresses by class', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let n = 0;
  beforeAll(async () => {
    t = await makeTestApp();
    call = caller(t.h3, (await createSandbox(t.app, 'operator')).key);
  });
  afterAll(() => t.close());

  it.each(REFUSED)('http://%s/ is refused (%s)', async (host, klass) => {
    const before = (await call('list_destinations')).body.destinations.length;
    const r = await call('add_destination', { name: `d${n++}`, url: `http://${host}/hook` });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid_request');
    expect(r.body.error.message).toContain('internal addresses');
    expect(r.body.error.message).toContain(klass);
    expect(r.body.error.message).toContain('SVC_ALLOW_PRIVATE_DESTINATIONS=1');
    expect(r.body.error.details.issues[0].path).toBe('url');
    expect((await call('list_destinations')).body.destinations.length).toBe(before);
  });

  it('refuses port 0, whatever the host', async () => {
    for (const url of ['http://93.184.216.34:0/hook', 'https://[2606:4700::1111]:0/']) {
      const r = await call('add_destination', { name: `p${n++}`, url });
      expect(r.status, url).toBe(400);
      expect(r.body.error.message).toContain('port 0');
    }
  });

  it.each(ALLOWED)('http://%s/ (global unicast) is accepted', async (host) => {
    const r = await call('add_destination', { name: `ok${n++}`, url: `http://${host}/hook` });
    expect(r.status).toBe(200);
    expect(r.body.url).toBe(`http://${host}/hook`);
  });

  it('accepts internal addresses with SVC_ALLOW_PRIVATE_DESTINATIONS=1 (local testing), but never port 0', async () => {
    const open = await makeTestApp({ SVC_ALLOW_PRIVATE_DESTINATIONS: '1' });
    try {
      const c = caller(open.h3, (await createSandbox(open.app, 'operator')).key);
      expect((await c('add_destination', { name: 'local', url: 'http://[64:ff9b::127.0.0.1]:8080/' })).status).toBe(
        200,
      );
      expect((await c('add_destination', { name: 'zero', url: 'http://127.0.0.1:0/' })).status).toBe(400);
    } finally {
      await open.close();
    }
  });
});

/** A DNS answer the test chooses, in dns.lookup's shape. */
function fakeDns(addresses: string[]): Lookup {
  return ((_host: string, _opts: unknown, cb: (e: Error | null, a: { address: string; family: number }[]) => void) => {
    cb(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  }) as unknown as Lookup;
}

describe('connect-time guard', () => {
  const hostile = [
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::7f00:1',
    '::7f00:1',
    '::ffff:0:7f00:1',
    '2002:7f00:1::',
    'fec0::1',
    '2001::1',
    '127.0.0.2',
  ];

  it.each(hostile)('a hostname resolving to %s is refused before any connection', async (address) => {
    // A real request through the guarded lookup: the error comes from the guard, not the network.
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => {
      const req = request('http://hook.example.test:8080/x', {
        method: 'POST',
        lookup: guardedLookup(false, fakeDns(['93.184.216.34', address])),
      });
      req.on('error', resolve);
      req.on('response', () => resolve(new Error('connected') as NodeJS.ErrnoException));
      req.end();
    });
    expect(error.code).toBe('ESSRF');
    expect(error.message).toContain(`refused: hook.example.test -> ${address}`);
  });

  it('passes public answers through (all and single-address forms) and honours allowPrivate', async () => {
    const lookup = guardedLookup(false, fakeDns(['93.184.216.34', '2606:4700::1111']));
    const single = await new Promise((resolve) =>
      lookup('h', {}, (e, address, family) => resolve({ e, address, family })),
    );
    expect(single).toEqual({ e: null, address: '93.184.216.34', family: 4 });
    const all = await new Promise((resolve) => lookup('h', { all: true }, (e, list) => resolve({ e, list })));
    expect(all).toEqual({
      e: null,
      list: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:4700::1111', family: 6 },
      ],
    });
    const open = guardedLookup(true, fakeDns(['127.0.0.1']));
    expect(await new Promise((resolve) => open('h', {}, (e, address) => resolve([e, address])))).toEqual([
      null,
      '127.0.0.1',
    ]);
    expect(await lookupAll('::1')).toEqual(['::1']);
    expect(await lookupAll('hook.example.test', fakeDns(['10.0.0.1']))).toEqual(['10.0.0.1']);
  });

  it('judges addresses the way the table says', () => {
    expect(forbiddenAddress('93.184.216.34')).toBeNull();
    expect(forbiddenAddress('2606:4700::1111')).toBeNull();
    expect(forbiddenAddress('2002:5db8:d822::1')).toBeNull();
    expect(forbiddenAddress('fe80::1%eth0')).toContain('link-local');
    expect(forbiddenAddress('not-an-ip')).toContain('not an IP address');
  });

  it('the sender refuses IP-literal targets of these forms before sending', async () => {
    // Added while private targets were allowed, then sent by a process that refuses them.
    const t = await makeTestApp(
      { SVC_ALLOW_PRIVATE_DESTINATIONS: '1', SVC_WEBHOOK_RETRY_SCALE: '0.0001' },
      { realClock: true },
    );
    const strict = await createAppContext(
      { ...t.app.config, allowPrivateDestinations: false },
      { now: () => new Date() },
    );
    try {
      const call = caller(t.h3, (await createSandbox(t.app, 'operator')).key);
      const targets = [
        'http://[64:ff9b::a9fe:a9fe]/latest/meta-data',
        'http://[::ffff:0:127.0.0.1]:9/',
        'http://[2002:7f00:1::]:9/',
      ];
      for (const [i, url] of targets.entries())
        expect((await call('add_destination', { name: `t${i}`, url })).status).toBe(200);
      await call('update_bucket', { id: 'invoices', destinations: ['t0', 't1', 't2'] });
      const eml = buildEml({
        subject: 'Invoice S-1',
        text: 'Invoice number: S-1\nInvoice date: 2026-03-01\nTotal due: 10.00 EUR',
      });
      const capture = (await call('ingest_message', { eml })).body.capture;
      expect(capture.status).toBe('applied');
      expect(await new DeliveryWorker(strict).tick()).toBe(3);
      const log = (await call('get_capture', { id: capture.id })).body.deliveries.map((d: any) => d.attempt_log[0]);
      expect(log.map((a: any) => a.outcome)).toEqual(['failure', 'failure', 'failure']);
      expect(log.map((a: any) => a.error).sort()).toEqual([
        'refused: 2002:7f00:1:: is a loopback address (6to4, 2002::/16)',
        'refused: 64:ff9b::a9fe:a9fe is a NAT64 address',
        'refused: ::ffff:0:7f00:1 is a loopback address (IPv4-translated, ::ffff:0:0/96)',
      ]);
    } finally {
      strict.db.close();
      await t.close();
    }
  });
});
