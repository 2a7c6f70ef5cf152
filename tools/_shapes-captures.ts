// zod shapes of captures, messages and tasks (fields, issues, auth verdicts, deliveries), split from
// _shapes.ts. The mappers get_capture's view shares with list_captures and the task tools live in
// services/capture-view.ts and are re-exported here.
import { z } from 'zod';
export { toCaptureSummary, toTaskView } from '../services/capture-view.ts';

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
  learned: z
    .string()
    .optional()
    .describe("Id of the vendor's learned extractor that read the value (get_bucket lists it); absent otherwise."),
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

/** An attachment's name: the safe one to show, and the sender's own when it differs. */
export const DocumentNames = {
  filename: z
    .string()
    .nullable()
    .describe(
      'The name to show: its last path part, without controls (shown as _), bidi or invisible characters, ' +
        'percent escapes decoded, so its end is its real extension. null for the body or a name with nothing left.',
    ),
  original_filename: z
    .string()
    .nullable()
    .describe(
      'The name as the sender wrote it, when it differs from filename (untrusted: a path, a hidden extension); ' +
        'control, bidi and invisible characters spelled out as <U+XXXX>. null when the same.',
    ),
};
