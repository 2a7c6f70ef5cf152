// The SMTP receiver (smtp-server): protocol only. Which recipients exist, the checks and
// the storing live in services/mailin.ts; this file answers RCPT and DATA with their results.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { AppContext } from '../services/app.ts';
import { VERSION } from '../services/config.ts';
import { ipv6Groups, reverseName } from '../services/dns.ts';
import { log } from '../services/log.ts';
import { deliverSmtp, hasBareLineBreak, resolveRecipient, type Recipient } from '../services/mailin.ts';

type Accepted = Extract<Recipient, { ok: true }>;

/** RFC 5321 4.5.3.1.8: a server must take at least 100 recipients and may answer 452 beyond. */
export const MAX_RECIPIENTS = 100;

/** A client is counted by its IPv4 address, or by its IPv6 /64: one host usually holds a whole /64. */
export function clientKey(remoteAddress: string): string {
  const ip = remoteAddress.replace(/^::ffff:/, '');
  const groups = ipv6Groups(ip);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : ip;
}

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/** One line per SMTP answer that ends a transaction or refuses a recipient: envelope facts and the reply, never content. */
function logSmtp(
  session: SMTPServerSession,
  mailFrom: string | null,
  event: string,
  recipients: string[],
  code: number,
  reply: string,
): void {
  // 4XX means this service failed to store; a 5XX refusal is the sender's problem.
  log()[code >= 400 && code < 500 ? 'error' : 'info'](
    {
      peer: session.remoteAddress.replace(/^::ffff:/, ''),
      mail_from: mailFrom,
      recipients,
      reply: `${code} ${reply}`,
    },
    event,
  );
}

function envelopeFrom(session: SMTPServerSession): string | null {
  return session.envelope.mailFrom ? session.envelope.mailFrom.address || null : null;
}

export interface RunningSmtp {
  server: SMTPServer;
  port: number;
  close: () => Promise<void>;
}

export async function listenSmtp(app: AppContext, port: number, host: string): Promise<RunningSmtp> {
  // Recipients accepted at RCPT time, per session, until DATA; and RCPT commands seen.
  const accepted = new WeakMap<SMTPServerSession, Accepted[]>();
  const rcptCount = new WeakMap<SMTPServerSession, number>();
  // Open sessions per client address, for the per-address cap (smtp-server caps the total).
  const perIp = new Map<string, number>();
  const counted = new Set<string>();
  const { smtpMaxConnections, smtpMaxConnectionsPerIp } = app.config;
  const tls =
    app.config.smtpTlsKey && app.config.smtpTlsCert
      ? { key: readFileSync(app.config.smtpTlsKey), cert: readFileSync(app.config.smtpTlsCert) }
      : null;
  const server = new SMTPServer({
    name: app.config.inboundDomain,
    banner: `inbound capture ${VERSION}`,
    size: app.config.maxBodyBytes,
    authOptional: true,
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(tls ?? {}),
    logger: false,
    maxClients: smtpMaxConnections,
    // The client's PTR name (the HELO fallback) through the same resolvers and cache as auth.
    resolver: {
      reverse(ip: string, callback: (error: Error | null, names?: string[]) => void) {
        const name = reverseName(ip.replace(/^::ffff:/, ''));
        if (!name) return callback(null, []);
        app.resolver(name, 'PTR').then(
          (names) => callback(null, names as string[]),
          (error: Error) => callback(error),
        );
      },
    },
    onConnect(session, callback) {
      const ip = clientKey(session.remoteAddress);
      const open = perIp.get(ip) ?? 0;
      if (open >= smtpMaxConnectionsPerIp) {
        return callback(
          smtpError(421, `4.7.0 Too many connections from ${ip} (limit ${smtpMaxConnectionsPerIp}); try again later`),
        );
      }
      perIp.set(ip, open + 1);
      counted.add(session.id);
      callback();
    },
    onClose(session) {
      if (!counted.delete(session.id)) return;
      const ip = clientKey(session.remoteAddress);
      const open = (perIp.get(ip) ?? 1) - 1;
      if (open > 0) perIp.set(ip, open);
      else perIp.delete(ip);
    },
    onMailFrom(_address, session, callback) {
      accepted.set(session, []);
      rcptCount.set(session, 0);
      callback();
    },
    onRcptTo(address, session, callback) {
      // Counted whether or not the address exists: each costs a lookup.
      const seen = (rcptCount.get(session) ?? 0) + 1;
      rcptCount.set(session, seen);
      if (seen > MAX_RECIPIENTS)
        return callback(
          smtpError(
            452,
            `4.5.3 Too many recipients: at most ${MAX_RECIPIENTS} per message; send the rest in another message`,
          ),
        );
      resolveRecipient(app, address.address).then(
        (r) => {
          if (!r.ok) {
            logSmtp(
              session,
              envelopeFrom(session),
              'smtp recipient refused',
              [address.address],
              550,
              `5.1.1 ${r.message}`,
            );
            return callback(smtpError(550, `5.1.1 ${r.message}`));
          }
          accepted.get(session)?.push(r);
          callback();
        },
        (error: unknown) => {
          log().error({ err: error }, 'smtp RCPT lookup failed');
          logSmtp(
            session,
            envelopeFrom(session),
            'smtp recipient deferred',
            [address.address],
            451,
            '4.3.0 Temporary failure, try again later',
          );
          callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
        },
      );
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      // smtp-server resets the envelope after this callback: copy what is needed now.
      const recipients = accepted.get(session) ?? [];
      const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address || null : null;
      const remoteAddress = session.remoteAddress.replace(/^::ffff:/, '');
      const helo = session.hostNameAppearsAs || session.clientHostname || remoteAddress;
      const addresses = recipients.map((r) => r.rcpt);
      const answer = (code: number, text: string) => {
        logSmtp(session, mailFrom, 'smtp transaction', addresses, code, text);
        callback(code < 400 ? null : smtpError(code, text), code < 400 ? text : undefined);
      };
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        // Past the limit keep reading (the client is still sending) but stop keeping.
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          return answer(552, `5.3.4 Message exceeds the size limit of ${app.config.maxBodyBytes} bytes`);
        }
        const raw = new Uint8Array(Buffer.concat(chunks));
        if (hasBareLineBreak(raw)) {
          return answer(550, '5.5.2 Message contains bare CR or LF characters; send CRLF line endings');
        }
        // 250 only once every tenant's copy is durably stored.
        deliverSmtp(app, { raw, mailFrom, recipients, remoteAddress, helo, tls: session.secure }).then(
          (id) => answer(250, `2.0.0 Stored as ${id}`),
          (error: unknown) => {
            log().error({ err: error }, 'storing an SMTP message failed');
            answer(451, '4.3.0 Could not store the message; try again later');
          },
        );
      });
    },
  });
  server.on('error', (error) => log().warn({ err: error.message }, 'smtp connection error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    server,
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
