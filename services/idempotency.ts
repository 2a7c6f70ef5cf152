// Idempotent writes (issue 23): a call that carries an idempotency key is answered once per
// tenant and key for 24 hours. The first result is stored in the same transaction as the
// writes it describes, so a retry after a lost answer (a timeout, a crash right after the
// commit) finds it and stores nothing new. Concurrent attempts with one key all run, but the
// primary key lets exactly one commit; the others read its result and answer with it.
import { createHash } from 'node:crypto';
import type { Statement } from '../storage/db.ts';
import { findIdempotencyRecord, rememberStatements, type IdempotencyRecord } from '../storage/idempotency.ts';
import type { AppContext } from './app.ts';
import { ToolError } from './errors.ts';

/** How long a key is remembered: at least this long (the hourly purge runs after it). */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3_600_000;

export interface IdempotentCall {
  tenantId: string;
  key: string;
  operation: string;
  /** The call's input without the key: a retry must send the same. */
  request: unknown;
}

/** The statements that store `result` as the key's answer; `run` adds them to its own atomic write. */
export type Remember<T> = (result: T) => Statement[];

export async function idempotent<T>(
  app: AppContext,
  call: IdempotentCall,
  run: (remember: Remember<T>) => Promise<T>,
): Promise<T> {
  const requestSha256 = createHash('sha256')
    .update(call.operation)
    .update('\n')
    .update(JSON.stringify(call.request))
    .digest('hex');
  const now = app.now();
  const first = await findIdempotencyRecord(app.db, call.tenantId, call.key, now);
  if (first) return replay<T>(first, call, requestSha256);
  const remember: Remember<T> = (result) =>
    rememberStatements({
      tenant_id: call.tenantId,
      idempotency_key: call.key,
      operation: call.operation,
      request_sha256: requestSha256,
      result: JSON.stringify(result),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS).toISOString(),
    });
  try {
    return await run(remember);
  } catch (error) {
    // Another attempt with this key committed first (our write failed on its row): its result is the answer.
    const raced = await findIdempotencyRecord(app.db, call.tenantId, call.key, app.now()).catch(() => undefined);
    if (raced) return replay<T>(raced, call, requestSha256);
    throw error;
  }
}

function replay<T>(record: IdempotencyRecord, call: IdempotentCall, requestSha256: string): T {
  if (record.operation !== call.operation || record.request_sha256 !== requestSha256) {
    throw new ToolError(
      'idempotency_key_reused',
      `Idempotency key '${call.key}' was first used at ${record.created_at} with a different request; ` +
        'send that same request again to get its result, or use a new key for a new request.',
      { idempotency_key: call.key, first_used_at: record.created_at },
    );
  }
  return JSON.parse(record.result) as T;
}
