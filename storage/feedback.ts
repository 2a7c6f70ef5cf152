// Interest registrations and feedback: text a person reads; nothing acts on it.
import type { Statement } from './db.ts';
import { newId } from './ids.ts';

export function insertInterestStatement(
  accountId: string,
  keyId: string,
  payload: Record<string, unknown>,
  now: Date,
): { id: string; statement: Statement } {
  const id = newId('int', now.getTime());
  return {
    id,
    statement: {
      sql: 'INSERT INTO interest (id, account_id, key_id, payload, created_at) VALUES (?, ?, ?, ?, ?)',
      args: [id, accountId, keyId, JSON.stringify(payload), now.toISOString()],
    },
  };
}

export interface FeedbackInput {
  text: string;
  about?: string | undefined;
  severity: 'low' | 'normal' | 'high';
}

export function insertFeedbackStatement(
  accountId: string,
  tenantId: string | null,
  keyId: string,
  f: FeedbackInput,
  now: Date,
): { id: string; statement: Statement } {
  const id = newId('fbk', now.getTime());
  return {
    id,
    statement: {
      sql: `INSERT INTO feedback (id, account_id, tenant_id, key_id, text, about, severity, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [id, accountId, tenantId, keyId, f.text, f.about ?? null, f.severity, now.toISOString()],
    },
  };
}
