// Subdomains, subdomain exception requests and inbound addresses.
import type { Row } from '@libsql/client';
import type { Db, Statement } from './db.ts';

export interface Subdomain {
  tenant_id: string;
  name: string;
  catch_all: boolean;
  claimed_at: string;
}

export interface SubdomainRequest {
  id: string;
  tenant_id: string;
  name: string;
  reason: string;
  rule: string;
  status: 'pending' | 'approved' | 'refused';
  created_at: string;
  decided_at: string | null;
  note: string | null;
}

export interface Address {
  id: string;
  tenant_id: string;
  kind: 'named' | 'relationship';
  local_part: string;
  relationship_ref: string | null;
  label: string;
  daily_cap: number | null;
  bucket_id: string | null;
  enabled: boolean;
  forwarders: string[];
  first_sender_domain: string | null;
  received_count: number;
  refused_count: number;
  created_at: string;
}

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

function rowToSubdomain(r: Row): Subdomain {
  return {
    tenant_id: String(r.tenant_id),
    name: String(r.name),
    catch_all: Number(r.catch_all) === 1,
    claimed_at: String(r.claimed_at),
  };
}

function rowToRequest(r: Row): SubdomainRequest {
  return {
    id: String(r.id),
    tenant_id: String(r.tenant_id),
    name: String(r.name),
    reason: String(r.reason),
    rule: String(r.rule),
    status: r.status as SubdomainRequest['status'],
    created_at: String(r.created_at),
    decided_at: str(r.decided_at),
    note: str(r.note),
  };
}

function rowToAddress(r: Row): Address {
  return {
    id: String(r.id),
    tenant_id: String(r.tenant_id),
    kind: r.kind as Address['kind'],
    local_part: String(r.local_part),
    relationship_ref: str(r.relationship_ref),
    label: String(r.label),
    daily_cap: r.daily_cap === null ? null : Number(r.daily_cap),
    bucket_id: str(r.bucket_id),
    enabled: Number(r.enabled) === 1,
    forwarders: JSON.parse(String(r.forwarders)),
    first_sender_domain: str(r.first_sender_domain),
    received_count: Number(r.received_count),
    refused_count: Number(r.refused_count),
    created_at: String(r.created_at),
  };
}

export async function getSubdomainOfTenant(db: Db, tenantId: string): Promise<Subdomain | undefined> {
  const row = await db.readOne('SELECT * FROM subdomains WHERE tenant_id = ?', [tenantId]);
  return row ? rowToSubdomain(row) : undefined;
}

export async function getSubdomainByName(db: Db, name: string): Promise<Subdomain | undefined> {
  const row = await db.readOne('SELECT * FROM subdomains WHERE name = ?', [name]);
  return row ? rowToSubdomain(row) : undefined;
}

export function insertSubdomainStatement(tenantId: string, name: string, now: Date): Statement {
  return {
    sql: 'INSERT INTO subdomains (tenant_id, name, catch_all, claimed_at) VALUES (?, ?, 0, ?)',
    args: [tenantId, name, now.toISOString()],
  };
}

export function deleteSubdomainStatement(tenantId: string): Statement {
  return { sql: 'DELETE FROM subdomains WHERE tenant_id = ?', args: [tenantId] };
}

export function setCatchAllStatement(tenantId: string, enabled: boolean): Statement {
  return { sql: 'UPDATE subdomains SET catch_all = ? WHERE tenant_id = ?', args: [enabled ? 1 : 0, tenantId] };
}

export function setDedicatedStatement(tenantId: string, dedicated: boolean): Statement {
  return { sql: 'UPDATE tenants SET dedicated_subdomain = ? WHERE id = ?', args: [dedicated ? 1 : 0, tenantId] };
}

export async function isDedicated(db: Db, tenantId: string): Promise<boolean> {
  const row = await db.readOne('SELECT dedicated_subdomain FROM tenants WHERE id = ?', [tenantId]);
  return Number(row?.dedicated_subdomain ?? 0) === 1;
}

export function insertRequestStatement(r: SubdomainRequest): Statement {
  return {
    sql: 'INSERT INTO subdomain_requests (id, tenant_id, name, reason, rule, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    args: [r.id, r.tenant_id, r.name, r.reason, r.rule, r.status, r.created_at],
  };
}

export function decideRequestStatement(
  id: string,
  status: 'approved' | 'refused',
  note: string | null,
  now: Date,
): Statement {
  return {
    sql: `UPDATE subdomain_requests SET status = ?, note = ?, decided_at = ? WHERE id = ? AND status = 'pending'`,
    args: [status, note, now.toISOString(), id],
  };
}

export async function listRequests(db: Db, status?: SubdomainRequest['status']): Promise<SubdomainRequest[]> {
  const rows = status
    ? await db.read('SELECT * FROM subdomain_requests WHERE status = ? ORDER BY id', [status])
    : await db.read('SELECT * FROM subdomain_requests ORDER BY id');
  return rows.map(rowToRequest);
}

export async function getRequest(db: Db, id: string): Promise<SubdomainRequest | undefined> {
  const row = await db.readOne('SELECT * FROM subdomain_requests WHERE id = ?', [id]);
  return row ? rowToRequest(row) : undefined;
}

export async function pendingRequestOfTenant(db: Db, tenantId: string): Promise<SubdomainRequest | undefined> {
  const row = await db.readOne(
    `SELECT * FROM subdomain_requests WHERE tenant_id = ? AND status = 'pending' ORDER BY id DESC LIMIT 1`,
    [tenantId],
  );
  return row ? rowToRequest(row) : undefined;
}

export function insertAddressStatement(a: Address): Statement {
  return {
    sql: `INSERT INTO addresses (id, tenant_id, kind, local_part, relationship_ref, label, daily_cap, bucket_id, enabled, forwarders, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      a.id,
      a.tenant_id,
      a.kind,
      a.local_part,
      a.relationship_ref,
      a.label,
      a.daily_cap,
      a.bucket_id,
      a.enabled ? 1 : 0,
      JSON.stringify(a.forwarders),
      a.created_at,
    ],
  };
}

/** By id or local part. */
export async function findAddress(db: Db, tenantId: string, ref: string): Promise<Address | undefined> {
  const row = await db.readOne('SELECT * FROM addresses WHERE tenant_id = ? AND (id = ? OR local_part = ?)', [
    tenantId,
    ref,
    ref.toLowerCase(),
  ]);
  return row ? rowToAddress(row) : undefined;
}

export async function findAddressByLocalPart(
  db: Db,
  tenantId: string,
  localPart: string,
): Promise<Address | undefined> {
  const row = await db.readOne('SELECT * FROM addresses WHERE tenant_id = ? AND local_part = ?', [
    tenantId,
    localPart.toLowerCase(),
  ]);
  return row ? rowToAddress(row) : undefined;
}

export async function listAddresses(
  db: Db,
  q: { tenantId: string; kind?: string | undefined; enabled?: boolean | undefined; limit: number },
): Promise<Address[]> {
  const where = ['tenant_id = ?'];
  const args: Statement['args'] = [q.tenantId];
  if (q.kind) {
    where.push('kind = ?');
    args.push(q.kind);
  }
  if (q.enabled !== undefined) {
    where.push('enabled = ?');
    args.push(q.enabled ? 1 : 0);
  }
  args.push(q.limit);
  const rows = await db.read(`SELECT * FROM addresses WHERE ${where.join(' AND ')} ORDER BY id LIMIT ?`, args);
  return rows.map(rowToAddress);
}

export async function addressesOfBuckets(db: Db, tenantId: string): Promise<Address[]> {
  const rows = await db.read('SELECT * FROM addresses WHERE tenant_id = ? AND bucket_id IS NOT NULL ORDER BY id', [
    tenantId,
  ]);
  return rows.map(rowToAddress);
}

export function setAddressEnabledStatement(tenantId: string, id: string, enabled: boolean): Statement {
  return {
    sql: 'UPDATE addresses SET enabled = ? WHERE tenant_id = ? AND id = ?',
    args: [enabled ? 1 : 0, tenantId, id],
  };
}

export function setAddressForwardersStatement(tenantId: string, id: string, forwarders: string[]): Statement {
  return {
    sql: 'UPDATE addresses SET forwarders = ? WHERE tenant_id = ? AND id = ?',
    args: [JSON.stringify(forwarders), tenantId, id],
  };
}

export function countRefusalStatement(id: string): Statement {
  return { sql: 'UPDATE addresses SET refused_count = refused_count + 1 WHERE id = ?', args: [id] };
}

export function countReceivedStatement(id: string, senderDomain: string | null): Statement {
  return {
    sql: 'UPDATE addresses SET received_count = received_count + 1, first_sender_domain = coalesce(first_sender_domain, ?) WHERE id = ?',
    args: [senderDomain, id],
  };
}

/** Messages an address received since `since` (the UTC day start, for daily caps). */
export async function receivedSince(db: Db, tenantId: string, addressId: string, since: string): Promise<number> {
  const row = await db.readOne(
    'SELECT count(*) AS n FROM messages WHERE tenant_id = ? AND address_id = ? AND received_at >= ?',
    [tenantId, addressId, since],
  );
  return Number(row?.n ?? 0);
}

/** Messages each address received since `since`, in one read. */
export async function receivedSinceByAddress(db: Db, tenantId: string, since: string): Promise<Map<string, number>> {
  const rows = await db.read(
    'SELECT address_id, count(*) AS n FROM messages WHERE tenant_id = ? AND address_id IS NOT NULL AND received_at >= ? GROUP BY address_id',
    [tenantId, since],
  );
  return new Map(rows.map((r) => [String(r.address_id), Number(r.n)]));
}
