import { z } from 'zod';
import { bucketFilter } from '../services/buckets.ts';
import { listRuns } from '../storage/tests.ts';
import { Limit } from './_shapes.ts';
import { TestRunView, toTestRunSummary } from './_shapes-regression.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'list_test_runs',
  description:
    'List test runs, newest first, with their pass and fail counts (read one with get_test_run). Kept 90 days.',
  scope: 'read',
  mutating: false,
  title: 'List test runs',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  narrowing: ['limit'],
  http: { method: 'GET', path: '/v1/tests/runs' },
  input: z.strictObject({ bucket: z.string().max(80).optional(), limit: Limit }),
  output: z.object({ runs: z.array(TestRunView.omit({ cases: true })) }),
  handler: async (input, ctx) => {
    const bucketId = await bucketFilter(ctx.app.db, ctx.tenant.id, input.bucket);
    const runs = await listRuns(ctx.app.db, { tenantId: ctx.tenant.id, bucketId, limit: input.limit });
    return {
      runs: runs.map(toTestRunSummary),
    };
  },
});
