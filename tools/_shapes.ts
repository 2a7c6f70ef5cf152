// zod shapes shared by several operations (one definition, so REST, MCP and OpenAPI agree).
// Capture, message and task views are in _shapes-captures.ts; regression test views in _shapes-regression.ts.
import { z } from 'zod';
import { SCOPES } from '../storage/keys.ts';
import type { Policy as PipelinePolicy } from '../pipeline/policy.ts';
import { advertised } from './_advertise.ts';

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
  'invisible_chars',
  'sender_ambiguous',
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
  learn_from_corrections: z
    .boolean()
    .optional()
    .describe(
      "A correction teaches an extractor for the sender's domain, used first on its later mail (default true).",
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

/** The marker of a message view's bounded fields (services/bounded-view.ts): one scheme in every message view. */
export const LimitedFields = z
  .array(
    z.object({
      field: z.string().describe('The field shortened, e.g. subject, to, to[3].name, documents[2].filename.'),
      length: z.number().int().describe('Its whole length: UTF-16 units of a text, items of a list.'),
      kept: z.number().int().describe('How much of it is here: its first `kept` units or items.'),
    }),
  )
  .describe(
    'Fields shortened to keep the result bounded (the stored message is whole). Empty when nothing was shortened.',
  );

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
      '{kind:"header", name}, {kind:"constant", value}, {kind:"einvoice"|"printed", field:"invoice_number"} (an ' +
      "e-invoice's XML, or the printed page read as a clerk would; list_starters shows the fields). Types: string, " +
      'number, integer, boolean, date, datetime, email, string[].',
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
