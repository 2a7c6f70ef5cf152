// Stage 4: the first enabled bucket, in ascending priority then name, whose rule matches.
// A bucket without a rule matches nothing.
import type { CompiledRule } from './rules.ts';
import type { MessageView } from './types.ts';

export interface ClassifiableBucket {
  id: string;
  name: string;
  priority: number;
  enabled: boolean;
  rule: CompiledRule | null;
}

export interface Classification {
  bucket_id: string | null;
  bucket_name: string | null;
  /** JSON path of the predicate that decided, e.g. "rule.any[0].subject_contains". */
  decided_by: string | null;
  reason: string;
}

export function classify(buckets: readonly ClassifiableBucket[], view: MessageView): Classification {
  const ordered = buckets
    .filter((b) => b.enabled && b.rule)
    .sort((a, b) => a.priority - b.priority || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const bucket of ordered) {
    const outcome = bucket.rule!(view);
    if (outcome.matched) {
      return { bucket_id: bucket.id, bucket_name: bucket.name, decided_by: outcome.decided_by, reason: outcome.reason };
    }
  }
  return {
    bucket_id: null,
    bucket_name: null,
    decided_by: null,
    reason: `no enabled bucket matched (${ordered.length} tried)`,
  };
}
