import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { hashPassword } from 'better-auth/crypto';
import { asc } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../db/schema/index';
import { insertAccount } from '../db/seed/insert-account';
import { demoPdf } from '../db/seed/seed-driver-documents';
import { storeUpload } from '../modules/uploads';
import { openUploadStorage } from '../platform/upload-storage';
import { startS3Server } from '../test/s3-server';
import { BackupError, type StorageSettings, backup, restore, verifyBackup } from './backup';
import { backupInstances } from './test-fixtures';

/**
 * Backups of uploads kept in a bucket (docs/decisions/0242-uploads-in-object-storage.md): every
 * object is copied into the backup, listed in the manifest with its checksum, and restored into
 * the bucket of a fresh instance byte for byte, against a real S3 server (s3rver, in this process).
 */
const work = mkdtempSync(path.join(tmpdir(), 'halalnosh-backup-s3-test-'));
const instances = backupInstances(work);
let s3: Awaited<ReturnType<typeof startS3Server>>;
let client: S3Client;
let source: StorageSettings;
let folder: string;
const LOOSE_KEY = 'menu_image/0b6c1f0e-5f7e-4d8a-9a51-0d3c2b1a9e77.webp';

async function objects(bucket: string): Promise<Record<string, string>> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
  const out: Record<string, string> = {};
  for (const o of listed.Contents ?? []) {
    const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: o.Key! }));
    out[o.Key!] = Buffer.from(await got.Body!.transformToByteArray()).toString('base64');
  }
  return out;
}

async function uploadRows(s: StorageSettings) {
  const database = await instances.open(s);
  try {
    return await database.db.select().from(uploads).orderBy(asc(uploads.id));
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  s3 = await startS3Server(['halalnosh-source', 'halalnosh-restored']);
  const settings = s3.settings('halalnosh-source');
  client = new S3Client({
    endpoint: settings.endpoint!,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId!, secretAccessKey: settings.secretAccessKey! },
  });
  source = { ...(await instances.fresh('source')), uploadS3: settings };
  const database = await instances.open(source);
  try {
    // A driver's documents, stored through the upload code into the bucket.
    const driverId = await insertAccount(
      database.db,
      { email: 'bilal.ahmed@example.co.uk', name: 'Bilal Ahmed', userType: 'driver', status: 'pending' },
      await hashPassword('correct-horse-battery'),
    );
    const actor = {
      userId: driverId,
      email: 'bilal.ahmed@example.co.uk',
      name: 'Bilal Ahmed',
      userType: 'driver' as const,
      status: 'pending' as const,
      adminRole: null,
    };
    const storage = await openUploadStorage({ dir: source.uploadDir, s3: settings });
    const card = await sharp({ create: { width: 1200, height: 760, channels: 3, background: '#047857' } })
      .jpeg()
      .toBuffer();
    await storeUpload({ db: database.db, storage }, actor, 'driver_document', card);
    await storeUpload(
      { db: database.db, storage },
      actor,
      'driver_document',
      demoPdf(['Right to Work', 'Bilal Ahmed', 'Share code: W7X 4KP 9QZ']),
    );
  } finally {
    await database.close();
  }
  // An object the database does not name yet (an upload on its way in) is kept too.
  await client.send(
    new PutObjectCommand({
      Bucket: 'halalnosh-source',
      Key: LOOSE_KEY,
      Body: Buffer.from([0x52, 0x49, 0x46, 0x46, 0, 1, 2, 255]),
      ContentType: 'image/webp',
    }),
  );
}, 120_000);

afterAll(async () => {
  client?.destroy();
  await s3?.close();
  await instances.dropAll();
  await rm(work, { recursive: true, force: true });
});

describe(`backup and restore with uploads in a bucket (${instances.serverUrl ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('copies every object of the bucket into the backup, each in the manifest with its checksum', async () => {
    folder = await backup(source, path.join(work, 'backups'));
    const manifest = await verifyBackup(folder);
    const keys = Object.keys(await objects('halalnosh-source')).sort();
    expect(keys).toHaveLength(3);
    expect(manifest.uploads.map((u) => u.path)).toEqual(keys);
    expect(manifest.files.map((f) => f.path)).toContain('uploads.tar');
  }, 60_000);

  it('restores into a fresh instance with an empty bucket only, or with --force, byte for byte', async () => {
    const target: StorageSettings = {
      ...(await instances.fresh('target')),
      uploadS3: s3.settings('halalnosh-restored'),
    };
    // A bucket that holds something is not fresh: refused, naming it, before anything is written.
    await client.send(
      new PutObjectCommand({ Bucket: 'halalnosh-restored', Key: 'menu_image/stray.jpg', Body: Buffer.from('x') }),
    );
    const refused = await restore(target, folder).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as Error).message).toMatch(
      /^The upload bucket s3:\/\/halalnosh-restored at http:\/\/127\.0\.0\.1:\d+ already holds 1 file\(s\).*--force/,
    );

    await restore(target, folder, { force: true });
    expect(await objects('halalnosh-restored')).toEqual(await objects('halalnosh-source'));
    expect(await uploadRows(target)).toEqual(await uploadRows(source));
  }, 90_000);
});
