// SPF, DKIM, DMARC and ARC for mail that arrived over SMTP, verified with mailauth. The
// DNS resolver comes from the app context (services/dns.ts: the operator's resolvers behind
// a cache), so tests and offline machines inject their own.
import { authenticate, dmarc as evaluateDmarc } from 'mailauth';
import { domainOf, readFrom } from '../pipeline/address.ts';
import { rawHeaderValues } from '../pipeline/parse.ts';
import type { AuthDetails, AuthResults, AuthVerdict, DmarcPolicy, ForwardedAuth } from '../pipeline/types.ts';
import type { DnsResolver } from './dns.ts';

export { offlineResolver, type DnsResolver } from './dns.ts';

type DmarcOutcome = { domain?: string; policy?: string; status?: { result?: string; header?: { from?: string } } };

interface MailauthResult {
  dkim?: {
    results?: {
      id?: string;
      signingDomain?: string;
      selector?: string;
      status?: { result?: string; comment?: string; aligned?: boolean; underSized?: boolean };
    }[];
  };
  spf?: { domain?: string; status?: { result?: string } } | false;
  dmarc?: DmarcOutcome | false;
  arc?:
    | {
        status?: { result?: string };
        signature?: { signingDomain?: string } | false;
        authenticationResults?: { dmarc?: { result?: string; header?: { from?: string } } };
      }
    | false;
}

const VERDICTS = new Set<AuthVerdict>([
  'pass',
  'fail',
  'none',
  'softfail',
  'neutral',
  'temperror',
  'permerror',
  'policy',
]);
const verdict = (v: string | undefined): AuthVerdict =>
  v && VERDICTS.has(v as AuthVerdict) ? (v as AuthVerdict) : 'none';

/**
 * A signature that does not verify is a failure whatever mailauth calls it (neutral for a
 * body hash mismatch or a missing key, policy for a weak key).
 */
const signatureVerdict = (v: string | undefined): AuthVerdict =>
  v === 'pass' || v === 'temperror' || v === 'none' ? v : v === undefined ? 'none' : 'fail';

/** Any passing signature passes; else any failing one fails; a DNS failure is temperror, never a pass. */
export function dkimVerdict(results: AuthVerdict[]): AuthVerdict {
  if (results.includes('pass')) return 'pass';
  if (results.includes('fail')) return 'fail';
  return results.includes('temperror') ? 'temperror' : 'none';
}

const policyOf = (p: string | undefined): DmarcPolicy | null =>
  p === 'none' || p === 'quarantine' || p === 'reject' ? p : null;

export interface VerifyOptions {
  ip: string;
  helo: string;
  sender: string | null;
  mta: string;
  resolver: DnsResolver;
}

function everyCheck(result: AuthVerdict): AuthResults {
  return {
    spf: result,
    dkim: result,
    dmarc: result,
    arc: result,
    synthetic: false,
    details: {
      spf: { result, domain: null },
      dkim: [],
      dmarc: { result, domain: null, policy: null },
      arc: { result, sealer: null, sealed_dmarc: null, sealed_from_domain: null },
    },
  };
}

/** DMARC results from worst to best: with several From domains, the worst one is the verdict. */
const DMARC_ORDER = ['fail', 'temperror', 'permerror', 'none', 'neutral', 'pass'];

/**
 * The header From domains, read as the pipeline reads them (pipeline/address.ts). mailauth
 * takes the From domain from nodemailer's addressparser, which flattens a quoted local part,
 * and then cuts at the first '@': "billing@vendor.example"@attacker.example was looked up
 * at _dmarc.vendor.example@attacker.example (temperror, no flag).
 */
export function headerFromDomains(raw: Uint8Array): string[] {
  const from = readFrom(rawHeaderValues(raw, 'from'), new Set());
  return [...new Set(from.mailboxes.map((m) => domainOf(m.address)).filter(Boolean))];
}

/**
 * DMARC as mailauth's authenticate() evaluates it (its own dmarc() with the same SPF, DKIM
 * and ARC inputs), for each real From domain: several From domains (flagged
 * `sender_ambiguous`) are each evaluated, and the worst verdict stands (RFC 7489 6.6.1 lets
 * a receiver evaluate each). No From domain: no DMARC, as mailauth does.
 */
async function dmarcForDomains(
  domains: string[],
  result: MailauthResult,
  resolver: DnsResolver,
): Promise<DmarcOutcome | null> {
  const spf = result.spf || null;
  const spfDomains = spf?.status?.result === 'pass' && spf.domain ? [spf.domain] : [];
  const dkimDomains = (result.dkim?.results ?? [])
    .filter((r) => r.status?.result === 'pass' && r.signingDomain)
    .map((r) => ({
      id: r.id,
      domain: r.signingDomain!,
      aligned: r.status?.aligned,
      underSized: r.status?.underSized,
    }));
  const outcomes: DmarcOutcome[] = [];
  for (const domain of domains) {
    const outcome = await evaluateDmarc({
      headerFrom: domain,
      spfDomains,
      dkimDomains,
      // mailauth passes its own ARC result through; only its status is read (for the comment).
      arcResult: (result.arc || undefined) as Parameters<typeof evaluateDmarc>[0]['arcResult'],
      resolver: resolver as Parameters<typeof evaluateDmarc>[0]['resolver'],
    });
    if (outcome) outcomes.push(outcome as DmarcOutcome);
  }
  const rank = (o: DmarcOutcome) => {
    const i = DMARC_ORDER.indexOf(o.status?.result ?? 'none');
    return i < 0 ? DMARC_ORDER.length : i;
  };
  return outcomes.sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

export async function verifyAuth(raw: Uint8Array, opts: VerifyOptions): Promise<AuthResults> {
  let result: MailauthResult;
  try {
    result = (await authenticate(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), {
      ip: opts.ip,
      helo: opts.helo,
      sender: opts.sender ?? '',
      mta: opts.mta,
      resolver: opts.resolver,
      disableBimi: true,
      // Evaluated below for the From domain as the pipeline reads it.
      disableDmarc: true,
    })) as MailauthResult;
    result.dmarc = (await dmarcForDomains(headerFromDomains(raw), result, opts.resolver)) ?? false;
  } catch (error) {
    // A check that could not finish is temporary, never a pass; the message is still stored.
    console.error('[svc] mail authentication failed:', (error as Error).message);
    return everyCheck('temperror');
  }
  const dkim = (result.dkim?.results ?? [])
    .filter((r) => r.signingDomain)
    .map((r) => ({
      result: signatureVerdict(r.status?.result),
      domain: r.signingDomain!.toLowerCase(),
      selector: r.selector ?? '',
    }));
  const spf = result.spf ? result.spf : null;
  const dmarc = result.dmarc ? result.dmarc : null;
  const arc = result.arc ? result.arc : null;
  const sealed = arc?.authenticationResults?.dmarc;
  const details: AuthDetails = {
    spf: { result: verdict(spf?.status?.result), domain: spf?.domain?.toLowerCase() ?? null },
    dkim,
    dmarc: {
      result: verdict(dmarc?.status?.result),
      domain: dmarc?.status?.header?.from?.toLowerCase() ?? dmarc?.domain?.toLowerCase() ?? null,
      policy: dmarc?.status?.result === 'none' ? null : policyOf(dmarc?.policy),
    },
    arc: {
      result: arc?.status?.result ?? 'none',
      sealer: (arc?.signature || undefined)?.signingDomain?.toLowerCase() || null, // signature is false when absent
      sealed_dmarc: sealed?.result ?? null,
      sealed_from_domain: sealed?.header?.from?.toLowerCase() ?? null,
    },
  };
  return {
    spf: details.spf.result,
    dkim: dkimVerdict(dkim.map((d) => d.result)),
    dmarc: details.dmarc.result,
    arc: details.arc.result,
    synthetic: false,
    details,
  };
}

/** Relaxed alignment without a public-suffix list: the same domain, or one inside the other. */
export function aligned(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}

export interface ForwardedBy {
  /** The forwarders entry that matched (an address, @domain or .domain). */
  forwarder: string;
  /** The domain of the sender that matched it (envelope sender or header From). */
  domain: string;
  /** The header From domain of the message as it arrived. */
  headerFromDomain: string | null;
  /** The original sender's domain found in forwarded content, when From is the forwarder's. */
  contentOriginDomain: string | null;
}

/**
 * Mail from a trusted forwarder is judged by the forwarder's authentication: SPF of the
 * envelope it arrived with and DKIM signatures of its domain. A forwarder that cannot be
 * authenticated (no pass, and no valid ARC seal of its own) earns no trust: the verdicts
 * stay as measured, since anyone can claim to be it. The original sender's domain counts as
 * verified only when its own DMARC still passes, or the forwarder sealed a valid ARC chain
 * recording a DMARC pass for it.
 */
export function judgeForwarded(auth: AuthResults, by: ForwardedBy): AuthResults {
  const d = auth.details;
  if (!d) return auth;
  const spf = aligned(d.spf.domain, by.domain) ? d.spf.result : 'none';
  const dkim = dkimVerdict(d.dkim.filter((s) => aligned(s.domain, by.domain)).map((s) => s.result));
  const sealedByForwarder = d.arc.result === 'pass' && aligned(d.arc.sealer, by.domain);
  const authenticated = spf === 'pass' || dkim === 'pass' || sealedByForwarder;
  const fromIsForwarder = aligned(by.headerFromDomain, by.domain);
  const original = fromIsForwarder ? by.contentOriginDomain : by.headerFromDomain;
  const byDmarc = !fromIsForwarder && d.dmarc.result === 'pass' && aligned(d.dmarc.domain, original);
  const byArc = sealedByForwarder && d.arc.sealed_dmarc === 'pass' && aligned(d.arc.sealed_from_domain, original);
  const verifiedBy = original && byDmarc ? 'dmarc' : original && byArc ? 'arc' : null;
  const forwarded: ForwardedAuth = {
    forwarder: by.forwarder,
    original_domain: original,
    original_verified: verifiedBy !== null,
    verified_by: verifiedBy,
  };
  if (!authenticated) return { ...auth, forwarded };
  // DMARC of the From domain when the forwarder wrote the From line; else the forwarder's identity is what passed.
  return { ...auth, spf, dkim, dmarc: fromIsForwarder ? d.dmarc.result : 'pass', forwarded };
}
