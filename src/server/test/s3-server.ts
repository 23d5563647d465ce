import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3UploadSettings } from '../platform/upload-storage';

/**
 * A real S3-compatible server for tests (s3rver, in this process): a free port on 127.0.0.1, its
 * objects in a temporary folder, the given buckets made empty. It refuses an access key other than
 * its own (S3RVER) with 403, but does not check SigV4 signatures themselves.
 */
export async function startS3Server(buckets: string[]): Promise<{
  endpoint: string;
  settings(bucket: string): S3UploadSettings;
  close(): Promise<void>;
}> {
  const directory = mkdtempSync(path.join(tmpdir(), 'halalnosh-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    settings: (bucket) => ({
      bucket,
      endpoint,
      region: 'eu-west-2',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
