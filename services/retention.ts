// Periodic clean-up: test runs are kept 90 days (spec: Limits); idempotency keys 24 hours
// (services/idempotency.ts: an expired key is already ignored, the purge frees its row);
// console sessions a day after they expired or were signed out (until then a stale cookie
// is told which of the two; after, it is an unknown session).
import { purgeExpiredIdempotencyKeys } from '../storage/idempotency.ts';
import { purgeSessionsEndedBefore } from '../storage/sessions.ts';
import { purgeRunsBefore } from '../storage/tests.ts';
import type { AppContext } from './app.ts';

export async function purgeExpiredTestRuns(app: AppContext): Promise<number> {
  const cutoff = new Date(app.now().getTime() - app.config.testRunRetentionDays * 86_400_000).toISOString();
  return purgeRunsBefore(app.db, cutoff);
}

export function purgeExpiredIdempotency(app: AppContext): Promise<number> {
  return purgeExpiredIdempotencyKeys(app.db, app.now());
}

export function purgeEndedSessions(app: AppContext): Promise<number> {
  return purgeSessionsEndedBefore(app.db, new Date(app.now().getTime() - 86_400_000));
}

/** Runs the purges now and then hourly, without keeping the process alive. */
export function startRetention(app: AppContext): () => void {
  const tick = () => {
    for (const purge of [purgeExpiredTestRuns, purgeExpiredIdempotency, purgeEndedSessions]) {
      purge(app).catch((e: unknown) => console.error('[svc] retention:', (e as Error).message));
    }
  };
  tick();
  const timer = setInterval(tick, 3_600_000);
  timer.unref();
  return () => clearInterval(timer);
}
