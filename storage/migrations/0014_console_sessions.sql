-- Sign-in sessions of the browser console: an API key exchanged for a cookie. Only the
-- SHA-256 of the cookie's token is stored (as for keys); the session acts as its key, so
-- revoking the key ends it too. ended_at is set by sign-out.
CREATE TABLE console_sessions (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  key_id TEXT NOT NULL REFERENCES api_keys (id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  ended_at TEXT
);
CREATE INDEX console_sessions_key ON console_sessions (key_id, id);
