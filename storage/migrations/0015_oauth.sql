-- OAuth 2.1 for /mcp (issue 27): clients, pending sign-ins, grants and their tokens.
-- Every secret (client secret, code, access and refresh token, consent step) is stored as
-- its SHA-256 only, like API keys.

-- Clients registered by RFC 7591 (kind 'registered') or read from a Client ID Metadata
-- Document (kind 'metadata_document': client_id is the document's https URL, the row a
-- cache of it until refresh_after).
CREATE TABLE oauth_clients (
  client_id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('registered', 'metadata_document')),
  metadata TEXT NOT NULL,
  client_secret_hash TEXT,
  created_at TEXT NOT NULL,
  refresh_after TEXT
);

-- A sign-in in progress: the checked /authorize request, waiting for a key and a consent.
-- consent_hash is set once the key is checked; only the form holding that secret may grant.
CREATE TABLE oauth_requests (
  id_hash TEXT PRIMARY KEY,
  client_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  code_challenge TEXT NOT NULL,
  scopes TEXT NOT NULL,
  state TEXT,
  resource TEXT NOT NULL,
  key_id TEXT,
  consent_hash TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);

CREATE INDEX oauth_requests_expiry ON oauth_requests (expires_at);

-- What a person granted one client with one key: a subset of that key's scopes and
-- tenants, for one resource (the MCP endpoint's URL). Revoking it ends all its tokens.
CREATE TABLE oauth_grants (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id),
  key_id TEXT NOT NULL REFERENCES api_keys (id),
  client_id TEXT NOT NULL,
  client_name TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  scopes TEXT NOT NULL,
  all_tenants INTEGER NOT NULL,
  tenants TEXT NOT NULL,
  resource TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT,
  revoked_by TEXT,
  revoked_reason TEXT
);

CREATE INDEX oauth_grants_account ON oauth_grants (account_id, id);

-- Authorization codes (one use, minutes), access tokens (short-lived) and refresh tokens
-- (rotated: each use spends it and issues the next; a spent one used again revokes the grant).
CREATE TABLE oauth_tokens (
  token_hash TEXT PRIMARY KEY,
  grant_id TEXT NOT NULL REFERENCES oauth_grants (id),
  kind TEXT NOT NULL CHECK (kind IN ('code', 'access', 'refresh')),
  code_challenge TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  spent_at TEXT
);

CREATE INDEX oauth_tokens_grant ON oauth_tokens (grant_id, kind);
CREATE INDEX oauth_tokens_expiry ON oauth_tokens (expires_at);
