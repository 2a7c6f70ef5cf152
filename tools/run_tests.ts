import { z } from 'zod';
import { compileBucketSchema } from '../services/buckets.ts';
import { newRun, learnedInUse, runCases, runStatements } from '../services/regression.ts';
import { findBucket } from '../storage/buckets.ts';
import { activeCases } from '../storage/tests.ts';
import { SchemaInput } from './_shapes.ts';
import { TestRunView, toTestRunView } from './_shapes-regression.ts';
import { ToolError, defineTool, notFound } from './define.ts';

export default defineTool({
  name: 'run_tests',
  description:
    "Run a bucket's active regression cases through the real pipeline on their stored messages, against the bucket's " +
    'schema or a candidate `schema` you pass (try a change before saving it). Changes nothing but stores the run: per ' +
    'case pass or fail, per field expected, actual and confidence. Reports progress over MCP when asked (progressToken).',
  scope: 'read',
  mutating: false,
  title: 'Run tests',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  tenantScoped: true,
  http: { method: 'POST', path: '/v1/tests/run' },
  input: z.strictObject({
    bucket: z.string().min(1).max(80).describe('Bucket id or name.'),
    schema: SchemaInput.optional().describe("A candidate schema to test instead of the bucket's own."),
  }),
  output: TestRunView,
  handler: async (input, ctx) => {
    const bucket = await findBucket(ctx.app.db, ctx.tenant.id, input.bucket);
    if (!bucket) throw notFound('bucket', input.bucket);
    const schemaSource = input.schema ?? bucket.schema;
    const schema = compileBucketSchema(schemaSource);
    if (!schema)
      throw new ToolError(
        'invalid_state',
        `Bucket '${bucket.name}' has no schema; pass a candidate \`schema\` to test.`,
      );
    const cases = await activeCases(ctx.app.db, ctx.tenant.id, bucket.id);
    const learned = await learnedInUse(ctx.app, ctx.tenant, bucket);
    const results = await runCases(ctx.app, ctx.tenant, cases, schema, ctx.progress, learned);
    const run = newRun(ctx.tenant, bucket, 'run_tests', input.schema !== undefined, schemaSource, results, ctx.now);
    await ctx.app.db.batch(runStatements(ctx.tenant, run, ctx.actor, ctx.now));
    return toTestRunView(run);
  },
});
