// From a raw message to stored records: the pipeline stages, then one atomic batch with
// the message, its documents, the capture, tasks and events. Used by ingest_message,
// reprocess_message and the SMTP receiver alike.
import type { AnalyzedMessage } from '../pipeline/index.ts';
import { readAsOriginalSender } from '../pipeline/forwarded.ts';
import type { Policy } from '../pipeline/policy.ts';
import type { AuthResults, Flag } from '../pipeline/types.ts';
import { ToolError } from './errors.ts';
import { listBuckets, type Bucket } from '../storage/buckets.ts';
import { listLearnedOfTenant } from '../storage/learned.ts';
import type { Statement } from '../storage/db.ts';
import { eventStatement } from '../storage/events.ts';
import { newId } from '../storage/ids.ts';
import {
  insertDocumentStatement,
  insertMessageStatement,
  updateMessageRoutingStatement,
  type MessageSource,
  type StoredMessage,
} from '../storage/messages.ts';
import type { Tenant } from '../storage/tenants.ts';
import type { AppContext } from './app.ts';
import { analyze, analyzeAndDecide } from './analysis.ts';
import type { HeldTurn } from './analysis-pool.ts';
import { bucketDefinitions, processAnalyzed, type Processed } from './process-analyzed.ts';
import { notifyQueued } from './webhook-outbox.ts';

export interface IncomingMessage {
  raw: Uint8Array;
  source: MessageSource;
  envelopeFrom: string | null;
  /** Envelope recipients; empty means "the To and Cc of the message". */
  recipients: string[];
  auth: AuthResults | null;
  addressId: string | null;
  /** Flags found before the pipeline (mail-in checks such as unexpected_sender). */
  extraFlags: Flag[];
  dailyCapReached: boolean;
  /** Written in the same transaction as the message (address counters, ...). */
  extraStatements?: Statement[];
  /** Also written in that transaction, made from the result (an idempotency key's answer). */
  resultStatements?: (result: IngestResult) => Statement[];
  /** The message's turn in the analysis queue, taken before its bytes were read (REST). */
  analysisTurn?: HeldTurn | undefined;
  /** The tenant's buckets when the caller has just read them (SMTP reads them for auth). */
  buckets?: Bucket[];
}

export interface IngestResult {
  message: StoredMessage;
  processed: Processed;
}

/** Stores the raw bytes, runs the pipeline and writes everything in one transaction. */
export async function ingest(
  app: AppContext,
  tenant: Tenant,
  incoming: IncomingMessage,
  actor: string,
  preAnalyzed?: AnalyzedMessage,
): Promise<IngestResult> {
  if (incoming.raw.byteLength > app.config.maxBodyBytes) {
    throw new ToolError(
      'too_large',
      `The message is ${incoming.raw.byteLength} bytes; the limit is ${app.config.maxBodyBytes}.`,
      { limit_bytes: app.config.maxBodyBytes },
    );
  }
  const buckets = incoming.buckets ?? (await listBuckets(app.db, tenant.id));
  const forwarding = { forwarders: trustedForwarders(tenant, buckets), envelopeFrom: incoming.envelopeFrom };
  // One tenant, nothing read yet: read, classify and extract in one worker job. An SMTP
  // message read once for several tenants is classified per tenant, after its auth.
  const { analyzed: analyzedResult, decided } = preAnalyzed
    ? { analyzed: { ok: true as const, message: withRecipients(preAnalyzed, incoming.recipients) }, decided: null }
    : await analyzeAndDecide(
        app.analysis,
        incoming.raw,
        { recipients: incoming.recipients, auth: incoming.auth },
        forwarding,
        bucketDefinitions(buckets, tenant, await listLearnedOfTenant(app.db, tenant.id)),
        incoming.analysisTurn,
      );
  if (!analyzedResult.ok)
    throw new ToolError('invalid_request', analyzedResult.refusal.message, { refusal: analyzedResult.refusal.code });
  const analyzed = preAnalyzed
    ? readAsOriginalSender(analyzedResult.message, forwarding.forwarders, forwarding.envelopeFrom)
    : analyzedResult.message;
  // The bytes are durable before any row names them; a crash in between leaves only an
  // unreferenced blob, never a message without its raw MIME.
  const sha256 = await app.blobs.put(incoming.raw);
  const now = app.now();
  const flags = [...new Set<Flag>([...analyzed.flags, ...incoming.extraFlags])];
  const p = analyzed.parsed;
  const message: StoredMessage = {
    id: newId('msg', now.getTime()),
    tenant_id: tenant.id,
    raw_sha256: sha256,
    size_bytes: incoming.raw.byteLength,
    source: incoming.source,
    address_id: incoming.addressId,
    envelope_from: incoming.envelopeFrom,
    recipients: analyzed.view.recipients,
    from: analyzed.view.from,
    to: p.to,
    cc: p.cc,
    subject: p.subject,
    sent_at: p.date,
    message_id_header: p.messageId,
    headers: p.headers,
    auth: incoming.auth,
    flags,
    hidden_text: analyzed.hidden,
    notes: analyzed.view.forwardedBy
      ? [...p.notes, `forwarded by ${analyzed.view.forwardedBy.address}; read as from ${analyzed.view.from?.address}`]
      : p.notes,
    status: 'unrouted',
    bucket_id: null,
    classification: { bucket_id: null, bucket_name: null, decided_by: null, reason: '' },
    received_at: now.toISOString(),
  };
  const documentIds = analyzed.documents.map(() => newId('doc', now.getTime()));
  const processed = await processAnalyzed(
    app,
    tenant,
    message,
    analyzed,
    documentIds,
    flags,
    incoming.dailyCapReached,
    actor,
    now,
    buckets,
    decided,
  );
  message.flags = processed.flags;
  message.status = processed.decision.message_status;
  message.bucket_id = processed.bucket?.id ?? null;
  message.classification = processed.classification;
  await app.db.batch([
    insertMessageStatement(message),
    ...analyzed.documents.map((d, i) =>
      insertDocumentStatement({ ...d, id: documentIds[i]!, message_id: message.id }, tenant.id),
    ),
    eventStatement(
      {
        accountId: tenant.account_id,
        tenantId: tenant.id,
        type: 'message.received',
        subjectId: message.id,
        actor,
        diff: {
          source: message.source,
          status: message.status,
          bucket: processed.bucket?.name ?? null,
          flags: message.flags,
        },
      },
      now,
    ),
    ...processed.statements,
    ...(incoming.extraStatements ?? []),
    ...(incoming.resultStatements?.({ message, processed }) ?? []),
  ]);
  notifyQueued(app);
  return { message, processed };
}

/** One analysis serves every tenant of an SMTP message; only the envelope recipients differ. */
function withRecipients(analyzed: AnalyzedMessage, recipients: string[]): AnalyzedMessage {
  if (recipients.length === 0) return analyzed;
  return { ...analyzed, view: { ...analyzed.view, recipients: recipients.map((r) => r.toLowerCase()) } };
}

/** Bucket and tenant policies' `forwarders`: mail they send on is read as from its original sender. */
function trustedForwarders(tenant: Tenant, buckets: Bucket[]): string[] {
  return [tenant.policy, ...buckets.map((b) => b.policy)].flatMap((p) => (p as Policy | null)?.forwarders ?? []);
}

/** Re-runs classification, extraction and routing on the stored raw message: a new capture. */
export async function reprocess(
  app: AppContext,
  tenant: Tenant,
  message: StoredMessage,
  documentIds: string[],
  actor: string,
): Promise<Processed> {
  const raw = await app.blobs.get(message.raw_sha256);
  if (!raw)
    throw new ToolError(
      'invalid_state',
      `The raw bytes of ${message.id} are no longer stored; it cannot be reprocessed.`,
    );
  const analyzedResult = await analyze(app.analysis, raw, { recipients: message.recipients, auth: message.auth });
  if (!analyzedResult.ok) throw new ToolError('invalid_state', analyzedResult.refusal.message);
  const now = app.now();
  const buckets = await listBuckets(app.db, tenant.id);
  // Read as ingest reads it: a trusted forwarder's mail as from its original sender.
  const analyzed = readAsOriginalSender(
    analyzedResult.message,
    trustedForwarders(tenant, buckets),
    message.envelope_from,
  );
  const processed = await processAnalyzed(
    app,
    tenant,
    message,
    analyzed,
    documentIds,
    message.flags,
    false,
    actor,
    now,
    buckets,
  );
  await app.db.batch([
    updateMessageRoutingStatement(
      tenant.id,
      message.id,
      processed.decision.message_status,
      processed.bucket?.id ?? null,
      processed.classification,
      processed.flags,
    ),
    eventStatement(
      {
        accountId: tenant.account_id,
        tenantId: tenant.id,
        type: 'message.reprocessed',
        subjectId: message.id,
        actor,
        diff: {
          status: processed.decision.message_status,
          bucket: processed.bucket?.name ?? null,
          capture_id: processed.capture?.id ?? null,
        },
      },
      now,
    ),
    ...processed.statements,
  ]);
  notifyQueued(app);
  return processed;
}
