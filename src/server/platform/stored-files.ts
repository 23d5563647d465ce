import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (docs/decisions/0242-uploads-in-object-storage.md): a local folder
 * (UPLOAD_DIR, the default) or an S3-compatible bucket (UPLOAD_S3_BUCKET), behind one small
 * interface. Keys are the uploads' storage keys, `<purpose>/<id>.<ext>`; the database row says who
 * may read a file, so every file is still served through the API's own routes, never from the
 * store directly.
 */
export interface UploadStorage {
  readonly kind: 'folder' | 's3';
  /** Where the files are, for messages: the folder's path, or `s3://bucket` (and its endpoint). */
  readonly location: string;
  /** Stores a file under `key`, replacing one of the same key. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Opens a stored file; throws UploadMissingError when there is none under `key`. */
  get(key: string): Promise<StoredFile>;
  /** Removes a file; one already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored file, for the sweeper's and the backup's checks. */
  list(): AsyncIterable<{ key: string; bytes: number }>;
}

export type StoredFile = { body: Readable; contentType: string; contentLength: number };

/** No file under this key (deleted, swept, or never restored). */
export class UploadMissingError extends Error {
  constructor(readonly key: string) {
    super(`No stored file under ${key}`);
  }
}

/** An S3-compatible bucket: AWS S3, Cloudflare R2, MinIO and the like (UPLOAD_S3_*). */
export type S3UploadSettings = {
  bucket: string;
  /** The service's address; null: AWS S3's own endpoint for the region. */
  endpoint: string | null;
  region: string;
  /** Both or neither; neither: the AWS SDK's own credential chain (AWS_* variables, an instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
};

export type UploadStorageSettings = { dir: string; s3: S3UploadSettings | null };

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
};

/** The content type a key's extension names (the row's content type is the one served). */
export function contentTypeOfKey(key: string): string {
  return TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}
