import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UK_CITIES } from '../../../domain/sample-data/cities';
import { citySuggestions, sites } from '../../db/schema/index';
import { seedDemo } from '../../db/seed/seed-demo';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db);
  // One London branch closes for good: it must drop out of London's count.
  await t.database.db.update(sites).set({ status: 'inactive' }).where(eq(sites.slug, 'tigris-grill-ealing'));
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function activeCount(citySlug: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(sites)
    .where(and(eq(sites.citySlug, citySlug), eq(sites.status, 'active')));
  return row.n;
}

describe('GET /api/cities', () => {
  it('lists the 20 directory cities in their fixed order with every field', async () => {
    const res = await get('/api/cities');
    expect(res.statusCode).toBe(200);
    const { cities } = res.json();
    expect(cities.map((c: { slug: string }) => c.slug)).toEqual(UK_CITIES.map((c) => c.slug));
    const { restaurantCount: _n, ...london } = cities[0];
    expect(london).toEqual(UK_CITIES[0]);
  });

  it('counts only the active restaurants of each city', async () => {
    const { cities } = (await get('/api/cities')).json();
    for (const city of cities) expect(city.restaurantCount, city.slug).toBe(await activeCount(city.slug));
    expect(cities.find((c: { slug: string }) => c.slug === 'london').restaurantCount).toBe(21);
  });
});

describe('GET /api/cities/:slug', () => {
  it('answers a city with its own restaurants as cards', async () => {
    const res = await get('/api/cities/birmingham');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.city).toMatchObject({
      name: 'Birmingham',
      region: 'West Midlands',
      postcodeArea: 'B',
      restaurantCount: 4,
    });
    expect(body.city.landmarks.length).toBeGreaterThan(0);
    expect(body.restaurants).toHaveLength(4);
    for (const r of body.restaurants) expect(r).toMatchObject({ city: 'Birmingham', distanceKm: null });
  });

  it('shows only the first 8 of a big city, in search order', async () => {
    const page = (await get('/api/cities/london')).json();
    const search = (await get('/api/restaurants/search?location=london')).json();
    expect(page.restaurants).toHaveLength(8);
    expect(page.restaurants.map((r: { slug: string }) => r.slug)).toEqual(
      search.restaurants.slice(0, 8).map((r: { slug: string }) => r.slug),
    );
    expect(page.restaurants.map((r: { slug: string }) => r.slug)).not.toContain('tigris-grill-ealing');
  });

  it('says on each card whether the branch delivers to the known postcode, as the search does', async () => {
    const page = (await get('/api/cities/london?deliverTo=e1%206an')).json();
    const search = (await get('/api/restaurants/search?location=london&deliverTo=E1%206AN')).json();
    const bySlug = new Map(
      search.restaurants.map((r: { slug: string; deliversHere: boolean; distanceKm: number }) => [r.slug, r]),
    );
    const answers = page.restaurants.map((r: { slug: string; deliversHere: boolean | null }) => r.deliversHere);
    expect(answers).toContain(true);
    expect(answers).toContain(false);
    for (const r of page.restaurants) {
      expect(r).toMatchObject({
        deliversHere: (bySlug.get(r.slug) as { deliversHere: boolean }).deliversHere,
        distanceKm: (bySlug.get(r.slug) as { distanceKm: number }).distanceKm,
      });
    }
    const without = (await get('/api/cities/london')).json();
    for (const r of without.restaurants) expect(r.deliversHere).toBeNull();
    expect((await get('/api/cities/london?deliverTo=E1')).statusCode).toBe(400);
    expect((await get('/api/cities/london?near=E1%206AN')).statusCode).toBe(400);
  });

  it('answers 404 "City not found" for an unknown slug', async () => {
    const res = await get('/api/cities/atlantis');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'City not found' } });
  });
});

describe('POST /api/city-suggestions', () => {
  const suggest = (payload: unknown, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/city-suggestions',
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });
  const stored = (city: string) => t.database.db.select().from(citySuggestions).where(eq(citySuggestions.city, city));

  it('stores a visitor suggestion trimmed, with the e-mail lower-cased', async () => {
    const res = await suggest({ city: '  Derby  ', email: ' Visitor@Example.COM ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    expect(await stored('Derby')).toMatchObject([{ city: 'Derby', email: 'visitor@example.com', userId: null }]);
  });

  it('stores the account of a signed-in customer and no e-mail when the field is blank', async () => {
    const userId = await createUser(t, { email: 'suggester@example.com', userType: 'customer', status: 'active' });
    const cookie = await signIn(t, 'suggester@example.com');
    expect((await suggest({ city: 'Preston', email: '' }, cookie)).statusCode).toBe(201);
    expect(await stored('Preston')).toMatchObject([{ email: null, userId }]);
  });

  it('refuses an empty or overlong city and a malformed e-mail', async () => {
    for (const body of [{ city: '   ' }, { city: 'x'.repeat(81) }, { city: 'Derby', email: 'not-an-email' }, {}]) {
      const res = await suggest(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });
});
