-- A version per tenant of its learned extractors, raised by every insert, update and delete
-- (triggers, so no write path can forget it): ingest keeps the tenant's extractors per
-- process and reads them again only when this number moved. Each trigger is one line: the
-- migration runner splits statements at a semicolon that ends a line.
CREATE TABLE learned_versions (
  tenant_id TEXT PRIMARY KEY,
  version INTEGER NOT NULL
);
CREATE TRIGGER learned_extractors_inserted AFTER INSERT ON learned_extractors BEGIN INSERT INTO learned_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER learned_extractors_updated AFTER UPDATE ON learned_extractors BEGIN INSERT INTO learned_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER learned_extractors_deleted AFTER DELETE ON learned_extractors BEGIN INSERT INTO learned_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1; END;
