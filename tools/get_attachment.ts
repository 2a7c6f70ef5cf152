import { z } from 'zod';
import { attachmentPage } from '../services/attachments.ts';
import { getDocument } from '../storage/messages.ts';
import { DocumentNames } from './_shapes-captures.ts';
import { defineTool, notFound } from './define.ts';

/** A page of bytes is sent as base64 (4 characters per 3 bytes): 64 KiB makes about 87 KB of JSON. */
const DEFAULT_MAX_BYTES = 64 * 1024;
/** 90,000 bytes are 120,000 base64 characters: one page stays under the default 128 KB result limit. */
const MAX_BYTES = 90_000;

export default defineTool({
  name: 'get_attachment',
  description:
    "Addition to the spec's 53 operations. Read the original bytes of one attachment (a PDF, an image, ...) as the " +
    'sender attached them, base64 in pages: max_bytes from offset; next_offset reads on. For showing an original ' +
    '(the review console renders PDFs from it); its text is get_document_text. Never raw MIME or a message body.',
  scope: 'read',
  mutating: false,
  title: 'Get attachment bytes',
  specAddition: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  narrowing: ['max_bytes'],
  http: { method: 'GET', path: '/v1/documents/{id}/bytes' },
  input: z.strictObject({
    id: z.string().min(1).max(80).describe('Document id (doc_...) of an attachment, from get_message.'),
    offset: z.number().int().min(0).max(100_000_000).default(0).describe('First byte of the page.'),
    max_bytes: z
      .number()
      .int()
      .min(1024)
      .max(MAX_BYTES)
      .default(DEFAULT_MAX_BYTES)
      .describe(`Bytes in this page, 1024 to ${MAX_BYTES}.`),
  }),
  output: z.object({
    id: z.string(),
    message_id: z.string(),
    ...DocumentNames,
    mime_type: z.string(),
    size_bytes: z.number().int().describe("The whole attachment's size."),
    offset: z.number().int(),
    content_base64: z.string().describe('This page of the bytes, base64 (RFC 4648, with padding).'),
    next_offset: z.number().int().nullable().describe('Pass as offset to read on; null: this page reaches the end.'),
  }),
  handler: async (input, ctx) => {
    const document = await getDocument(ctx.app.db, ctx.tenant.id, input.id);
    if (!document) throw notFound('document', input.id);
    const page = await attachmentPage(ctx.app, ctx.tenant.id, document, input.offset, input.max_bytes);
    const end = page.offset + page.bytes.byteLength;
    return {
      id: document.id,
      message_id: document.message_id,
      filename: document.filename,
      original_filename: document.original_filename ?? null,
      mime_type: document.mime_type,
      size_bytes: page.size_bytes,
      offset: page.offset,
      content_base64: Buffer.from(page.bytes.buffer, page.bytes.byteOffset, page.bytes.byteLength).toString('base64'),
      next_offset: end < page.size_bytes ? end : null,
    };
  },
});
