-- Mail in: one subdomain (handle) per tenant, operator review of refused names, and
-- inbound addresses with their caps, forwarders and counters.
CREATE TABLE subdomains (
  tenant_id TEXT PRIMARY KEY REFERENCES tenants (id),
  name TEXT NOT NULL UNIQUE,
  catch_all INTEGER NOT NULL DEFAULT 0,
  claimed_at TEXT NOT NULL
);

ALTER TABLE tenants ADD COLUMN dedicated_subdomain INTEGER NOT NULL DEFAULT 0;

CREATE TABLE subdomain_requests (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants (id),
  name TEXT NOT NULL,
  reason TEXT NOT NULL,
  rule TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL,
  decided_at TEXT,
  note TEXT
);

CREATE INDEX subdomain_requests_status ON subdomain_requests (status, id);

CREATE TABLE addresses (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants (id),
  kind TEXT NOT NULL,
  local_part TEXT NOT NULL,
  relationship_ref TEXT,
  label TEXT NOT NULL DEFAULT '',
  daily_cap INTEGER,
  bucket_id TEXT,
  enabled INTEGER NOT NULL DEFAULT 1,
  forwarders TEXT NOT NULL DEFAULT '[]',
  first_sender_domain TEXT,
  received_count INTEGER NOT NULL DEFAULT 0,
  refused_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);

CREATE UNIQUE INDEX addresses_tenant_local ON addresses (tenant_id, local_part);
CREATE INDEX addresses_tenant_kind ON addresses (tenant_id, kind, id);
CREATE INDEX addresses_tenant_bucket ON addresses (tenant_id, bucket_id);
CREATE INDEX messages_tenant_address ON messages (tenant_id, address_id, received_at);
