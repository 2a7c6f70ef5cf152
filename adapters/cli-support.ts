// What the svc command's subcommands share: the usage and data errors (one line each)
// and opening the app for one command; split from adapters/cli.ts with the operator console.
import type { AppContext } from '../services/app.ts';
import { loadConfig } from '../services/config.ts';
import { openApp } from './startup.ts';

/** The command line was wrong (missing or unknown argument): one line, exit 2. */
export class UsageError extends Error {}

/** The command was right but the data says no (no such account, email taken): one line, exit 1. */
export class CliError extends Error {}

export async function withApp<T>(fn: (app: AppContext) => Promise<T>): Promise<T> {
  const app = await openApp(loadConfig());
  try {
    return await fn(app);
  } finally {
    app.db.close();
  }
}
