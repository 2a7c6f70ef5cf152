// Corrections and approvals: the state changes a person or agent makes to a capture.
import type { Schema } from '../pipeline/schema.ts';
import { captureConfidence, coerceValue, matchEnum, validateFields, type FieldType } from '../pipeline/validate.ts';
import { ToolError } from './errors.ts';
import {
  insertCorrectionStatement,
  listCorrections,
  newestCaptureOf,
  updateCaptureStatement,
  type StoredCapture,
} from '../storage/captures.ts';
import type { Statement } from '../storage/db.ts';
import { eventStatement } from '../storage/events.ts';
import { setMessageStatusStatement } from '../storage/messages.ts';
import { closeTaskStatement, listTasksOfCapture, openTasksOfCapture } from '../storage/tasks.ts';
import type { Tenant } from '../storage/tenants.ts';
import type { AppContext } from './app.ts';
import { fieldOf } from './fields.ts';
import { confirmationStatements } from './learning.ts';

function fieldDefs(schema: Schema | null) {
  return Object.entries(schema?.fields ?? {}).map(([name, def]) => ({ name, ...def }));
}

/** A corrected value read with the field's type; refuses what the type cannot hold. */
export function readCorrection(capture: StoredCapture, field: string, value: unknown): unknown {
  const def = fieldOf(capture.schema?.fields, field);
  if (!def) {
    const known = Object.keys(capture.schema?.fields ?? {});
    throw new ToolError(
      'not_found',
      `Capture ${capture.id} has no field '${field}'; its fields are: ${known.join(', ') || '(none: no schema)'}.`,
      { field, fields: known },
    );
  }
  if (value === null) return null;
  const read = coerceValue(def.type as FieldType, value);
  if (!read.ok) {
    throw new ToolError('invalid_request', `${field} is a ${def.type}: ${read.message}. Send a value of that type.`, {
      issues: [{ path: 'value', message: read.message }],
      type: def.type,
    });
  }
  if (def.enum) {
    const member = matchEnum(read.value, def.enum);
    if (member === undefined) {
      throw new ToolError('invalid_request', `${field} must be one of ${def.enum.join(', ')}.`, {
        issues: [{ path: 'value', message: 'not in enum' }],
        enum: def.enum,
      });
    }
    return member;
  }
  return read.value;
}

/** Sets a field, re-validates the capture, and records the correction with its actor and reason. */
export async function correctField(
  app: AppContext,
  tenant: Tenant,
  capture: StoredCapture,
  field: string,
  value: unknown,
  reason: string | null,
  actor: string,
): Promise<StoredCapture> {
  const after = readCorrection(capture, field, value);
  const now = app.now();
  const before = fieldOf(capture.fields, field)?.value ?? null;
  const corrected = {
    value: after,
    confidence: after === null ? 0 : 1,
    raw: null,
    source: { corrected: true as const },
    corrected: true,
  };
  const fields = { ...capture.fields, [field]: corrected };
  const defs = fieldDefs(capture.schema);
  const def = defs.find((d) => d.name === field)!;
  const fieldIssues = validateFields([def], { [field]: { ...corrected, failure: null } }).issues;
  const updated: StoredCapture = {
    ...capture,
    fields,
    issues: [...capture.issues.filter((i) => i.field !== field), ...fieldIssues],
    confidence: captureConfidence(defs, fields),
    corrected: true,
    updated_at: now.toISOString(),
  };
  await app.db.batch([
    updateCaptureStatement(updated),
    insertCorrectionStatement(
      tenant.id,
      capture.id,
      { field, before, after, actor, reason, created_at: now.toISOString() },
      now,
    ),
    eventStatement(
      {
        accountId: tenant.account_id,
        tenantId: tenant.id,
        type: 'capture.corrected',
        subjectId: capture.id,
        actor,
        diff: { field, before, after, reason },
      },
      now,
    ),
  ]);
  return updated;
}

/**
 * Applies a held or task capture. Refused while validation has issues other than a
 * missing required field, unless forced. Open tasks of the capture are resolved.
 * `extra` lets later stages (webhook delivery) add statements to the same transaction.
 */
export async function approveCapture(
  app: AppContext,
  tenant: Tenant,
  capture: StoredCapture,
  opts: { force: boolean; note: string | null },
  actor: string,
  extra: (approved: StoredCapture, now: Date) => Promise<Statement[]> = async () => [],
): Promise<StoredCapture> {
  if (capture.status === 'applied') {
    throw new ToolError('invalid_state', `Capture ${capture.id} is already applied.`, { status: capture.status });
  }
  const blocking = capture.issues.filter((i) => i.code !== 'missing_required');
  if (blocking.length > 0 && !opts.force) {
    throw new ToolError(
      'validation_issues',
      `Capture ${capture.id} still has ${blocking.length} validation issue(s) (${blocking.map((i) => `${i.field}: ${i.code}`).join(', ')}); fix them with correct_field or pass force: true.`,
      { issues: blocking },
    );
  }
  const now = app.now();
  const approved: StoredCapture = {
    ...capture,
    status: 'applied',
    applied_by: actor,
    applied_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  const tasks = await openTasksOfCapture(app.db, tenant.id, capture.id);
  const newest = await newestCaptureOf(app.db, tenant.id, capture.message_id);
  const event = (type: string, subjectId: string, diff: Record<string, unknown>) =>
    eventStatement({ accountId: tenant.account_id, tenantId: tenant.id, type, subjectId, actor, diff }, now);
  await app.db.batch([
    updateCaptureStatement(approved),
    // Values a learned extractor read and the approver accepted unchanged confirm it.
    ...confirmationStatements(tenant.id, capture, now),
    ...(newest?.id === capture.id ? [setMessageStatusStatement(tenant.id, capture.message_id, 'applied')] : []),
    event('capture.approved', capture.id, {
      from_status: capture.status,
      forced: opts.force && blocking.length > 0,
      note: opts.note,
    }),
    ...tasks.flatMap((t) => [
      closeTaskStatement(tenant.id, t.id, 'resolved', opts.note ?? 'capture approved', actor, now),
      event('task.resolved', t.id, { kind: t.kind, by: 'approve_capture' }),
    ]),
    ...(await extra(approved, now)),
  ]);
  return approved;
}

export async function captureDetails(app: AppContext, tenantId: string, capture: StoredCapture) {
  const [corrections, tasks] = await Promise.all([
    listCorrections(app.db, tenantId, capture.id),
    listTasksOfCapture(app.db, tenantId, capture.id),
  ]);
  return { corrections, tasks };
}
