-- Shared bytes and shared limits for several nodes on one libSQL server.

-- Raw MIME and attachment bytes kept in the database (SVC_BLOB_DRIVER=db, the default on a
-- server): split into chunks because sqld refuses one argument of ~20 MiB. A blob exists
-- once its `blobs` row does; chunks are written first, so a crash leaves only orphans.
CREATE TABLE blobs (
  sha256 TEXT PRIMARY KEY,
  size_bytes INTEGER NOT NULL,
  chunks INTEGER NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE blob_chunks (
  sha256 TEXT NOT NULL,
  seq INTEGER NOT NULL,
  bytes BLOB NOT NULL,
  PRIMARY KEY (sha256, seq)
) WITHOUT ROWID;

-- One token bucket per API key, shared by every process on this database.
CREATE TABLE rate_buckets (
  key_id TEXT PRIMARY KEY,
  tokens REAL NOT NULL,
  updated_ms INTEGER NOT NULL
);
