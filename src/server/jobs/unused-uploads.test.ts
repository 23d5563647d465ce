import { access, unlink } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/policies';
import type { UploadPurpose } from '../../domain/uploads';
import {
  brands,
  deliveryJobs,
  driverDocuments,
  halalCertificates,
  menuItems,
  sites,
  uploads,
  user,
  userProfiles,
} from '../db/schema/index';
import { newDriver, offeredJob } from '../modules/dispatch/test-fixtures';
import { type Shop, seedShop } from '../modules/orders/test-fixtures';
import { storeUpload } from '../modules/uploads/store-upload';
import { type TestApp, createTestApp } from '../test/test-app';
import { UPLOAD_REFERENCES, sweepUnusedUploadsOnce } from './unused-uploads';

let t: TestApp;
let shop: Shop;
let uploadDir: string;
let photo: Buffer;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  uploadDir = t.app.deps.config.uploads.dir;
  photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#117a65' } })
    .jpeg()
    .toBuffer();
}, 120_000);
afterAll(async () => t?.close());

const partner = (): Actor => ({
  userId: shop.partner.id,
  email: shop.partner.email,
  name: 'Yusuf Rahman',
  userType: 'partner',
  status: null,
  adminRole: null,
});

/** Stores a real upload as the shop's partner (or the given driver) and makes it `hoursOld` old. */
async function stored(hoursOld: number, purpose: UploadPurpose = 'menu_image', driverId?: string) {
  const actor: Actor = driverId
    ? {
        userId: driverId,
        email: 'd@example.com',
        name: 'Driver',
        userType: 'driver',
        status: 'approved',
        adminRole: null,
      }
    : partner();
  const data = purpose === 'halal_certificate' ? PDF : photo;
  const up = await storeUpload({ db: t.database.db, storage: t.app.deps.uploadStorage }, actor, purpose, data);
  await t.database.db
    .update(uploads)
    .set({ createdAt: sql`now() - make_interval(hours => ${hoursOld})` })
    .where(eq(uploads.id, up.id));
  const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, up.id));
  return { id: up.id, url: up.url, file: path.join(uploadDir, row.storageKey) };
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function present(ids: string[]) {
  return (await t.database.db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids))).map(
    (r) => r.id,
  );
}

describe('the unused-uploads sweeper', () => {
  it('deletes the row and file of an upload older than a day that nothing refers to, and keeps a young one', async () => {
    const old = await stored(25);
    const young = await stored(23);
    expect(await exists(old.file)).toBe(true);
    const result = await sweepUnusedUploadsOnce({ db: t.database.db, storage: t.app.deps.uploadStorage });
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(result.filesLeft).toBe(0);
    expect(await present([old.id, young.id])).toEqual([young.id]);
    expect(await exists(old.file)).toBe(false);
    expect(await exists(young.file)).toBe(true);
  });

  it('keeps every old upload some row refers to, by id or by address in any letter case', async () => {
    const db = t.database.db;
    const driver = await newDriver(t);
    const kept: Record<string, { id: string; url: string; file: string }> = {
      menuItem: await stored(48),
      brandLogo: await stored(48, 'brand_logo'),
      siteImage: await stored(48),
      avatar: await stored(48),
      userImage: await stored(48),
      document: await stored(48, 'driver_document', driver.id),
      proof: await stored(48, 'proof_of_delivery', driver.id),
      certificate: await stored(48, 'halal_certificate'),
    };
    await db.update(menuItems).set({ imageUrl: kept.menuItem.url }).where(eq(menuItems.id, shop.items.wrap.id));
    // The contract takes the address in any letter case, and a full https address.
    await db
      .update(brands)
      .set({ logoUrl: `/api/uploads/${kept.brandLogo.id.toUpperCase()}` })
      .where(eq(brands.id, shop.brand.id));
    await db
      .update(sites)
      .set({ imageUrl: `https://halalnosh.example${kept.siteImage.url}` })
      .where(eq(sites.id, shop.site.id));
    await db.update(userProfiles).set({ avatarUrl: kept.avatar.url }).where(eq(userProfiles.userId, driver.id));
    await db.update(user).set({ image: kept.userImage.url }).where(eq(user.id, shop.partner.id));
    await db.insert(driverDocuments).values({ driverId: driver.id, kind: 'photo_id', uploadId: kept.document.id });
    const { job } = await offeredJob(t, shop);
    await db.update(deliveryJobs).set({ proofUploadId: kept.proof.id }).where(eq(deliveryJobs.id, job.id));
    await db.insert(halalCertificates).values({
      siteId: shop.site.id,
      certifyingBody: 'hmc',
      certificateNumber: 'HMC-204817',
      issuedOn: '2026-01-05',
      expiresOn: '2027-01-04',
      uploadId: kept.certificate.id,
      scope: 'whole_menu',
      submittedBy: shop.partner.id,
    });
    const orphan = await stored(30, 'brand_logo');

    await sweepUnusedUploadsOnce({ db, storage: t.app.deps.uploadStorage });
    const ids = Object.values(kept).map((k) => k.id);
    expect((await present([...ids, orphan.id])).sort()).toEqual(ids.sort());
    for (const k of Object.values(kept)) expect(await exists(k.file)).toBe(true);
    expect(await exists(orphan.file)).toBe(false);
    // Every column the sweeper knows is exercised above.
    expect(UPLOAD_REFERENCES.byId.length + UPLOAD_REFERENCES.byAddress.length).toBe(Object.keys(kept).length);
  });

  it('shares the work between sweepers running at once: each orphan deleted once, no pass fails', async () => {
    const orphans = await Promise.all([stored(26), stored(27), stored(28), stored(29)]);
    const results = await Promise.all([
      sweepUnusedUploadsOnce({ db: t.database.db, storage: t.app.deps.uploadStorage }),
      sweepUnusedUploadsOnce({ db: t.database.db, storage: t.app.deps.uploadStorage }),
    ]);
    expect(results[0].deleted + results[1].deleted).toBe(orphans.length);
    expect(await present(orphans.map((o) => o.id))).toEqual([]);
    for (const o of orphans) expect(await exists(o.file)).toBe(false);
  });

  it('forgets a file already gone without failing the pass', async () => {
    const old = await stored(25);
    await unlink(old.file);
    const result = await sweepUnusedUploadsOnce({ db: t.database.db, storage: t.app.deps.uploadStorage });
    expect(result).toEqual({ deleted: 1, filesLeft: 0 });
    expect(await present([old.id])).toEqual([]);
  });
});
