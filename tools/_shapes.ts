// zod shapes shared by several operations (one definition, so REST, MCP and OpenAPI agree).
// The mappers get_capture's view shares with list_captures and the task tools live in
// services/capture-view.ts and are re-exported here.
import { z } from 'zod';
import { SCOPES } from '../storage/keys.ts';
import type { Policy as PipelinePolicy } from '../pipeline/policy.ts';
import { advertised } from './_advertise.ts';
export { toCaptureSummary, toTaskView } from '../services/capture-view.ts';

export const FLAGS = [
  'unexpected_sender',
  'hidden_text',
  'script_removed',
  'zero_width_chars',
  'bidi_override',
  'spf_fail',
  'dkim_fail',
  'dmarc_fail',
  'relationship_leak',
  'daily_cap_reached',
  'attachment_unreadable',
  'truncated',
  'analysis_limit',
  'alternative_mismatch',
  'einvoice_mismatch',
] as const;

export const ScopeName = z.enum(SCOPES);

export const Policy = z.strictObject({
  auto_accept: z
    .strictObject({
      min_confidence: z
        .number()
        .min(0)
        .max(1)
        .optional()
        .describe('Lowest capture confidence (0..1) that may be applied without review.'),
      require_complete: z.boolean().optional().describe('Hold captures missing a required field.'),
      require_valid: z.boolean().optional().describe('Hold captures with validation issues.'),
    })
    .optional(),
  requires_human: z
    .array(z.string().min(1).max(80))
    .max(100)
    .optional()
    .describe('Field names a person must confirm: captures with them become tasks.'),
  no_schema: z.enum(['accept', 'task']).optional().describe('What happens to mail in a bucket without a schema.'),
  task_on_unrouted: z.boolean().optional().describe('Open a task for mail no bucket matched (tenant policy).'),
  on_flags: z
    .partialRecord(z.enum(FLAGS), z.enum(['accept', 'task']))
    .optional()
    .describe('Per sanitization/auth flag: accept, or turn the capture into a task (the default).'),
  require_passing_tests: z
    .boolean()
    .optional()
    .describe('Refuse schema changes that fail the bucket regression tests (default true).'),
  forwarders: z
    .array(z.string().min(1).max(200))
    .max(50)
    .optional()
    .describe(
      "Bucket policy: addresses, '@domain' or '.domain' whose forwarded mail reads as from its original sender.",
    ),
});
export type Policy = z.infer<typeof Policy>;
// The pipeline declares the stored policy type itself; this keeps the two in step.
const _policyMatchesPipeline: PipelinePolicy = {} as Policy;
void _policyMatchesPipeline;

export const TenantSummary = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['sandbox', 'account']),
  created_at: z.string(),
  expires_at: z.string().nullable(),
});

export const KeyView = z.object({
  id: z.string(),
  prefix: z.string().describe('The first characters of the key, to recognise it; the key itself is never listed.'),
  label: z.string(),
  scopes: z.array(ScopeName),
  all_tenants: z.boolean().describe('true: every tenant the account owns now and later.'),
  tenants: z.array(z.string()).describe('Tenant ids when all_tenants is false.'),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});

export const EventView = z.object({
  id: z.string(),
  type: z.string(),
  subject_id: z.string().nullable(),
  actor: z.string().describe("key id, 'operator' or 'system'"),
  tenant_id: z.string().nullable().describe('null for account-level changes (keys, tenants)'),
  diff: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

export const Limit = z.number().int().min(1).max(200).default(50).describe('Page size, 1 to 200.');

export function toTenantSummary(t: {
  id: string;
  name: string;
  kind: 'sandbox' | 'account';
  created_at: string;
  expires_at: string | null;
}) {
  return { id: t.id, name: t.name, kind: t.kind, created_at: t.created_at, expires_at: t.expires_at };
}

export const BucketName = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'use lower case letters, digits and hyphens, starting with a letter or digit');

// Any JSON is accepted, so compiling the rule names what is wrong by path (invalid_rule).
export const RuleInput = advertised(
  z
    .unknown()
    .describe(
      'A rule predicate (JSON), one key per object: any:[...], all:[...], not:{...}, address:"<local>@", ' +
        'sender_domain:"example.com" or ".example.com", subject_contains:[...], subject_matches:"regex", ' +
        'header:{name, contains|matches}, text_contains:[...], text_matches:"regex", has_attachment:true, ' +
        'attachment_name_matches:"regex", attachment_mime:["application/pdf"], attachment_text_contains:[...], ' +
        'auth:{spf, dkim, dmarc}. Regexes use RE2 syntax, case-insensitive.',
    ),
  () => ({ type: 'object' }),
);

export const SchemaInput = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .describe(
    'A starter reference "starter:invoice" (see list_starters) or {name, fields: {field: {type, required?, ' +
      'requires_human?, enum?, extract: [extractors]}}}. Extractors: {kind:"labeled_value", labels:[...]}, ' +
      '{kind:"regex", pattern with a named group value}, {kind:"mailbox", source:from|to|reply_to, part:address|name|domain}, ' +
      '{kind:"header", name}, {kind:"constant", value}. Types: string, number, integer, boolean, date, datetime, email, string[].',
  );

export const BucketView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  priority: z.number().int(),
  enabled: z.boolean(),
  rule: z.unknown().nullable(),
  schema: z.union([z.string(), z.record(z.string(), z.unknown())]).nullable(),
  policy: z.record(z.string(), z.unknown()).nullable(),
  destinations: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});

export const Destinations = z
  .array(z.string().min(1).max(80))
  .max(50)
  .describe('Destination ids or names that receive applied captures.');

export const FieldSourceView = z
  .union([
    z.object({ corrected: z.literal(true) }),
    z.object({
      document_id: z.string().nullable(),
      document_index: z.number().int(),
      start: z.number().int(),
      end: z.number().int(),
    }),
    z.object({ header: z.string() }),
    z.object({ constant: z.literal(true) }),
  ])
  .nullable();

export const FieldView = z.object({
  value: z.unknown(),
  confidence: z.number().min(0).max(1),
  raw: z.string().nullable(),
  source: FieldSourceView,
});

export const IssueView = z.object({ field: z.string(), code: z.string(), message: z.string() });

export const AuthInput = z.strictObject({
  spf: z.enum(['pass', 'fail', 'none', 'softfail', 'neutral']).default('none'),
  dkim: z.enum(['pass', 'fail', 'none']).default('none'),
  dmarc: z.enum(['pass', 'fail', 'none']).default('none'),
});

/** get_message's auth: the verdicts routing uses, what each check looked at, and for forwarded mail who vouches for the original sender. */
export const AuthView = z.object({
  spf: z
    .string()
    .describe('pass, fail, softfail, neutral, none, temperror (DNS did not answer), permerror (a broken record).'),
  dkim: z
    .string()
    .describe(
      'pass: a signature verified; fail: a signed body or header changed, or the key is missing/weak; none: unsigned.',
    ),
  dmarc: z
    .string()
    .describe(
      'pass: SPF or DKIM passed for the From domain; fail: neither did; none: the domain publishes no DMARC record.',
    ),
  arc: z.string().optional().describe('ARC chain: pass, fail, none.'),
  synthetic: z.boolean().describe('true: values supplied at sandbox ingest, not verified.'),
  details: z
    .object({
      spf: z.object({ result: z.string(), domain: z.string().nullable() }),
      dkim: z.array(z.object({ result: z.string(), domain: z.string(), selector: z.string() })),
      dmarc: z.object({
        result: z.string(),
        domain: z.string().nullable(),
        policy: z
          .enum(['none', 'quarantine', 'reject'])
          .nullable()
          .describe("The domain's published policy (p=, or sp= for a subdomain)."),
      }),
      arc: z.object({
        result: z.string(),
        sealer: z.string().nullable(),
        sealed_dmarc: z.string().nullable(),
        sealed_from_domain: z.string().nullable(),
      }),
    })
    .optional()
    .describe('Each check with the domain it was made for (and the DKIM selector); verified SMTP mail only.'),
  forwarded: z
    .object({
      forwarder: z.string(),
      original_domain: z.string().nullable(),
      original_verified: z.boolean(),
      verified_by: z.enum(['dmarc', 'arc']).nullable(),
    })
    .optional()
    .describe(
      "Mail from a trusted forwarder: spf/dkim/dmarc above are the forwarder's; the original sender's domain is " +
        'unverified unless its own DMARC passed or the forwarder sealed a valid ARC chain recording a DMARC pass for it.',
    ),
});

export const CaptureStatus = z.enum(['applied', 'task', 'held']);
export const MessageStatus = z.enum(['applied', 'task', 'held', 'unrouted']);

export const TaskView = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(['open', 'resolved', 'dismissed']),
  reason: z.string(),
  message_id: z.string(),
  capture_id: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  note: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
});

export const StoredFieldView = FieldView.extend({ corrected: z.boolean().optional() });

export const CaptureSummary = z.object({
  id: z.string(),
  message_id: z.string(),
  bucket: z.object({ id: z.string(), name: z.string() }),
  status: CaptureStatus,
  reason: z
    .string()
    .describe(
      'Why routing gave this status: auto_accept, low_confidence, incomplete, invalid, no_schema, requires_human, flag:<name>, daily_cap.',
    ),
  confidence: z.number().nullable(),
  corrected: z.boolean(),
  applied_by: z.string().nullable().describe("'policy' when applied automatically, else the approving key id"),
  applied_at: z.string().nullable(),
  created_at: z.string(),
});

export const CaptureView = CaptureSummary.extend({
  fields: z.record(z.string(), StoredFieldView),
  issues: z.array(IssueView),
  flags: z.array(z.string()),
  corrections: z.array(
    z.object({
      id: z.string(),
      field: z.string(),
      before: z.unknown(),
      after: z.unknown(),
      actor: z.string(),
      reason: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  tasks: z.array(TaskView),
  deliveries: z.array(
    z.object({
      id: z.string().describe('Also sent as X-Svc-Delivery; stable across retries.'),
      destination_id: z.string(),
      destination: z.string(),
      status: z.enum(['pending', 'delivered', 'failed']),
      attempts: z.number().int(),
      next_attempt_at: z.string().nullable(),
      last_status_code: z.number().int().nullable(),
      last_error: z.string().nullable(),
      created_at: z.string(),
      finished_at: z.string().nullable(),
      attempt_log: z.array(
        z.object({
          attempt: z.number().int(),
          outcome: z.enum(['in_flight', 'success', 'failure', 'interrupted']),
          started_at: z.string(),
          duration_ms: z.number().int().nullable(),
          status_code: z.number().int().nullable(),
          error: z.string().nullable(),
        }),
      ),
    }),
  ),
});

export const DestinationView = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.literal('webhook'),
  url: z.string(),
  enabled: z.boolean(),
  has_secret: z.boolean().describe('Whether deliveries are signed; the secret itself is never returned.'),
  created_at: z.string(),
});

export function toDestinationView(d: {
  id: string;
  name: string;
  kind: 'webhook';
  url: string;
  enabled: boolean;
  secret: string | null;
  created_at: string;
}) {
  return {
    id: d.id,
    name: d.name,
    kind: d.kind,
    url: d.url,
    enabled: d.enabled,
    has_secret: d.secret !== null,
    created_at: d.created_at,
  };
}

export const AddressView = z.object({
  id: z.string(),
  kind: z.enum(['named', 'relationship']),
  local_part: z.string(),
  addresses: z
    .array(z.string())
    .describe('Every form this address is answered at (empty until a subdomain is claimed).'),
  relationship_ref: z.string().nullable(),
  label: z.string(),
  daily_cap: z.number().int().nullable(),
  bucket_id: z.string().nullable(),
  enabled: z.boolean(),
  forwarders: z.array(z.string()),
  counts: z.object({ received: z.number().int(), refused: z.number().int(), today: z.number().int() }),
  created_at: z.string(),
});

export const SubdomainView = z.object({
  name: z.string().nullable(),
  claimed_at: z.string().nullable(),
  catch_all: z.boolean(),
  dedicated: z.boolean().describe('Also answers <local>@<name>.<domain>.'),
  forms: z.array(z.string()).describe('Address patterns mail is answered at.'),
  pending_request: z.object({ id: z.string(), name: z.string(), rule: z.string(), created_at: z.string() }).nullable(),
});

export const TestCaseView = z.object({
  id: z.string(),
  bucket_id: z.string(),
  capture_id: z.string(),
  message_id: z.string(),
  origin: z.literal('capture'),
  expected: z.record(z.string(), z.unknown()),
  tricky: z.boolean().describe('Kept when the suite is at its cap.'),
  note: z.string().nullable(),
  status: z.enum(['active', 'retired']),
  message_pinned: z.boolean().describe('Active cases keep their stored message from any purge.'),
  created_at: z.string(),
  retired_at: z.string().nullable(),
  retired_reason: z.string().nullable(),
});

export function toTestCaseView(c: {
  id: string;
  bucket_id: string;
  capture_id: string;
  message_id: string;
  expected: Record<string, unknown>;
  tricky: boolean;
  note: string | null;
  status: 'active' | 'retired';
  created_at: string;
  retired_at: string | null;
  retired_reason: string | null;
}) {
  return {
    id: c.id,
    bucket_id: c.bucket_id,
    capture_id: c.capture_id,
    message_id: c.message_id,
    origin: 'capture' as const,
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

export function toTestRunView(r: {
  id: string;
  bucket_id: string;
  bucket_name: string;
  trigger: 'run_tests' | 'update_bucket';
  candidate: boolean;
  passed: number;
  failed: number;
  created_at: string;
  results: z.infer<typeof TestRunView>['cases'];
}) {
  return {
    id: r.id,
    bucket_id: r.bucket_id,
    bucket_name: r.bucket_name,
    trigger: r.trigger,
    candidate: r.candidate,
    passed: r.passed,
    failed: r.failed,
    created_at: r.created_at,
    cases: r.results,
  };
}
