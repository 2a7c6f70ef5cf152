// Start-up failures a person can act on: a port in use names its SVC_* variable, an
// unwritable data directory names the path and says it is a permission problem.
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createAppContext, type AppContext } from '../services/app.ts';
import type { Config } from '../services/config.ts';

/** A start-up problem with its fix; the CLI prints the message alone and exits 1. */
export class StartupError extends Error {}

/** The database for messages: a file path, or a remote URL without credentials. */
export function databaseLabel(url: string): string {
  if (url.startsWith('file:')) return url.slice('file:'.length);
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'database URL (unparsable)';
  }
}

function isPermission(error: unknown): boolean {
  return ['EACCES', 'EPERM', 'EROFS'].includes((error as NodeJS.ErrnoException).code ?? '');
}

/** Checks that the directories the service writes (database file, blobs) can be written. */
export function checkDataDir(config: Config): void {
  const dirs = new Set<string>();
  let dbFile: string | null = null;
  if (config.blobDriver === 'fs') dirs.add(config.dataDir);
  if (config.databaseUrl.startsWith('file:')) {
    const path = config.databaseUrl.slice('file:'.length);
    if (path && !path.startsWith(':')) {
      dirs.add(dirname(path));
      dbFile = path;
    }
  }
  const refuse = (path: string) =>
    new StartupError(
      `cannot write to ${path}: permission denied. Give this user write ` +
        'access to it (chown/chmod) or set SVC_DATA_DIR to a directory it can write.',
    );
  for (const dir of dirs) {
    try {
      mkdirSync(dir, { recursive: true });
      accessSync(dir, constants.W_OK);
    } catch (error) {
      if (!isPermission(error)) throw error;
      throw refuse(`the data directory ${dir}`);
    }
  }
  if (dbFile && existsSync(dbFile)) {
    try {
      accessSync(dbFile, constants.W_OK);
    } catch (error) {
      if (!isPermission(error)) throw error;
      throw refuse(`the database file ${dbFile}`);
    }
  }
}

export async function openApp(config: Config): Promise<AppContext> {
  checkDataDir(config);
  return createAppContext(config);
}

/** Runs `listen`; a port in use or not permitted becomes an error naming the variable that sets it. */
export async function listenOrExplain<T>(
  what: string,
  variable: string,
  port: number,
  host: string,
  listen: () => Promise<T>,
): Promise<T> {
  try {
    return await listen();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new StartupError(
        `${what} port ${port} on ${host} is already in use: stop the other process or set ${variable} to a free port.`,
      );
    }
    if (code === 'EACCES') {
      throw new StartupError(
        `${what} port ${port} on ${host} needs privileges this user lacks: set ${variable} to a port above 1023.`,
      );
    }
    if (code === 'EADDRNOTAVAIL') {
      throw new StartupError(`${what} cannot listen on ${host}: no such local address; fix SVC_HOST.`);
    }
    throw error;
  }
}
