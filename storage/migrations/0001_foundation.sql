-- Accounts, tenants, keys and the audit trail: the base every later table hangs from.
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('throwaway', 'standard')),
  email TEXT,
  email_verified INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);

CREATE UNIQUE INDEX accounts_email ON accounts (email) WHERE email IS NOT NULL;

CREATE TABLE tenants (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id),
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('sandbox', 'account')),
  policy TEXT NOT NULL DEFAULT '{}',
  with_starters INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  expires_at TEXT
);

CREATE UNIQUE INDEX tenants_account_name ON tenants (account_id, name);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id),
  prefix TEXT NOT NULL UNIQUE,
  key_hash TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  scopes TEXT NOT NULL,
  all_tenants INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  created_by TEXT,
  last_used_at TEXT,
  revoked_at TEXT,
  revoked_by TEXT
);

CREATE INDEX api_keys_account ON api_keys (account_id, id);

CREATE TABLE api_key_tenants (
  key_id TEXT NOT NULL REFERENCES api_keys (id),
  tenant_id TEXT NOT NULL REFERENCES tenants (id),
  PRIMARY KEY (key_id, tenant_id)
);

-- tenant_id is null for account-level changes (keys, tenants); list_events shows those
-- to every tenant of the account.
CREATE TABLE events (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  tenant_id TEXT,
  type TEXT NOT NULL,
  subject_id TEXT,
  actor TEXT NOT NULL,
  diff TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);

CREATE INDEX events_tenant ON events (tenant_id, id);
CREATE INDEX events_account ON events (account_id, tenant_id, id);
CREATE INDEX events_tenant_type ON events (tenant_id, type, id);
CREATE INDEX events_tenant_subject ON events (tenant_id, subject_id, id);

CREATE TABLE interest (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  key_id TEXT NOT NULL,
  payload TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE feedback (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  tenant_id TEXT,
  key_id TEXT NOT NULL,
  text TEXT NOT NULL,
  about TEXT,
  severity TEXT NOT NULL,
  created_at TEXT NOT NULL
);
