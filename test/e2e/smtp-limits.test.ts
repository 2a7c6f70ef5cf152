// SMTP limits against a real listener on 127.0.0.1: connection caps in total and per client
// address (421 beyond), 100 recipients per message (452 beyond), and a 250 reply that names
// one opaque id. Clients connect from several loopback addresses (127.0.0.0/8 is all local).
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenSmtp, MAX_RECIPIENTS, type RunningSmtp } from '../../adapters/smtp.ts';
import { offlineResolver } from '../../services/dns.ts';
import { callRest, createSandbox, makeTestApp, toolNamed, type TestApp } from '../helpers/app.ts';
import { SmtpClient } from '../helpers/smtp.ts';

const DOMAIN = 'in.test';

describe('SMTP limits', () => {
  let t: TestApp;
  let smtp: RunningSmtp;
  let key: string;
  const open: Socket[] = [];

  beforeAll(async () => {
    t = await makeTestApp(
      { SVC_INBOUND_DOMAIN: DOMAIN, SVC_SMTP_MAX_CONNECTIONS: '5', SVC_SMTP_MAX_CONNECTIONS_PER_IP: '3' },
      { resolver: offlineResolver },
    );
    smtp = await listenSmtp(t.app, 0, '127.0.0.1');
    key = (await createSandbox(t.app, 'operator')).key;
    expect((await callRest(t.h3, toolNamed('claim_subdomain'), key, { name: 'limits-test' })).body.outcome).toBe(
      'claimed',
    );
    await callRest(t.h3, toolNamed('set_catch_all'), key, { enabled: true });
  });
  afterAll(async () => {
    for (const s of open) s.destroy();
    await smtp.close();
    await t.close();
  });

  /** Connects from a loopback address and returns the socket and the server's first reply line. */
  const greet = (localAddress: string) =>
    new Promise<{ socket: Socket; greeting: string }>((resolve, reject) => {
      const socket = connect({ port: smtp.port, host: '127.0.0.1', localAddress });
      open.push(socket);
      socket.setEncoding('latin1');
      socket.once('data', (line: string) => resolve({ socket, greeting: line.trim() }));
      socket.once('error', reject);
    });
  /** smtp-server runs onClose a little after the socket closes: connect until admitted (or give up after 10 s). */
  const admitted = async (localAddress: string) => {
    for (let i = 0; ; i++) {
      const c = await greet(localAddress);
      if (c.greeting.startsWith('220') || i === 100) return c;
      c.socket.destroy();
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('refuses a client address past its connection cap with 421, and admits it again once one closes', async () => {
    const first = await Promise.all([1, 2, 3].map(() => greet('127.0.0.1')));
    expect(first.map((c) => c.greeting.slice(0, 3))).toEqual(['220', '220', '220']);
    const fourth = await greet('127.0.0.1');
    expect(fourth.greeting).toMatch(/^421 4\.7\.0 Too many connections from 127\.0\.0\.1 \(limit 3\)/);
    // Another address is not held back by this one.
    const other = await greet('127.0.0.2');
    expect(other.greeting).toMatch(/^220/);
    first[0]!.socket.destroy();
    expect((await admitted('127.0.0.1')).greeting).toMatch(/^220/);
    // 3 from .1 and 1 from .2 are open; one more reaches the total of 5, the next is refused.
    expect((await greet('127.0.0.3')).greeting).toMatch(/^220/);
    expect((await greet('127.0.0.4')).greeting).toMatch(/^421 .*Too many connected clients/);
    for (const s of open.splice(0)) s.destroy();
    (await admitted('127.0.0.1')).socket.destroy();
  });

  it(`takes ${MAX_RECIPIENTS} recipients per message and answers 452 beyond; the next message starts again`, async () => {
    const { client } = await SmtpClient.open(smtp.port);
    try {
      await client.command('EHLO client.test');
      expect(await client.command('MAIL FROM:<a@vendor.example>')).toMatch(/^250/);
      const replies: string[] = [];
      for (let i = 0; i < MAX_RECIPIENTS + 2; i++)
        replies.push(await client.command(`RCPT TO:<limits-test.r${i}@${DOMAIN}>`));
      expect(replies.slice(0, MAX_RECIPIENTS).filter((r) => !r.startsWith('250'))).toEqual([]);
      expect(replies.slice(MAX_RECIPIENTS)).toEqual(
        Array(2).fill(
          `452 4.5.3 Too many recipients: at most ${MAX_RECIPIENTS} per message; send the rest in another message`,
        ),
      );
      const stored = await client.data(`From: a@vendor.example\r\nSubject: Many\r\n\r\nhello\r\n`);
      expect(stored).toMatch(/^250 2\.0\.0 Stored as [0-9A-F]{16}$/);
      const list = (await callRest(t.h3, toolNamed('list_messages'), key, {})).body.messages;
      const m = (await callRest(t.h3, toolNamed('get_message'), key, { id: list[0].id })).body;
      expect(m.subject).toBe('Many');
      expect(m.recipients).toHaveLength(MAX_RECIPIENTS);
      expect(m.recipients).not.toContain(`limits-test.r${MAX_RECIPIENTS}@${DOMAIN}`);
      // A new transaction counts from zero.
      expect(await client.command('MAIL FROM:<a@vendor.example>')).toMatch(/^250/);
      expect(await client.command(`RCPT TO:<limits-test.again@${DOMAIN}>`)).toMatch(/^250/);
    } finally {
      await client.close();
    }
  });
});
