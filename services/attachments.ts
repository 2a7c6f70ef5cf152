// The original bytes of one attachment (get_attachment), read again from the stored raw
// message: only its MIME is stored, so the message is parsed again, off the main thread
// as ingest parsed it, and its parts matched to the documents ingest made of them.
// Never the raw MIME, never the body: an attachment's own bytes only, a page at a time.
import type { AttachmentPart } from '../pipeline/jobs.ts';
import { getMessage, listDocumentSummaries, type StoredDocument } from '../storage/messages.ts';
import type { AppContext } from './app.ts';
import { notFound, ToolError } from './errors.ts';

/** The parts of a few recent messages, so paging through one attachment parses its message once. */
const CACHE_BYTES = 64 * 1024 * 1024;
const cached = new WeakMap<AppContext, Map<string, AttachmentPart[]>>();

function remember(app: AppContext, sha256: string, parts: AttachmentPart[]): void {
  let cache = cached.get(app);
  if (!cache) {
    cache = new Map();
    cached.set(app, cache);
  }
  cache.delete(sha256);
  cache.set(sha256, parts);
  const size = (list: AttachmentPart[]) => list.reduce((n, p) => n + p.bytes.byteLength, 0);
  let total = [...cache.values()].reduce((n, list) => n + size(list), 0);
  // Oldest first (a Map keeps insertion order); the newest stays even when over the budget alone.
  for (const [key, list] of cache) {
    if (total <= CACHE_BYTES || key === sha256) break;
    cache.delete(key);
    total -= size(list);
  }
}

async function partsOf(app: AppContext, raw_sha256: string, messageId: string): Promise<AttachmentPart[]> {
  const hit = cached.get(app)?.get(raw_sha256);
  if (hit) return hit;
  const raw = await app.blobs.get(raw_sha256);
  if (!raw) {
    throw new ToolError(
      'invalid_state',
      `The raw bytes of ${messageId} are no longer stored; its attachments cannot be read.`,
    );
  }
  const outcome = await app.analysis.run({ kind: 'attachment_parts', raw });
  if (!outcome.ok) {
    throw new ToolError(
      'analysis_limit',
      `Reading the attachments of ${messageId} went over the analysis budget (${outcome.limit}); its documents' text is get_document_text.`,
      { limit: outcome.limit },
    );
  }
  const parts = outcome.value ?? [];
  remember(app, raw_sha256, parts);
  return parts;
}

/**
 * Documents 1.. are the attachments in message order, each followed by the files found
 * inside it (the XML of a Factur-X PDF): a document is the next part when its type and size
 * are that part's, else it is one of those inner files.
 */
function partOfDocument(
  documents: Pick<StoredDocument, 'index' | 'mime_type' | 'size_bytes'>[],
  parts: AttachmentPart[],
  index: number,
): AttachmentPart | 'embedded' | null {
  let next = 0;
  for (const d of documents) {
    if (d.index === 0) continue;
    const part = parts[next];
    const isPart = part !== undefined && part.mime_type === d.mime_type && part.bytes.byteLength === d.size_bytes;
    if (isPart) next++;
    if (d.index === index) return isPart ? part : 'embedded';
  }
  return null;
}

export interface AttachmentPage {
  document: StoredDocument;
  bytes: Uint8Array;
  offset: number;
  size_bytes: number;
}

export async function attachmentPage(
  app: AppContext,
  tenantId: string,
  document: StoredDocument,
  offset: number,
  maxBytes: number,
): Promise<AttachmentPage> {
  if (document.kind === 'body') {
    throw new ToolError(
      'invalid_request',
      `Document ${document.id} is the message body, not an attachment: its text is get_document_text; raw MIME and HTML bodies are never returned.`,
      { id: document.id, kind: document.kind },
    );
  }
  const message = await getMessage(app.db, tenantId, document.message_id);
  if (!message) throw notFound('message', document.message_id);
  const [documents, parts] = await Promise.all([
    listDocumentSummaries(app.db, tenantId, message.id),
    partsOf(app, message.raw_sha256, message.id),
  ]);
  const part = partOfDocument(documents, parts, document.index);
  if (part === 'embedded') {
    throw new ToolError(
      'invalid_request',
      `Document ${document.id} is a file found inside another attachment (e.g. the XML of a Factur-X PDF), not a part of the message: read its text with get_document_text, or the bytes of the attachment that holds it.`,
      { id: document.id },
    );
  }
  if (!part) {
    throw new ToolError(
      'invalid_state',
      `The stored message ${message.id} no longer gives the attachment of document ${document.id}; its text is get_document_text.`,
      { id: document.id },
    );
  }
  if (offset > part.bytes.byteLength) {
    throw new ToolError(
      'invalid_request',
      `offset ${offset} is past the end of the attachment (${part.bytes.byteLength} bytes); start at 0.`,
      { issues: [{ path: 'offset', message: `at most ${part.bytes.byteLength}` }] },
    );
  }
  return {
    document,
    bytes: part.bytes.subarray(offset, offset + maxBytes),
    offset,
    size_bytes: part.bytes.byteLength,
  };
}
