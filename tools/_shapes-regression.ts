// zod shapes of a bucket's regression tests (test cases and test runs) and their mappers,
// split from _shapes.ts.
import { z } from 'zod';
import type { TestCase, TestRun } from '../storage/tests.ts';

export const TestCaseView = z.object({
  id: z.string(),
  bucket_id: z.string(),
  capture_id: z.string(),
  message_id: z.string(),
  origin: z
    .enum(['capture', 'learned'])
    .describe('capture: promoted from a capture; learned: a correction that taught a learned extractor.'),
  expected: z.record(z.string(), z.unknown()),
  tricky: z.boolean().describe('Kept when the suite is at its cap.'),
  note: z.string().nullable(),
  status: z.enum(['active', 'retired']),
  message_pinned: z.boolean().describe('Active cases keep their stored message from any purge.'),
  created_at: z.string(),
  retired_at: z.string().nullable(),
  retired_reason: z.string().nullable(),
});

export function toTestCaseView(c: Omit<TestCase, 'tenant_id'>) {
  return {
    id: c.id,
    bucket_id: c.bucket_id,
    capture_id: c.capture_id,
    message_id: c.message_id,
    origin: c.origin,
    expected: c.expected,
    tricky: c.tricky,
    note: c.note,
    status: c.status,
    message_pinned: c.status === 'active',
    created_at: c.created_at,
    retired_at: c.retired_at,
    retired_reason: c.retired_reason,
  };
}

export const TestRunView = z.object({
  id: z.string(),
  bucket_id: z.string(),
  bucket_name: z.string(),
  trigger: z.enum(['run_tests', 'update_bucket']),
  candidate: z.boolean().describe("Run against a candidate schema rather than the bucket's own."),
  passed: z.number().int(),
  failed: z.number().int(),
  created_at: z.string(),
  cases: z.array(
    z.object({
      case_id: z.string(),
      message_id: z.string(),
      passed: z.boolean(),
      error: z.string().optional(),
      fields: z.record(
        z.string(),
        z.object({ expected: z.unknown(), actual: z.unknown(), confidence: z.number(), pass: z.boolean() }),
      ),
    }),
  ),
});

/** A run without its cases, as list_test_runs shows it. */
export function toTestRunSummary(r: Omit<TestRun, 'tenant_id' | 'schema' | 'results'>) {
  return {
    id: r.id,
    bucket_id: r.bucket_id,
    bucket_name: r.bucket_name,
    trigger: r.trigger,
    candidate: r.candidate,
    passed: r.passed,
    failed: r.failed,
    created_at: r.created_at,
  };
}

export function toTestRunView(r: Omit<TestRun, 'tenant_id' | 'schema'>) {
  return { ...toTestRunSummary(r), cases: r.results };
}
