import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Shop, deliveryBody, place, seedShop } from './test-fixtures';

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
}, 120_000);
afterAll(async () => t?.close());

const ask = (postcode: string, siteId = shop.site.id) =>
  t.app.inject({ method: 'GET', url: `/api/sites/${siteId}/delivers-to?postcode=${encodeURIComponent(postcode)}` });

describe('GET /api/sites/:siteId/delivers-to', () => {
  it('says a postcode inside the radius is delivered to, normalised', async () => {
    const res = await ask('ec1v2nx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ postcode: 'EC1V 2NX', deliversHere: true, message: null });
  });

  it('says a postcode outside the radius is not, in the words checkout shows, agreeing with Place Order', async () => {
    const res = await ask('w6 0nw');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      postcode: 'W6 0NW',
      deliversHere: false,
      message: `${shop.siteName} does not deliver to W6 0NW. Choose Pickup or another address.`,
    });
    // The same rule refuses the order itself.
    const placed = await place(t, deliveryBody(shop, { deliveryPostcode: 'W6 0NW' }));
    expect(placed.statusCode).toBe(409);
    expect(placed.json().error.message).toBe(`${shop.siteName} does not deliver to W6 0NW`);
  });

  it('follows the branch when its radius changes', async () => {
    await t.database.db.update(sites).set({ deliveryRadiusKm: 20 }).where(eq(sites.id, shop.site.id));
    try {
      expect((await ask('W6 0NW')).json().deliversHere).toBe(true);
    } finally {
      await t.database.db.update(sites).set({ deliveryRadiusKm: 5 }).where(eq(sites.id, shop.site.id));
    }
  });

  it('answers 400 to a postcode that is not a full one the geocoder knows, and to an unknown parameter', async () => {
    for (const postcode of ['E1', 'not a code', 'ZZ9 9ZZ']) {
      const res = await ask(postcode);
      expect(res.statusCode, postcode).toBe(400);
      expect(res.json().error.message).toBe('Please enter a valid UK postcode');
    }
    const missing = await t.app.inject({ method: 'GET', url: `/api/sites/${shop.site.id}/delivers-to` });
    expect(missing.statusCode).toBe(400);
    const extra = await t.app.inject({
      method: 'GET',
      url: `/api/sites/${shop.site.id}/delivers-to?postcode=E1%206AN&radius=99`,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.message).toMatch(/radius/);
  });

  it('answers 404 for a branch that does not exist or is not listed, and 400 for a malformed id', async () => {
    expect((await ask('E1 6AN', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await ask('E1 6AN', 'not-a-uuid')).statusCode).toBe(400);
    await t.database.db.update(sites).set({ reviewStatus: 'submitted' }).where(eq(sites.id, shop.site.id));
    try {
      expect((await ask('E1 6AN')).statusCode).toBe(404);
    } finally {
      await t.database.db.update(sites).set({ reviewStatus: 'approved' }).where(eq(sites.id, shop.site.id));
    }
  });
});
