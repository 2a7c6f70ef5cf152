-- Messages, their documents, captures (one per processing per bucket), corrections and tasks.
CREATE TABLE messages (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants (id),
  raw_sha256 TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  source TEXT NOT NULL,
  address_id TEXT,
  envelope_from TEXT,
  recipients TEXT NOT NULL DEFAULT '[]',
  from_address TEXT,
  from_name TEXT,
  to_addresses TEXT NOT NULL DEFAULT '[]',
  cc_addresses TEXT NOT NULL DEFAULT '[]',
  subject TEXT NOT NULL DEFAULT '',
  sent_at TEXT,
  message_id_header TEXT,
  headers TEXT NOT NULL DEFAULT '[]',
  auth TEXT,
  flags TEXT NOT NULL DEFAULT '[]',
  hidden_text TEXT NOT NULL DEFAULT '[]',
  notes TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL,
  bucket_id TEXT,
  classification TEXT NOT NULL DEFAULT '{}',
  received_at TEXT NOT NULL
);

CREATE INDEX messages_tenant ON messages (tenant_id, id);
CREATE INDEX messages_tenant_status ON messages (tenant_id, status, id);
CREATE INDEX messages_tenant_bucket ON messages (tenant_id, bucket_id, id);
CREATE INDEX messages_tenant_received ON messages (tenant_id, received_at);

CREATE TABLE documents (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  message_id TEXT NOT NULL REFERENCES messages (id),
  idx INTEGER NOT NULL,
  kind TEXT NOT NULL,
  filename TEXT,
  mime_type TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  text TEXT NOT NULL,
  truncated INTEGER NOT NULL DEFAULT 0,
  unreadable TEXT
);

CREATE INDEX documents_message ON documents (tenant_id, message_id, idx);

CREATE TABLE captures (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  message_id TEXT NOT NULL REFERENCES messages (id),
  bucket_id TEXT NOT NULL,
  bucket_name TEXT NOT NULL,
  status TEXT NOT NULL,
  reason TEXT NOT NULL,
  schema TEXT,
  fields TEXT NOT NULL DEFAULT '{}',
  issues TEXT NOT NULL DEFAULT '[]',
  confidence REAL,
  flags TEXT NOT NULL DEFAULT '[]',
  corrected INTEGER NOT NULL DEFAULT 0,
  applied_by TEXT,
  applied_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE INDEX captures_tenant ON captures (tenant_id, id);
CREATE INDEX captures_tenant_status ON captures (tenant_id, status, id);
CREATE INDEX captures_tenant_bucket ON captures (tenant_id, bucket_id, id);
CREATE INDEX captures_tenant_message ON captures (tenant_id, message_id, id);

CREATE TABLE corrections (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  capture_id TEXT NOT NULL REFERENCES captures (id),
  field TEXT NOT NULL,
  before_value TEXT,
  after_value TEXT,
  actor TEXT NOT NULL,
  reason TEXT,
  created_at TEXT NOT NULL
);

CREATE INDEX corrections_capture ON corrections (tenant_id, capture_id, id);

CREATE TABLE tasks (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  status TEXT NOT NULL,
  reason TEXT NOT NULL,
  message_id TEXT NOT NULL,
  capture_id TEXT,
  payload TEXT NOT NULL DEFAULT '{}',
  note TEXT,
  created_at TEXT NOT NULL,
  resolved_at TEXT,
  resolved_by TEXT
);

CREATE INDEX tasks_tenant_status ON tasks (tenant_id, status, id);
CREATE INDEX tasks_tenant_kind ON tasks (tenant_id, status, kind, id);
CREATE INDEX tasks_capture ON tasks (tenant_id, capture_id, status);
