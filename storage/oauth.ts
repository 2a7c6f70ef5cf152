// OAuth clients, sign-ins in progress, grants and their tokens (migration 0015). Secrets are
// stored as their SHA-256 (hashKey) only; the plaintext exists in one answer.
import type { Row } from '@libsql/client';
import type { Db, Statement } from './db.ts';
import { hashKey, type Scope } from './keys.ts';

export type OAuthClientKind = 'registered' | 'metadata_document';

export interface StoredOAuthClient {
  client_id: string;
  kind: OAuthClientKind;
  /** The RFC 7591 client metadata (redirect_uris, client_name, ...), as registered or fetched. */
  metadata: Record<string, unknown>;
  client_secret_hash: string | null;
  created_at: string;
  refresh_after: string | null;
}

function rowToClient(r: Row): StoredOAuthClient {
  return {
    client_id: String(r.client_id),
    kind: r.kind as OAuthClientKind,
    metadata: JSON.parse(String(r.metadata)),
    client_secret_hash: r.client_secret_hash === null ? null : String(r.client_secret_hash),
    created_at: String(r.created_at),
    refresh_after: r.refresh_after === null ? null : String(r.refresh_after),
  };
}

export async function getClient(db: Db, clientId: string): Promise<StoredOAuthClient | undefined> {
  const row = await db.readOne('SELECT * FROM oauth_clients WHERE client_id = ?', [clientId]);
  return row ? rowToClient(row) : undefined;
}

/** Inserts a client, or replaces a metadata document's cached copy. */
export async function saveClient(db: Db, client: StoredOAuthClient): Promise<void> {
  await db.batch([
    {
      sql: `INSERT INTO oauth_clients (client_id, kind, metadata, client_secret_hash, created_at, refresh_after)
            VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (client_id) DO UPDATE SET metadata = excluded.metadata, refresh_after = excluded.refresh_after`,
      args: [
        client.client_id,
        client.kind,
        JSON.stringify(client.metadata),
        client.client_secret_hash,
        client.created_at,
        client.refresh_after,
      ],
    },
  ]);
}

export interface OAuthRequest {
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  /** The scopes the client asked for (may be empty: then the person picks). */
  scopes: string[];
  state: string | null;
  resource: string;
  key_id: string | null;
  created_at: string;
  expires_at: string;
}

function rowToRequest(r: Row): OAuthRequest {
  return {
    client_id: String(r.client_id),
    redirect_uri: String(r.redirect_uri),
    code_challenge: String(r.code_challenge),
    scopes: JSON.parse(String(r.scopes)),
    state: r.state === null ? null : String(r.state),
    resource: String(r.resource),
    key_id: r.key_id === null ? null : String(r.key_id),
    created_at: String(r.created_at),
    expires_at: String(r.expires_at),
  };
}

/** Stores a checked /authorize request under the hash of `id`; expired ones are dropped on the way. */
export async function insertRequest(db: Db, id: string, request: OAuthRequest): Promise<void> {
  await db.batch([
    { sql: 'DELETE FROM oauth_requests WHERE expires_at < ?', args: [request.created_at] },
    {
      sql: `INSERT INTO oauth_requests (id_hash, client_id, redirect_uri, code_challenge, scopes, state, resource,
              created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        hashKey(id),
        request.client_id,
        request.redirect_uri,
        request.code_challenge,
        JSON.stringify(request.scopes),
        request.state,
        request.resource,
        request.created_at,
        request.expires_at,
      ],
    },
  ]);
}

/** The request `id` names, if it has not expired; with `consent`, only once that secret was bound to it. */
export async function getRequest(db: Db, id: string, now: Date, consent?: string): Promise<OAuthRequest | undefined> {
  const row = await db.readOne('SELECT * FROM oauth_requests WHERE id_hash = ? AND expires_at > ?', [
    hashKey(id),
    now.toISOString(),
  ]);
  if (!row) return undefined;
  if (consent !== undefined && (row.consent_hash === null || String(row.consent_hash) !== hashKey(consent)))
    return undefined;
  return rowToRequest(row);
}

/** Records that a key was checked for the request, and the secret the consent form must carry. */
export async function bindRequestKey(db: Db, id: string, keyId: string, consent: string): Promise<void> {
  await db.batch([
    {
      sql: 'UPDATE oauth_requests SET key_id = ?, consent_hash = ? WHERE id_hash = ?',
      args: [keyId, hashKey(consent), hashKey(id)],
    },
  ]);
}

export function deleteRequestStatement(id: string): Statement {
  return { sql: 'DELETE FROM oauth_requests WHERE id_hash = ?', args: [hashKey(id)] };
}

export interface OAuthGrant {
  id: string;
  account_id: string;
  key_id: string;
  client_id: string;
  client_name: string;
  redirect_uri: string;
  scopes: Scope[];
  /** true only when the key itself reaches every tenant now and later and the person granted that. */
  all_tenants: boolean;
  tenants: string[];
  /** The resource (the MCP endpoint's URL) its access tokens are for. */
  resource: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_reason: string | null;
}

function rowToGrant(r: Row): OAuthGrant {
  return {
    id: String(r.id),
    account_id: String(r.account_id),
    key_id: String(r.key_id),
    client_id: String(r.client_id),
    client_name: String(r.client_name),
    redirect_uri: String(r.redirect_uri),
    scopes: JSON.parse(String(r.scopes)),
    all_tenants: Number(r.all_tenants) === 1,
    tenants: JSON.parse(String(r.tenants)),
    resource: String(r.resource),
    created_at: String(r.created_at),
    last_used_at: r.last_used_at === null ? null : String(r.last_used_at),
    revoked_at: r.revoked_at === null ? null : String(r.revoked_at),
    revoked_reason: r.revoked_reason === null ? null : String(r.revoked_reason),
  };
}

export function insertGrantStatement(g: OAuthGrant): Statement {
  return {
    sql: `INSERT INTO oauth_grants (id, account_id, key_id, client_id, client_name, redirect_uri, scopes, all_tenants,
            tenants, resource, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      g.id,
      g.account_id,
      g.key_id,
      g.client_id,
      g.client_name,
      g.redirect_uri,
      JSON.stringify(g.scopes),
      g.all_tenants ? 1 : 0,
      JSON.stringify(g.tenants),
      g.resource,
      g.created_at,
    ],
  };
}

export async function getGrant(db: Db, accountId: string, id: string): Promise<OAuthGrant | undefined> {
  const row = await db.readOne('SELECT * FROM oauth_grants WHERE account_id = ? AND id = ?', [accountId, id]);
  return row ? rowToGrant(row) : undefined;
}

export async function listGrants(db: Db, accountId: string): Promise<OAuthGrant[]> {
  const rows = await db.read('SELECT * FROM oauth_grants WHERE account_id = ? ORDER BY id', [accountId]);
  return rows.map(rowToGrant);
}

export function revokeGrantStatement(id: string, revokedBy: string, reason: string, now: Date): Statement {
  return {
    sql: 'UPDATE oauth_grants SET revoked_at = ?, revoked_by = ?, revoked_reason = ? WHERE id = ? AND revoked_at IS NULL',
    args: [now.toISOString(), revokedBy, reason, id],
  };
}

/** Records a grant's last use at most once a minute (as touchKey does for keys). */
export async function touchGrant(db: Db, id: string, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - 60_000).toISOString();
  await db.batch([
    {
      sql: 'UPDATE oauth_grants SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)',
      args: [now.toISOString(), id, cutoff],
    },
  ]);
}

export type TokenKind = 'code' | 'access' | 'refresh';

export interface OAuthToken {
  kind: TokenKind;
  grant: OAuthGrant;
  code_challenge: string | null;
  expires_at: string;
  spent_at: string | null;
}

export interface NewToken {
  plaintext: string;
  grantId: string;
  kind: TokenKind;
  expiresAt: Date;
  codeChallenge?: string | null;
}

/** `guarded`: written only if the statement before it in the batch changed exactly one row. */
export function insertTokenStatement(token: NewToken, now: Date, guarded = false): Statement {
  return {
    sql: `INSERT INTO oauth_tokens (token_hash, grant_id, kind, code_challenge, created_at, expires_at)
          SELECT ?, ?, ?, ?, ?, ?${guarded ? ' WHERE changes() = 1' : ''}`,
    args: [
      hashKey(token.plaintext),
      token.grantId,
      token.kind,
      token.codeChallenge ?? null,
      now.toISOString(),
      token.expiresAt.toISOString(),
    ],
  };
}

/** The token (of any state: the caller judges expiry, spending and revocation) with its grant, in one read. */
export async function findToken(db: Db, plaintext: string, kind: TokenKind): Promise<OAuthToken | undefined> {
  const row = await db.readOne(
    `SELECT t.kind AS token_kind, t.code_challenge AS token_code_challenge, t.expires_at AS token_expires_at,
            t.spent_at AS token_spent_at, g.*
     FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id WHERE t.token_hash = ? AND t.kind = ?`,
    [hashKey(plaintext), kind],
  );
  if (!row) return undefined;
  return {
    kind: row.token_kind as TokenKind,
    grant: rowToGrant(row),
    code_challenge: row.token_code_challenge === null ? null : String(row.token_code_challenge),
    expires_at: String(row.token_expires_at),
    spent_at: row.token_spent_at === null ? null : String(row.token_spent_at),
  };
}

/**
 * Spends a one-use token (a code or a refresh token) and stores the tokens that replace it,
 * in one batch. False when it was already spent: one value must not be exchanged twice, even
 * by two requests at once.
 */
export async function spendToken(db: Db, plaintext: string, now: Date, replacements: NewToken[]): Promise<boolean> {
  // A batch is one transaction: each insert runs only if the statement before it wrote one
  // row, the first of them only if the spend did.
  const results = await db.batch([
    {
      sql: 'UPDATE oauth_tokens SET spent_at = ? WHERE token_hash = ? AND spent_at IS NULL',
      args: [now.toISOString(), hashKey(plaintext)],
    },
    ...replacements.map((t) => insertTokenStatement(t, now, true)),
  ]);
  return Number(results[0]?.rowsAffected ?? 0) === 1;
}

/** Deletes a grant's expired tokens now and then, so the table holds live ones (and spent refresh tokens a while). */
export function pruneTokensStatement(now: Date): Statement {
  // Spent refresh tokens are kept a day past expiry so a replayed one is still recognised.
  return {
    sql: 'DELETE FROM oauth_tokens WHERE expires_at < ?',
    args: [new Date(now.getTime() - 86_400_000).toISOString()],
  };
}
