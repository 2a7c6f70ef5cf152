// The browser console's sign-in: an API key exchanged for a session whose token lives only
// in an HttpOnly cookie. The session acts as its key (same scopes, same tenants, same rate
// limit), so everything the console does is a call any key could make. Its CSRF token is
// derived from the session token: nothing more is stored, and a page of another site can
// neither read the cookie nor compute the token.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { listAccountTenants } from '../storage/tenants.ts';
import { newId } from '../storage/ids.ts';
import { endSessionStatement, findSession, insertSessionStatement } from '../storage/sessions.ts';
import type { AppContext } from './app.ts';
import type { Caller } from './auth.ts';
import { ToolError } from './errors.ts';
import { clientKey } from './rate-limit.ts';

/** A session lasts this long from sign-in; signing in again starts a new one. */
export const SESSION_HOURS = 12;

export interface OpenedSession {
  /** The cookie's value: shown to the browser once, stored only as its hash. */
  token: string;
  csrf_token: string;
  expires_at: string;
}

/** Opens a session for a caller whose key was just verified. */
export async function openSession(app: AppContext, caller: Caller, now: Date): Promise<OpenedSession> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + SESSION_HOURS * 3_600_000);
  const session = {
    id: newId('ses', now.getTime()),
    key_id: caller.key.id,
    created_at: now.toISOString(),
    expires_at: expires.toISOString(),
    ended_at: null,
  };
  await app.db.batch([insertSessionStatement(session, token)]);
  return { token, csrf_token: csrfToken(token), expires_at: session.expires_at };
}

export function csrfToken(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('console csrf').digest('base64url');
}

export function csrfMatches(sessionToken: string, sent: string | null): boolean {
  if (!sent) return false;
  const expected = Buffer.from(csrfToken(sessionToken));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const signInAgain = 'sign in again at /console/ with an API key';

/**
 * The caller a session token stands for, or unauthorized saying why it no longer works.
 * Unknown tokens count against the client's address as unknown keys do (each costs a read).
 */
export async function sessionCaller(
  app: AppContext,
  token: string,
  now: Date,
  client?: string,
): Promise<{ caller: Caller; expires_at: string }> {
  const limited = client ? clientKey(client) : null;
  const wait = limited ? app.authFailures.wait(limited) : 0;
  if (wait > 0) {
    throw new ToolError(
      'rate_limited',
      `Too many failed authentications from this address; retry in ${wait} s, then ${signInAgain}.`,
      { retry_after_seconds: wait },
    );
  }
  try {
    return await resolveSession(app, token, now);
  } catch (error) {
    if (limited && error instanceof ToolError && error.code === 'unauthorized') app.authFailures.take(limited);
    throw error;
  }
}

async function resolveSession(
  app: AppContext,
  token: string,
  now: Date,
): Promise<{ caller: Caller; expires_at: string }> {
  const found = await findSession(app.db, token);
  if (!found || found.session.ended_at) {
    throw new ToolError('unauthorized', `This console session has ended (signed out); ${signInAgain}.`);
  }
  if (found.session.expires_at <= now.toISOString()) {
    throw new ToolError('unauthorized', `This console session expired at ${found.session.expires_at}; ${signInAgain}.`);
  }
  const { key, account } = found;
  if (key.revoked_at) {
    throw new ToolError(
      'unauthorized',
      `The API key of this console session was revoked at ${key.revoked_at}; ${signInAgain} that is not revoked.`,
    );
  }
  const owned = await listAccountTenants(app.db, account.id);
  const tenants = key.all_tenants ? owned : owned.filter((t) => key.tenants.includes(t.id));
  return { caller: { key, account, tenants }, expires_at: found.session.expires_at };
}

/** Sign-out: the token stops working at once, whatever the browser keeps. */
export async function endSession(app: AppContext, token: string, now: Date): Promise<void> {
  await app.db.batch([endSessionStatement(token, now)]);
}
