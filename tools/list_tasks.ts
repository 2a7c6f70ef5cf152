import { z } from 'zod';
import { listTasks } from '../storage/tasks.ts';
import { Limit } from './_shapes.ts';
import { TaskView, toTaskView } from './_shapes-captures.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'list_tasks',
  description:
    'List tasks, newest first: work for a person or agent. Kinds: unrouted (no bucket matched), review (held: low ' +
    'confidence, incomplete, invalid), human_field (a field a person must confirm), flagged (hidden text, failed ' +
    'auth, ...), relationship_leak. Each payload says what is wrong and the next steps. Default status open.',
  scope: 'read',
  mutating: false,
  title: 'List tasks',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  narrowing: ['limit'],
  http: { method: 'GET', path: '/v1/tasks' },
  input: z.strictObject({
    status: z.enum(['open', 'resolved', 'dismissed']).default('open'),
    kind: z.string().max(40).optional(),
    limit: Limit,
  }),
  output: z.object({ tasks: z.array(TaskView) }),
  handler: async (input, ctx) => ({
    tasks: (
      await listTasks(ctx.app.db, {
        tenantId: ctx.tenant.id,
        status: input.status,
        kind: input.kind,
        limit: input.limit,
      })
    ).map(toTaskView),
  }),
});
