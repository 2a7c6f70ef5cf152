-- Destinations and the delivery outbox. A delivery row is written in the same transaction
-- that applies a capture; workers claim due rows with a lease and record every attempt.
CREATE TABLE destinations (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants (id),
  name TEXT NOT NULL,
  kind TEXT NOT NULL DEFAULT 'webhook',
  url TEXT NOT NULL,
  secret TEXT,
  enabled INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  deleted_at TEXT
);

CREATE UNIQUE INDEX destinations_tenant_name ON destinations (tenant_id, name) WHERE deleted_at IS NULL;

CREATE TABLE deliveries (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  capture_id TEXT NOT NULL REFERENCES captures (id),
  destination_id TEXT NOT NULL REFERENCES destinations (id),
  destination_name TEXT NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  lease_owner TEXT,
  lease_expires_at TEXT,
  last_status_code INTEGER,
  last_error TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT
);

CREATE INDEX deliveries_due ON deliveries (status, next_attempt_at);
CREATE INDEX deliveries_capture ON deliveries (tenant_id, capture_id, id);

CREATE TABLE delivery_attempts (
  delivery_id TEXT NOT NULL REFERENCES deliveries (id),
  attempt INTEGER NOT NULL,
  tenant_id TEXT NOT NULL,
  capture_id TEXT NOT NULL,
  outcome TEXT NOT NULL,
  started_at TEXT NOT NULL,
  duration_ms INTEGER,
  status_code INTEGER,
  error TEXT,
  PRIMARY KEY (delivery_id, attempt)
);

CREATE INDEX delivery_attempts_capture ON delivery_attempts (tenant_id, capture_id, outcome, started_at);
