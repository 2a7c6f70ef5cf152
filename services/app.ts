// What a running service holds once per process: configuration, the database, the blob
// store, the clock and the per-key rate limiter. Tests build one with their own pieces.
import { openBlobStore, type BlobStore } from '../storage/blobs.ts';
import { openDb, type Db } from '../storage/db.ts';
import { analysisPool, type AnalysisPool } from './analysis.ts';
import { loadConfig, type Config } from './config.ts';
import { RateLimiter } from './rate-limit.ts';
import { offlineResolver, systemResolver, type DnsResolver } from './mail-auth.ts';

export interface AppContext {
  config: Config;
  db: Db;
  blobs: BlobStore;
  /** The clock every handler reads; tests move it. */
  now: () => Date;
  rateLimiter: RateLimiter;
  /** Failed authentications per client address (clientKey). */
  authFailures: RateLimiter;
  /** When each key's last use was last written (see touchKey). */
  keyTouchedAt: Map<string, number>;
  /** DNS for SPF/DKIM/DMARC/ARC checks of SMTP mail; tests inject a fake one. */
  resolver: DnsResolver;
  /** Wakes this process's delivery worker when deliveries are queued. */
  deliveriesQueued: Set<() => void>;
  /** The worker threads that read untrusted mail, under the configured budgets. */
  analysis: AnalysisPool;
}

export async function createAppContext(
  config: Config = loadConfig(),
  overrides: Partial<Pick<AppContext, 'now' | 'resolver'>> = {},
): Promise<AppContext> {
  const db = await openDb(config.databaseUrl, config.databaseAuthToken, config.dbSync);
  const now = overrides.now ?? (() => new Date());
  return {
    config,
    db,
    blobs: openBlobStore(config.blobDriver, config.dataDir),
    now,
    rateLimiter: new RateLimiter(config.rateLimitPerMinute, () => now().getTime()),
    authFailures: new RateLimiter(config.authFailuresPerMinute, () => now().getTime()),
    keyTouchedAt: new Map(),
    resolver: overrides.resolver ?? (config.authDns === 'none' ? offlineResolver : systemResolver),
    deliveriesQueued: new Set(),
    analysis: analysisPool(config.analysis),
  };
}
