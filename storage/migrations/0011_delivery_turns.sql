-- The delivery worker walks the tenants with pending deliveries and reads the oldest due ones
-- of the few it serves next (storage/delivery-leases.ts): one index seek per tenant, however
-- long a tenant's backlog. Status comes first so that the walk never visits finished
-- deliveries. deliveries_due (status, next_attempt_at) stays: it answers "is anything due?"
-- with one seek, so an idle worker does not walk the tenants every poll.
CREATE INDEX deliveries_tenant_due ON deliveries (status, tenant_id, next_attempt_at);
