import { z } from 'zod';
import { eventStatement } from '../storage/events.ts';
import { getCase, retireCaseStatement } from '../storage/tests.ts';
import { TestCaseView, toTestCaseView } from './_shapes-regression.ts';
import { ToolError, defineTool, notFound } from './define.ts';

export default defineTool({
  name: 'remove_test',
  description:
    'Retire a regression test case: it stops running and no longer pins its message; the record stays for the audit trail.',
  scope: 'propose',
  mutating: true,
  title: 'Remove test',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'DELETE', path: '/v1/tests/{id}' },
  input: z.strictObject({ id: z.string().min(1).max(80), reason: z.string().max(300).optional() }),
  output: TestCaseView,
  handler: async (input, ctx) => {
    const testCase = await getCase(ctx.app.db, ctx.tenant.id, input.id);
    if (!testCase) throw notFound('test case', input.id);
    if (testCase.status !== 'active')
      throw new ToolError('invalid_state', `Test case ${testCase.id} is already retired.`);
    await ctx.app.db.batch([
      retireCaseStatement(ctx.tenant.id, testCase.id, input.reason ?? null, ctx.now),
      eventStatement(
        {
          accountId: ctx.tenant.account_id,
          tenantId: ctx.tenant.id,
          type: 'test.retired',
          subjectId: testCase.id,
          actor: ctx.actor,
          diff: { reason: input.reason ?? null },
        },
        ctx.now,
      ),
    ]);
    return toTestCaseView({
      ...testCase,
      status: 'retired',
      retired_at: ctx.now.toISOString(),
      retired_reason: input.reason ?? null,
    });
  },
});
