// Policy defaults and the merge rule: the tenant policy is the default and a bucket
// policy overrides it field by field (auto_accept and on_flags key by key).
import type { Flag } from './types.ts';

/** A tenant or bucket policy as stored: every field optional (the zod shape is in tools/_shapes.ts). */
export interface Policy {
  auto_accept?: { min_confidence?: number; require_complete?: boolean; require_valid?: boolean };
  requires_human?: string[];
  no_schema?: 'accept' | 'task';
  task_on_unrouted?: boolean;
  on_flags?: Partial<Record<Flag, 'accept' | 'task'>>;
  require_passing_tests?: boolean;
  forwarders?: string[];
  learn_from_corrections?: boolean;
}

export interface EffectivePolicy {
  auto_accept: { min_confidence: number; require_complete: boolean; require_valid: boolean };
  requires_human: string[];
  no_schema: 'accept' | 'task';
  task_on_unrouted: boolean;
  on_flags: Partial<Record<string, 'accept' | 'task'>>;
  require_passing_tests: boolean;
  forwarders: string[];
  learn_from_corrections: boolean;
}

export const DEFAULT_POLICY: EffectivePolicy = {
  auto_accept: { min_confidence: 0.8, require_complete: true, require_valid: true },
  requires_human: [],
  no_schema: 'accept',
  task_on_unrouted: true,
  on_flags: {},
  require_passing_tests: true,
  forwarders: [],
  learn_from_corrections: true,
};

function overlay(base: EffectivePolicy, p: Policy | null | undefined): EffectivePolicy {
  if (!p) return base;
  return {
    auto_accept: { ...base.auto_accept, ...p.auto_accept },
    requires_human: p.requires_human ?? base.requires_human,
    no_schema: p.no_schema ?? base.no_schema,
    task_on_unrouted: p.task_on_unrouted ?? base.task_on_unrouted,
    on_flags: { ...base.on_flags, ...p.on_flags },
    require_passing_tests: p.require_passing_tests ?? base.require_passing_tests,
    forwarders: p.forwarders ?? base.forwarders,
    learn_from_corrections: p.learn_from_corrections ?? base.learn_from_corrections,
  };
}

export function effectivePolicy(
  tenantPolicy: Policy | null | undefined,
  bucketPolicy?: Policy | null,
): EffectivePolicy {
  return overlay(overlay(DEFAULT_POLICY, tenantPolicy), bucketPolicy);
}
