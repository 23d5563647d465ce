import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_DEFAULTS } from '../../../domain/settings';
import { auditLog, siteItemOverrides, sites } from '../../db/schema/index';
import { seedCities } from '../../db/seed/seed-catalog';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type PartnerWorld, call, insertOrder, partnerWorld } from './test-fixtures';

let t: TestApp;
let w: PartnerWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await partnerWorld(t);
  await seedCities(t.database.db);
});
afterAll(async () => t.close());

const create = (cookie: string, brandId: string, body: Record<string, unknown>) =>
  call(t, 'POST', `/api/partner/brands/${brandId}/sites`, cookie, body);

describe('adding a location', () => {
  it('stores the fields with the product defaults (the platform default delivery fee), starting self-declared until verified', async () => {
    const res = await create(w.owner.cookie, w.brandA.id, {
      name: 'Main Branch',
      address: '10 Brick Lane',
      city: 'london',
      postcode: 'e1 6rf',
    });
    expect(res.statusCode, res.body).toBe(201);
    const site = res.json().site;
    expect(site).toMatchObject({
      name: 'Main Branch',
      slug: 'main-branch',
      postcode: 'E1 6RF',
      deliveryFeeMinor: SETTING_DEFAULTS.default_delivery_fee,
      deliveryRadiusKm: 5,
      halalStatus: 'self-declared',
      isOpen: true,
      status: 'active',
      role: 'owner',
    });
    expect(site.openingHours.monday).toEqual({ open: '09:00', close: '22:00', closed: false });
    expect(site.openingHours.sunday).toEqual({ open: '10:00', close: '21:00', closed: false });
    // Placed by its postcode district, and filed under the directory city so city searches find it.
    expect(site.lat).toBeCloseTo(51.52, 1);
    const [row] = await t.database.db.select({ citySlug: sites.citySlug }).from(sites).where(eq(sites.id, site.id));
    expect(row.citySlug).toBe('london');
  });

  it('adds a random 4-character suffix when the slug is taken', async () => {
    const res = await create(w.admin.cookie, w.brandA.id, {
      name: 'Main  Branch!',
      address: '2 Brick Lane',
      city: 'London',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().site.slug).toMatch(/^main-branch-[a-z0-9]{4}$/);
    const again = await create(w.other.cookie, w.brandB.id, {
      name: 'main branch',
      address: '3 Roman Road',
      city: 'London',
    });
    expect(again.json().site.slug).toMatch(/^main-branch-[a-z0-9]{4}$/);
    expect(again.json().site.slug).not.toBe(res.json().site.slug);
  });

  it('keeps given coordinates, the fee in pence and the radius to 0.1 km', async () => {
    const res = await create(w.owner.cookie, w.brandA.id, {
      name: 'Camden',
      address: '1 High St',
      city: 'London',
      lat: 51.539,
      lng: -0.1426,
      deliveryFeeMinor: 299,
      deliveryRadiusKm: 3.14,
    });
    expect(res.json().site).toMatchObject({ lat: 51.539, lng: -0.1426, deliveryFeeMinor: 299, deliveryRadiusKm: 3.1 });
  });

  it('refuses missing required fields, a radius outside 0.5 to 20 km, a negative fee and a bad postcode', async () => {
    const bad = [
      { address: 'x', city: 'London' },
      { name: 'x', address: ' ', city: 'London' },
      { name: 'x', address: 'x' },
      { name: 'x', address: 'x', city: 'London', deliveryRadiusKm: 0.4 },
      { name: 'x', address: 'x', city: 'London', deliveryRadiusKm: 20.5 },
      { name: 'x', address: 'x', city: 'London', deliveryFeeMinor: -1 },
      { name: 'x', address: 'x', city: 'London', postcode: 'NOT A CODE' },
      { name: 'x', address: 'x', city: 'London', lat: 51.5 },
    ];
    for (const body of bad)
      expect((await create(w.owner.cookie, w.brandA.id, body)).statusCode, JSON.stringify(body)).toBe(400);
  });

  it("answers 404 on another partner's brand and 403 to a site manager", async () => {
    const body = { name: 'Sneaky', address: 'x', city: 'London' };
    expect((await create(w.other.cookie, w.brandA.id, body)).statusCode).toBe(404);
    expect((await create(w.manager.cookie, w.brandA.id, body)).statusCode).toBe(403);
  });
});

describe('reading and editing a location', () => {
  it('shows a location to its staff and 404 to everyone else', async () => {
    expect((await call(t, 'GET', `/api/partner/sites/${w.a1.id}`, w.manager.cookie)).json().site).toMatchObject({
      name: 'Aldgate',
      role: 'site_manager',
    });
    expect((await call(t, 'GET', `/api/partner/sites/${w.a2.id}`, w.manager.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/partner/sites/${w.a1.id}`, w.other.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/partner/sites/${w.b1.id}`, w.owner.cookie)).statusCode).toBe(404);
  });

  it('lets a site manager edit their own location, hours with closed days included', async () => {
    const hours = (await call(t, 'GET', `/api/partner/sites/${w.a1.id}`, w.manager.cookie)).json().site.openingHours;
    const res = await call(t, 'PATCH', `/api/partner/sites/${w.a1.id}`, w.manager.cookie, {
      description: 'By the station',
      openingHours: {
        ...hours,
        monday: { open: '12:00', close: '02:00', closed: false },
        tuesday: { ...hours.tuesday, closed: true },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().site.description).toBe('By the station');
    expect(res.json().site.openingHours.monday).toEqual({ open: '12:00', close: '02:00', closed: false });
    expect(res.json().site.openingHours.tuesday.closed).toBe(true);
    expect(res.json().site.slug).toBe(w.a1.slug);
  });

  it("refuses a site manager on another location and a partner on another brand's", async () => {
    expect(
      (await call(t, 'PATCH', `/api/partner/sites/${w.a2.id}`, w.manager.cookie, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await call(t, 'PATCH', `/api/partner/sites/${w.a1.id}`, w.other.cookie, { name: 'Mine' })).statusCode).toBe(
      404,
    );
  });

  it('refuses malformed hours', async () => {
    const res = await call(t, 'PATCH', `/api/partner/sites/${w.a1.id}`, w.owner.cookie, {
      openingHours: { monday: { open: '25:00', close: '22:00', closed: false } },
    });
    expect(res.statusCode).toBe(400);
  });

  it('re-places the location when its postcode changes', async () => {
    const res = await call(t, 'PATCH', `/api/partner/sites/${w.a2.id}`, w.owner.cookie, {
      postcode: 'M1 1AE',
      city: 'Manchester',
    });
    expect(res.json().site.postcode).toBe('M1 1AE');
    expect(res.json().site.lat).toBeCloseTo(53.48, 1);
  });
});

describe('deleting a location', () => {
  it('is refused with 409 while the location has an active order', async () => {
    const site = (await create(w.owner.cookie, w.brandA.id, { name: 'Busy', address: 'x', city: 'London' })).json()
      .site;
    const order = await insertOrder(t, site.id, { status: 'PREPARING' });
    const res = await call(t, 'DELETE', `/api/partner/sites/${site.id}`, w.owner.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'This location has active orders. Complete or reject them before deleting it.',
    );
    expect((await call(t, 'GET', `/api/partner/sites/${site.id}`, w.owner.cookie)).statusCode).toBe(200);
    expect(order.id).toBeTruthy();
  });

  it('archives a location with past orders and removes one without', async () => {
    const withPast = (await create(w.owner.cookie, w.brandA.id, { name: 'Old', address: 'x', city: 'London' })).json()
      .site;
    await insertOrder(t, withPast.id, { status: 'DELIVERED' });
    const res = await call(t, 'DELETE', `/api/partner/sites/${withPast.id}`, w.admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true, archived: true });
    expect((await call(t, 'GET', `/api/partner/sites/${withPast.id}`, w.owner.cookie)).statusCode).toBe(404);
    const listed = (await call(t, 'GET', `/api/partner/brands/${w.brandA.id}`, w.owner.cookie)).json().brand.sites;
    expect(listed.map((s: { id: string }) => s.id)).not.toContain(withPast.id);
    expect((await call(t, 'GET', `/api/restaurants/${withPast.slug}`)).statusCode).toBe(404);

    const empty = (await create(w.owner.cookie, w.brandA.id, { name: 'Empty', address: 'x', city: 'London' })).json()
      .site;
    expect((await call(t, 'DELETE', `/api/partner/sites/${empty.id}`, w.owner.cookie)).json()).toEqual({
      deleted: true,
      archived: false,
    });
    expect(await t.database.db.select().from(sites).where(eq(sites.id, empty.id))).toHaveLength(0);
    expect(
      await t.database.db.select().from(siteItemOverrides).where(eq(siteItemOverrides.siteId, empty.id)),
    ).toHaveLength(0);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, empty.id));
    expect(audit).toMatchObject({
      actionType: 'site_deleted',
      performedBy: w.owner.id,
      details: { archived: false, name: 'Empty' },
    });
  });

  it('refuses a site manager (403) and another partner (404)', async () => {
    expect((await call(t, 'DELETE', `/api/partner/sites/${w.a1.id}`, w.manager.cookie)).statusCode).toBe(403);
    expect((await call(t, 'DELETE', `/api/partner/sites/${w.a1.id}`, w.other.cookie)).statusCode).toBe(404);
  });
});
