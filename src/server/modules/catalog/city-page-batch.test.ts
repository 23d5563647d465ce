import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchRestaurantsResponse } from '../../../domain/contracts/catalog/search-restaurants';
import type { SearchFilter } from '../../../domain/search-filters';
import { brands, offers, sites } from '../../db/schema/index';
import { seedDemo } from '../../db/seed/seed-demo';
import { type TestApp, createTestApp } from '../../test/test-app';
import { tableGeocoder } from '../geo/geocoder';
import { cardTextStats } from './city-page-json';
import { searchRestaurants, searchRestaurantsText } from './search-restaurants';

/**
 * docs/decisions/0290-search-pages-batched.md: a city's pages asked together share one statement, each request its own
 * rows for its own clock, and a card's text is reused only while the statement reports its branch's and brand's row
 * versions unchanged. Every answer must be, to the character, the contract's JSON of searchRestaurants's answer for the
 * same query and instant (built by other statements, one request at a time). PGlite, or PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
const geocoder = tableGeocoder();

beforeAll(async () => {
  t = await createTestApp({ responseCache: false });
  await seedDemo(t.database.db, { storage: t.app.deps.uploadStorage });
});
afterAll(async () => t.close());

type Query = { location: string; filters: SearchFilter[]; limit: number; offset: number };

const want = async (query: Query, at: Date) =>
  JSON.stringify(searchRestaurantsResponse.parse(await searchRestaurants(t.database.db, geocoder, query, at)));
const text = (query: Query, at: Date) => searchRestaurantsText(t.database.db, geocoder, query, at);

// London at night, at lunch and in the evening of one winter day, the next morning, and a summer evening (BST).
const INSTANTS = [
  '2026-01-06T03:10:00.000Z',
  '2026-01-06T12:30:00.000Z',
  '2026-01-06T19:45:00.000Z',
  '2026-01-07T09:00:00.000Z',
  '2026-07-02T21:15:00.000Z',
].map((s) => new Date(s));

describe('city pages asked together', () => {
  it('answers each of many pages asked at once as it is answered alone (chips, pages, instants, spellings)', async () => {
    const queries: [Query, Date][] = [];
    for (const at of INSTANTS) {
      for (const filters of [[], ['open'], ['offers'], ['verified', 'top']] as SearchFilter[][]) {
        for (const [offset, limit] of [
          [0, 24],
          [0, 5],
          [3, 4],
          [50, 10],
        ]) {
          queries.push([{ location: offset % 2 ? ' LONDON ' : 'London', filters, limit, offset }, at]);
        }
      }
      // Another city, an unknown place and a place the batch's JSON could not carry as text, among them.
      queries.push([{ location: 'Birmingham', filters: [], limit: 24, offset: 0 }, at]);
      queries.push([{ location: 'Atlantis', filters: [], limit: 24, offset: 0 }, at]);
      queries.push([{ location: 'Lon\ud800don', filters: [], limit: 24, offset: 0 }, at]);
    }
    // Twice over, so that the second round reuses the first round's card texts.
    for (let round = 0; round < 2; round += 1) {
      const before = cardTextStats(t.database.db);
      const got = await Promise.all(queries.map(([q, at]) => text(q, at)));
      for (const [i, [q, at]] of queries.entries()) {
        expect(got[i], `${round} ${at.toISOString()} ${JSON.stringify(q)}`).toBe(await want(q, at));
      }
      const after = cardTextStats(t.database.db);
      // One text is kept per branch, for one London date: the instants of the other dates read their cards again.
      if (round === 1) expect(after.reused - before.reused).toBeGreaterThan(20);
    }
    // Open and closed branches were among the answers.
    const all = (
      await Promise.all(INSTANTS.map((at) => text({ location: 'London', filters: [], limit: 100, offset: 0 }, at)))
    ).flatMap((body) => (JSON.parse(body) as { restaurants: { isOpen: boolean }[] }).restaurants);
    expect(all.some((c) => c.isOpen)).toBe(true);
    expect(all.some((c) => !c.isOpen)).toBe(true);
  }, 120_000);

  it("reuses a card's text only while its branch's and brand's rows are unchanged; the clock and offers are read every time", async () => {
    const db = t.database.db;
    const at = INSTANTS[1];
    const query: Query = { location: 'London', filters: [], limit: 100, offset: 0 };
    const check = async () => {
      const body = await text(query, at);
      expect(body).toBe(await want(query, at));
      return body;
    };
    await check();
    let before = cardTextStats(db);
    await check();
    let after = cardTextStats(db);
    expect(after.written - before.written).toBe(0);
    expect(after.reused - before.reused).toBeGreaterThan(10);

    const [branch] = await db.select().from(sites).where(eq(sites.citySlug, 'london')).limit(1);
    // The branch's own row: its name, then a pause (the clock's fields come from the row the text was written from).
    await db.update(sites).set({ name: 'Renamed For The Test' }).where(eq(sites.id, branch.id));
    before = cardTextStats(db);
    expect(await check()).toContain('"branchName":"Renamed For The Test"');
    after = cardTextStats(db);
    expect(after.written - before.written).toBe(1);
    await db
      .update(sites)
      .set({ pausedUntil: new Date(at.getTime() + 3_600_000) })
      .where(eq(sites.id, branch.id));
    await check();
    await db.update(sites).set({ pausedUntil: null }).where(eq(sites.id, branch.id));
    await check();

    // The brand's row: every branch of the brand in the page is written again.
    await db.update(brands).set({ name: 'Brand Renamed' }).where(eq(brands.id, branch.brandId));
    expect(await check()).toContain('"brandName":"Brand Renamed"');

    // An offer is no part of the key: the badge is judged from the offers read with every page.
    const [offer] = await db
      .insert(offers)
      .values({ brandId: branch.brandId, kind: 'percent_off', percent: 20, capMinor: 500, startsOn: '2026-01-01' })
      .returning();
    before = cardTextStats(db);
    const badged = await check();
    after = cardTextStats(db);
    expect(after.written - before.written).toBe(0);
    expect(badged).toMatch(/"offerLabel":"[^"]+"/);
    await db.update(offers).set({ endedAt: new Date() }).where(eq(offers.id, offer.id));
    expect(await check()).not.toMatch(/"offerLabel":"[^"]+"/);

    // The halal status is the branch's row and the London date: suspended, then another day.
    await db
      .update(sites)
      .set({ halalSuspendedAt: new Date(at.getTime() - 60_000) })
      .where(eq(sites.id, branch.id));
    expect(await check()).toContain('"halalStatus":"suspended"');
    for (const other of INSTANTS) {
      expect(await text(query, other)).toBe(await want(query, other));
    }
  }, 120_000);
});
