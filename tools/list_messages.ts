import { z } from 'zod';
import { boundView, fitPage, type ViewBounds } from '../services/bounded-view.ts';
import { bucketFilter } from '../services/buckets.ts';
import { listMessages } from '../storage/messages.ts';
import { Limit, LimitedFields } from './_shapes.ts';
import { MessageStatus } from './_shapes-captures.ts';
import { defineTool } from './define.ts';

/**
 * A summary's caps. RFC 5322 lines hold 998 characters; an address at most 320 (the
 * API's own limit on addresses it takes). One summary is then at most about 9 KB of JSON
 * (every character escaped), inside the smallest result limit (16 KB); a page of many
 * long ones is cut short instead (fitPage).
 */
const SUMMARY_BOUNDS: ViewBounds = {
  text: { '*': 200, subject: 1000, from: 320 },
  items: { '*': 50 },
};

export default defineTool({
  name: 'list_messages',
  description:
    'List received messages, newest first: id, time, sender, subject, status (applied, task, held, unrouted), bucket ' +
    'and flags. Filter by `bucket` (id or name) and `status`. Page with `before` = the `next_before` of the previous page ' +
    'until it is null; a page of very large messages may hold fewer than `limit`.',
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
        limited: LimitedFields,
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
    const summaries = messages.map((m) => {
      const { value, limited } = boundView(
        {
          id: m.id,
          received_at: m.received_at,
          from: m.from?.address ?? null,
          subject: m.subject,
          status: m.status,
          bucket_id: m.bucket_id,
          flags: m.flags,
        },
        SUMMARY_BOUNDS,
      );
      return { ...value, limited };
    });
    // Many large summaries at once give a short page, never a refusal: `before` reads on.
    const page = fitPage(summaries, ctx.app.config.maxResultBytes);
    const more = page.length < summaries.length || messages.length === input.limit;
    return { messages: page, next_before: more ? page.at(-1)!.id : null };
  },
});
