// Periodic clean-up: test runs are kept 90 days (spec: Limits).
import { purgeRunsBefore } from '../storage/tests.ts';
import type { AppContext } from './app.ts';

export async function purgeExpiredTestRuns(app: AppContext): Promise<number> {
  const cutoff = new Date(app.now().getTime() - app.config.testRunRetentionDays * 86_400_000).toISOString();
  return purgeRunsBefore(app.db, cutoff);
}

/** Runs the purge now and then hourly, without keeping the process alive. */
export function startRetention(app: AppContext): () => void {
  const tick = () => {
    purgeExpiredTestRuns(app).catch((e: unknown) => console.error('[svc] retention:', (e as Error).message));
  };
  tick();
  const timer = setInterval(tick, 3_600_000);
  timer.unref();
  return () => clearInterval(timer);
}
