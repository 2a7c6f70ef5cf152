-- Regression test cases and runs per bucket, and support grants for the operator.
CREATE TABLE test_cases (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants (id),
  bucket_id TEXT NOT NULL,
  capture_id TEXT NOT NULL,
  message_id TEXT NOT NULL,
  expected TEXT NOT NULL,
  tricky INTEGER NOT NULL,
  note TEXT,
  status TEXT NOT NULL DEFAULT 'active',
  created_at TEXT NOT NULL,
  retired_at TEXT,
  retired_reason TEXT
);

CREATE INDEX test_cases_bucket ON test_cases (tenant_id, bucket_id, status, id);
CREATE INDEX test_cases_message ON test_cases (tenant_id, message_id, status);

CREATE TABLE test_runs (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants (id),
  bucket_id TEXT NOT NULL,
  bucket_name TEXT NOT NULL,
  trigger TEXT NOT NULL,
  candidate INTEGER NOT NULL,
  schema TEXT,
  passed INTEGER NOT NULL,
  failed INTEGER NOT NULL,
  results TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE INDEX test_runs_tenant ON test_runs (tenant_id, id);
CREATE INDEX test_runs_bucket ON test_runs (tenant_id, bucket_id, id);
CREATE INDEX test_runs_created ON test_runs (created_at);

CREATE TABLE support_grants (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants (id),
  granted_by TEXT NOT NULL,
  reason TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT,
  revoked_by TEXT
);

CREATE INDEX support_grants_tenant ON support_grants (tenant_id, id);
