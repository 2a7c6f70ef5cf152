// Periodic clean-up: test runs are kept 90 days (spec: Limits); idempotency keys 24 hours
// (services/idempotency.ts: an expired key is already ignored, the purge frees its row).
import { purgeExpiredIdempotencyKeys } from '../storage/idempotency.ts';
import { purgeRunsBefore } from '../storage/tests.ts';
import type { AppContext } from './app.ts';

export async function purgeExpiredTestRuns(app: AppContext): Promise<number> {
  const cutoff = new Date(app.now().getTime() - app.config.testRunRetentionDays * 86_400_000).toISOString();
  return purgeRunsBefore(app.db, cutoff);
}

export function purgeExpiredIdempotency(app: AppContext): Promise<number> {
  return purgeExpiredIdempotencyKeys(app.db, app.now());
}

/** Runs the purges now and then hourly, without keeping the process alive. */
export function startRetention(app: AppContext): () => void {
  const tick = () => {
    for (const purge of [purgeExpiredTestRuns, purgeExpiredIdempotency]) {
      purge(app).catch((e: unknown) => console.error('[svc] retention:', (e as Error).message));
    }
  };
  tick();
  const timer = setInterval(tick, 3_600_000);
  timer.unref();
  return () => clearInterval(timer);
}
