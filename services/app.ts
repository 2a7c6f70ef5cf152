// What a running service holds once per process: configuration, the database, the blob
// store, the clock and the per-key rate limiter (shared through the database). Tests
// build one with their own pieces.
import { openBlobStore, type BlobStore } from '../storage/blobs.ts';
import { openDb, type Db } from '../storage/db.ts';
import { loadConfig, type Config } from './config.ts';
import type { RateLimiter } from './rate-limit.ts';
import { SharedRateLimiter } from './shared-rate-limit.ts';
import { offlineResolver, systemResolver, type DnsResolver } from './mail-auth.ts';

export interface AppContext {
  config: Config;
  db: Db;
  blobs: BlobStore;
  /** The clock every handler reads; tests move it. */
  now: () => Date;
  /** The per-key budget, shared by every process on this database. */
  rateLimiter: Pick<RateLimiter, 'take'>;
  /** When each key's last use was last written (see touchKey). */
  keyTouchedAt: Map<string, number>;
  /** DNS for SPF/DKIM/DMARC/ARC checks of SMTP mail; tests inject a fake one. */
  resolver: DnsResolver;
  /** Wakes this process's delivery worker when deliveries are queued. */
  deliveriesQueued: Set<() => void>;
}

export async function createAppContext(
  config: Config = loadConfig(),
  overrides: Partial<Pick<AppContext, 'now' | 'resolver'>> = {},
): Promise<AppContext> {
  const db = await openDb(config.databaseUrl, {
    authToken: config.databaseAuthToken, sync: config.dbSync,
    replicaPath: config.databaseReplica, replicaSyncMs: config.databaseReplicaSyncMs,
  });
  const now = overrides.now ?? (() => new Date());
  return {
    config,
    db,
    blobs: openBlobStore(config.blobDriver, config.dataDir, db, config.blobS3),
    now,
    rateLimiter: new SharedRateLimiter(db, config.rateLimitPerMinute, () => now().getTime()),
    keyTouchedAt: new Map(),
    resolver: overrides.resolver ?? (config.authDns === 'none' ? offlineResolver : systemResolver),
    deliveriesQueued: new Set(),
  };
}
