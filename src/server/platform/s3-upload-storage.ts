import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { type S3UploadSettings, type UploadStorage, UploadMissingError, contentTypeOfKey } from './stored-files';

/**
 * Uploads in an S3-compatible bucket (docs/decisions/0242-uploads-in-object-storage.md). Loaded by
 * a dynamic import only when UPLOAD_S3_BUCKET is set. The bucket stays private: the API reads each
 * file and serves it through its own routes, after the same checks as for a file on disk.
 */
export function s3Storage(settings: S3UploadSettings): UploadStorage & { check(): Promise<void> } {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: S3-compatible services differ in which of the SDK's
    // newer default checksums they accept, and the backup keeps SHA-256 sums of every file anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the request instead of holding it (the SDK retries twice).
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = settings.bucket;
  const location = `s3://${Bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ` (${settings.region})`}`;
  const missing = (err: unknown) =>
    err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);

  return {
    kind: 's3',
    location,
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
        const why =
          status === 404
            ? 'the bucket does not exist'
            : status === 403 || status === 401
              ? 'access denied (check UPLOAD_S3_ACCESS_KEY_ID and UPLOAD_S3_SECRET_ACCESS_KEY)'
              : err instanceof Error
                ? err.message || err.name
                : String(err);
        throw new Error(`Could not reach the upload bucket ${location} (UPLOAD_S3_BUCKET): ${why}`);
      }
    },
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
      );
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) throw new UploadMissingError(key);
        return {
          // In Node the SDK's body is the response's IncomingMessage, a Readable.
          body: out.Body as Readable,
          contentType: out.ContentType ?? contentTypeOfKey(key),
          contentLength: out.ContentLength ?? 0,
        };
      } catch (err) {
        if (missing(err)) throw new UploadMissingError(key);
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, bytes: o.Size ?? 0 };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
