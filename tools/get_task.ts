import { z } from 'zod';
import { getTask } from '../storage/tasks.ts';
import { TaskView, toTaskView } from './_shapes-captures.ts';
import { defineTool, notFound } from './define.ts';

export default defineTool({
  name: 'get_task',
  description:
    'Read one task: its kind, status, the message and capture it is about, and a payload saying what to do next.',
  scope: 'read',
  mutating: false,
  title: 'Get task',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'GET', path: '/v1/tasks/{id}' },
  input: z.strictObject({ id: z.string().min(1).max(80) }),
  output: TaskView,
  handler: async (input, ctx) => {
    const task = await getTask(ctx.app.db, ctx.tenant.id, input.id);
    if (!task) throw notFound('task', input.id);
    return toTaskView(task);
  },
});
