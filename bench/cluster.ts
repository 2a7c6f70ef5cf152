// Past one machine: REST ingest throughput with 1 node on the embedded file, 1 node on
// sqld and 2 nodes on sqld (the same 8 concurrent clients in all three); read latency from
// an embedded replica against reads over the network; shared blob stores (the database
// and an S3 API server) for corpus messages and one 25 MiB message.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { openBlobStore, type BlobStore } from '../storage/blobs.ts';
import { openDb } from '../storage/db.ts';
import { startNode, startServeSlowly, type Node } from '../test/helpers/cluster.ts';
import { svcEnv, tempDataDir } from '../test/helpers/process.ts';
import { startS3 } from '../test/helpers/s3.ts';
import { startSqld } from '../test/helpers/sqld.ts';
import { QUICK, rate, totalBytes } from './lib.ts';

const NODE = { SVC_RATE_LIMIT_PER_MINUTE: '1000000000', SVC_WEBHOOK_WORKER: '0', SVC_SMTP_PORT: '0' };

async function ingest(urls: string[], key: string, messages: Uint8Array[], concurrency = 8) {
  const bodies = messages.map((m) => JSON.stringify({ eml: Buffer.from(m).toString('latin1') }));
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      const url = urls[client % urls.length]!;
      while (next < bodies.length) {
        const r = await fetch(`${url}/v1/messages/ingest`, {
          method: 'POST',
          body: bodies[next++]!,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        });
        await r.arrayBuffer();
        if (r.status !== 200) failures++;
      }
    }),
  );
  return { nodes: urls.length, ...rate(messages.length, totalBytes(messages), performance.now() - started), failures };
}

async function readLatency(node: Node, key: string) {
  const list = (await (
    await fetch(`${node.url}/v1/captures?limit=1`, { headers: { authorization: `Bearer ${key}` } })
  ).json()) as any;
  const result = await autocannon({
    url: `${node.url}/v1/captures/${list.captures[0].id}`,
    headers: { authorization: `Bearer ${key}` },
    connections: 4,
    duration: QUICK ? 3 : 10,
  });
  return {
    requests_per_second: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function blobRun(name: string, store: BlobStore, messages: Uint8Array[]) {
  // Every message made unique so each put stores new bytes.
  const unique = messages.map((m, i) => Buffer.concat([Buffer.from(`X-Bench: ${name}-${i}-${Date.now()}\r\n`), m]));
  let t = performance.now();
  const shas: string[] = [];
  for (const m of unique) shas.push(await store.put(m));
  const put = rate(unique.length, totalBytes(unique), performance.now() - t);
  t = performance.now();
  for (const sha of shas) await store.get(sha);
  const get = rate(unique.length, totalBytes(unique), performance.now() - t);
  const big = new Uint8Array(randomBytes(25 * 1024 * 1024));
  t = performance.now();
  const bigSha = await store.put(big);
  const bigPutMs = performance.now() - t;
  t = performance.now();
  const back = await store.get(bigSha);
  const bigGetMs = performance.now() - t;
  if (back?.byteLength !== big.byteLength)
    throw new Error(`${name}: the 25 MiB blob came back with ${back?.byteLength} bytes`);
  return {
    store: name,
    put_per_second: put.per_second,
    put_mb_per_second: put.mb_per_second,
    get_per_second: get.per_second,
    get_mb_per_second: get.mb_per_second,
    put_25mib_ms: Math.round(bigPutMs),
    get_25mib_ms: Math.round(bigGetMs),
  };
}

export async function runCluster(messages: Uint8Array[]) {
  const sqld = await startSqld();
  const stops: (() => Promise<void>)[] = [];
  try {
    const embedded = await startServeSlowly(svcEnv(tempDataDir(), NODE));
    stops.push(() => embedded.stop());
    const ingestEmbedded = await ingest([embedded.url], embedded.key!, messages);

    const a = await startNode(sqld.url, NODE);
    stops.push(() => a.stop());
    const key = a.key!;
    const ingestOneSqld = await ingest([a.url], key, messages);
    const b = await startNode(sqld.url, NODE);
    stops.push(() => b.stop());
    const ingestTwoSqld = await ingest([a.url, b.url], key, messages);

    const replica = await startNode(sqld.url, { ...NODE, SVC_DATABASE_REPLICA: `${tempDataDir()}/replica.db` });
    stops.push(() => replica.stop());
    const reads = { over_network: await readLatency(a, key), embedded_replica: await readLatency(replica, key) };

    const db = await openDb(sqld.url);
    const s3 = await startS3();
    stops.push(async () => {
      db.close();
      await s3.close();
    });
    const sample = messages.slice(0, QUICK ? 100 : 400);
    const blobs = [
      await blobRun('db (sqld)', openBlobStore('db', '', db), sample),
      await blobRun('s3 (s3rver)', openBlobStore('s3', '', undefined, s3.options), sample),
    ];
    return {
      ingest: { embedded_1_node: ingestEmbedded, sqld_1_node: ingestOneSqld, sqld_2_nodes: ingestTwoSqld },
      reads,
      blobs,
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await sqld.stop();
  }
}
