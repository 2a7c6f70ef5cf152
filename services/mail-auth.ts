// SPF, DKIM, DMARC and ARC for mail that arrived over SMTP, verified with mailauth. The
// DNS resolver comes from the app context, so tests (and offline machines) inject one.
import { authenticate } from 'mailauth';
import { promises as dns } from 'node:dns';
import type { AuthResults, AuthVerdict } from '../pipeline/types.ts';

export type DnsResolver = (name: string, rrtype: string) => Promise<string[] | string[][]>;

export const systemResolver: DnsResolver = (name, rrtype) => dns.resolve(name, rrtype) as Promise<string[] | string[][]>;

/** Answers every lookup "no such record" at once: SPF/DKIM/DMARC come out none/neutral, never a hang. */
export const offlineResolver: DnsResolver = async (name) => {
  const error = new Error(`queryTxt ENOTFOUND ${name}`) as Error & { code: string };
  error.code = 'ENOTFOUND';
  throw error;
};

interface MailauthResult {
  dkim?: { results?: { status?: { result?: string } }[] };
  spf?: { status?: { result?: string } } | false;
  dmarc?: { status?: { result?: string } } | false;
  arc?: { status?: { result?: string } };
}

const verdict = (v: string | undefined): AuthVerdict => (v ?? 'none') as AuthVerdict;

export async function verifyAuth(raw: Uint8Array, opts: { ip: string; helo: string; sender: string | null; mta: string; resolver: DnsResolver }): Promise<AuthResults> {
  const result = await authenticate(Buffer.from(raw), {
    ip: opts.ip, helo: opts.helo, sender: opts.sender ?? '', mta: opts.mta, resolver: opts.resolver, disableBimi: true,
  }) as MailauthResult;
  const dkimResults = (result.dkim?.results ?? []).map((r) => r.status?.result ?? 'none');
  // A signature that does not verify is a failure whatever mailauth calls it (neutral for a
  // body hash mismatch, policy for a weak key); no signature at all is none.
  const dkim: AuthVerdict = dkimResults.includes('pass') ? 'pass'
    : dkimResults.some((r) => ['fail', 'neutral', 'policy', 'permerror'].includes(r)) ? 'fail'
      : dkimResults.includes('temperror') ? 'temperror' : 'none';
  return {
    spf: verdict(result.spf ? result.spf.status?.result : 'none'),
    dkim,
    dmarc: verdict(result.dmarc ? result.dmarc.status?.result : 'none'),
    arc: result.arc?.status?.result ?? 'none',
    synthetic: false,
  };
}
