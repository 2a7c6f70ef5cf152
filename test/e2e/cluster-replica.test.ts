// A second sqld started as a replica of the first (`--primary-grpc-url`): a node whose
// SVC_DATABASE_URL is the replica reads what a node on the primary wrote once it has
// replicated, and its own writes go through the replica to the primary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createSandbox, makeTestApp, type TestApp } from '../helpers/app.ts';
import { buildEml } from '../helpers/mail.ts';
import { until } from '../helpers/receiver.ts';
import { startSqld, type RunningSqld } from '../helpers/sqld.ts';

describe('a node reading through a sqld replica', () => {
  let primary: RunningSqld;
  let replica: RunningSqld;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    primary = await startSqld({ grpc: true });
    replica = await startSqld({ primaryGrpcUrl: primary.grpcUrl! });
  }, 120_000);
  afterAll(async () => {
    for (const t of apps) await t.close();
    await replica?.stop();
    await primary?.stop();
  });

  it("reads the primary node's message and writes through to the primary", async () => {
    const a = await makeTestApp({ SVC_DATABASE_URL: primary.url, SVC_BLOB_DRIVER: '' }, { realClock: true });
    apps.push(a);
    const { key } = await createSandbox(a.app, 'operator');
    const eml = buildEml({
      subject: 'Invoice R-1',
      text: 'Invoice number: R-1\nInvoice date: 2026-03-01\nTotal due: 7.00 EUR',
    });
    const ingested = (await caller(a.h3, key)('ingest_message', { eml })).body;
    expect(ingested.capture.status).toBe('applied');

    // Node B starts on the replica: its migration check reads the replicated schema.
    const b = await makeTestApp({ SVC_DATABASE_URL: replica.url, SVC_BLOB_DRIVER: '' }, { realClock: true });
    apps.push(b);
    const onB = caller(b.h3, key);
    const message = await until(
      () => onB('get_message', { id: ingested.message_id }),
      (r) => r.status === 200,
      10_000,
    );
    expect(message.body.subject).toBe('Invoice R-1');
    expect((await onB('get_capture', { id: ingested.capture.id })).body.fields.invoice_number.value).toBe('R-1');
    // The raw bytes live in the database, so the replica has them too.
    const reprocessed = await onB('reprocess_message', { id: ingested.message_id });
    expect(reprocessed.status, JSON.stringify(reprocessed.body)).toBe(200);

    // A write made on B is on the primary at once (the replica forwards it).
    const created = await onB('create_bucket', { name: 'via-replica', rule: { subject_contains: ['replica'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const onPrimary = await a.app.db.readOne('SELECT name FROM buckets WHERE id = ?', [created.body.id]);
    expect(onPrimary?.name).toBe('via-replica');
    const listed = await until(
      () => onB('list_buckets'),
      (r) => r.body.buckets.some((x: { name: string }) => x.name === 'via-replica'),
      10_000,
    );
    expect(listed.status).toBe(200);
  }, 90_000);
});
