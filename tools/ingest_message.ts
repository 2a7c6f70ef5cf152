import { z } from 'zod';
import { htmlToEml } from '../pipeline/index.ts';
import { idempotent, type Remember } from '../services/idempotency.ts';
import { ingest, type IngestResult } from '../services/processing.ts';
import type { TenantToolContext } from '../services/tool-context.ts';
import { AuthInput, CaptureStatus, IssueView, MessageStatus } from './_shapes-captures.ts';
import { ToolError, defineTool } from './define.ts';

export default defineTool({
  name: 'ingest_message',
  description:
    'Submit one email: `eml` (the raw RFC 822 text) or `html` with `from`, `to`, `subject`. It is stored, sanitized, ' +
    'classified into the first matching bucket, its fields extracted and validated, and routed by policy: applied, ' +
    "held for review, a task, or unrouted. Returns the message id, the bucket, the capture with every field's value " +
    'and confidence, and any tasks. `to` acts as the envelope recipient for address rules. `auth` (sandbox tenants ' +
    'only) sets SPF/DKIM/DMARC results, recorded as synthetic.',
  scope: 'run',
  mutating: true,
  title: 'Ingest message',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  tenantScoped: true,
  http: { method: 'POST', path: '/v1/messages/ingest' },
  input: z.strictObject({
    eml: z.string().min(1).optional().describe('The raw RFC 822 message (headers, blank line, body).'),
    envelope_from: z.string().max(320).optional().describe('SMTP envelope sender, used to recognise forwarding.'),
    html: z.string().min(1).optional().describe('An HTML body, wrapped as a message when `eml` is absent.'),
    from: z.string().max(320).optional().describe('Sender for html ingest, e.g. "ACME <billing@acme.example>".'),
    to: z.string().max(320).optional().describe('Recipient; the envelope recipient for address rules.'),
    subject: z.string().max(998).optional(),
    auth: AuthInput.optional().describe('Sandbox only: SPF/DKIM/DMARC results to record (as synthetic).'),
    idempotency_key: z
      .string()
      .max(255)
      .regex(/^[\x21-\x7e]+$/, 'use 1 to 255 visible ASCII characters, e.g. a UUID')
      .optional()
      .describe(
        'Addition to the spec: a key you choose per message (e.g. a UUID; REST: the Idempotency-Key header). ' +
          'Kept 24 hours per tenant: a retry with the same key returns the first result and stores nothing; ' +
          'the same key with a different message is refused (idempotency_key_reused).',
      ),
  }),
  output: z.object({
    message_id: z.string(),
    status: MessageStatus,
    bucket: z.object({ id: z.string(), name: z.string() }).nullable(),
    classification: z.object({ decided_by: z.string().nullable(), reason: z.string() }),
    capture: z
      .object({
        id: z.string(),
        status: CaptureStatus,
        reason: z.string(),
        confidence: z.number().nullable(),
        fields: z.record(
          z.string(),
          z.object({
            value: z.unknown(),
            confidence: z.number(),
            learned: z.string().optional().describe('The learned extractor that read it (get_bucket lists them).'),
          }),
        ),
        issues: z.array(IssueView),
      })
      .nullable(),
    tasks: z.array(z.object({ id: z.string(), kind: z.string(), reason: z.string() })),
    flags: z.array(z.string()),
  }),
  handler: async (input, ctx) => {
    const { idempotency_key: key, ...message } = input;
    if (message.eml === undefined && message.html === undefined) {
      throw new ToolError(
        'invalid_request',
        'Give the message as `eml` (raw RFC 822 text) or as `html` with from, to and subject.',
        { issues: [{ path: 'eml', message: 'one of eml or html is required' }] },
      );
    }
    if (message.auth && ctx.tenant.kind !== 'sandbox') {
      throw new ToolError(
        'invalid_request',
        '`auth` is accepted only for sandbox tenants; real mail is verified on arrival over SMTP.',
        { issues: [{ path: 'auth', message: 'sandbox tenants only' }] },
      );
    }
    if (key === undefined) return ingestOnce(message, ctx, null);
    return idempotent(
      ctx.app,
      { tenantId: ctx.tenant.id, key, operation: 'ingest_message', request: message },
      (remember) => ingestOnce(message, ctx, remember),
    );
  },
});

type MessageInput = {
  eml?: string | undefined;
  envelope_from?: string | undefined;
  html?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  subject?: string | undefined;
  auth?: z.infer<typeof AuthInput> | undefined;
};

async function ingestOnce(input: MessageInput, ctx: TenantToolContext, remember: Remember<IngestAnswer> | null) {
  const text =
    input.eml ??
    htmlToEml({ html: input.html!, from: input.from, to: input.to, subject: input.subject, date: ctx.now });
  const result = await ingest(
    ctx.app,
    ctx.tenant,
    {
      raw: utf8Bytes(text),
      source: 'upload',
      envelopeFrom: input.envelope_from ?? null,
      recipients: input.to ? [input.to.match(/<([^>]+)>/)?.[1] ?? input.to.trim()] : [],
      auth: input.auth ? { ...input.auth, synthetic: true } : null,
      addressId: null,
      extraFlags: [],
      dailyCapReached: false,
      analysisTurn: ctx.analysisTurn,
      ...(remember ? { resultStatements: (r: IngestResult) => remember(answerOf(r)) } : {}),
    },
    ctx.actor,
  );
  return answerOf(result);
}

/**
 * The message's UTF-8 bytes. Mail is nearly always ASCII (attachments in base64), and ASCII's
 * UTF-8 is its Latin-1, which Buffer writes as a plain copy: TextEncoder held the main
 * thread ~26 ms for a 6.5 MiB message, during which no other request was answered.
 */
function utf8Bytes(text: string): Uint8Array {
  const size = Buffer.byteLength(text, 'utf8');
  // Equal only when every character is ASCII: any other takes two or more bytes.
  return size === text.length ? Buffer.from(text, 'latin1') : new TextEncoder().encode(text);
}

type IngestAnswer = ReturnType<typeof answerOf>;

function answerOf({ message, processed }: IngestResult) {
  const capture = processed.capture;
  return {
    message_id: message.id,
    status: message.status,
    bucket: processed.bucket ? { id: processed.bucket.id, name: processed.bucket.name } : null,
    classification: { decided_by: processed.classification.decided_by, reason: processed.classification.reason },
    capture: capture && {
      id: capture.id,
      status: capture.status,
      reason: capture.reason,
      confidence: capture.confidence,
      fields: Object.fromEntries(
        Object.entries(capture.fields).map(([k, f]) => [
          k,
          { value: f.value, confidence: f.confidence, ...(f.learned ? { learned: f.learned } : {}) },
        ]),
      ),
      issues: capture.issues,
    },
    tasks: processed.tasks.map((t) => ({ id: t.id, kind: t.kind, reason: t.reason })),
    flags: message.flags,
  };
}
