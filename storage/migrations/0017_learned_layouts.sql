-- Learned extractors per layout (issue 25): a vendor that sends several layouts keeps one
-- extractor per field and layout; `layout` is the fingerprint of the stable label lines of
-- the document it was learned from ('' for those learned before: any layout).
DROP INDEX learned_extractors_key;
ALTER TABLE learned_extractors ADD COLUMN layout TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX learned_extractors_key ON learned_extractors (tenant_id, bucket_id, vendor_domain, field, layout);

-- Values a learned extractor read on a capture applied by policy, waiting to count as a
-- confirmation when the vendor's next message reaches the bucket uncorrected (once per capture and field).
CREATE TABLE learned_pending (
  tenant_id TEXT NOT NULL,
  bucket_id TEXT NOT NULL,
  vendor_domain TEXT NOT NULL,
  message_id TEXT NOT NULL,
  capture_id TEXT NOT NULL,
  field TEXT NOT NULL,
  learned_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, capture_id, field)
);
CREATE INDEX learned_pending_vendor ON learned_pending (tenant_id, bucket_id, vendor_domain);
