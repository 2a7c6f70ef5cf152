import { z } from 'zod';
import { bucketFilter } from '../services/buckets.ts';
import { listMessages } from '../storage/messages.ts';
import { Limit } from './_shapes.ts';
import { MessageStatus } from './_shapes-captures.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'list_messages',
  description:
    'List received messages, newest first: id, time, sender, subject, status (applied, task, held, unrouted), bucket ' +
    'and flags. Filter by `bucket` (id or name) and `status`. Page with `before` = the `next_before` of the previous page.',
  scope: 'read',
  mutating: false,
  title: 'List messages',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  narrowing: ['limit'],
  http: { method: 'GET', path: '/v1/messages' },
  input: z.strictObject({
    bucket: z.string().max(80).optional().describe('Bucket id or name.'),
    status: MessageStatus.optional(),
    limit: Limit,
    before: z.string().max(80).optional().describe('A message id: list messages older than it.'),
  }),
  output: z.object({
    messages: z.array(
      z.object({
        id: z.string(),
        received_at: z.string(),
        from: z.string().nullable(),
        subject: z.string(),
        status: MessageStatus,
        bucket_id: z.string().nullable(),
        flags: z.array(z.string()),
      }),
    ),
    next_before: z.string().nullable().describe('Pass as `before` for the next page; null on the last page.'),
  }),
  handler: async (input, ctx) => {
    const bucketId = await bucketFilter(ctx.app.db, ctx.tenant.id, input.bucket);
    const messages = await listMessages(ctx.app.db, {
      tenantId: ctx.tenant.id,
      bucketId,
      status: input.status,
      before: input.before,
      limit: input.limit,
    });
    return {
      messages: messages.map((m) => ({
        id: m.id,
        received_at: m.received_at,
        from: m.from?.address ?? null,
        subject: m.subject,
        status: m.status,
        bucket_id: m.bucket_id,
        flags: m.flags,
      })),
      next_before: messages.length === input.limit ? messages.at(-1)!.id : null,
    };
  },
});
