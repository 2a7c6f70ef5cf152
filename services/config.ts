// Configuration comes from environment variables only (listed in the README).
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { parseDnsServers } from './dns.ts';
import type { BlobDriver, S3Options } from '../storage/blobs.ts';

export interface Config {
  dataDir: string;
  databaseUrl: string;
  databaseAuthToken: string | undefined;
  httpPort: number;
  host: string;
  /** Public base URL printed in MCP URLs; defaults to the listening address. */
  publicUrl: string | undefined;
  rateLimitPerMinute: number;
  /** Failed authentications a client address may make a minute before it gets 429. */
  authFailuresPerMinute: number;
  /** Reverse proxies in front of the service whose X-Forwarded-For entries are trusted (0: use the socket address). */
  trustProxyHops: number;
  /** Byte limit of one HTTP request body and of one message. */
  maxBodyBytes: number;
  /** Byte limit of one read's result as JSON, REST and MCP alike (services/result-size.ts). */
  maxResultBytes: number;
  /**
   * 'fs' keeps bytes under dataDir/blobs (default on a local file); 'db' in the database,
   * seen by every node (default on a server); 's3' in an S3-compatible store; 'memory' for tests.
   */
  blobDriver: BlobDriver;
  blobS3: S3Options | undefined;
  /** A local embedded replica of a server database; reads go to it. */
  databaseReplica: string | undefined;
  databaseReplicaSyncMs: number;
  sandboxDays: number;
  /** The inbound mail domain: mail is answered at <handle>.<local>@ / <handle>+<local>@ it. */
  inboundDomain: string;
  /** SMTP listener port; 0 disables it. */
  smtpPort: number;
  smtpTlsKey: string | undefined;
  smtpTlsCert: string | undefined;
  /** 'system' looks up SPF/DKIM/DMARC records in DNS; 'none' answers every lookup "no record" (offline). */
  authDns: 'system' | 'none';
  /** Resolvers for SPF/DKIM/DMARC/ARC and PTR lookups (host[:port]); empty: the system's. */
  dnsServers: string[];
  /** One DNS query's timeout, and how many times it is tried. */
  dnsTimeoutMs: number;
  dnsTries: number;
  /** DNS answers kept in memory, and the longest any is kept (also the age of answers DNS gives no TTL for). */
  dnsCacheEntries: number;
  dnsCacheMaxSeconds: number;
  /** SMTP connections at once, in total and from one client address (421 beyond). */
  smtpMaxConnections: number;
  smtpMaxConnectionsPerIp: number;
  /** Webhooks may target loopback/private addresses (tests, local development). */
  allowPrivateDestinations: boolean;
  /** A webhook answer must arrive within this many ms. */
  webhookTimeoutMs: number;
  /** Multiplies the retry schedule (1 min, 5 min, 30 min, 2 h, 6 h); tests shrink it. */
  webhookRetryScale: number;
  /** How long a worker holds a claimed delivery before another may take it over. */
  webhookLeaseMs: number;
  /** Webhook attempts one worker runs at once, and of those one tenant's at most. */
  webhookConcurrency: number;
  webhookTenantConcurrency: number;
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
  /** Worker threads and budgets for reading untrusted mail (services/analysis-pool.ts). */
  analysis: AnalysisBudget;
}

export interface AnalysisBudget {
  /** Worker threads; default: the CPU count. */
  workers: number;
  /** Wall-clock budget of one job (a message's analysis, one attachment, one rule run). */
  timeoutMs: number;
  /** Heap cap of each worker (V8 old generation). */
  heapMb: number;
  /** A worker whose heap and external memory grew past this leaves after its job. */
  recycleMb: number;
}

export function analysisBudgetFromEnv(env: NodeJS.ProcessEnv): AnalysisBudget {
  return {
    workers: intFromEnv(env, 'SVC_ANALYSIS_WORKERS', Math.max(1, availableParallelism()), 1),
    timeoutMs: intFromEnv(env, 'SVC_ANALYSIS_TIMEOUT_MS', 5000, 50),
    heapMb: intFromEnv(env, 'SVC_ANALYSIS_HEAP_MB', 512, 32),
    recycleMb: intFromEnv(env, 'SVC_ANALYSIS_RECYCLE_MB', 192, 16),
  };
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
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name}=${raw} is not a positive number; fix or unset it`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.SVC_DATA_DIR || './data');
  const databaseUrl = env.SVC_DATABASE_URL || `file:${dataDir}/svc.db`;
  const remote = !databaseUrl.startsWith('file:') && databaseUrl !== ':memory:';
  const blobDriver = blobDriverFromEnv(env, remote);
  if (env.SVC_DATABASE_REPLICA && !remote) {
    throw new Error(
      'SVC_DATABASE_REPLICA needs SVC_DATABASE_URL=http://... or libsql://... (a server to replicate); unset it for a local file',
    );
  }
  return {
    dataDir,
    databaseUrl,
    databaseAuthToken: env.SVC_DATABASE_AUTH_TOKEN || undefined,
    httpPort: intFromEnv(env, 'SVC_HTTP_PORT', 8080, 0),
    host: env.SVC_HOST || '127.0.0.1',
    publicUrl: env.SVC_PUBLIC_URL || undefined,
    rateLimitPerMinute: intFromEnv(env, 'SVC_RATE_LIMIT_PER_MINUTE', 600, 1),
    authFailuresPerMinute: intFromEnv(env, 'SVC_AUTH_FAILURES_PER_MINUTE', 30, 1),
    trustProxyHops: intFromEnv(env, 'SVC_TRUST_PROXY_HOPS', 0, 0),
    maxBodyBytes: intFromEnv(env, 'SVC_MAX_MESSAGE_BYTES', 25 * MIB, 1024),
    maxResultBytes: intFromEnv(env, 'SVC_MAX_RESULT_BYTES', 128 * 1024, 16 * 1024),
    blobDriver,
    blobS3: blobDriver === 's3' ? s3FromEnv(env) : undefined,
    databaseReplica: env.SVC_DATABASE_REPLICA ? resolve(env.SVC_DATABASE_REPLICA) : undefined,
    databaseReplicaSyncMs: intFromEnv(env, 'SVC_DATABASE_REPLICA_SYNC_MS', 1000, 10),
    sandboxDays: 30,
    inboundDomain: (env.SVC_INBOUND_DOMAIN || 'in.localhost').toLowerCase(),
    smtpPort: intFromEnv(env, 'SVC_SMTP_PORT', 2525, 0),
    smtpTlsKey: env.SVC_SMTP_TLS_KEY || undefined,
    smtpTlsCert: env.SVC_SMTP_TLS_CERT || undefined,
    authDns: env.SVC_AUTH_DNS === 'none' ? 'none' : 'system',
    dnsServers: parseDnsServers(env.SVC_DNS_SERVERS ?? ''),
    dnsTimeoutMs: intFromEnv(env, 'SVC_DNS_TIMEOUT_MS', 1000, 1),
    dnsTries: intFromEnv(env, 'SVC_DNS_TRIES', 2, 1),
    dnsCacheEntries: intFromEnv(env, 'SVC_DNS_CACHE_ENTRIES', 10_000, 0),
    dnsCacheMaxSeconds: intFromEnv(env, 'SVC_DNS_CACHE_MAX_SECONDS', 300, 0),
    smtpMaxConnections: intFromEnv(env, 'SVC_SMTP_MAX_CONNECTIONS', 200, 1),
    smtpMaxConnectionsPerIp: intFromEnv(env, 'SVC_SMTP_MAX_CONNECTIONS_PER_IP', 20, 1),
    allowPrivateDestinations: env.SVC_ALLOW_PRIVATE_DESTINATIONS === '1',
    webhookTimeoutMs: intFromEnv(env, 'SVC_WEBHOOK_TIMEOUT_MS', 10_000, 1),
    webhookRetryScale: floatFromEnv(env, 'SVC_WEBHOOK_RETRY_SCALE', 1),
    webhookLeaseMs: intFromEnv(env, 'SVC_WEBHOOK_LEASE_MS', 60_000, 100),
    webhookConcurrency: intFromEnv(env, 'SVC_WEBHOOK_CONCURRENCY', 64, 1),
    webhookTenantConcurrency: intFromEnv(env, 'SVC_WEBHOOK_TENANT_CONCURRENCY', 16, 1),
    webhookWorker: env.SVC_WEBHOOK_WORKER !== '0',
    testCaseCap: intFromEnv(env, 'SVC_TEST_CASE_CAP', 200, 1),
    testRunRetentionDays: 90,
    dbSync: env.SVC_DB_SYNC === 'normal' ? 'normal' : 'full',
    allowedHosts: (env.SVC_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    mcpHideUncallableTools: env.SVC_MCP_LIST_ALL_TOOLS !== '1',
    logLevel: env.SVC_LOG_LEVEL || 'info',
    analysis: analysisBudgetFromEnv(env),
  };
}

const BLOB_DRIVERS = ['fs', 'memory', 'db', 's3'] as const;

/** Several nodes on one server must see each other's bytes: there the database is the default. */
function blobDriverFromEnv(env: NodeJS.ProcessEnv, remote: boolean): BlobDriver {
  const raw = env.SVC_BLOB_DRIVER;
  if (!raw) return remote ? 'db' : 'fs';
  if (!(BLOB_DRIVERS as readonly string[]).includes(raw)) {
    throw new Error(`SVC_BLOB_DRIVER=${raw} is not one of ${BLOB_DRIVERS.join(', ')}; fix or unset it`);
  }
  return raw as BlobDriver;
}

function s3FromEnv(env: NodeJS.ProcessEnv): S3Options {
  const names = [
    'SVC_BLOB_S3_ENDPOINT',
    'SVC_BLOB_S3_BUCKET',
    'SVC_BLOB_S3_ACCESS_KEY_ID',
    'SVC_BLOB_S3_SECRET_ACCESS_KEY',
  ] as const;
  const missing = names.filter((n) => !env[n]);
  if (missing.length > 0)
    throw new Error(`SVC_BLOB_DRIVER=s3 needs ${missing.join(', ')}; set them or choose another driver`);
  return {
    endpoint: env.SVC_BLOB_S3_ENDPOINT!,
    bucket: env.SVC_BLOB_S3_BUCKET!,
    region: env.SVC_BLOB_S3_REGION || 'us-east-1',
    accessKeyId: env.SVC_BLOB_S3_ACCESS_KEY_ID!,
    secretAccessKey: env.SVC_BLOB_S3_SECRET_ACCESS_KEY!,
  };
}
