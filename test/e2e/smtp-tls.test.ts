// STARTTLS when a certificate is configured (a self-signed one made for the test).
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { listenSmtp } from '../../adapters/smtp.ts';
import { offlineResolver } from '../../services/mail-auth.ts';
import { callRest, createSandbox, makeTestApp, toolNamed } from '../helpers/app.ts';
import { SmtpClient } from '../helpers/smtp.ts';

describe('SMTP with TLS', () => {
  it('offers STARTTLS with a configured certificate and accepts mail over it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=in.test',
      ],
      { stdio: 'ignore' },
    );
    const t = await makeTestApp(
      {
        SVC_INBOUND_DOMAIN: 'in.test',
        SVC_SMTP_TLS_KEY: join(dir, 'key.pem'),
        SVC_SMTP_TLS_CERT: join(dir, 'cert.pem'),
      },
      { resolver: offlineResolver },
    );
    const smtp = await listenSmtp(t.app, 0, '127.0.0.1');
    const { key } = await createSandbox(t.app, 'operator');
    await callRest(t.h3, toolNamed('claim_subdomain'), key, { name: 'tls-tenant' });
    await callRest(t.h3, toolNamed('create_address'), key, { local_part: 'inbox' });

    const { client } = await SmtpClient.open(smtp.port);
    expect(await client.command('EHLO client.test')).toContain('STARTTLS');
    await client.close();

    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      requireTLS: true,
      tls: { rejectUnauthorized: false },
    });
    const info = await transport.sendMail({
      from: 'a@vendor.example',
      to: 'tls-tenant.inbox@in.test',
      subject: 'Over TLS',
      text: 'hello',
    });
    expect(info.accepted).toEqual(['tls-tenant.inbox@in.test']);
    const messages = (await callRest(t.h3, toolNamed('list_messages'), key)).body.messages;
    expect(messages[0]).toMatchObject({ subject: 'Over TLS' });
    await smtp.close();
    await t.close();
  });
});
