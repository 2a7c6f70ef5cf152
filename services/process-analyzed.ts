// One message's routing in one tenant: classification and extraction (in a worker), the route
// decision, then the capture, tasks and events it leads to, as statements for the caller to write
// (ingest and reprocess, services/processing.ts).
import type { Classification } from '../pipeline/classify.ts';
import type { AnalyzedMessage } from '../pipeline/index.ts';
import type { BucketDefinition, VendorLearnedRun } from '../pipeline/jobs.ts';
import { learnedConfidence } from '../pipeline/learn.ts';
import { domainOf } from '../pipeline/address.ts';
import {
  insertPendingStatement,
  listLearnedOfTenant,
  settlePendingStatements,
  type LearnedExtractor,
} from '../storage/learned.ts';
import { effectivePolicy, type Policy } from '../pipeline/policy.ts';
import { route, type PlannedTask, type RouteDecision } from '../pipeline/route.ts';
import type { Flag } from '../pipeline/types.ts';
import { listBuckets, type Bucket } from '../storage/buckets.ts';
import { insertCaptureStatement, newCaptureId, type StoredCapture, type StoredField } from '../storage/captures.ts';
import type { Statement } from '../storage/db.ts';
import { eventStatement } from '../storage/events.ts';
import { newId } from '../storage/ids.ts';
import type { StoredMessage } from '../storage/messages.ts';
import { insertTaskStatement, type Task } from '../storage/tasks.ts';
import type { Tenant } from '../storage/tenants.ts';
import type { AppContext } from './app.ts';
import { decide, type Decided } from './analysis.ts';
import { compiledBucket } from './buckets.ts';
import { fieldOf, fieldView } from './fields.ts';
import { queueDeliveries } from './webhook-outbox.ts';

export interface Processed {
  classification: Classification;
  bucket: Bucket | null;
  decision: RouteDecision;
  capture: StoredCapture | null;
  tasks: Task[];
  statements: Statement[];
  /** The message's flags, with `analysis_limit` when classification hit a budget. */
  flags: Flag[];
}

function taskPayload(
  planned: PlannedTask,
  message: StoredMessage,
  capture: StoredCapture | null,
  bucket: Bucket | null,
) {
  const base = {
    message_id: message.id,
    capture_id: capture?.id ?? null,
    bucket: bucket?.name ?? null,
    subject: message.subject,
    from: message.from?.address ?? null,
    ...planned.details,
  };
  switch (planned.kind) {
    case 'unrouted':
      return {
        ...base,
        reason: 'No enabled bucket rule matched this message.',
        next_steps:
          'Create or change a bucket rule (try it with dry_run_rule and this message id), then reprocess_message; or dismiss the task.',
      };
    case 'review':
      return {
        ...base,
        issues: capture?.issues ?? [],
        confidence: capture?.confidence ?? null,
        next_steps:
          'Check the fields with get_capture, fix wrong ones with correct_field, then approve_capture (or resolve_task with dismissed).',
      };
    case 'human_field':
      return {
        ...base,
        fields: (planned.details.fields as string[]).map((name) => ({
          name,
          value: fieldOf(capture?.fields, name)?.value ?? null,
          confidence: fieldOf(capture?.fields, name)?.confidence ?? 0,
        })),
        next_steps: 'A person must confirm these fields: correct_field where wrong, then approve_capture.',
      };
    case 'flagged':
      return {
        ...base,
        hidden_text_count: message.hidden_text.length,
        next_steps:
          'Read the message with get_message (hidden text is shown apart, as untrusted data). Approve the capture if it is genuine, or dismiss.',
      };
    case 'relationship_leak':
      return {
        ...base,
        next_steps:
          'Mail reached a relationship address from outside that relationship. Check the sender; dismiss if expected.',
      };
  }
}

/**
 * Classifies, extracts and routes an analyzed message in the tenant's current buckets,
 * returning the records and the statements that store them (capture, tasks, events).
 */
export async function processAnalyzed(
  app: AppContext,
  tenant: Tenant,
  message: StoredMessage,
  analyzed: AnalyzedMessage,
  documentIds: string[],
  flags: Flag[],
  dailyCapReached: boolean,
  actor: string,
  now: Date,
  loaded?: Bucket[],
  alreadyDecided?: Decided | null,
): Promise<Processed> {
  const buckets = loaded ?? (await listBuckets(app.db, tenant.id));
  // The tenant's regexes run over untrusted text: in a worker, under the budget.
  const decided =
    alreadyDecided ??
    (await decide(
      app.analysis,
      analyzed.view,
      bucketDefinitions(buckets, tenant, await listLearnedOfTenant(app.db, tenant.id)),
    ));
  if (decided.limit) flags = [...new Set<Flag>([...flags, 'analysis_limit'])];
  const classification = decided.classification;
  const bucket = buckets.find((b) => b.id === classification.bucket_id) ?? null;
  const policy = effectivePolicy(tenant.policy as Policy, bucket?.policy as Policy | null);
  const schema = bucket ? compiledBucket(bucket).schema : null;
  const run = schema ? decided.run : null;
  const requiresHuman = schema
    ? [...new Set([...schema.fields.filter((f) => f.requires_human).map((f) => f.name), ...policy.requires_human])]
    : [];
  const decision = route({
    matched: bucket !== null,
    policy,
    flags,
    dailyCapReached,
    hasSchema: schema !== null,
    requiresHuman,
    issues: run?.issues ?? [],
    confidence: run?.confidence ?? 1,
  });
  const at = now.toISOString();
  const event = (type: string, subjectId: string, diff: Record<string, unknown>) =>
    eventStatement({ accountId: tenant.account_id, tenantId: tenant.id, type, subjectId, actor, diff }, now);
  const statements: Statement[] = [];
  let capture: StoredCapture | null = null;
  if (bucket && decision.capture) {
    const fields: Record<string, StoredField> = run
      ? Object.fromEntries(Object.entries(run.fields).map(([name, r]) => [name, fieldView(r, documentIds)]))
      : {};
    capture = {
      id: newCaptureId(now),
      tenant_id: tenant.id,
      message_id: message.id,
      bucket_id: bucket.id,
      bucket_name: bucket.name,
      status: decision.capture.status,
      reason: decision.capture.reason,
      schema: schema?.schema ?? null,
      fields,
      issues: run?.issues ?? [],
      confidence: run ? run.confidence : null,
      flags,
      corrected: false,
      applied_by: decision.capture.status === 'applied' ? 'policy' : null,
      applied_at: decision.capture.status === 'applied' ? at : null,
      created_at: at,
      updated_at: at,
    };
    statements.push(
      insertCaptureStatement(capture),
      event('capture.created', capture.id, {
        message_id: message.id,
        bucket: bucket.name,
        status: capture.status,
        reason: capture.reason,
      }),
    );
    statements.push(
      ...learnedPendingStatements(tenant.id, bucket.id, message, capture, now, decided.vendorLearned ?? true),
    );
    if (capture.status === 'applied') {
      // Applied by policy: its deliveries commit with it (the outbox).
      statements.push(
        ...(
          await queueDeliveries(app, tenant, bucket, capture, message, actor, now, {
            text: analyzed.documents[0]?.text ?? '',
            quoted: analyzed.documents[0]?.quoted ?? null,
          })
        ).statements,
      );
    }
  }
  const tasks: Task[] = decision.tasks.map((planned) => ({
    id: newId('tsk', now.getTime()),
    tenant_id: tenant.id,
    kind: planned.kind,
    status: 'open',
    reason: planned.reason,
    message_id: message.id,
    capture_id: capture?.id ?? null,
    payload: taskPayload(planned, message, capture, bucket),
    note: null,
    created_at: at,
    resolved_at: null,
    resolved_by: null,
  }));
  for (const task of tasks) {
    statements.push(
      insertTaskStatement(task),
      event('task.created', task.id, { kind: task.kind, reason: task.reason, capture_id: task.capture_id }),
    );
  }
  return { classification, bucket, decision, capture, tasks, statements, flags };
}

/**
 * Confirmation by silence (issue 25): the vendor's next message settles what its earlier
 * capture's learned values left pending (each still uncorrected counts once), and this
 * capture's learned values, when policy applied them, wait for the next one. Approved
 * captures confirm at approval instead (services/captures.ts). Only for a vendor with
 * learned extractors in the bucket (`vendorLearned`, from the decide job).
 */
function learnedPendingStatements(
  tenantId: string,
  bucketId: string,
  message: StoredMessage,
  capture: StoredCapture,
  now: Date,
  vendorLearned: boolean,
): Statement[] {
  const vendor = domainOf(message.from?.address ?? '').toLowerCase();
  // A vendor with no learned extractor in the bucket has nothing waiting (deleting an
  // extractor drops its waiting values): most mail pays no update and delete for it.
  if (!vendor || !vendorLearned) return [];
  const pending =
    capture.status === 'applied'
      ? Object.entries(capture.fields).filter(([, f]) => f.learned && !f.corrected && f.value !== null)
      : [];
  return [
    ...settlePendingStatements(tenantId, bucketId, vendor, message.id, now),
    ...pending.map(([field, f]) =>
      insertPendingStatement(
        {
          tenant_id: tenantId,
          bucket_id: bucketId,
          vendor_domain: vendor,
          message_id: message.id,
          capture_id: capture.id,
          field,
          learned_id: f.learned!,
        },
        now,
      ),
    ),
  ];
}

/**
 * Buckets as the worker classifies and extracts with them; with `learned` (the tenant's
 * learned extractors), each bucket's own, unless its policy turns learning off.
 */
export function bucketDefinitions(
  buckets: Bucket[],
  tenant: Tenant | null = null,
  learned: LearnedExtractor[] = [],
): BucketDefinition[] {
  return buckets.map((b) => {
    const on = effectivePolicy(tenant?.policy as Policy | null, b.policy as Policy | null).learn_from_corrections;
    const own = on ? learned.filter((l) => l.bucket_id === b.id).map(learnedRun) : [];
    return {
      id: b.id,
      name: b.name,
      priority: b.priority,
      enabled: b.enabled,
      rule: b.rule,
      schema: b.schema,
      ...(own.length > 0 ? { learned: own } : {}),
    };
  });
}

/** A stored learned extractor as extraction runs it, with the confidence its record earns. */
export function learnedRun(l: LearnedExtractor): VendorLearnedRun {
  return {
    id: l.id,
    field: l.field,
    extractor: l.extractor,
    confidence: learnedConfidence(l.confirmations, l.corrections),
    layout: l.layout,
    vendor_domain: l.vendor_domain,
  };
}
