-- The delivery worker walks the tenants with pending deliveries and reads each one's oldest
-- due ones (storage/delivery-leases.ts dueByTenant): one index seek per tenant, however long
-- a tenant's backlog. Status comes first so that the walk never visits finished deliveries.
-- It replaces deliveries_due, which only the old claim (oldest due first, any tenant) read.
CREATE INDEX deliveries_tenant_due ON deliveries (status, tenant_id, next_attempt_at);

DROP INDEX deliveries_due;
