-- Buckets: a rule, an optional schema (starter reference or object), a policy and
-- destinations. Deleted buckets keep their row (captures still name them); the name is
-- free again once deleted.
CREATE TABLE buckets (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants (id),
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  priority INTEGER NOT NULL DEFAULT 100,
  enabled INTEGER NOT NULL DEFAULT 1,
  rule TEXT,
  schema TEXT,
  policy TEXT,
  destinations TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT
);

CREATE UNIQUE INDEX buckets_tenant_name ON buckets (tenant_id, name) WHERE deleted_at IS NULL;
CREATE INDEX buckets_tenant_order ON buckets (tenant_id, deleted_at, priority, name);
