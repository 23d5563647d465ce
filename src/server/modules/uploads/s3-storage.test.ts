import { existsSync, readdirSync } from 'node:fs';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultOpeningHours } from '../../../domain/opening-hours';
import { brandMemberships, brands, sites, uploads } from '../../db/schema/index';
import { demoPdf } from '../../db/seed/seed-driver-documents';
import { sweepUnusedUploadsOnce } from '../../jobs/unused-uploads';
import { openUploadStorage } from '../../platform/upload-storage';
import { multipartFile } from '../../test/multipart';
import { startS3Server } from '../../test/s3-server';
import { type TestApp, createTestApp, createUser, signIn, testConfig } from '../../test/test-app';

/**
 * Uploads in an S3-compatible bucket (docs/decisions/0242-uploads-in-object-storage.md), against a
 * real S3 server over HTTP (s3rver, in this process): files go through the same routes and the same
 * checks as with the folder, nothing lands on disk, and the sweeper deletes objects.
 */
const BUCKET = 'halalnosh-uploads';
let s3: Awaited<ReturnType<typeof startS3Server>>;
let client: S3Client;
let t: TestApp;
let uploadDir: string;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
  const settings = s3.settings(BUCKET);
  client = new S3Client({
    endpoint: settings.endpoint!,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId!, secretAccessKey: settings.secretAccessKey! },
  });
  const base = testConfig();
  uploadDir = base.uploads.dir;
  t = await createTestApp({ uploads: { ...base.uploads, s3: settings } });
  const accounts = {
    partner: { userType: 'partner' },
    customer: { userType: 'customer', status: 'active' },
    driver: { userType: 'driver' },
    otherDriver: { userType: 'driver', status: 'approved' },
    ops: { userType: 'admin', adminRole: 'ops_manager' },
    support: { userType: 'admin', adminRole: 'cs_agent' },
  } as const;
  for (const [name, a] of Object.entries(accounts)) {
    ids[name] = await createUser(t, { email: `${name}@example.co.uk`, ...a });
    cookies[name] = await signIn(t, `${name}@example.co.uk`);
  }
  // Menu photos are public, so a partner adds them once a location is submitted for review.
  const db = t.database.db;
  const [brand] = await db.insert(brands).values({ name: 'Kervan Grill', createdBy: ids.partner }).returning();
  await db.insert(brandMemberships).values({ brandId: brand.id, userId: ids.partner, role: 'owner' });
  await db.insert(sites).values({
    brandId: brand.id,
    name: 'Whitechapel',
    slug: 'kervan-grill-whitechapel',
    address: '1 Whitechapel Road',
    city: 'London',
    postcode: 'E1 1BJ',
    lat: 51.5194,
    lng: -0.0612,
    openingHours: defaultOpeningHours(),
    reviewStatus: 'submitted',
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  client?.destroy();
  await s3?.close();
});

function upload(who: string, purpose: string, data: Buffer, name: string, type: string) {
  const m = multipartFile(data, name, type);
  return t.app.inject({
    method: 'POST',
    url: `/api/uploads?purpose=${purpose}`,
    headers: { ...m.headers, cookie: cookies[who] },
    payload: m.payload,
  });
}

const get = (url: string, who: string | null) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: cookies[who] } : {} });

async function storageKeyOf(id: string) {
  const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, id));
  return row.storageKey;
}

async function objectBytes(key: string) {
  const out = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return { bytes: Buffer.from(await out.Body!.transformToByteArray()), contentType: out.ContentType };
}

const objectExists = (key: string) =>
  client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
    () => true,
    (err: { $metadata?: { httpStatusCode?: number } }) => {
      if (err.$metadata?.httpStatusCode === 404) return false;
      throw err;
    },
  );

/** A 2400 × 1600 phone-style photo: stored re-encoded at 1600 px. */
const photo = () =>
  sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#b5651d' } })
    .jpeg({ quality: 90 })
    .toBuffer();

describe(`uploads in an S3-compatible bucket (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded database'})`, () => {
  let menuPhotoId: string;

  it('stores a menu photo in the bucket, not on disk, and serves its bytes and type to anyone', async () => {
    const res = await upload('partner', 'menu_image', await photo(), 'seekh-kebab.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { id: string; url: string; contentType: string; width: number; sizeBytes: number };
    expect(body).toMatchObject({ contentType: 'image/jpeg', width: 1600, height: 1067 });
    menuPhotoId = body.id;
    const key = await storageKeyOf(body.id);
    expect(key).toBe(`menu_image/${body.id}.jpg`);
    const stored = await objectBytes(key);
    expect(stored.contentType).toBe('image/jpeg');
    expect(stored.bytes.length).toBe(body.sizeBytes);
    // Nothing was written to the folder.
    expect(existsSync(uploadDir) ? readdirSync(uploadDir, { recursive: true }) : []).toEqual([]);

    const served = await get(body.url, null);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-length']).toBe(String(stored.bytes.length));
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(stored.bytes)).toBe(true);
  });

  it('keeps a driver document private: the same bytes for its driver and admins, nothing for anyone else', async () => {
    const pdf = demoPdf(['Right to Work', 'Bilal Ahmed', 'Share code: W7X 4KP 9QZ']);
    const photoId = await upload('driver', 'driver_document', await photo(), 'passport.jpg', 'image/jpeg');
    const rightToWork = await upload('driver', 'driver_document', pdf, 'right-to-work.pdf', 'application/pdf');
    const insurance = await upload('driver', 'driver_document', await photo(), 'insurance.jpg', 'image/jpeg');
    for (const r of [photoId, rightToWork, insurance]) expect(r.statusCode, r.body).toBe(201);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/driver/application',
      headers: { cookie: cookies.driver },
      payload: {
        firstName: 'Bilal',
        lastName: 'Ahmed',
        phone: '07700 900456',
        vehicleType: 'car',
        drivingLicenceNumber: 'AHMED907141BA9XY',
        photoIdUploadId: photoId.json().id,
        rightToWorkUploadId: rightToWork.json().id,
        insuranceUploadId: insurance.json().id,
        acceptTerms: true,
        acceptSafety: true,
      },
    });
    expect(applied.statusCode, applied.body).toBe(201);

    // PDFs are stored as they are: the bucket and both routes give back the very bytes uploaded.
    const url = rightToWork.json().url as string;
    expect((await objectBytes(await storageKeyOf(rightToWork.json().id))).bytes.equals(pdf)).toBe(true);
    for (const who of ['driver', 'ops']) {
      const res = await get(url, who);
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.equals(pdf), who).toBe(true);
    }
    for (const who of [null, 'customer', 'otherDriver', 'support', 'partner']) {
      const res = await get(url, who);
      expect(res.statusCode, String(who)).toBe(404);
      expect(res.json().error.message).toBe('File not found');
    }

    const preview = `/api/admin/drivers/${ids.driver}/documents/right_to_work/preview`;
    expect((await get(preview, null)).statusCode).toBe(401);
    expect((await get(preview, 'driver')).statusCode).toBe(403);
    expect((await get(preview, 'support')).statusCode).toBe(403);
    const seen = await get(preview, 'ops');
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('application/pdf');
    expect(seen.headers['content-length']).toBe(String(pdf.length));
    expect(seen.rawPayload.equals(pdf)).toBe(true);
    // Another driver's documents: that driver has none.
    const none = await get(`/api/admin/drivers/${ids.otherDriver}/documents/right_to_work/preview`, 'ops');
    expect(none.statusCode).toBe(404);
  });

  it('answers 404 "File not found" when the object has gone from the bucket', async () => {
    const res = await upload('partner', 'menu_image', await photo(), 'hummus.jpg', 'image/jpeg');
    const key = await storageKeyOf(res.json().id);
    await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
    const gone = await get(res.json().url, null);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('File not found');
  });

  it('sweeps an upload nobody refers to from the bucket, and keeps the ones in use', async () => {
    const db = t.database.db;
    await db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(sql`true`);
    const key = await storageKeyOf(menuPhotoId);
    expect(await objectExists(key)).toBe(true);
    const result = await sweepUnusedUploadsOnce({ db, storage: t.app.deps.uploadStorage });
    // The two menu photos (one already gone from the bucket, which is not an error); the driver's
    // three documents are named by the application and stay.
    expect(result).toEqual({ deleted: 2, filesLeft: 0 });
    expect(await objectExists(key)).toBe(false);
    const left = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    expect((left.Contents ?? []).map((o) => o.Key!.split('/')[0])).toEqual([
      'driver_document',
      'driver_document',
      'driver_document',
    ]);
  });

  it('stops the start with one line naming the bucket when it cannot be reached', async () => {
    const settings = s3.settings(BUCKET);
    await expect(openUploadStorage({ dir: uploadDir, s3: { ...settings, bucket: 'no-such-bucket' } })).rejects.toThrow(
      `Could not reach the upload bucket s3://no-such-bucket at ${s3.endpoint} (UPLOAD_S3_BUCKET): the bucket does not exist`,
    );
    await expect(
      openUploadStorage({ dir: uploadDir, s3: { ...settings, accessKeyId: 'AKIA4QZ7JX2PLM3RKV5N' } }),
    ).rejects.toThrow(/\(UPLOAD_S3_BUCKET\): access denied \(check UPLOAD_S3_ACCESS_KEY_ID/);
  });
});
