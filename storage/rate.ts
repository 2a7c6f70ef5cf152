// The per-key token buckets every process on one database shares (rate_buckets).
import type { Db } from './db.ts';

/**
 * Takes `n` tokens (already spent by the caller) from the key's shared bucket after
 * refilling it to `nowMs`, and returns what is left; negative when processes together
 * overspent, which then makes every process wait until the refill covers it.
 */
export async function spendShared(
  db: Db,
  keyId: string,
  n: number,
  capacity: number,
  perMs: number,
  nowMs: number,
): Promise<number> {
  const [, updated] = await db.batch([
    {
      sql: 'INSERT OR IGNORE INTO rate_buckets (key_id, tokens, updated_ms) VALUES (?, ?, ?)',
      args: [keyId, capacity, nowMs],
    },
    // A clock behind the last writer's refills nothing rather than taking tokens back.
    {
      sql: `UPDATE rate_buckets SET tokens = MIN(?, tokens + MAX(0, ? - updated_ms) * ?) - ?, updated_ms = MAX(updated_ms, ?)
            WHERE key_id = ? RETURNING tokens`,
      args: [capacity, nowMs, perMs, n, nowMs, keyId],
    },
  ]);
  return Number(updated?.rows[0]?.tokens ?? capacity - n);
}
