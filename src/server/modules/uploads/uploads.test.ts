import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultOpeningHours } from '../../../domain/opening-hours';
import type { ReviewStatus } from '../../../domain/restaurant-review';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { multipartFile } from '../../test/multipart';
import { brandMemberships, brands, siteStaff, sites, uploads } from '../../db/schema/index';

let t: TestApp;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let png: Buffer;

/** A brand with one location in the given review state, and the partner's role in it. */
async function locationFor(
  userId: string,
  reviewStatus: ReviewStatus,
  role: 'owner' | 'site_manager' = 'owner',
  named = false,
) {
  const db = t.database.db;
  const tag = Math.random().toString(36).slice(2, 8);
  const [brand] = await db
    .insert(brands)
    .values({ name: `Kervan ${tag}`, createdBy: userId })
    .returning();
  await db.insert(brandMemberships).values({ brandId: brand.id, userId, role });
  const [site] = await db
    .insert(sites)
    .values({
      brandId: brand.id,
      name: 'Whitechapel',
      slug: `kervan-${tag}`,
      address: '1 Whitechapel Road',
      city: 'London',
      postcode: 'E1 1BJ',
      lat: 51.5194,
      lng: -0.0612,
      openingHours: defaultOpeningHours(),
      reviewStatus,
    })
    .returning();
  if (named) await db.insert(siteStaff).values({ siteId: site.id, userId });
  return site;
}

async function uploadCount() {
  return (await t.database.db.select({ id: uploads.id }).from(uploads)).length;
}

beforeAll(async () => {
  t = await createTestApp();
  const accounts = {
    partner: { userType: 'partner' },
    newPartner: { userType: 'partner' },
    draftPartner: { userType: 'partner' },
    manager: { userType: 'partner' },
    unnamedManager: { userType: 'partner' },
    customer: { userType: 'customer', status: 'active' },
    driver: { userType: 'driver', status: 'pending' },
    otherDriver: { userType: 'driver', status: 'approved' },
    ops: { userType: 'admin', adminRole: 'ops_manager' },
    support: { userType: 'admin', adminRole: 'cs_agent' },
  } as const;
  for (const [name, a] of Object.entries(accounts)) {
    ids[name] = await createUser(t, { email: `${name}@example.com`, ...a });
    cookies[name] = await signIn(t, `${name}@example.com`);
  }
  await locationFor(ids.partner, 'submitted');
  await locationFor(ids.manager, 'submitted', 'site_manager', true);
  await locationFor(ids.unnamedManager, 'approved', 'site_manager');
  png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#0a7' } })
    .png()
    .toBuffer();
});
afterAll(async () => t.close());

async function upload(who: string | null, purpose: string, data: Buffer, name = 'photo.png', type = 'image/png') {
  const m = multipartFile(data, name, type);
  return t.app.inject({
    method: 'POST',
    url: `/api/uploads?purpose=${purpose}`,
    headers: { ...m.headers, ...(who ? { cookie: cookies[who] } : {}) },
    payload: m.payload,
  });
}

describe('uploads', () => {
  it('stores a menu image resized to at most 1600 px and serves it to anyone', async () => {
    const res = await upload('partner', 'menu_image', png);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ contentType: 'image/webp', width: 1600, height: 800 });
    const get = await t.app.inject({ method: 'GET', url: body.url });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('image/webp');
    expect(get.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses an HTML page renamed .png with the product message', async () => {
    const res = await upload('partner', 'menu_image', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('Please select a valid image file');
  });

  it('refuses a file over 5 MB with the product message', async () => {
    const res = await upload('partner', 'menu_image', Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('Please select an image smaller than 5MB');
  });

  it('lets only partners upload menu images and only drivers upload documents', async () => {
    expect((await upload('customer', 'menu_image', png)).statusCode).toBe(403);
    expect((await upload('partner', 'driver_document', png)).statusCode).toBe(403);
    expect((await upload(null, 'menu_image', png)).statusCode).toBe(401);
  });

  it('keeps a driver document private to its driver and the admins who manage drivers', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const res = await upload('driver', 'driver_document', pdf, 'licence.pdf', 'application/pdf');
    expect(res.statusCode).toBe(201);
    const url = res.json().url;
    const status = async (who: string | null) =>
      (await t.app.inject({ method: 'GET', url, headers: who ? { cookie: cookies[who] } : {} })).statusCode;
    expect(await status('driver')).toBe(200);
    expect(await status('ops')).toBe(200);
    expect(await status('otherDriver')).toBe(404);
    expect(await status('support')).toBe(404);
    expect(await status(null)).toBe(404);
  });

  it('refuses a 49-megapixel PNG from its header with 400 and the size, quickly and without storing it', async () => {
    // 7000 × 7000 of one colour: a few hundred kilobytes compressed, 147 MB of pixels decoded.
    const huge = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#c0392b' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024);
    const before = await uploadCount();
    const started = performance.now();
    const res = await upload('partner', 'menu_image', huge);
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message:
        "This image is 49 megapixels (7,000 × 7,000 pixels). Please select an image of at most 25 megapixels, such as a photo at your camera's standard size.",
    });
    // Decoding it took over a second of CPU; the header alone takes a few milliseconds.
    expect(ms).toBeLessThan(500);
    expect(await uploadCount()).toBe(before);
  });

  it('still takes a 24-megapixel phone photo (5712 × 4284)', async () => {
    const photo = await sharp({ create: { width: 5712, height: 4284, channels: 3, background: '#2e86c1' } })
      .jpeg({ quality: 60 })
      .toBuffer();
    const res = await upload('driver', 'driver_document', photo, 'licence.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ contentType: 'image/jpeg', width: 1600, height: 1200 });
  });

  it('answers 404 for an unknown file and 400 for a malformed id', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/uploads/6f1c2a4e-0b7d-4f5e-9a3b-2c1d0e9f8a7b' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/uploads/nope' })).statusCode).toBe(400);
  });
});

describe('public images', () => {
  const refusal = {
    code: 'FORBIDDEN',
    message:
      'You can add photos once your location has been submitted for review. Until then, add your menu without photos, or give your logo as an https address.',
  };

  it('are refused to a partner who has no location yet, with the reason, and nothing is stored', async () => {
    const before = await uploadCount();
    for (const purpose of ['menu_image', 'brand_logo']) {
      const res = await upload('newPartner', purpose, png);
      expect(res.statusCode, purpose).toBe(403);
      expect(res.json().error).toEqual(refusal);
    }
    expect(await uploadCount()).toBe(before);
  });

  it('wait for the location to leave Draft: taken once submitted, sent back or approved, not while suspended or deleted', async () => {
    const site = await locationFor(ids.draftPartner, 'draft');
    const at = async (reviewStatus: ReviewStatus, status: 'active' | 'archived' = 'active') => {
      await t.database.db.update(sites).set({ reviewStatus, status }).where(eq(sites.id, site.id));
      return (await upload('draftPartner', 'menu_image', png)).statusCode;
    };
    expect(await at('draft')).toBe(403);
    expect(await at('submitted')).toBe(201);
    expect(await at('changes_requested')).toBe(201);
    expect(await at('approved')).toBe(201);
    expect(await at('suspended')).toBe(403);
    expect(await at('approved', 'archived')).toBe(403);
  });

  it('are taken from a site manager named on a submitted location, not from one named on none', async () => {
    expect((await upload('manager', 'menu_image', png)).statusCode).toBe(201);
    const res = await upload('unnamedManager', 'brand_logo', png);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual(refusal);
  });

  it('leave private documents to their own rules: a new partner may still upload a halal certificate', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const res = await upload('newPartner', 'halal_certificate', pdf, 'certificate.pdf', 'application/pdf');
    expect(res.statusCode).toBe(201);
  });
});
