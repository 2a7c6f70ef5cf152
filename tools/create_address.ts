import { z } from 'zod';
import { addressViews, relationshipLocalPart, ruleWithAddress } from '../services/addresses.ts';
import { findBucket, updateBucketStatement } from '../storage/buckets.ts';
import type { Statement } from '../storage/db.ts';
import { eventStatement } from '../storage/events.ts';
import { newId } from '../storage/ids.ts';
import { findAddress, getSubdomainOfTenant, insertAddressStatement, type Address } from '../storage/mailin.ts';
import { AddressView } from './_shapes.ts';
import { ToolError, defineTool, notFound } from './define.ts';

export default defineTool({
  name: 'create_address',
  description:
    "Create an inbound address under the tenant's subdomain. `named` (default) uses your `local_part` " +
    '(e.g. "invoices" -> <handle>.invoices@domain and <handle>+invoices@domain). `relationship` makes an opaque, ' +
    'unguessable local part starting "r-" for one counterparty (`relationship_ref`); mail from outside that ' +
    'relationship is flagged relationship_leak. `daily_cap` holds mail beyond N a day. `bucket` (id or name) adds a ' +
    "clause matching this address to that bucket's rule.",
  scope: 'configure',
  mutating: true,
  title: 'Create address',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'POST', path: '/v1/addresses' },
  input: z.strictObject({
    kind: z.enum(['named', 'relationship']).default('named'),
    local_part: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[a-zA-Z0-9][a-zA-Z0-9._-]*$/, 'letters, digits, dots, hyphens, underscores; no "+"')
      .optional()
      .describe('For named addresses.'),
    relationship_ref: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('For relationship addresses: who it is for (your reference).'),
    label: z.string().max(120).default(''),
    daily_cap: z.number().int().min(1).max(10000).optional(),
    bucket: z
      .string()
      .min(1)
      .max(80)
      .optional()
      .describe('Bucket id or name whose rule gains a clause for this address.'),
  }),
  output: AddressView,
  handler: async (input, ctx) => {
    const sub = await getSubdomainOfTenant(ctx.app.db, ctx.tenant.id);
    if (!sub)
      throw new ToolError('invalid_state', 'Claim a subdomain first (claim_subdomain): addresses live under it.');
    let local: string;
    if (input.kind === 'named') {
      if (!input.local_part) {
        throw new ToolError('invalid_request', 'A named address needs `local_part`, e.g. "invoices".', {
          issues: [{ path: 'local_part', message: 'required for named' }],
        });
      }
      if (input.relationship_ref) {
        throw new ToolError('invalid_request', '`relationship_ref` is for kind "relationship".', {
          issues: [{ path: 'relationship_ref', message: 'only for relationship' }],
        });
      }
      local = input.local_part.toLowerCase();
      if (local.startsWith('r-')) {
        throw new ToolError(
          'invalid_request',
          'Local parts starting "r-" are kept for relationship addresses; pick another.',
          { issues: [{ path: 'local_part', message: 'reserved prefix r-' }] },
        );
      }
      if (await findAddress(ctx.app.db, ctx.tenant.id, local)) {
        throw new ToolError('conflict', `The address '${local}' exists; pick another local part.`, {
          local_part: local,
        });
      }
    } else {
      if (!input.relationship_ref) {
        throw new ToolError('invalid_request', 'A relationship address needs `relationship_ref` (who it is for).', {
          issues: [{ path: 'relationship_ref', message: 'required for relationship' }],
        });
      }
      if (input.local_part) {
        throw new ToolError(
          'invalid_request',
          'Relationship addresses get a generated local part; omit `local_part`.',
          { issues: [{ path: 'local_part', message: 'generated for relationship' }] },
        );
      }
      local = relationshipLocalPart();
    }
    const bucket = input.bucket ? await findBucket(ctx.app.db, ctx.tenant.id, input.bucket) : undefined;
    if (input.bucket && !bucket) throw notFound('bucket', input.bucket);
    const address: Address = {
      id: newId('adr', ctx.now.getTime()),
      tenant_id: ctx.tenant.id,
      kind: input.kind,
      local_part: local,
      relationship_ref: input.relationship_ref ?? null,
      label: input.label,
      daily_cap: input.daily_cap ?? null,
      bucket_id: bucket?.id ?? null,
      enabled: true,
      forwarders: [],
      first_sender_domain: null,
      received_count: 0,
      refused_count: 0,
      created_at: ctx.now.toISOString(),
    };
    const event = (type: string, subjectId: string, diff: Record<string, unknown>) =>
      eventStatement(
        { accountId: ctx.tenant.account_id, tenantId: ctx.tenant.id, type, subjectId, actor: ctx.actor, diff },
        ctx.now,
      );
    const statements: Statement[] = [
      insertAddressStatement(address),
      event('address.created', address.id, { kind: address.kind, local_part: local, bucket: bucket?.name ?? null }),
    ];
    if (bucket) {
      const rule = ruleWithAddress(bucket.rule, local);
      statements.push(
        updateBucketStatement({ ...bucket, rule, updated_at: ctx.now.toISOString() }),
        event('bucket.updated', bucket.id, { rule: { before: bucket.rule, after: rule }, by: 'create_address' }),
      );
    }
    await ctx.app.db.batch(statements);
    return (await addressViews(ctx.app, ctx.tenant.id, [address]))[0]!;
  },
});
