import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRestaurantResponse } from '../../../domain/contracts/catalog/get-restaurant';
import { searchRestaurantsResponse } from '../../../domain/contracts/catalog/search-restaurants';
import { seedDemo } from '../../db/seed/seed-demo';
import { type TestApp, createTestApp } from '../../test/test-app';

/**
 * The uncached path (RESPONSE_CACHE=0) and the cache answer the same text, and that text is the response contract's
 * JSON of itself: the answers are written without the contract's parse (docs/decisions/0248-uncached-path-cpu.md), so
 * nothing may be missing, extra or out of order. Two apps on one demo database, one with the cache and one without.
 */
let cachedApp: TestApp;
let uncachedApp: TestApp;

beforeAll(async () => {
  cachedApp = await createTestApp({ responseCache: true });
  await seedDemo(cachedApp.database.db, { storage: cachedApp.app.deps.uploadStorage });
  uncachedApp = await createTestApp({ responseCache: false }, { database: cachedApp.database, url: cachedApp.url });
});
afterAll(async () => {
  await uncachedApp.app.close();
  await cachedApp.close();
});

async function both(url: string): Promise<string> {
  const ask = () =>
    Promise.all([cachedApp.app.inject({ method: 'GET', url }), uncachedApp.app.inject({ method: 'GET', url })]);
  let [a, b] = await ask();
  // An opening or closing minute may fall between the two: asked again, both are on the same side of it.
  if (a.body !== b.body) [a, b] = await ask();
  expect(a.statusCode, url).toBe(200);
  expect(b.statusCode, url).toBe(200);
  expect(b.body, url).toBe(a.body);
  return b.body;
}

describe('uncached answers', () => {
  it('are the cached answers, to the character, and the contract JSON of themselves', async () => {
    const searches = [
      '/api/restaurants/search?location=London',
      '/api/restaurants/search?location=london&filters=open&limit=5&offset=3',
      '/api/restaurants/search?location=Birmingham&filters=verified,top',
      '/api/restaurants/search?location=London&cuisine=turkish',
      '/api/restaurants/search?location=E1%206AN',
      // The searches answered by searchRestaurants and serialised without the contract's parse: every location kind,
      // sort, a name, dietary choices, a delivery postcode and an unknown place.
      '/api/restaurants/search?location=E1%206AN&sort=distance&filters=open',
      '/api/restaurants/search?location=E1&sort=rating',
      '/api/restaurants/search?location=London&sort=fee&deliverTo=E1%206AN',
      '/api/restaurants/search?location=London&q=lamb&sort=time',
      '/api/restaurants/search?location=London&diet=vegetarian&without=peanuts,milk',
      '/api/restaurants/search?location=Atlantis',
      '/api/restaurants/search?location=ZZ99%209ZZ',
    ];
    const slugs = new Set<string>();
    for (const url of searches) {
      const body = await both(url);
      const parsed = searchRestaurantsResponse.parse(JSON.parse(body));
      expect(JSON.stringify(parsed), url).toBe(body);
      for (const r of parsed.restaurants) slugs.add(r.slug);
    }
    expect(slugs.size).toBeGreaterThan(10);
    let withMenu = 0;
    for (const slug of slugs) {
      const body = await both(`/api/restaurants/${slug}`);
      const parsed = getRestaurantResponse.parse(JSON.parse(body));
      expect(JSON.stringify(parsed), slug).toBe(body);
      if (parsed.restaurant.menu?.sections.some((s) => s.items.some((i) => i.optionGroups.length))) withMenu++;
    }
    // Pages with menus and option groups were among them.
    expect(withMenu).toBeGreaterThan(0);
  });
});
