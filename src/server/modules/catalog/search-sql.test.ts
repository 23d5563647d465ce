import { isCertificateCurrent, londonDate } from '../../../domain/halal-facts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchRestaurantsResponse } from '../../../domain/contracts/catalog/search-restaurants';
import type { GeoPoint } from '../../../domain/geo';
import { isOpenNow } from '../../../domain/open-now';
import { type DayHours, type OpeningHours, WEEKDAYS } from '../../../domain/opening-hours';
import {
  SEARCH_FILTERS,
  type SearchFilter,
  matchesCuisine,
  matchesSearchFilters,
} from '../../../domain/search-filters';
import { compareCityResults } from '../../../domain/search-order';
import { halalCertificates, sites } from '../../db/schema/index';
import { seedDemo } from '../../db/seed/seed-demo';
import { type TestApp, createTestApp } from '../../test/test-app';
import { tableGeocoder } from '../geo/geocoder';
import { branchesDeliveringTo, cityBranchesQuery } from './find-branches';
import { createBranchSnapshot } from './branch-snapshot';
import { searchRestaurants, searchRestaurantsText } from './search-restaurants';

/**
 * docs/decisions/0093-search-in-sql.md: the search judges the filter chips and "open now" in SQL. For varied branches
 * (hours past midnight, closed days, pauses, busy minutes, unrated, cuisines, every chip) and
 * instants round London's midnight and both DST changes, the search must answer exactly what the
 * domain's pure functions give over the full rows (the search as it was before, restated here).
 * Runs on PGlite, or on PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
const CITY = 'reading';
const CENTRE: GeoPoint = { lat: 51.4545, lng: -0.9781 };

// A small deterministic generator: the same branches on every run.
let state = 20_260_329;
const rand = () => {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state / 2_147_483_648;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];

const DAYS: DayHours[] = [
  { open: '09:00', close: '22:00', closed: false },
  { open: '18:00', close: '02:00', closed: false },
  { open: '23:30', close: '00:30', closed: false },
  { open: '00:00', close: '00:00', closed: false },
  { open: '12:00', close: '12:00', closed: false },
  { open: '11:30', close: '14:15', closed: false },
  { open: '00:00', close: '23:59', closed: false },
  { open: '17:00', close: '23:00', closed: true },
  { open: '01:00', close: '01:59', closed: false },
];

// Instants round midnight (GMT and BST), at the DST changes (29 March and 25 October 2026, 01:00 UTC), by day.
const INSTANTS = [
  '2026-01-05T23:59:59.999Z',
  '2026-01-06T00:00:00.000Z',
  '2026-01-06T01:59:00.000Z',
  '2026-03-29T00:30:00.000Z',
  '2026-03-29T01:30:00.000Z',
  '2026-07-01T22:59:00.000Z',
  '2026-07-01T23:00:00.000Z',
  '2026-07-02T11:45:00.000Z',
  '2026-10-25T00:30:00.000Z',
  '2026-10-25T01:30:00.000Z',
  '2026-12-31T23:15:00.000Z',
].map((s) => new Date(s));

const FILTER_SETS: SearchFilter[][] = [
  [],
  ...SEARCH_FILTERS.map((f) => [f]),
  ['open', 'top'],
  ['fast', 'free', 'open'],
  [...SEARCH_FILTERS],
];
const CUISINES = [undefined, 'all', 'turkish', ' Indian ', 'PAKISTANI', 'Sushi'];

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, { storage: t.app.deps.uploadStorage });
  const db = t.database.db;
  const [brand] = await db.select({ brandId: sites.brandId }).from(sites).where(eq(sites.citySlug, CITY)).limit(1);
  const rows = Array.from({ length: 90 }, (_, i) => {
    const hours = Object.fromEntries(WEEKDAYS.map((d) => [d, { ...pick(DAYS) }])) as OpeningHours;
    const paused = pick([null, null, INSTANTS[3], INSTANTS[6], new Date(INSTANTS[1].getTime() + 1), INSTANTS[9]]);
    const rated = rand() < 0.7;
    return {
      brandId: brand.brandId,
      name: pick(['Branch 2', 'branch 10', 'Branch 1', 'Ålesund', 'alpha', 'Alpha']) + ` ${i % 7}`,
      slug: `sql-eq-${i}`,
      address: `${i} Broad Street, Reading`,
      city: 'Reading',
      citySlug: CITY,
      lat: CENTRE.lat + (rand() - 0.5) * 0.3,
      lng: CENTRE.lng + (rand() - 0.5) * 0.4,
      deliveryRadiusKm: pick([0.5, 3, 5, 8, 20]),
      cuisines: [pick(['Turkish', ' turkish ', 'Indian', 'Grill']), ...(rand() < 0.5 ? ['PAKISTANI'] : [])],
      deliveryFeeMinor: pick([0, 0, 199, 349]),
      etaMaxMinutes: pick([25, 30, 30, 45]),
      busyExtraMinutes: pick([0, 0, 5, 10]),
      halalSuspendedAt: rand() < 0.1 ? INSTANTS[0] : null,
      isOpen: rand() < 0.85,
      openingHours: hours,
      pausedUntil: paused,
      ratingAvg: rated ? pick([3.9, 4.4, 4.5, 4.5, 5]) : pick([null, 4.8]),
      reviewCount: rated ? pick([1, 12]) : 0,
      status: rand() < 0.05 ? ('inactive' as const) : ('active' as const),
    };
  });
  await db.insert(sites).values(rows);
  // Some of them with a current approved certificate (Verified Halal needs one).
  const [cert] = await db.select().from(halalCertificates).limit(1);
  const ids = (await db.select({ id: sites.id, slug: sites.slug }).from(sites).where(eq(sites.citySlug, CITY))).filter(
    (_, i) => i % 3 === 0,
  );
  const { id: _omit, ...template } = cert;
  await db.insert(halalCertificates).values(
    ids.map((s, i) => ({
      ...template,
      siteId: s.id,
      // Most current at every instant; some lapse between the tested instants; some await review.
      status: i % 7 === 6 ? ('pending' as const) : ('approved' as const),
      issuedOn: '2025-01-01',
      expiresOn: i % 5 === 4 ? '2026-07-01' : '2027-12-31',
    })),
  );
});
afterAll(async () => t.close());

type Query = { cuisine: string | undefined; filters: SearchFilter[] };

/** The sites with an approved certificate current on the London date of `at`, straight from the table. */
async function currentlyCertifiedSiteIds(ids: string[], at: Date): Promise<Set<string>> {
  const rows = await t.database.db
    .select({
      siteId: halalCertificates.siteId,
      status: halalCertificates.status,
      expiresOn: halalCertificates.expiresOn,
    })
    .from(halalCertificates);
  const today = londonDate(at);
  return new Set(rows.filter((r) => ids.includes(r.siteId) && isCertificateCurrent(r, today)).map((r) => r.siteId));
}

/** The search before docs/decisions/0093-search-in-sql.md: every full row through the domain's functions. */
async function expectedCity(query: Query, at: Date) {
  const rows = await cityBranchesQuery(t.database.db, CITY, londonDate(at));
  const ranked = rows.map((row) => ({
    id: row.id,
    cuisines: row.cuisines,
    brandName: row.brandName,
    branchName: row.branchName,
    halalStatus: row.halalStatus,
    etaMaxMinutes: row.etaMaxMinutes + row.busyExtraMinutes,
    deliveryFeeMinor: row.deliveryFeeMinor,
    rating: row.reviewCount > 0 && row.ratingAvg !== null ? Number(row.ratingAvg) : null,
    isOpen: isOpenNow(row, at),
  }));
  const certified = await currentlyCertifiedSiteIds(
    ranked.map((c) => c.id),
    at,
  );
  return ranked
    .filter(
      (c) =>
        matchesCuisine(c.cuisines, query.cuisine) &&
        matchesSearchFilters(c, query.filters) &&
        (!query.filters.includes('verified') || certified.has(c.id)),
    )
    .sort(compareCityResults)
    .map((c) => `${c.id} ${c.isOpen} ${c.rating}`);
}

async function expectedNear(query: Query, at: Date, point: GeoPoint) {
  const found = await branchesDeliveringTo(t.database.db, point, londonDate(at));
  const certified = await currentlyCertifiedSiteIds(
    found.map((c) => c.row.id),
    at,
  );
  return found
    .filter(({ row }) => {
      const c = {
        ...row,
        etaMaxMinutes: row.etaMaxMinutes + row.busyExtraMinutes,
        rating: row.reviewCount > 0 && row.ratingAvg !== null ? Number(row.ratingAvg) : null,
        isOpen: isOpenNow(row, at),
      };
      return (
        matchesCuisine(row.cuisines, query.cuisine) &&
        matchesSearchFilters(c, query.filters) &&
        (!query.filters.includes('verified') || certified.has(row.id))
      );
    })
    .map(({ row, km }) => `${row.id} ${isOpenNow(row, at)} ${Math.round(km * 10) / 10}`);
}

describe('the search judged in SQL', () => {
  it('answers as the domain rules for every chip, cuisine and instant, in a city', async () => {
    let compared = 0;
    let texts = 0;
    for (const at of INSTANTS) {
      for (const filters of FILTER_SETS) {
        for (const cuisine of CUISINES) {
          const got = await searchRestaurants(
            t.database.db,
            tableGeocoder(),
            { location: 'Reading', cuisine, filters, limit: 100, offset: 0 },
            at,
          );
          const want = await expectedCity({ cuisine, filters }, at);
          expect(
            got.restaurants.map((c) => `${c.id} ${c.isOpen} ${c.rating}`),
            `${at.toISOString()} ${filters.join(',')} ${cuisine}`,
          ).toEqual(want);
          expect(got.total).toBe(want.length);
          compared += want.length;
          // Pages across the (open, rating) groups, and past the end (the one-statement page: no cuisine).
          if (cuisine !== undefined) continue;
          for (const [offset, limit] of [
            [0, 7],
            [5, 9],
            [13, 4],
            [40, 25],
            [want.length, 5],
            [want.length + 3, 5],
          ]) {
            const part = await searchRestaurants(
              t.database.db,
              tableGeocoder(),
              { location: 'Reading', cuisine, filters, limit, offset },
              at,
            );
            expect(
              part.restaurants.map((c) => `${c.id} ${c.isOpen} ${c.rating}`),
              `${at.toISOString()} ${filters.join(',')} ${cuisine} ${offset}+${limit}`,
            ).toEqual(want.slice(offset, offset + limit));
            expect(part.total).toBe(want.length);
            // The answer as text in one statement (city-page-json.ts) is the validated answer, to the character.
            const text = await searchRestaurantsText(
              t.database.db,
              tableGeocoder(),
              { location: offset % 2 ? ' READING ' : 'Reading', cuisine, filters, limit, offset },
              at,
            );
            expect(text, `text ${at.toISOString()} ${filters.join(',')} ${offset}+${limit}`).toBe(
              JSON.stringify(searchRestaurantsResponse.parse(part)),
            );
            texts += 1;
          }
        }
      }
    }
    // The cases are not vacuous: branches were found, open and closed.
    expect(compared).toBeGreaterThan(1000);
    expect(texts).toBe(INSTANTS.length * FILTER_SETS.length * 6);
  }, 240_000);

  it('answers the demo London page as text equal to the validated answer (halal badges, logos, pauses)', async () => {
    for (const at of INSTANTS) {
      for (const limit of [24, 100]) {
        const query = { location: 'london', filters: [], limit, offset: 0 };
        const want = JSON.stringify(
          searchRestaurantsResponse.parse(await searchRestaurants(t.database.db, tableGeocoder(), query, at)),
        );
        expect(want).toMatch(/"lastVerifiedAt":"\d{4}-/);
        expect(await searchRestaurantsText(t.database.db, tableGeocoder(), query, at)).toBe(want);
      }
    }
  });

  it('answers as the domain rules near a point (radius, distance order)', async () => {
    const geocoder = tableGeocoder();
    const postcode = 'RG1 7PJ';
    const point = await geocoder.geocode(postcode);
    expect(point).not.toBeNull();
    for (const at of INSTANTS) {
      for (const filters of FILTER_SETS) {
        for (const cuisine of [undefined, 'turkish']) {
          const got = await searchRestaurants(
            t.database.db,
            geocoder,
            { location: postcode, cuisine, filters, limit: 100, offset: 0 },
            at,
          );
          const want = await expectedNear({ cuisine, filters }, at, point!);
          expect(
            got.restaurants.map((c) => `${c.id} ${c.isOpen} ${c.distanceKm}`),
            `${at.toISOString()} ${filters.join(',')} ${cuisine}`,
          ).toEqual(want.slice(0, 100));
        }
      }
    }
  });

  it('answers from the branch snapshot the same text as from SQL (city and postcode, every chip, cuisine, sort, page, instant)', async () => {
    // docs/decisions/0266-embedded-misses-under-churn.md: a search miss reads its branches from the snapshot.
    const snapshot = createBranchSnapshot(t.database.db);
    const geocoder = tableGeocoder();
    let compared = 0;
    let round = 0;
    for (const at of INSTANTS) {
      for (const filters of FILTER_SETS) {
        // Three of the queries each round, in turn: every query meets every instant and chip set over the loop.
        round += 1;
        for (const [location, cuisine, sort, deliverTo, offset, limit] of (
          [
            ['Reading', undefined, undefined, undefined, 0, 100],
            ['reading', 'turkish', undefined, undefined, 0, 100],
            ['Reading', ' Indian ', 'rating', undefined, 0, 100],
            ['Reading', undefined, 'fee', 'RG1 7PJ', 0, 100],
            ['Reading', undefined, 'time', undefined, 5, 9],
            ['Reading', undefined, undefined, undefined, 13, 4],
            ['RG1 7PJ', undefined, undefined, undefined, 0, 100],
            ['RG1 7PJ', 'turkish', 'distance', undefined, 2, 5],
            ['RG1', undefined, 'rating', undefined, 0, 100],
          ] as const
        ).filter((_, k) => k % 3 === round % 3)) {
          const query = { location, cuisine, filters, sort, deliverTo, limit, offset };
          const want = JSON.stringify(
            searchRestaurantsResponse.parse(await searchRestaurants(t.database.db, geocoder, query, at)),
          );
          const got = await searchRestaurantsText(t.database.db, geocoder, query, at, snapshot);
          expect(got, `${at.toISOString()} ${JSON.stringify(query)}`).toBe(want);
          compared += (JSON.parse(want) as { restaurants: unknown[] }).restaurants.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
  }, 240_000);

  it('finds some branches open and some closed at every instant', async () => {
    for (const at of INSTANTS) {
      const got = await searchRestaurants(
        t.database.db,
        tableGeocoder(),
        { location: 'Reading', cuisine: undefined, filters: [], limit: 100, offset: 0 },
        at,
      );
      expect(got.restaurants.some((c) => c.isOpen)).toBe(true);
      expect(got.restaurants.some((c) => !c.isOpen)).toBe(true);
    }
  });
});
