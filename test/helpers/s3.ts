// A real S3-API server (s3rver) on 127.0.0.1 on a free port, over a temporary folder.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Options } from '../../storage/blobs.ts';

export async function startS3(
  bucket = 'svc-blobs',
): Promise<{ options: S3Options; env: Record<string, string>; close: () => Promise<void> }> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'svc-s3-')),
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  // s3rver's fixed credentials.
  const options: S3Options = {
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  const env = {
    SVC_BLOB_DRIVER: 's3',
    SVC_BLOB_S3_ENDPOINT: endpoint,
    SVC_BLOB_S3_BUCKET: bucket,
    SVC_BLOB_S3_ACCESS_KEY_ID: 'S3RVER',
    SVC_BLOB_S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  return { options, env, close: () => server.close() };
}
