import type { Row } from '@libsql/client';
import type { Db } from './db.ts';
import { eventStatement } from './events.ts';
import { newId } from './ids.ts';

export interface Account {
  id: string;
  kind: 'throwaway' | 'standard';
  email: string | null;
  email_verified: boolean;
  created_at: string;
}

function rowToAccount(row: Row): Account {
  return {
    id: String(row.id),
    kind: row.kind as Account['kind'],
    email: row.email === null ? null : String(row.email),
    email_verified: Number(row.email_verified) === 1,
    created_at: String(row.created_at),
  };
}

export async function getAccount(db: Db, id: string): Promise<Account | undefined> {
  const row = await db.readOne('SELECT * FROM accounts WHERE id = ?', [id]);
  return row ? rowToAccount(row) : undefined;
}

export async function getAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  const row = await db.readOne('SELECT * FROM accounts WHERE email = ?', [email]);
  return row ? rowToAccount(row) : undefined;
}

export async function countAccounts(db: Db): Promise<number> {
  return Number((await db.readOne('SELECT count(*) AS n FROM accounts'))?.n ?? 0);
}

export function newAccount(kind: Account['kind'], email: string | null, now: Date): Account {
  return { id: newId('acc', now.getTime()), kind, email, email_verified: false, created_at: now.toISOString() };
}

export function insertAccountStatement(a: Account) {
  return {
    sql: 'INSERT INTO accounts (id, kind, email, email_verified, created_at) VALUES (?, ?, ?, ?, ?)',
    args: [a.id, a.kind, a.email, a.email_verified ? 1 : 0, a.created_at],
  };
}

/** The operator's act: marks the account's email verified. */
export async function verifyAccount(db: Db, id: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const update = await tx.execute({
      sql: "UPDATE accounts SET email_verified = 1 WHERE id = ? AND kind = 'standard' AND email_verified = 0",
      args: [id],
    });
    if (update.rowsAffected === 0) return false;
    await tx.execute(
      eventStatement(
        { accountId: id, tenantId: null, type: 'account.verified', subjectId: id, actor: 'operator' },
        now,
      ),
    );
    return true;
  });
}
