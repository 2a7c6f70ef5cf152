// Mail arriving over SMTP: which tenant and address a recipient is, refusals at RCPT time,
// the checks an address asks for (expected forwarders, relationship, daily cap), and
// one ingest per tenant of a message.
import { randomBytes } from 'node:crypto';
import { domainOf as domainOfAddress } from '../pipeline/address.ts';
import { matchesForwarder } from '../pipeline/forwarded.ts';
import { authFlags, type AnalyzedMessage } from '../pipeline/index.ts';
import type { Policy } from '../pipeline/policy.ts';
import type { AuthResults, Flag } from '../pipeline/types.ts';
import { listBuckets, type Bucket } from '../storage/buckets.ts';
import type { Statement } from '../storage/db.ts';
import { analyze } from './analysis.ts';
import {
  countReceivedStatement,
  countRefusalStatement,
  findAddressByLocalPart,
  getSubdomainByName,
  isDedicated,
  receivedSince,
  type Address,
} from '../storage/mailin.ts';
import { getTenant, isExpired, type Tenant } from '../storage/tenants.ts';
import { utcDayStart } from './addresses.ts';
import type { AppContext } from './app.ts';
import { aligned, judgeForwarded, verifyAuth } from './mail-auth.ts';
import { ingest } from './processing.ts';

export type Recipient =
  | { ok: true; rcpt: string; tenant: Tenant; address: Address | null }
  | { ok: false; rcpt: string; message: string };

/**
 * <handle>.<local>@domain, <handle>+<local>@domain, or <local>@<handle>.domain for a tenant
 * given a dedicated subdomain. Unknown local parts pass only under catch-all; disabled
 * addresses are refused and the refusal counted.
 */
export async function resolveRecipient(app: AppContext, rcpt: string): Promise<Recipient> {
  const address = rcpt.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const host = address.slice(at + 1);
  const domain = app.config.inboundDomain;
  const refuse = (message: string): Recipient => ({ ok: false, rcpt: address, message });
  let handle: string;
  let localPart: string;
  let viaDedicated = false;
  if (host === domain) {
    const split = local.search(/[.+]/);
    if (split <= 0) return refuse(`No mailbox ${address}: write <handle>.<local>@${domain}`);
    handle = local.slice(0, split);
    localPart = local.slice(split + 1);
  } else if (host.endsWith(`.${domain}`) && !host.slice(0, -domain.length - 1).includes('.')) {
    handle = host.slice(0, -domain.length - 1);
    localPart = local;
    viaDedicated = true;
  } else {
    return refuse(`Relaying denied: this server only accepts mail for ${domain}`);
  }
  const sub = await getSubdomainByName(app.db, handle);
  if (!sub) return refuse(`No mailbox ${address}: no subdomain '${handle}' here`);
  const tenant = await getTenant(app.db, sub.tenant_id);
  if (!tenant || isExpired(tenant, app.now()))
    return refuse(`No mailbox ${address}: this tenant no longer accepts mail`);
  if (viaDedicated && !(await isDedicated(app.db, tenant.id)))
    return refuse(`No mailbox ${address}: write ${handle}.${localPart}@${domain}`);
  if (!localPart) return refuse(`No mailbox ${address}: the local part is empty`);
  const found = await findAddressByLocalPart(app.db, tenant.id, localPart);
  if (found) {
    if (!found.enabled) {
      await app.db.batch([countRefusalStatement(found.id)]);
      return refuse(`Mailbox ${address} is disabled`);
    }
    return { ok: true, rcpt: address, tenant, address: found };
  }
  if (sub.catch_all) return { ok: true, rcpt: address, tenant, address: null };
  return refuse(`No mailbox ${address}: unknown address (catch-all is off)`);
}

/** Postfix and Haraka refuse bare CR or LF in DATA: they are how SMTP smuggling hides a second message. */
export function hasBareLineBreak(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x0a && (i === 0 || bytes[i - 1] !== 0x0d)) return true;
    if (b === 0x0d && bytes[i + 1] !== 0x0a) return true;
  }
  return false;
}

export interface SmtpEnvelope {
  raw: Uint8Array;
  mailFrom: string | null;
  recipients: Extract<Recipient, { ok: true }>[];
  remoteAddress: string;
  helo: string;
  /** The session ran under STARTTLS. */
  tls: boolean;
}

const domainOf = (address: string | null | undefined) => domainOfAddress(address) || null;

/**
 * Checks one address asks for, given who sent the mail (header From, envelope sender). An
 * ambiguous From (`sender_ambiguous`) is trusted by nothing: not an expected forwarder, not
 * inside a relationship, whatever its first address or the envelope says.
 */
async function addressChecks(
  app: AppContext,
  tenant: Tenant,
  address: Address | null,
  senders: (string | null)[],
  ambiguous: boolean,
) {
  const flags: Flag[] = [];
  const statements: Statement[] = [];
  if (!address) return { flags, statements, dailyCapReached: false };
  const fromForwarder = !ambiguous && senders.some((s) => address.forwarders.some((f) => matchesForwarder(f, s)));
  if (address.forwarders.length > 0 && !fromForwarder) flags.push('unexpected_sender');
  const senderDomain = domainOf(senders[0]) ?? domainOf(senders[1]);
  if (
    address.kind === 'relationship' &&
    address.first_sender_domain &&
    (ambiguous || senderDomain !== address.first_sender_domain) &&
    !fromForwarder
  ) {
    flags.push('relationship_leak');
  }
  let dailyCapReached = false;
  if (address.daily_cap !== null) {
    const today = await receivedSince(app.db, tenant.id, address.id, utcDayStart(app.now()));
    if (today >= address.daily_cap) {
      dailyCapReached = true;
      flags.push('daily_cap_reached');
    }
  }
  // An ambiguous sender does not become the relationship's counterparty.
  statements.push(countReceivedStatement(address.id, ambiguous ? null : senderDomain));
  return { flags, statements, dailyCapReached };
}

/**
 * The trace line RFC 5321 (4.4) asks a receiver to add. Its id is the one the 250 reply
 * names, so a sender and each tenant can match them up without learning anything else.
 */
function traceHeader(envelope: SmtpEnvelope, id: string, mta: string, now: Date): Buffer {
  const helo = envelope.helo.replace(/[^A-Za-z0-9.:_\-[\]]/g, '').slice(0, 255) || 'unknown';
  const date = now.toUTCString().replace('GMT', '+0000');
  return Buffer.from(
    `Received: from ${helo} ([${envelope.remoteAddress}])\r\n\tby ${mta} with ${envelope.tls ? 'ESMTPS' : 'ESMTP'} id ${id};\r\n\t${date}\r\n`,
  );
}

/** Verified auth as this tenant routes on it: a trusted forwarder's mail is judged by the forwarder. */
function tenantAuth(
  tenant: Tenant,
  buckets: Bucket[],
  address: Address | null,
  measured: AuthResults,
  analyzed: AnalyzedMessage | null,
  mailFrom: string | null,
): AuthResults {
  // An ambiguous From is nobody's: only the envelope may name a forwarder (readAsOriginalSender
  // does not read such mail as forwarded, so the verdicts stay as measured).
  if (analyzed?.parsed.fromAmbiguity) return measured;
  const headerFrom = analyzed?.parsed.from?.address ?? null;
  const entries = [
    ...(address?.forwarders ?? []),
    ...((tenant.policy as Policy | null)?.forwarders ?? []),
    ...buckets.flatMap((b) => (b.policy as Policy | null)?.forwarders ?? []),
  ];
  const sender = [mailFrom, headerFrom].find((s) => entries.some((e) => matchesForwarder(e, s)));
  if (!sender || !analyzed) return measured;
  const forwarderDomain = domainOf(sender)!;
  const headerFromDomain = domainOf(headerFrom);
  let contentOriginDomain: string | null = null;
  if (aligned(headerFromDomain, forwarderDomain)) {
    contentOriginDomain = domainOf(analyzed.forwardedFrom?.address);
    // Mail the forwarder wrote itself (no original sender in it) is its own, not forwarded.
    if (!contentOriginDomain || aligned(contentOriginDomain, forwarderDomain)) return measured;
  }
  return judgeForwarded(measured, {
    forwarder: entries.find((e) => matchesForwarder(e, sender))!,
    domain: forwarderDomain,
    headerFromDomain,
    contentOriginDomain,
  });
}

function withAuth(analyzed: AnalyzedMessage, auth: AuthResults): AnalyzedMessage {
  return {
    ...analyzed,
    flags: [...new Set<Flag>([...analyzed.flags, ...authFlags(auth)])],
    view: { ...analyzed.view, auth },
  };
}

/**
 * Stores an accepted SMTP message: one message per tenant among its recipients. Resolves
 * once all are durable, with the one id the 250 reply names (never a tenant's message id).
 */
export async function deliverSmtp(app: AppContext, envelope: SmtpEnvelope): Promise<string> {
  const acceptedAs = randomBytes(8).toString('hex').toUpperCase();
  const trace = traceHeader(envelope, acceptedAs, app.config.inboundDomain, app.now());
  // The trace line goes in when it fits under the size limit the sender was promised.
  const raw =
    envelope.raw.byteLength + trace.byteLength <= app.config.maxBodyBytes
      ? new Uint8Array(Buffer.concat([trace, envelope.raw]))
      : envelope.raw;
  // DNS waits overlap with parsing: verification and analysis run together.
  const [measured, analyzedResult] = await Promise.all([
    verifyAuth(envelope.raw, {
      ip: envelope.remoteAddress,
      helo: envelope.helo,
      sender: envelope.mailFrom,
      mta: app.config.inboundDomain,
      resolver: app.resolver,
    }),
    // Parsed once for every tenant among the recipients (and for the sender checks).
    analyze(app.analysis, raw),
  ]);
  const analyzed = analyzedResult.ok ? analyzedResult.message : null;
  const headerFrom = analyzed?.parsed.from?.address ?? null;
  const byTenant = new Map<string, Extract<Recipient, { ok: true }>[]>();
  for (const r of envelope.recipients) byTenant.set(r.tenant.id, [...(byTenant.get(r.tenant.id) ?? []), r]);
  for (const group of byTenant.values()) {
    const tenant = group[0]!.tenant;
    const address = group.find((r) => r.address)?.address ?? null;
    // Read once: for the forwarders auth is judged by, then by ingest to classify.
    const buckets = await listBuckets(app.db, tenant.id);
    const auth = tenantAuth(tenant, buckets, address, measured, analyzed, envelope.mailFrom);
    const checks = await addressChecks(
      app,
      tenant,
      address,
      [headerFrom, envelope.mailFrom],
      Boolean(analyzed?.parsed.fromAmbiguity),
    );
    await ingest(
      app,
      tenant,
      {
        raw,
        source: 'smtp',
        envelopeFrom: envelope.mailFrom,
        recipients: group.map((r) => r.rcpt),
        auth,
        addressId: address?.id ?? null,
        extraFlags: checks.flags,
        dailyCapReached: checks.dailyCapReached,
        extraStatements: checks.statements,
        buckets,
      },
      'system',
      analyzed ? withAuth(analyzed, auth) : undefined,
    );
  }
  return acceptedAs;
}
