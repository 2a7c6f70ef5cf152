import { z } from 'zod';
import { eventStatement } from '../storage/events.ts';
import { closeTaskStatement, getTask } from '../storage/tasks.ts';
import { TaskView, toTaskView } from './_shapes-captures.ts';
import { ToolError, defineTool, notFound } from './define.ts';

export default defineTool({
  name: 'resolve_task',
  description:
    'Close an open task as `resolved` (default: the work is done) or `dismissed` (nothing to do), with an optional ' +
    'note that is stored. It does not change the capture: approve_capture applies it (and resolves its tasks itself).',
  scope: 'propose',
  mutating: true,
  title: 'Resolve task',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'POST', path: '/v1/tasks/{id}/resolve' },
  input: z.strictObject({
    id: z.string().min(1).max(80),
    status: z.enum(['resolved', 'dismissed']).default('resolved'),
    note: z.string().max(500).optional(),
  }),
  output: TaskView,
  handler: async (input, ctx) => {
    const task = await getTask(ctx.app.db, ctx.tenant.id, input.id);
    if (!task) throw notFound('task', input.id);
    if (task.status !== 'open') {
      throw new ToolError('invalid_state', `Task ${task.id} is already ${task.status}.`, { status: task.status });
    }
    await ctx.app.db.batch([
      closeTaskStatement(ctx.tenant.id, task.id, input.status, input.note ?? null, ctx.actor, ctx.now),
      eventStatement(
        {
          accountId: ctx.tenant.account_id,
          tenantId: ctx.tenant.id,
          type: `task.${input.status}`,
          subjectId: task.id,
          actor: ctx.actor,
          diff: { kind: task.kind, note: input.note ?? null },
        },
        ctx.now,
      ),
    ]);
    return toTaskView({
      ...task,
      status: input.status,
      note: input.note ?? null,
      resolved_at: ctx.now.toISOString(),
      resolved_by: ctx.actor,
    });
  },
});
