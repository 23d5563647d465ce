import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestaurantDetail } from '../../../domain/contracts/catalog/get-restaurant';
import type { RestaurantCard } from '../../../domain/contracts/catalog/restaurant-card';
import type { SearchRestaurantsResponse } from '../../../domain/contracts/catalog/search-restaurants';
import { type DietaryChoice, matchesDietary } from '../../../domain/dietary';
import { distanceKm } from '../../../domain/geo';
import { nextOpening } from '../../../domain/next-opening';
import { WEEKDAYS, type OpeningHours } from '../../../domain/opening-hours';
import { menuItems, siteItemOverrides, sites } from '../../db/schema/index';
import { seedDemo } from '../../db/seed/seed-demo';
import { type TestApp, createTestApp } from '../../test/test-app';

let t: TestApp;
const menus = new Map<string, RestaurantDetail>();

const ALWAYS: OpeningHours = Object.fromEntries(
  WEEKDAYS.map((d) => [d, { open: '00:00', close: '00:00', closed: false }]),
) as OpeningHours;
// Open only on one day a week, from 03:00 to 04:00: closed at almost any instant the tests run.
const ONE_HOUR_A_WEEK: OpeningHours = Object.fromEntries(
  WEEKDAYS.map((d) => [d, { open: '03:00', close: '04:00', closed: d !== 'tuesday' }]),
) as OpeningHours;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, { storage: t.app.deps.uploadStorage });
  const db = t.database.db;
  await db.update(sites).set({ openingHours: ALWAYS });
  await db.update(sites).set({ openingHours: ONE_HOUR_A_WEEK }).where(eq(sites.slug, 'ottoman-hearth-stoke-newington'));
  await db
    .update(sites)
    .set({ pausedUntil: new Date(Date.now() + 3_600_000) })
    .where(eq(sites.slug, 'cedar-charcoal-edgware-road'));
  // One branch switches off every vegan dish of its brand's menu: it must drop out of a vegan search.
  const [site] = await db.select().from(sites).where(eq(sites.slug, 'kervan-ocakbasi-dalston'));
  const vegan = await db
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(and(eq(menuItems.isVegan, true)));
  for (const item of vegan) {
    await db
      .insert(siteItemOverrides)
      .values({ siteId: site.id, itemId: item.id, isAvailable: false })
      .onConflictDoNothing();
  }
  const london = await db
    .select({ slug: sites.slug })
    .from(sites)
    .where(and(eq(sites.citySlug, 'london'), eq(sites.status, 'active')));
  for (const { slug } of london) {
    const res = await t.app.inject({ method: 'GET', url: `/api/restaurants/${slug}` });
    menus.set(slug, res.json().restaurant);
  }
});
afterAll(async () => t.close());

async function search(query: string): Promise<SearchRestaurantsResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/restaurants/search${query}&limit=100` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const dishes = (slug: string) => menus.get(slug)?.menu?.sections.flatMap((s) => s.items) ?? [];
const slugsOf = (cards: RestaurantCard[]) => cards.map((c) => c.slug).sort();

describe('search by restaurant or dish name', () => {
  it('finds a restaurant by part of its brand name, ignoring case', async () => {
    const body = await search('?location=London&q=KERVAN');
    expect(slugsOf(body.restaurants)).toEqual(['kervan-ocakbasi-dalston']);
  });

  it('finds exactly the branches selling a dish whose name contains the text', async () => {
    const body = await search('?location=London&q=biryani');
    const expected = [...menus.keys()].filter(
      (slug) =>
        dishes(slug).some((d) => d.name.toLowerCase().includes('biryani')) ||
        `${menus.get(slug)!.brandName} ${menus.get(slug)!.branchName}`.toLowerCase().includes('biryani'),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(slugsOf(body.restaurants)).toEqual(expected.sort());
  });

  it('answers an empty list for a name nothing matches', async () => {
    const body = await search('?location=London&q=zzzz-no-such-dish');
    expect(body.total).toBe(0);
    expect(body.restaurants).toEqual([]);
  });
});

describe('dietary filters', () => {
  const cases: [string, DietaryChoice][] = [
    ['diet=vegetarian', { diet: ['vegetarian'], without: [] }],
    ['diet=vegan', { diet: ['vegan'], without: [] }],
    ['diet=spicy', { diet: ['spicy'], without: [] }],
    ['diet=vegan,spicy', { diet: ['vegan', 'spicy'], without: [] }],
    ['without=peanuts,milk,gluten', { diet: [], without: ['milk', 'peanuts', 'gluten'] }],
    ['diet=vegetarian&without=sesame,gluten', { diet: ['vegetarian'], without: ['sesame', 'gluten'] }],
  ];
  for (const [query, choice] of cases) {
    it(`keeps exactly the branches with an available dish matching ${query}`, async () => {
      const body = await search(`?location=London&${query}`);
      const expected = [...menus.keys()].filter((slug) => dishes(slug).some((d) => matchesDietary(d, choice)));
      expect(slugsOf(body.restaurants)).toEqual(expected.sort());
    });
  }

  it('leaves out a branch that switched off all its vegan dishes', async () => {
    const body = await search('?location=London&diet=vegan');
    expect(body.restaurants.map((c) => c.slug)).not.toContain('kervan-ocakbasi-dalston');
    expect(dishes('kervan-ocakbasi-dalston').some((d) => d.isVegan)).toBe(false);
  });

  it('combines a dish name with the dietary choice on the same dish', async () => {
    const body = await search('?location=London&q=biryani&without=peanuts');
    for (const c of body.restaurants) {
      const named = `${c.brandName} ${c.branchName}`.toLowerCase().includes('biryani');
      expect(
        dishes(c.slug).some(
          (d) => (named || d.name.toLowerCase().includes('biryani')) && !d.allergens.includes('peanuts'),
        ),
        c.slug,
      ).toBe(true);
    }
  });
});

describe('sort', () => {
  it('sorts by the lowest delivery fee', async () => {
    const fees = (await search('?location=London&sort=fee')).restaurants.map((c) => c.deliveryFeeMinor);
    expect(fees.length).toBeGreaterThan(3);
    expect(fees).toEqual([...fees].sort((a, b) => a - b));
  });

  it('sorts by the quickest delivery time', async () => {
    const etas = (await search('?location=London&sort=time')).restaurants.map((c) => c.etaMaxMinutes);
    expect(etas).toEqual([...etas].sort((a, b) => a - b));
  });

  it('sorts by rating, unrated last', async () => {
    const ratings = (await search('?location=London&sort=rating')).restaurants.map((c) => c.rating ?? -1);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('keeps the same branches whatever the sort', async () => {
    const recommended = await search('?location=London');
    const byFee = await search('?location=London&sort=fee');
    expect(slugsOf(byFee.restaurants)).toEqual(slugsOf(recommended.restaurants));
    expect(byFee.total).toBe(recommended.total);
  });

  it('sorts a city by distance from deliverTo, and a postcode search by distance', async () => {
    const city = await search('?location=London&deliverTo=E1%206AN&sort=distance');
    const km = city.restaurants.map((c) => c.distanceKm!);
    expect(km.every((k) => typeof k === 'number')).toBe(true);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    const postcode = await search('?location=E1%206AN&sort=distance');
    const pk = postcode.restaurants.map((c) => c.distanceKm!);
    expect(pk).toEqual([...pk].sort((a, b) => a - b));
  });

  it('refuses sorting by distance when no postcode is known', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/restaurants/search?location=London&sort=distance' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/postcode/);
  });
});

describe('delivers here', () => {
  it('says on each card of a city search whether the branch reaches the deliverTo postcode', async () => {
    const body = await search('?location=London&deliverTo=e16an');
    expect(body.deliverTo).toMatchObject({ postcode: 'E1 6AN' });
    const here = { lat: body.deliverTo!.lat, lng: body.deliverTo!.lng };
    const answers = body.restaurants.map((c) => c.deliversHere);
    expect(answers).toContain(true);
    expect(answers).toContain(false);
    for (const c of body.restaurants) {
      expect(c.deliversHere, c.slug).toBe(distanceKm(here, { lat: c.lat!, lng: c.lng! }) <= c.deliveryRadiusKm);
    }
  });

  it('says every branch of a postcode search delivers there, and nothing without a postcode', async () => {
    const postcode = await search('?location=E1%206AN');
    expect(postcode.restaurants.every((c) => c.deliversHere === true)).toBe(true);
    const city = await search('?location=London');
    expect(city.deliverTo).toBeNull();
    expect(city.restaurants.every((c) => c.deliversHere === null)).toBe(true);
  });
});

describe('opening times', () => {
  it('says when a closed branch next opens, and nothing for an open one', async () => {
    const body = await search('?location=London');
    const closed = body.restaurants.find((c) => c.slug === 'ottoman-hearth-stoke-newington')!;
    expect(closed.isOpen).toBe(false);
    expect(closed.nextOpening).toEqual(
      nextOpening({ isOpen: true, openingHours: ONE_HOUR_A_WEEK, pausedUntil: null }, new Date()),
    );
    expect(closed.nextOpening?.time).toBe('03:00');
    const paused = body.restaurants.find((c) => c.slug === 'cedar-charcoal-edgware-road')!;
    expect(paused.nextOpening).not.toBeNull();
    for (const c of body.restaurants.filter((r) => r.isOpen)) expect(c.nextOpening).toBeNull();
  });

  it('lists the week of opening hours on the restaurant page', async () => {
    const detail = menus.get('ottoman-hearth-stoke-newington')!;
    expect(detail.openingHours.map((d) => d.weekday)).toEqual([...WEEKDAYS]);
    expect(detail.openingHours.find((d) => d.weekday === 'tuesday')).toEqual({
      weekday: 'tuesday',
      open: '03:00',
      close: '04:00',
      closed: false,
    });
  });
});

describe('refused parameters', () => {
  for (const query of [
    'sort=cheapest',
    'diet=keto',
    'without=shellfish',
    'deliverTo=not-a-postcode',
    'deliverTo=E1',
    'dish=biryani',
    `q=${'x'.repeat(101)}`,
  ]) {
    it(`answers 400 for ${query.slice(0, 30)}`, async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/restaurants/search?location=London&${query}` });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    });
  }
});
