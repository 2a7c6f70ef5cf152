// Structured logs (pino, one JSON line per event): HTTP requests, SMTP transactions,
// webhook attempts, start and shutdown. What is logged is chosen field by field at each
// call site; nothing logs a whole request, message, header set or URL, so keys, secrets
// and mail content cannot slip in. The logger is silent until an entry point (svc serve,
// svc mcp) configures it, so in-process tests print nothing unless they ask.
import pino, { type DestinationStream, type Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

let current: Logger = pino({ level: 'silent' });
/** The asynchronous file-descriptor destination configureLogger made, if any: closeLogger ends it. */
let writer: ReturnType<typeof pino.destination> | null = null;

/** Sets the level (SVC_LOG_LEVEL) and where lines go: stdout by default; `svc mcp` uses stderr. */
export function configureLogger(level: string, destination: DestinationStream | number = 1): Logger {
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new Error(`SVC_LOG_LEVEL=${level} is not a log level; use one of ${LOG_LEVELS.join(', ')}`);
  }
  // Asynchronous writes: a synchronous write(2) per request line cost the REST path about
  // as much as parsing its JSON body. pino flushes what is pending when the process exits.
  const stream = typeof destination === 'number' ? pino.destination({ fd: destination, sync: false }) : destination;
  writer = typeof destination === 'number' ? (stream as ReturnType<typeof pino.destination>) : null;
  current = pino({ level, base: { service: 'svc' }, timestamp: pino.stdTimeFunctions.isoTime }, stream);
  return current;
}

export function log(): Logger {
  return current;
}

/**
 * Ends the log before the process exits: every line already logged is written, in order, and
 * the logger turns silent. pino's own flush on exit writes what is queued synchronously while
 * an earlier asynchronous write may still be in flight, so under load "svc stopped" could land
 * before "svc stopping" (or that line be lost); ending the stream waits for the write in flight
 * first. Resolves when the destination is closed, or after `limitMs`: a reader that stopped
 * reading the pipe must not keep the process alive.
 */
export function closeLogger(limitMs = 2000): Promise<void> {
  const stream = writer;
  writer = null;
  current = pino({ level: 'silent' });
  if (!stream) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    timer.unref();
    stream.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      stream.end();
    } catch {
      resolve(); // already closed
    }
  });
}

/**
 * What may be logged of an API key: its public prefix (svc_ + 12 characters, the part
 * list_keys shows). Anything not shaped like a key is reported as such, never echoed.
 */
export function keyPrefix(token: string | undefined | null): string | null {
  if (!token) return null;
  // An OAuth access token has no public part; its grant is listed by list_oauth_grants.
  if (token.startsWith('svc_at_')) return 'oauth';
  const match = token.match(/^(svc_[0-9A-Za-z]{12})_[0-9A-Za-z]+$/);
  return match ? match[1]! : 'malformed';
}

/** A destination for the log: scheme, host and port only (webhook URLs often carry tokens in the path or query). */
export function urlOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'invalid-url';
  }
}
