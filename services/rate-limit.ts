// Per-key token bucket (DESIGN.md: 600 requests a minute). A bucket holds a minute's
// worth of tokens and refills continuously, so short bursts pass and sustained excess waits.
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;

  constructor(private readonly perMinute: number, private readonly nowMs: () => number) {
    this.perMs = perMinute / 60_000;
  }

  /** Takes a token; returns 0 when allowed, else the seconds to wait for the next token. */
  take(key: string): number {
    const now = this.nowMs();
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000));
  }
}
