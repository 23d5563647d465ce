import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestaurantDetail } from '../../../domain/contracts/catalog/get-restaurant';
import type { SearchRestaurantsResponse } from '../../../domain/contracts/catalog/search-restaurants';
import { orders, reviews, sites, user } from '../schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { DEMO_REVIEWERS } from './seed-reviews';
import { seedDemo } from './seed-demo';

// The demo as a visitor meets it: the demo seed alone, nothing set by hand, so each customer
// feature (sort by rating, dish photos, the peanut filter) is seen working on the data the demo shows.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, { storage: t.app.deps.uploadStorage });
});
afterAll(async () => t.close());

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

describe('demo data', () => {
  it('rates London restaurants from demo customers, so the rating sort orders distinct ratings', async () => {
    const { restaurants } = await get<SearchRestaurantsResponse>(
      '/api/restaurants/search?location=London&sort=rating&limit=100',
    );
    const rated = restaurants.filter((c) => c.rating !== null);
    expect(new Set(rated.map((c) => c.rating)).size).toBeGreaterThanOrEqual(5);
    const ratings = restaurants.map((c) => c.rating ?? -1);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(restaurants[0]).toMatchObject({ rating: 4.8, reviewCount: 4 });
  });

  it('takes each rating from verified reviews on orders the reviewer collected, and the site totals agree', async () => {
    const db = t.database.db;
    const rows = await db
      .select({
        siteId: reviews.siteId,
        rating: reviews.rating,
        isVerified: reviews.isVerified,
        userId: reviews.userId,
      })
      .from(reviews)
      .innerJoin(user, eq(user.id, reviews.userId))
      .where(sql`${user.email} in ${DEMO_REVIEWERS.map((r) => r.email)}`);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const r of rows) {
      expect(r.isVerified).toBe(true);
      const [order] = await db
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.customerId, r.userId), eq(orders.siteId, r.siteId)));
      expect(order.status).toBe('COLLECTED');
    }
    const bySite = new Map<string, typeof rows>();
    for (const r of rows) bySite.set(r.siteId, [...(bySite.get(r.siteId) ?? []), r]);
    for (const [siteId, list] of bySite) {
      const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
      expect(site.reviewCount).toBe(list.length);
      expect(site.ratingAvg).toBe(Math.round((list.reduce((s, r) => s + r.rating, 0) / list.length) * 10) / 10);
    }
  });

  it('shows dish photos that are served as images', async () => {
    const { restaurants } = await get<SearchRestaurantsResponse>('/api/restaurants/search?location=London&limit=100');
    const photos: string[] = [];
    for (const c of restaurants) {
      const { restaurant } = await get<{ restaurant: RestaurantDetail }>(`/api/restaurants/${c.slug}`);
      for (const d of (restaurant.menu?.sections ?? []).flatMap((s) => s.items))
        if (d.imageUrl) photos.push(d.imageUrl);
    }
    expect(photos.length).toBeGreaterThanOrEqual(10);
    for (const url of new Set(photos)) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
  });

  it('has London dishes that declare peanuts, which the "without peanuts" choice leaves out', async () => {
    const all = await get<SearchRestaurantsResponse>('/api/restaurants/search?location=London&q=satay&limit=100');
    const without = await get<SearchRestaurantsResponse>(
      '/api/restaurants/search?location=London&q=satay&without=peanuts&limit=100',
    );
    expect(all.restaurants.length).toBeGreaterThan(0);
    expect(without.restaurants).toHaveLength(0);
    const salan = await get<SearchRestaurantsResponse>('/api/restaurants/search?location=London&q=mirchi&limit=100');
    expect(salan.restaurants.length).toBeGreaterThan(0);
    const { restaurant } = await get<{ restaurant: RestaurantDetail }>(`/api/restaurants/${salan.restaurants[0].slug}`);
    const dish = (restaurant.menu?.sections ?? []).flatMap((s) => s.items).find((d) => d.name === 'Mirchi ka Salan');
    expect(dish?.allergens).toEqual(expect.arrayContaining(['peanuts', 'sesame']));
  });
});
