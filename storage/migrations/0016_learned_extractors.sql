-- Extractors learned from corrections: one per tenant, bucket, vendor (sender domain) and field.
-- The record's confirmations and corrections give the confidence of the values it reads.
CREATE TABLE learned_extractors (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants (id),
  bucket_id TEXT NOT NULL,
  vendor_domain TEXT NOT NULL,
  field TEXT NOT NULL,
  extractor TEXT NOT NULL,
  learned_from TEXT NOT NULL,
  confirmations INTEGER NOT NULL DEFAULT 0,
  corrections INTEGER NOT NULL DEFAULT 0,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE UNIQUE INDEX learned_extractors_key ON learned_extractors (tenant_id, bucket_id, vendor_domain, field);

-- Where a regression case came from: promoted from a capture, or made of a correction that taught an extractor.
ALTER TABLE test_cases ADD COLUMN origin TEXT NOT NULL DEFAULT 'capture';
CREATE INDEX test_cases_capture ON test_cases (tenant_id, capture_id, status);
