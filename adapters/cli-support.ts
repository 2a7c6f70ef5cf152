// What the svc command's subcommands share: the usage error (exit 2, with the usage text)
// and opening the app for one command; split from adapters/cli.ts with the operator console.
import type { AppContext } from '../services/app.ts';
import { loadConfig } from '../services/config.ts';
import { openApp } from './startup.ts';

export class UsageError extends Error {}

export async function withApp<T>(fn: (app: AppContext) => Promise<T>): Promise<T> {
  const app = await openApp(loadConfig());
  try {
    return await fn(app);
  } finally {
    app.db.close();
  }
}
