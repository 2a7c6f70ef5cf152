import { z } from 'zod';
import { compileBucketSchema } from '../services/buckets.ts';
import { schemaRuns } from '../services/analysis.ts';
import { dryRunLimit, inlineMessages, requireSomeMessage, storedMessages } from '../services/dryrun.ts';
import { fieldOf, fieldView, sameValue } from '../services/fields.ts';
import { learnedForVendor, learnedOfBucket } from '../services/learning.ts';
import { FieldView, IssueView } from './_shapes-captures.ts';
import { SchemaInput } from './_shapes.ts';
import { defineTool } from './define.ts';

export default defineTool({
  name: 'dry_run_schema',
  description:
    "Try a schema on messages without saving anything: per message, each field's value, confidence (0..1), raw text " +
    'and source, the validation issues and the capture confidence. With `expected` ({"eml": {field: value}}) it also ' +
    'says pass or fail per field. Give stored `message_ids` (then `expected` is keyed by message id) or an `eml` / `html`. A bad schema is refused by path (invalid_schema / invalid_regex) as saving it would be. ' +
    'With `bucket`, a field a learned extractor read says so (`learned`).',
  scope: 'read',
  mutating: false,
  title: 'Dry-run schema',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: true,
  narrowing: ['message_ids'],
  http: { method: 'POST', path: '/v1/dry-run/schema' },
  input: z.strictObject({
    schema: SchemaInput,
    message_ids: z
      .array(z.string().min(1).max(80))
      .max(50)
      .optional()
      .describe('Up to 50 stored messages, re-read from their raw bytes.'),
    eml: z.string().optional().describe('A raw RFC 822 message.'),
    html: z.string().optional().describe('An HTML body, wrapped as a message with no headers.'),
    expected: z
      .record(z.string(), z.record(z.string(), z.unknown()))
      .optional()
      .describe(
        'Per message ("eml", "html" or a message id): field name -> expected value. Omitted fields are not checked.',
      ),
    bucket: z
      .string()
      .min(1)
      .max(80)
      .optional()
      .describe("Also run this bucket's learned extractors of each message's sender domain first, as ingest does."),
  }),
  output: z.object({
    results: z.array(
      z.object({
        message: z.string(),
        fields: z.record(z.string(), FieldView),
        issues: z.array(IssueView),
        confidence: z.number(),
        comparison: z
          .record(z.string(), z.object({ expected: z.unknown(), actual: z.unknown(), pass: z.boolean() }))
          .optional(),
        passed: z.boolean().optional(),
      }),
    ),
  }),
  handler: async (input, ctx) => {
    const schema = compileBucketSchema(input.schema)!;
    const messages = [
      ...(await storedMessages(ctx.app, ctx.tenant, input.message_ids ?? [])),
      ...(await inlineMessages(ctx.app, input)),
    ];
    requireSomeMessage(messages.length);
    const learned = input.bucket ? await learnedOfBucket(ctx, input.bucket) : [];
    const runs = await schemaRuns(
      ctx.app.analysis,
      input.schema,
      messages.map((m) => m.analyzed.view),
      learned.length > 0 ? messages.map((m) => learnedForVendor(learned, m.vendor)) : undefined,
    );
    if (!runs.ok) throw dryRunLimit(runs.limit, 'schema');
    return {
      results: messages.map(({ key, documentIds }, i) => {
        const run = runs.value[i]!;
        const fields = Object.fromEntries(
          Object.entries(run.fields).map(([name, r]) => [name, fieldView(r, documentIds)]),
        );
        const expected = input.expected?.[key];
        if (!expected) return { message: key, fields, issues: run.issues, confidence: run.confidence };
        const comparison = Object.fromEntries(
          Object.entries(expected).map(([name, want]) => {
            const def = schema.fields.find((f) => f.name === name);
            const actual = fieldOf(run.fields, name)?.value ?? null;
            return [name, { expected: want, actual, pass: def ? sameValue(def.type, def.enum, want, actual) : false }];
          }),
        );
        return {
          message: key,
          fields,
          issues: run.issues,
          confidence: run.confidence,
          comparison,
          passed: Object.values(comparison).every((c) => c.pass),
        };
      }),
    };
  },
});
