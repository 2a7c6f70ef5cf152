-- Idempotency keys (issue 23): an ingest_message retried with the same key (REST header
-- Idempotency-Key, MCP input idempotency_key) answers the first result and stores nothing.
-- A row is written in the same transaction as the message it remembers, so a committed
-- ingest is always found again, even when its answer was lost. Kept per tenant for 24
-- hours (expires_at), then purged by the hourly retention job (the index on expires_at).
CREATE TABLE idempotency_keys (
  tenant_id TEXT NOT NULL REFERENCES tenants (id),
  idempotency_key TEXT NOT NULL,
  operation TEXT NOT NULL,
  request_sha256 TEXT NOT NULL,
  result TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, idempotency_key)
);

CREATE INDEX idempotency_keys_expires ON idempotency_keys (expires_at);
