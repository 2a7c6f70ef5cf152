// Messages and their documents. Raw bytes live in the blob store under raw_sha256;
// these rows hold what the pipeline read from them.
import type { Row } from '@libsql/client';
import type { AuthResults, Document, Flag, HeaderField, Mailbox, QuoteRange } from '../pipeline/types.ts';
import type { HiddenText } from '../pipeline/sanitize.ts';
import type { Classification } from '../pipeline/classify.ts';
import type { MessageStatus } from '../pipeline/route.ts';
import type { Db, Statement } from './db.ts';

export type MessageSource = 'upload' | 'smtp';

export interface StoredMessage {
  id: string;
  tenant_id: string;
  raw_sha256: string;
  size_bytes: number;
  source: MessageSource;
  address_id: string | null;
  envelope_from: string | null;
  recipients: string[];
  from: Mailbox | null;
  to: Mailbox[];
  cc: Mailbox[];
  subject: string;
  sent_at: string | null;
  message_id_header: string | null;
  headers: HeaderField[];
  auth: AuthResults | null;
  flags: Flag[];
  hidden_text: HiddenText[];
  notes: string[];
  status: MessageStatus;
  bucket_id: string | null;
  classification: Classification;
  received_at: string;
}

export interface StoredDocument extends Document {
  id: string;
  message_id: string;
}

const j = (v: unknown) => JSON.stringify(v ?? null);
const p = <T>(v: unknown): T => JSON.parse(String(v)) as T;
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));

function rowToMessage(row: Row): StoredMessage {
  return {
    id: String(row.id),
    tenant_id: String(row.tenant_id),
    raw_sha256: String(row.raw_sha256),
    size_bytes: Number(row.size_bytes),
    source: row.source as MessageSource,
    address_id: s(row.address_id),
    envelope_from: s(row.envelope_from),
    recipients: p(row.recipients),
    from: row.from_address === null ? null : { address: String(row.from_address), name: String(row.from_name ?? '') },
    to: p(row.to_addresses),
    cc: p(row.cc_addresses),
    subject: String(row.subject),
    sent_at: s(row.sent_at),
    message_id_header: s(row.message_id_header),
    headers: p(row.headers),
    auth: row.auth === null ? null : p(row.auth),
    flags: p(row.flags),
    hidden_text: p(row.hidden_text),
    notes: p(row.notes),
    status: row.status as MessageStatus,
    bucket_id: s(row.bucket_id),
    classification: p(row.classification),
    received_at: String(row.received_at),
  };
}

export function insertMessageStatement(m: StoredMessage): Statement {
  return {
    sql: `INSERT INTO messages (id, tenant_id, raw_sha256, size_bytes, source, address_id, envelope_from, recipients,
            from_address, from_name, to_addresses, cc_addresses, subject, sent_at, message_id_header, headers, auth, flags,
            hidden_text, notes, status, bucket_id, classification, received_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      m.id,
      m.tenant_id,
      m.raw_sha256,
      m.size_bytes,
      m.source,
      m.address_id,
      m.envelope_from,
      j(m.recipients),
      m.from?.address ?? null,
      m.from?.name ?? null,
      j(m.to),
      j(m.cc),
      m.subject,
      m.sent_at,
      m.message_id_header,
      j(m.headers),
      m.auth ? j(m.auth) : null,
      j(m.flags),
      j(m.hidden_text),
      j(m.notes),
      m.status,
      m.bucket_id,
      j(m.classification),
      m.received_at,
    ],
  };
}

export function insertDocumentStatement(d: StoredDocument, tenantId: string): Statement {
  return {
    sql: `INSERT INTO documents (id, tenant_id, message_id, idx, kind, filename, original_filename, mime_type, size_bytes,
            text, text_units, truncated, unreadable, quoted)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      d.id,
      tenantId,
      d.message_id,
      d.index,
      d.kind,
      d.filename,
      d.original_filename ?? null,
      d.mime_type,
      d.size_bytes,
      d.text,
      d.text.length,
      d.truncated ? 1 : 0,
      d.unreadable,
      d.quoted?.length ? JSON.stringify(d.quoted) : null,
    ],
  };
}

/** After (re)processing: the message's status and classification follow its newest processing. */
export function updateMessageRoutingStatement(
  tenantId: string,
  id: string,
  status: MessageStatus,
  bucketId: string | null,
  classification: Classification,
  flags: Flag[],
): Statement {
  return {
    sql: 'UPDATE messages SET status = ?, bucket_id = ?, classification = ?, flags = ? WHERE tenant_id = ? AND id = ?',
    args: [status, bucketId, j(classification), j(flags), tenantId, id],
  };
}

export function setMessageStatusStatement(tenantId: string, id: string, status: MessageStatus): Statement {
  return { sql: 'UPDATE messages SET status = ? WHERE tenant_id = ? AND id = ?', args: [status, tenantId, id] };
}

export async function getMessage(db: Db, tenantId: string, id: string): Promise<StoredMessage | undefined> {
  const row = await db.readOne('SELECT * FROM messages WHERE tenant_id = ? AND id = ?', [tenantId, id]);
  return row ? rowToMessage(row) : undefined;
}

export async function getMessages(db: Db, tenantId: string, ids: string[]): Promise<StoredMessage[]> {
  if (ids.length === 0) return [];
  const rows = await db.read(`SELECT * FROM messages WHERE tenant_id = ? AND id IN (${ids.map(() => '?').join(',')})`, [
    tenantId,
    ...ids,
  ]);
  return rows.map(rowToMessage);
}

export interface MessageQuery {
  tenantId: string;
  bucketId?: string | undefined;
  status?: string | undefined;
  before?: string | undefined;
  limit: number;
}

export async function listMessages(db: Db, q: MessageQuery): Promise<StoredMessage[]> {
  const where = ['tenant_id = ?'];
  const args: Statement['args'] = [q.tenantId];
  if (q.bucketId) {
    where.push('bucket_id = ?');
    args.push(q.bucketId);
  }
  if (q.status) {
    where.push('status = ?');
    args.push(q.status);
  }
  if (q.before) {
    where.push('id < ?');
    args.push(q.before);
  }
  args.push(q.limit);
  const rows = await db.read(`SELECT * FROM messages WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ?`, args);
  return rows.map(rowToMessage);
}

function rowToDocument(row: Row): StoredDocument {
  return {
    id: String(row.id),
    message_id: String(row.message_id),
    index: Number(row.idx),
    kind: row.kind as Document['kind'],
    filename: s(row.filename),
    original_filename: s(row.original_filename),
    mime_type: String(row.mime_type),
    size_bytes: Number(row.size_bytes),
    text: String(row.text),
    truncated: Number(row.truncated) === 1,
    unreadable: s(row.unreadable),
    ...(row.quoted ? { quoted: p<QuoteRange[]>(row.quoted) } : {}),
  };
}

/** Documents without their text: what get_message lists. */
export async function listDocumentSummaries(db: Db, tenantId: string, messageId: string) {
  const rows = await db.read(
    `SELECT id, idx, kind, filename, original_filename, mime_type, size_bytes, COALESCE(text_units, length(text)) AS text_length,
            truncated, unreadable
     FROM documents WHERE tenant_id = ? AND message_id = ? ORDER BY idx`,
    [tenantId, messageId],
  );
  return rows.map((r) => ({
    id: String(r.id),
    index: Number(r.idx),
    kind: String(r.kind),
    filename: s(r.filename),
    original_filename: s(r.original_filename),
    mime_type: String(r.mime_type),
    size_bytes: Number(r.size_bytes),
    text_length: Number(r.text_length),
    truncated: Number(r.truncated) === 1,
    unreadable: s(r.unreadable),
  }));
}

export async function getDocument(db: Db, tenantId: string, id: string): Promise<StoredDocument | undefined> {
  const row = await db.readOne('SELECT * FROM documents WHERE tenant_id = ? AND id = ?', [tenantId, id]);
  return row ? rowToDocument(row) : undefined;
}

/** The body text and the lines its HTML marks as quoted (what reply_text is read from). */
export interface BodyText {
  text: string;
  quoted: QuoteRange[] | null;
}

/** The sanitized body text (document 0) with its quoted lines. */
export async function getBody(db: Db, tenantId: string, messageId: string): Promise<BodyText> {
  const row = await db.readOne(
    'SELECT text, quoted FROM documents WHERE tenant_id = ? AND message_id = ? AND idx = 0',
    [tenantId, messageId],
  );
  return { text: String(row?.text ?? ''), quoted: row?.quoted ? p<QuoteRange[]>(row.quoted) : null };
}
