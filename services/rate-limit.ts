// Token buckets: per key (DESIGN.md: 600 requests a minute) and per client address for
// failed authentications. A bucket holds a minute's worth of tokens and refills
// continuously, so short bursts pass and sustained excess waits.
import ipaddr from 'ipaddr.js';

/**
 * Buckets kept at most; beyond it the least recently used is dropped (addresses are not a
 * bounded set like keys, and an attacker with many addresses must not grow memory).
 */
const MAX_TRACKED = 100_000;

export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;

  constructor(
    private readonly perMinute: number,
    private readonly nowMs: () => number,
  ) {
    this.perMs = perMinute / 60_000;
  }

  private refilled(key: string, now: number): { tokens: number; at: number } {
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    return bucket;
  }

  private secondsToToken(tokens: number): number {
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000));
  }

  /** Takes a token; returns 0 when allowed, else the seconds to wait for the next token. */
  take(key: string): number {
    const now = this.nowMs();
    const bucket = this.refilled(key, now);
    // Re-inserted so the Map's order is least recently used first.
    this.buckets.delete(key);
    if (this.buckets.size >= MAX_TRACKED) this.buckets.delete(this.buckets.keys().next().value!);
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return this.secondsToToken(bucket.tokens);
  }

  /** The seconds until `key` has a token (0: it has one now), taking none. */
  wait(key: string): number {
    if (!this.buckets.has(key)) return 0;
    return this.secondsToToken(this.refilled(key, this.nowMs()).tokens);
  }
}

/**
 * The bucket a client address counts against: an IPv4 address, or an IPv6 /64 (one host
 * usually holds a whole /64, so per-address IPv6 buckets would be free to multiply).
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}
