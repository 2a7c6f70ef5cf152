import { z } from 'zod';
import { forbiddenAddress, forbiddenPort, lookupAll } from '../services/ssrf.ts';
import { eventStatement } from '../storage/events.ts';
import { newId } from '../storage/ids.ts';
import { findDestination, insertDestinationStatement, type Destination } from '../storage/webhooks.ts';
import { BucketName, DestinationView, toDestinationView } from './_shapes.ts';
import { ToolError, defineTool } from './define.ts';

export default defineTool({
  name: 'add_destination',
  description:
    'Add a webhook destination. Applied captures of buckets that list it (bucket `destinations`, by id or name) are ' +
    'POSTed to `url` as JSON, signed with `secret` (X-Svc-Signature: sha256=<HMAC of the exact body>), retried with ' +
    'backoff for about 9 hours. URLs that resolve to loopback, private, link-local, metadata or other special-purpose addresses ' +
    '(including IPv6 forms that embed one, NAT64 and Teredo) or use port 0 are refused. ' +
    'The secret is never returned.',
  scope: 'configure',
  mutating: true,
  title: 'Add webhook destination',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'POST', path: '/v1/destinations' },
  input: z.strictObject({
    name: BucketName.describe('Unique in the tenant: lower case letters, digits, hyphens; 1 to 80.'),
    kind: z.literal('webhook').default('webhook'),
    url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .describe('http:// or https:// URL that receives the POSTs.'),
    secret: z
      .string()
      .min(8)
      .max(200)
      .optional()
      .describe('HMAC-SHA256 key for X-Svc-Signature (8 to 200 characters).'),
    enabled: z.boolean().default(true),
  }),
  output: DestinationView,
  handler: async (input, ctx) => {
    if (await findDestination(ctx.app.db, ctx.tenant.id, input.name)) {
      throw new ToolError(
        'conflict',
        `A destination named '${input.name}' exists; pick another name or remove it first.`,
        { name: input.name },
      );
    }
    const url = new URL(input.url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const allowPrivate = ctx.app.config.allowPrivateDestinations;
    const badPort = forbiddenPort(url);
    if (badPort) {
      throw new ToolError(
        'invalid_request',
        `Webhooks may not target ${badPort}; give the receiver's real port (or none for 80/443).`,
        { issues: [{ path: 'url', message: `${badPort} is not a port a request can be sent to` }] },
      );
    }
    let addresses: string[];
    try {
      addresses = await lookupAll(host);
    } catch (error) {
      throw new ToolError(
        'invalid_request',
        `Cannot resolve ${host} (${(error as Error).message}); give a URL whose host resolves.`,
        { issues: [{ path: 'url', message: 'host does not resolve' }] },
      );
    }
    const forbidden = allowPrivate ? null : addresses.map(forbiddenAddress).find(Boolean);
    if (forbidden) {
      throw new ToolError(
        'invalid_request',
        `Webhooks may not target internal addresses: ${host} -> ${forbidden}. Use a public URL ` +
          '(for local testing, run the service with SVC_ALLOW_PRIVATE_DESTINATIONS=1).',
        { issues: [{ path: 'url', message: 'resolves to a private, reserved or special-purpose address' }] },
      );
    }
    const destination: Destination = {
      id: newId('dst', ctx.now.getTime()),
      tenant_id: ctx.tenant.id,
      name: input.name,
      kind: 'webhook',
      url: input.url,
      secret: input.secret ?? null,
      enabled: input.enabled,
      created_at: ctx.now.toISOString(),
    };
    await ctx.app.db.batch([
      insertDestinationStatement(destination),
      eventStatement(
        {
          accountId: ctx.tenant.account_id,
          tenantId: ctx.tenant.id,
          type: 'destination.added',
          subjectId: destination.id,
          actor: ctx.actor,
          diff: { name: destination.name, url: destination.url, signed: destination.secret !== null },
        },
        ctx.now,
      ),
    ]);
    return toDestinationView(destination);
  },
});
