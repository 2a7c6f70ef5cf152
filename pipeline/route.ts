// Stage 7: routing by policy, in DESIGN.md's order:
//   1. no bucket matched        -> message unrouted, no capture; task `unrouted` if task_on_unrouted
//   2. address daily cap reached -> capture held, reason daily_cap
//   3. a flag whose action is task (the default) -> capture task, reason flag:<name>, task `flagged`
//   4. no schema                -> no_schema accept: applied; task: capture task, task `review`
//   5. a requires_human field   -> capture task, task `human_field`
//   6. auto_accept holds        -> applied; otherwise held with a `review` task and the reason
//      (incomplete, invalid, low_confidence)
import type { EffectivePolicy } from './policy.ts';
import type { Flag } from './types.ts';
import type { ValidationIssue } from './validate.ts';

export type CaptureStatus = 'applied' | 'task' | 'held';
export type MessageStatus = CaptureStatus | 'unrouted';
export type TaskKind = 'unrouted' | 'review' | 'human_field' | 'flagged' | 'relationship_leak';

export interface RouteInput {
  matched: boolean;
  policy: EffectivePolicy;
  flags: readonly Flag[];
  dailyCapReached: boolean;
  hasSchema: boolean;
  /** Fields the schema marks requires_human plus the policy's requires_human list. */
  requiresHuman: readonly string[];
  issues: readonly ValidationIssue[];
  confidence: number;
}

export interface PlannedTask {
  kind: TaskKind;
  reason: string;
  details: Record<string, unknown>;
}

export interface RouteDecision {
  message_status: MessageStatus;
  capture: { status: CaptureStatus; reason: string } | null;
  tasks: PlannedTask[];
}

/** Flags that have their own routing step or task kind, not the generic `flagged` one. */
const SEPARATELY_HANDLED: readonly Flag[] = ['daily_cap_reached', 'relationship_leak'];

export function route(input: RouteInput): RouteDecision {
  const { policy } = input;
  // A leak is worth a look whatever routing decides, unrouted mail included.
  const extra: PlannedTask[] = input.flags.includes('relationship_leak')
    ? [{ kind: 'relationship_leak', reason: 'relationship_leak', details: {} }]
    : [];
  if (!input.matched) {
    return {
      message_status: 'unrouted',
      capture: null,
      tasks: [
        ...(policy.task_on_unrouted ? [{ kind: 'unrouted' as const, reason: 'no_bucket_matched', details: {} }] : []),
        ...extra,
      ],
    };
  }
  const decide = (status: CaptureStatus, reason: string, tasks: PlannedTask[] = []): RouteDecision => ({
    message_status: status,
    capture: { status, reason },
    tasks: [...tasks, ...extra],
  });

  if (input.dailyCapReached) return decide('held', 'daily_cap');

  const taskFlags = input.flags.filter(
    (f) => !SEPARATELY_HANDLED.includes(f) && (policy.on_flags[f] ?? 'task') === 'task',
  );
  if (taskFlags.length > 0) {
    return decide('task', `flag:${taskFlags[0]}`, [
      { kind: 'flagged', reason: `flag:${taskFlags[0]}`, details: { flags: taskFlags } },
    ]);
  }
  if (!input.hasSchema) {
    return policy.no_schema === 'accept'
      ? decide('applied', 'no_schema')
      : decide('task', 'no_schema', [{ kind: 'review', reason: 'no_schema', details: {} }]);
  }
  if (input.requiresHuman.length > 0) {
    return decide('task', 'requires_human', [
      { kind: 'human_field', reason: 'requires_human', details: { fields: [...input.requiresHuman] } },
    ]);
  }
  const failing: string[] = [];
  const missing = input.issues.filter((i) => i.code === 'missing_required');
  const invalid = input.issues.filter((i) => i.code !== 'missing_required');
  if (policy.auto_accept.require_complete && missing.length > 0) failing.push('incomplete');
  if (policy.auto_accept.require_valid && invalid.length > 0) failing.push('invalid');
  if (input.confidence < policy.auto_accept.min_confidence) failing.push('low_confidence');
  if (failing.length === 0) return decide('applied', 'auto_accept');
  return decide('held', failing[0]!, [
    {
      kind: 'review',
      reason: failing[0]!,
      details: {
        reasons: failing,
        confidence: input.confidence,
        min_confidence: policy.auto_accept.min_confidence,
        missing: missing.map((i) => i.field),
        invalid: invalid.map((i) => ({ field: i.field, code: i.code, message: i.message })),
      },
    },
  ]);
}
