import { z } from 'zod';
import { bucketFilter } from '../services/buckets.ts';
import { listCases } from '../storage/tests.ts';
import { Limit } from './_shapes.ts';
import { TestCaseView, toTestCaseView } from './_shapes-regression.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'list_tests',
  description:
    'List regression test cases, newest first: expected values, tricky flag, origin (capture, or learned from a correction). Retired cases only with include_retired.',
  scope: 'read',
  mutating: false,
  title: 'List tests',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  narrowing: ['limit'],
  http: { method: 'GET', path: '/v1/tests' },
  input: z.strictObject({
    bucket: z.string().max(80).optional().describe('Bucket id or name.'),
    include_retired: z.boolean().default(false),
    limit: Limit,
  }),
  output: z.object({ tests: z.array(TestCaseView) }),
  handler: async (input, ctx) => {
    const bucketId = await bucketFilter(ctx.app.db, ctx.tenant.id, input.bucket);
    const cases = await listCases(ctx.app.db, {
      tenantId: ctx.tenant.id,
      bucketId,
      includeRetired: input.include_retired,
      limit: input.limit,
    });
    return { tests: cases.map(toTestCaseView) };
  },
});
