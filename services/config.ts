// Configuration comes from environment variables only (listed in the README).
import { resolve } from 'node:path';

export interface Config {
  dataDir: string;
  databaseUrl: string;
  databaseAuthToken: string | undefined;
  httpPort: number;
  host: string;
  /** Public base URL printed in MCP URLs; defaults to the listening address. */
  publicUrl: string | undefined;
  rateLimitPerMinute: number;
  /** Byte limit of one HTTP request body and of one message. */
  maxBodyBytes: number;
  /** 'fs' keeps bytes under dataDir/blobs; 'memory' is for tests. */
  blobDriver: 'fs' | 'memory';
  sandboxDays: number;
  /** The inbound mail domain: mail is answered at <handle>.<local>@ / <handle>+<local>@ it. */
  inboundDomain: string;
  /** SMTP listener port; 0 disables it. */
  smtpPort: number;
  smtpTlsKey: string | undefined;
  smtpTlsCert: string | undefined;
  /** 'system' looks up SPF/DKIM/DMARC records in DNS; 'none' answers every lookup "no record" (offline). */
  authDns: 'system' | 'none';
  /** Webhooks may target loopback/private addresses (tests, local development). */
  allowPrivateDestinations: boolean;
  /** A webhook answer must arrive within this many ms. */
  webhookTimeoutMs: number;
  /** Multiplies the retry schedule (1 min, 5 min, 30 min, 2 h, 6 h); tests shrink it. */
  webhookRetryScale: number;
  /** How long a worker holds a claimed delivery before another may take it over. */
  webhookLeaseMs: number;
  /** Run the delivery worker in `svc serve`. */
  webhookWorker: boolean;
  /** Active regression cases per bucket (DESIGN.md: 200). */
  testCaseCap: number;
  /** Test runs are kept this many days. */
  testRunRetentionDays: number;
  /**
   * 'full' (default): every commit reaches the disk before it is acknowledged (an SMTP 250
   * survives a power cut). 'normal': faster; survives a process crash, not a power cut.
   */
  dbSync: 'full' | 'normal';
  /** Extra Host names MCP over HTTP answers (besides localhost forms, the listening and public hosts). */
  allowedHosts: string[];
  /** tools/list shows only the tools the key's scopes can call (SVC_MCP_LIST_ALL_TOOLS=1 shows all). */
  mcpHideUncallableTools: boolean;
  /** pino level: fatal, error, warn, info (default), debug, trace or silent. */
  logLevel: string;
}

export const VERSION = '0.1.0';
export const MIB = 1024 * 1024;

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name}=${raw} is not an integer >= ${min}; fix or unset it`);
  }
  return value;
}

function floatFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name}=${raw} is not a positive number; fix or unset it`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.SVC_DATA_DIR || './data');
  const blobDriver = env.SVC_BLOB_DRIVER === 'memory' ? 'memory' : 'fs';
  return {
    dataDir,
    databaseUrl: env.SVC_DATABASE_URL || `file:${dataDir}/svc.db`,
    databaseAuthToken: env.SVC_DATABASE_AUTH_TOKEN || undefined,
    httpPort: intFromEnv(env, 'SVC_HTTP_PORT', 8080, 0),
    host: env.SVC_HOST || '127.0.0.1',
    publicUrl: env.SVC_PUBLIC_URL || undefined,
    rateLimitPerMinute: intFromEnv(env, 'SVC_RATE_LIMIT_PER_MINUTE', 600, 1),
    maxBodyBytes: intFromEnv(env, 'SVC_MAX_MESSAGE_BYTES', 25 * MIB, 1024),
    blobDriver,
    sandboxDays: 30,
    inboundDomain: (env.SVC_INBOUND_DOMAIN || 'in.localhost').toLowerCase(),
    smtpPort: intFromEnv(env, 'SVC_SMTP_PORT', 2525, 0),
    smtpTlsKey: env.SVC_SMTP_TLS_KEY || undefined,
    smtpTlsCert: env.SVC_SMTP_TLS_CERT || undefined,
    authDns: env.SVC_AUTH_DNS === 'none' ? 'none' : 'system',
    allowPrivateDestinations: env.SVC_ALLOW_PRIVATE_DESTINATIONS === '1',
    webhookTimeoutMs: intFromEnv(env, 'SVC_WEBHOOK_TIMEOUT_MS', 10_000, 1),
    webhookRetryScale: floatFromEnv(env, 'SVC_WEBHOOK_RETRY_SCALE', 1),
    webhookLeaseMs: intFromEnv(env, 'SVC_WEBHOOK_LEASE_MS', 60_000, 100),
    webhookWorker: env.SVC_WEBHOOK_WORKER !== '0',
    testCaseCap: intFromEnv(env, 'SVC_TEST_CASE_CAP', 200, 1),
    testRunRetentionDays: 90,
    dbSync: env.SVC_DB_SYNC === 'normal' ? 'normal' : 'full',
    allowedHosts: (env.SVC_ALLOWED_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    mcpHideUncallableTools: env.SVC_MCP_LIST_ALL_TOOLS !== '1',
    logLevel: env.SVC_LOG_LEVEL || 'info',
  };
}
