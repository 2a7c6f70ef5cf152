import { z } from 'zod';
import { getRun } from '../storage/tests.ts';
import { TestRunView, toTestRunView } from './_shapes-regression.ts';
import { defineTool, notFound } from './define.ts';

export default defineTool({
  name: 'get_test_run',
  description:
    'Read one test run: per case pass or fail, and per field the expected value, the actual value and its confidence. Runs are kept 90 days.',
  scope: 'read',
  mutating: false,
  title: 'Get test run',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'GET', path: '/v1/tests/runs/{id}' },
  input: z.strictObject({ id: z.string().min(1).max(80) }),
  output: TestRunView,
  handler: async (input, ctx) => {
    const run = await getRun(ctx.app.db, ctx.tenant.id, input.id);
    if (!run) throw notFound('test run', input.id);
    return toTestRunView(run);
  },
});
