// What a running service holds once per process: configuration, the database, the blob
// store, the clock and the per-key rate limiter (shared through the database). Tests
// build one with their own pieces.
import { openBlobStore, type BlobStore } from '../storage/blobs.ts';
import { openDb, type Db } from '../storage/db.ts';
import { analysisPool, type AnalysisPool } from './analysis-pool.ts';
import { loadConfig, type Config } from './config.ts';
import { SharedRateLimiter } from './shared-rate-limit.ts';
import { RateLimiter } from './rate-limit.ts';
import { createResolver, offlineResolver, type DnsResolver } from './dns.ts';

export interface AppContext {
  config: Config;
  db: Db;
  blobs: BlobStore;
  /** The clock every handler reads; tests move it. */
  now: () => Date;
  /** The per-key budget, shared by every process on this database. */
  rateLimiter: Pick<SharedRateLimiter, 'admit'>;
  /** Failed authentications per client address (clientKey). */
  authFailures: RateLimiter;
  /** When each key's last use was last written (see touchKey). */
  keyTouchedAt: Map<string, number>;
  /** DNS for SPF/DKIM/DMARC/ARC checks and PTR of SMTP mail (cached, SVC_DNS_SERVERS); tests inject a fake one. */
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
  const db = await openDb(config.databaseUrl, {
    authToken: config.databaseAuthToken,
    sync: config.dbSync,
    replicaPath: config.databaseReplica,
    replicaSyncMs: config.databaseReplicaSyncMs,
  });
  const now = overrides.now ?? (() => new Date());
  return {
    config,
    db,
    blobs: openBlobStore(config.blobDriver, config.dataDir, db, config.blobS3, { flush: config.dbSync === 'full' }),
    now,
    rateLimiter: new SharedRateLimiter(db, config.rateLimitPerMinute, () => now().getTime()),
    authFailures: new RateLimiter(config.authFailuresPerMinute, () => now().getTime()),
    keyTouchedAt: new Map(),
    resolver:
      overrides.resolver ??
      (config.authDns === 'none'
        ? offlineResolver
        : createResolver({
            servers: config.dnsServers,
            timeoutMs: config.dnsTimeoutMs,
            tries: config.dnsTries,
            cacheEntries: config.dnsCacheEntries,
            cacheMaxSeconds: config.dnsCacheMaxSeconds,
          })),
    deliveriesQueued: new Set(),
    analysis: analysisPool(config.analysis),
  };
}
