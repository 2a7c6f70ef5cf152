// Learning from corrections (issue 25): a corrected value found in the capture's documents
// teaches an extractor for that field and vendor (the sender's domain), used first on the
// vendor's later mail. Checked before it is stored: it reads the corrected value on its own
// message (pipeline/learn.ts), it is preferred when it also reads the vendor's earlier
// correction, and it must not break a passing regression case of the bucket. The corrected
// capture becomes a regression case (origin `learned`), so the schema gate guards it.
import { domainOf } from '../pipeline/address.ts';
import {
  isReader,
  layoutSimilarity,
  SAME_LAYOUT,
  sameFieldValue,
  sameReader,
  type Learned,
  type LearnedRun,
  type LearnExample,
  type LearnField,
  type LearnSource,
} from '../pipeline/learn.ts';
import type { AnalyzedMessage } from '../pipeline/index.ts';
import { effectivePolicy, type Policy } from '../pipeline/policy.ts';
import type { Extractor } from '../pipeline/schema.ts';
import { findBucket, type Bucket } from '../storage/buckets.ts';
import { getCapture, type StoredCapture } from '../storage/captures.ts';
import type { Statement } from '../storage/db.ts';
import { eventStatement } from '../storage/events.ts';
import { newId } from '../storage/ids.ts';
import {
  countLearnedStatement,
  deleteLearnedStatement,
  deletePendingOfLearnedStatement,
  editLearnedStatement,
  findLearnedOfField,
  getLearned,
  listLearned,
  upsertLearnedStatement,
  type LearnedExtractor,
} from '../storage/learned.ts';
import { getMessage, type StoredMessage } from '../storage/messages.ts';
import { activeCases, learnedCaseOf, retireCaseStatement, updateCaseExpectedStatement } from '../storage/tests.ts';
import type { Tenant } from '../storage/tenants.ts';
import { analyze, learnedFor, schemaRuns } from './analysis.ts';
import type { AppContext } from './app.ts';
import { compileBucketSchema } from './buckets.ts';
import { fieldOf } from './fields.ts';
import { notFound, ToolError } from './errors.ts';
import { learnedRun } from './process-analyzed.ts';
import { learnedInUse, promote, runCases } from './regression.ts';
import type { TenantToolContext } from './tool-context.ts';

/** What a correction taught, as correct_field reports it. */
export interface LearningOutcome {
  /** learned: a new extractor; updated: the vendor's extractor refined (it still reads earlier corrections);
   *  replaced: this correction contradicts the earlier one, so its extractor replaces it; kept: the vendor's
   *  extractor already reads the corrected value; not_learned: see reason. */
  status: 'learned' | 'updated' | 'replaced' | 'kept' | 'not_learned';
  reason: string;
  learned_extractor: {
    id: string;
    vendor_domain: string;
    field: string;
    extractor: Extractor;
    learned_from: string;
    confirmations: number;
    corrections: number;
  } | null;
  /** The regression case the corrected capture became (origin learned). */
  test_case_id: string | null;
}

const notLearned = (reason: string): LearningOutcome => ({
  status: 'not_learned',
  reason,
  learned_extractor: null,
  test_case_id: null,
});

export function learnedView(l: LearnedExtractor) {
  return {
    id: l.id,
    vendor_domain: l.vendor_domain,
    field: l.field,
    extractor: l.extractor,
    learned_from: l.learned_from,
    confirmations: l.confirmations,
    corrections: l.corrections,
  };
}

/** A learned extractor of this tenant by id, or not_found naming where they are listed. */
export async function requireLearned(app: AppContext, tenantId: string, id: string): Promise<LearnedExtractor> {
  const learned = await getLearned(app.db, tenantId, id);
  if (!learned)
    throw new ToolError(
      'not_found',
      `No learned extractor '${id}' in this tenant; get_bucket lists a bucket's learned extractors.`,
      {
        id,
      },
    );
  return learned;
}

/** The vendor of a stored message: its sender's domain, the original sender's for a trusted forwarder's mail. */
export function vendorOf(message: StoredMessage | undefined): string | null {
  return domainOf(message?.from?.address ?? '').toLowerCase() || null;
}

async function readStored(app: AppContext, message: StoredMessage): Promise<AnalyzedMessage | null> {
  const raw = await app.blobs.get(message.raw_sha256);
  if (!raw) return null;
  const analyzed = await analyze(app.analysis, raw, { recipients: message.recipients, auth: message.auth });
  return analyzed.ok ? analyzed.message : null;
}

/** The earlier correction the vendor's extractor was learned from, as an example to agree with. */
async function earlierExample(
  app: AppContext,
  tenant: Tenant,
  existing: LearnedExtractor | undefined,
  captureId: string,
): Promise<LearnExample[]> {
  if (!existing || existing.learned_from === captureId) return [];
  const capture = await getCapture(app.db, tenant.id, existing.learned_from);
  const value = fieldOf(capture?.fields, existing.field)?.value;
  if (!capture || value === null || value === undefined) return [];
  const message = await getMessage(app.db, tenant.id, capture.message_id);
  const analyzed = message ? await readStored(app, message) : null;
  return analyzed ? [{ view: analyzed.view, value }] : [];
}

/**
 * Learns from a correction already written (`corrected` is the capture after it). Returns
 * what was learned, or why not; never fails the correction itself.
 */
export async function learnFromCorrection(
  app: AppContext,
  tenant: Tenant,
  before: StoredCapture,
  corrected: StoredCapture,
  field: string,
  actor: string,
  /** What to learn from (pipeline/learn.ts): the companions of the first learning use `page` and `reader` (learnAfterCorrection). */
  source: LearnSource = 'document',
  /** The stored message as read again, shared by the learnings of one correction (read once: a large PDF takes a while). */
  read: { analyzed?: AnalyzedMessage | null } = {},
): Promise<LearningOutcome | null> {
  const bucket = await findBucket(app.db, tenant.id, corrected.bucket_id);
  if (!bucket) return notLearned('the capture’s bucket no longer exists');
  const policy = effectivePolicy(tenant.policy as Policy, bucket.policy as Policy | null);
  if (!policy.learn_from_corrections) return null;
  const def = fieldOf(corrected.schema?.fields, field);
  const value = fieldOf(corrected.fields, field)?.value ?? null;
  if (!def) return notLearned(`the capture has no field '${field}'`);
  const message = await getMessage(app.db, tenant.id, corrected.message_id);
  const vendor = vendorOf(message);
  if (!message || !vendor) return notLearned('the message names no sender domain to learn for');
  const ofField = await findLearnedOfField(app.db, tenant.id, bucket.id, vendor, field);
  const now = app.now();
  // The vendor's extractor that decided this field, when the person changed its value: a correction on its record.
  const decidedBy = ofField.find((l) => l.id === fieldOf(before.fields, field)?.learned);
  const correctsExisting =
    decidedBy !== undefined && JSON.stringify(fieldOf(before.fields, field)?.value ?? null) !== JSON.stringify(value);
  // Counted once, by the first learning of the correction (not again by its companions).
  const counted =
    correctsExisting && source === 'document'
      ? [countLearnedStatement(tenant.id, decidedBy!.id, 'corrections', now)]
      : [];
  const flush = async (reason: string) => {
    if (counted.length > 0) await app.db.batch(counted);
    return notLearned(reason);
  };
  if (value === null) return flush('the field was cleared: there is no value to look for');
  if (read.analyzed === undefined) read.analyzed = await readStored(app, message);
  const analyzed = read.analyzed;
  if (!analyzed) return flush('the stored message could not be read again');
  const learnField: LearnField = { name: field, type: def.type, enum: def.enum };
  // Agree with the earlier correction of the same layout (the one the extractor decided by, else the nearest).
  const job0 = await learnedFor(app.analysis, analyzed.view, learnField, value, [], source);
  if (!job0.ok) return flush(`analysis_limit: ${job0.limit}`);
  const first = job0.value;
  if (!first.ok) return flush(first.reason);
  // A reader the schema's own extractors of the field already run teaches nothing new.
  const own = (def as { extract?: unknown[] }).extract ?? [];
  if (source === 'reader' && own.some((x) => sameReader(x, first.extractor)))
    return flush('the schema’s own extractors already run this reader');
  const existing = sameLayoutAs(ofField, first.layout, first.extractor);
  const earlier = await earlierExample(app, tenant, existing, corrected.id);
  const job =
    earlier.length > 0 ? await learnedFor(app.analysis, analyzed.view, learnField, value, earlier, source) : job0;
  if (!job.ok) return flush(`analysis_limit: ${job.limit}`);
  const learned: Learned = job.value;
  if (!learned.ok) return flush(learned.reason);
  if (existing && JSON.stringify(existing.extractor) === JSON.stringify(learned.extractor)) {
    if (counted.length > 0) await app.db.batch(counted);
    const after = {
      ...existing,
      corrections: existing.corrections + (decidedBy?.id === existing.id ? counted.length : 0),
    };
    return {
      status: 'kept',
      reason: 'the vendor’s learned extractor already reads this value',
      learned_extractor: learnedView(after),
      test_case_id: await caseFor(app, tenant, corrected, field, value, actor, now),
    };
  }
  const status: LearningOutcome['status'] = !existing
    ? 'learned'
    : learned.agrees_with_earlier
      ? 'updated'
      : 'replaced';
  const correctedSelf = correctsExisting && source === 'document' && decidedBy!.id === existing?.id;
  const record: LearnedExtractor = {
    id: existing?.id ?? newId('lrn', now.getTime()),
    tenant_id: tenant.id,
    bucket_id: bucket.id,
    vendor_domain: vendor,
    field,
    extractor: learned.extractor,
    layout: learned.layout,
    learned_from: corrected.id,
    // A refinement keeps the record; a contradiction starts it again, with the correction counted.
    confirmations: status === 'updated' ? existing!.confirmations : 0,
    corrections: (existing?.corrections ?? 0) + (correctedSelf || status === 'replaced' ? 1 : 0),
    created_by: existing?.created_by ?? actor,
    created_at: existing?.created_at ?? now.toISOString(),
    updated_at: now.toISOString(),
  };
  // Another layout's extractor decided the wrong value: its record counts the correction.
  const countOther = correctsExisting && !correctedSelf ? counted : [];
  const gate = await regressionCheck(app, tenant, bucket, record, corrected.id, status === 'replaced', actor, now);
  if ('refused' in gate) return flush(gate.refused);
  await app.db.batch([
    ...countOther,
    upsertLearnedStatement(record),
    eventStatement(
      {
        accountId: tenant.account_id,
        tenantId: tenant.id,
        type: `learned_extractor.${status}`,
        subjectId: record.id,
        actor,
        diff: {
          bucket: bucket.name,
          vendor_domain: vendor,
          field,
          extractor: record.extractor,
          before: existing?.extractor ?? null,
          layouts_of_field: ofField.length + (existing ? 0 : 1),
          learned_from: corrected.id,
        },
      },
      now,
    ),
    ...gate.statements,
  ]);
  return {
    status,
    reason:
      status === 'learned'
        ? `found ${JSON.stringify(learned.found.raw)} in document ${learned.found.document_index}; later mail from ${vendor} reads ${field} with this extractor first${ofField.length > 0 ? ` (a layout of ${vendor} not seen before: kept beside the ${ofField.length} learned for its other layouts)` : ''}`
        : status === 'updated'
          ? `a new extractor reads this value and the vendor’s earlier correction; it replaces the old one`
          : `this correction contradicts the vendor’s earlier one; its extractor replaces the old one`,
    learned_extractor: learnedView(record),
    test_case_id: await caseFor(app, tenant, corrected, field, value, actor, now),
  };
}

/**
 * The vendor's extractor of the field for the same layout as a new one: an e-invoice
 * element's for an e-invoice element, else the one whose layout overlaps most (at least
 * SAME_LAYOUT), else one learned before layouts were kept (layout '', any layout).
 */
function sameLayoutAs(ofField: LearnedExtractor[], layout: string, extractor: Extractor): LearnedExtractor | undefined {
  const xml = (l: LearnedExtractor) => l.extractor.kind === 'einvoice';
  const reader = (l: LearnedExtractor) => isReader(l.extractor);
  if (extractor.kind === 'einvoice') return ofField.find(xml);
  if (isReader(extractor)) return ofField.find(reader);
  let best: LearnedExtractor | undefined;
  let bestFit = SAME_LAYOUT;
  for (const l of ofField) {
    if (xml(l) || reader(l)) continue;
    const fit = layoutSimilarity(l.layout, layout);
    if (fit >= bestFit) {
      best = l;
      bestFit = fit;
    }
  }
  return best ?? ofField.find((l) => !xml(l) && !reader(l) && l.layout === '');
}

/**
 * learnFromCorrection after the correction is written: a failure to learn (the analysis
 * pool busy, the store unavailable) must not read as a failed correction, which a caller
 * would repeat; it is reported in `learning` instead.
 */
export async function learnAfterCorrection(
  app: AppContext,
  tenant: Tenant,
  before: StoredCapture,
  corrected: StoredCapture,
  field: string,
  actor: string,
): Promise<LearningOutcome | null> {
  try {
    const read = {};
    let outcome = await learnFromCorrection(app, tenant, before, corrected, field, actor, 'document', read);
    if (!outcome) return outcome;
    const also = async (source: LearnSource, why: string) => {
      const companion = await learnFromCorrection(app, tenant, before, corrected, field, actor, source, read);
      if (!companion?.learned_extractor) return;
      // A value found by a reader only (a currency printed as its sign) is learned from that alone.
      outcome = outcome!.learned_extractor
        ? { ...outcome!, reason: `${outcome!.reason}; ${why}: ${companion.status} ${companion.learned_extractor.id}` }
        : companion;
    };
    // The same vendor sends some documents without their XML (a PDF alone, the HTML mail):
    // what its printed page says beside the element is learned too, tried after the element.
    if (outcome.learned_extractor?.extractor.kind === 'einvoice')
      await also('page', 'for its documents without the XML, the printed page');
    // A label holds on one layout; the vendor's next document may print another. A general
    // reader that gives the value here is learned too, tried on layouts no extractor was learned for.
    await also('reader', 'for its other layouts, a general reader');
    return outcome;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return notLearned(`learning stopped (${message}); the correction is saved: correct the field again to retry`);
  }
}

/**
 * The bucket's active cases of the same vendor, run with the vendor's current learned
 * extractors and then with `record` in place: a case that passed and now fails refuses the
 * extractor, except a learned case of the same field that this contradicting correction
 * supersedes (it is retired, the later correction wins).
 */
async function regressionCheck(
  app: AppContext,
  tenant: Tenant,
  bucket: Bucket,
  record: LearnedExtractor,
  captureId: string,
  contradicts: boolean,
  actor: string,
  now: Date,
): Promise<{ statements: Statement[] } | { refused: string }> {
  const schema = compileBucketSchema(bucket.schema);
  if (!schema) return { statements: [] };
  const current = await listLearned(app.db, tenant.id, bucket.id);
  const candidate = [...current.filter((l) => l.id !== record.id), record];
  const cases = [];
  for (const c of await activeCases(app.db, tenant.id, bucket.id)) {
    if (c.capture_id === captureId || !(record.field in c.expected)) continue;
    if (vendorOf(await getMessage(app.db, tenant.id, c.message_id)) === record.vendor_domain) cases.push(c);
  }
  if (cases.length === 0) return { statements: [] };
  const beforeRun = await runCases(app, tenant, cases, schema, undefined, current);
  const afterRun = await runCases(app, tenant, cases, schema, undefined, candidate);
  const statements: Statement[] = [];
  for (const [i, c] of cases.entries()) {
    if (!beforeRun[i]!.passed || afterRun[i]!.passed) continue;
    if (contradicts && c.origin === 'learned') {
      statements.push(
        retireCaseStatement(tenant.id, c.id, `superseded: a later correction of ${record.field} contradicts it`, now),
        eventStatement(
          {
            accountId: tenant.account_id,
            tenantId: tenant.id,
            type: 'test.retired',
            subjectId: c.id,
            actor,
            diff: { reason: 'superseded by a contradicting correction', learned_extractor: record.id },
          },
          now,
        ),
      );
      continue;
    }
    const f = afterRun[i]!.fields[record.field];
    return {
      refused: `the extractor it would learn breaks regression case ${c.id} (${record.field}: expected ${JSON.stringify(f?.expected)}, would read ${JSON.stringify(f?.actual)}); nothing learned`,
    };
  }
  return { statements };
}

/** The corrected capture as a regression case of its bucket (origin learned): one case per capture, its fields added. */
async function caseFor(
  app: AppContext,
  tenant: Tenant,
  capture: StoredCapture,
  field: string,
  value: unknown,
  actor: string,
  now: Date,
): Promise<string | null> {
  const existing = await learnedCaseOf(app.db, tenant.id, capture.id);
  if (existing) {
    await app.db.batch([updateCaseExpectedStatement(tenant.id, existing.id, { ...existing.expected, [field]: value })]);
    return existing.id;
  }
  try {
    const { testCase } = await promote(
      app,
      tenant,
      capture,
      { expected: { [field]: value }, tricky: true, origin: 'learned', note: `learned from a correction of ${field}` },
      actor,
      now,
    );
    return testCase.id;
  } catch {
    // A suite full of tricky cases keeps its cases; the extractor is still learned.
    return null;
  }
}

/** Statements that confirm the learned extractors whose values an approval accepts unchanged. */
export function confirmationStatements(tenantId: string, capture: StoredCapture, now: Date): Statement[] {
  const ids = new Set(
    Object.values(capture.fields)
      .filter((f) => f.learned && !f.corrected)
      .map((f) => f.learned!),
  );
  return [...ids].map((id) => countLearnedStatement(tenantId, id, 'confirmations', now));
}

/** Removes a learned extractor: the vendor's mail is read by the schema's own extractors again. */
export async function removeLearned(
  app: AppContext,
  tenant: Tenant,
  learned: LearnedExtractor,
  actor: string,
): Promise<void> {
  const now = app.now();
  await app.db.batch([
    deleteLearnedStatement(tenant.id, learned.id),
    deletePendingOfLearnedStatement(tenant.id, learned.id),
    eventStatement(
      {
        accountId: tenant.account_id,
        tenantId: tenant.id,
        type: 'learned_extractor.removed',
        subjectId: learned.id,
        actor,
        diff: { vendor_domain: learned.vendor_domain, field: learned.field, extractor: learned.extractor },
      },
      now,
    ),
  ]);
}

/**
 * Changes a learned extractor in place (a person's or agent's edit), keeping its id and
 * record. It passes the checks a learned one passes: valid in the schema language (and
 * within the regex budget), it reads the corrected value on the capture it was learned
 * from, and it makes no passing regression case of the vendor fail.
 */
export async function editLearned(
  app: AppContext,
  tenant: Tenant,
  learned: LearnedExtractor,
  extractor: unknown,
  actor: string,
): Promise<LearnedExtractor> {
  const bucket = await findBucket(app.db, tenant.id, learned.bucket_id);
  if (!bucket) throw notFound('bucket', learned.bucket_id);
  const source = await getCapture(app.db, tenant.id, learned.learned_from);
  const def = fieldOf(source?.schema?.fields, learned.field);
  const expected = fieldOf(source?.fields, learned.field)?.value ?? null;
  const message = source ? await getMessage(app.db, tenant.id, source.message_id) : undefined;
  const analyzed = message ? await readStored(app, message) : null;
  if (!source || !def || expected === null || !analyzed)
    throw new ToolError(
      'invalid_state',
      `The capture ${learned.learned_from} this extractor was learned from (or its message or value) is gone, so an edit cannot be checked; delete it with delete_learned_extractor and correct a later capture to learn again.`,
      { learned_from: learned.learned_from },
    );
  const schema = {
    name: 'learned',
    fields: { [learned.field]: { type: def.type, ...(def.enum ? { enum: def.enum } : {}), extract: [extractor] } },
  };
  // The schema language's own checks (kinds, keys, regex syntax and budget), paths as in a schema.
  const compiled = compileBucketSchema(schema, 'learned');
  const plain = compiled!.fields[0]!.extract[0]!;
  const runs = await schemaRuns(app.analysis, schema, [analyzed.view]);
  if (!runs.ok)
    throw new ToolError(
      'analysis_limit',
      `The edited extractor hit the ${runs.limit} limit on capture ${source.id}; make the pattern simpler.`,
      {
        limit: runs.limit,
      },
    );
  const read = runs.value[0]!.fields[learned.field]?.value ?? null;
  if (!sameFieldValue({ name: learned.field, type: def.type, enum: def.enum }, expected, read))
    throw new ToolError(
      'invalid_schema',
      `extractor: on capture ${source.id}, where it was learned, it reads ${JSON.stringify(read)} but the corrected ${learned.field} is ${JSON.stringify(expected)}; change it until dry_run_schema on that message reads the corrected value.`,
      { capture_id: source.id, field: learned.field, expected, read },
    );
  const now = app.now();
  const record: LearnedExtractor = { ...learned, extractor: plain, updated_at: now.toISOString() };
  const gate = await regressionCheck(app, tenant, bucket, record, source.id, false, actor, now);
  if ('refused' in gate)
    throw new ToolError(
      'tests_failing',
      gate.refused
        .replace('the extractor it would learn', 'the edited extractor')
        .replace('; nothing learned', '; nothing changed'),
      {
        learned_extractor: learned.id,
      },
    );
  await app.db.batch([
    editLearnedStatement(tenant.id, learned.id, record.extractor, now),
    eventStatement(
      {
        accountId: tenant.account_id,
        tenantId: tenant.id,
        type: 'learned_extractor.edited',
        subjectId: learned.id,
        actor,
        diff: {
          vendor_domain: learned.vendor_domain,
          field: learned.field,
          before: learned.extractor,
          extractor: record.extractor,
        },
      },
      now,
    ),
    ...gate.statements,
  ]);
  return record;
}

/** A bucket's learned extractors in use (none when its policy turns learning off), for a dry run. */
export async function learnedOfBucket(ctx: TenantToolContext, ref: string): Promise<LearnedExtractor[]> {
  const bucket = await findBucket(ctx.app.db, ctx.tenant.id, ref);
  if (!bucket) throw notFound('bucket', ref);
  return learnedInUse(ctx.app, ctx.tenant, bucket);
}

/** Those of one vendor, as extraction runs them. */
export function learnedForVendor(learned: LearnedExtractor[], vendor: string | null): LearnedRun[] {
  return learned.filter((l) => l.vendor_domain === vendor).map(learnedRun);
}
