import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRestaurantResponse } from '../../../domain/contracts/catalog/get-restaurant';
import { defaultOpeningHours } from '../../../domain/opening-hours';
import {
  brands,
  halalCertificates,
  menuItems,
  menuSections,
  menus,
  siteItemOverrides,
  sites,
} from '../../db/schema/index';
import { seedDemo } from '../../db/seed/seed-demo';
import { type TestApp, createTestApp } from '../../test/test-app';
import { getRestaurant, restaurantPageText } from './get-restaurant';

/**
 * docs/decisions/0178-fast-uncached-search.md: the restaurant page is one prepared statement
 * (branch, brand description and menu rows as JSON). Inside a transaction getRestaurant still runs
 * the two builder reads it was made of (branchBySlugQuery and branchMenuQuery); for every listed
 * branch, with options, overrides, paused branches, unavailable items and options, every halal
 * status and instants round London's midnight and both DST changes, both must answer the same
 * object (keys in the same order) and the same contract JSON. Runs on PGlite, or on PostgreSQL
 * with DATABASE_URL.
 */
let t: TestApp;
let slugs: string[];

const INSTANTS = [
  '2026-01-05T23:59:59.999Z',
  '2026-01-06T00:00:00.000Z',
  '2026-03-29T00:30:00.000Z',
  '2026-03-29T01:30:00.000Z',
  '2026-07-01T22:59:00.000Z',
  '2026-07-01T23:00:00.000Z',
  '2026-07-02T11:45:00.000Z',
  '2026-10-25T01:30:00.000Z',
  '2026-12-31T23:15:00.000Z',
].map((s) => new Date(s));

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, { storage: t.app.deps.uploadStorage });
  const db = t.database.db;
  const all = await db.select().from(sites).orderBy(sites.slug);
  const withOptions = await db
    .select()
    .from(menuItems)
    .where(sql`jsonb_array_length(${menuItems.optionGroups}) > 0`);
  expect(withOptions.length).toBeGreaterThan(0);

  // Overrides: a price and description (with characters JSON escapes), a hidden item, hidden options, nulls.
  const [a, b, c] = all;
  const items = await db.select().from(menuItems);
  const sizeOf = (menuId: string) => items.filter((i) => i.menuId === menuId).length;
  const option = withOptions.reduce((best, i) => (sizeOf(i.menuId) > sizeOf(best.menuId) ? i : best));
  const optionIds = option.optionGroups.flatMap((g) => g.options.map((o) => o.id));
  const [menuOf] = await db.select().from(menus).where(eq(menus.id, option.menuId));
  const branch = all.find((s) => s.brandId === menuOf.brandId)!;
  const others = items.filter((i) => i.menuId === option.menuId && i.id !== option.id);
  expect(others.length).toBeGreaterThan(3);
  await db.insert(siteItemOverrides).values([
    { siteId: branch.id, itemId: option.id, unavailableOptionIds: optionIds.slice(0, 1) },
    {
      siteId: branch.id,
      itemId: others[0].id,
      priceMinor: 1,
      description: 'Quote " back\\slash \n new line, é 😀 \u2028',
    },
    { siteId: branch.id, itemId: others[1].id, isAvailable: false },
    { siteId: branch.id, itemId: others[2].id, isAvailable: null, priceMinor: null, description: null },
  ]);
  await db.update(menuItems).set({ isAvailable: false }).where(eq(menuItems.id, others[3].id));
  await db.insert(menuSections).values({ menuId: option.menuId, title: '  ', sortOrder: -1 });

  // Paused (at microseconds), busy, switched off, unrated and rated branches; hours past midnight.
  await db.execute(
    sql`update ${sites} set paused_until = '2026-07-01T23:00:00.000999Z', busy_extra_minutes = 15 where ${sites.id} = ${a.id}`,
  );
  await db.update(sites).set({ isOpen: false, ratingAvg: 4.5, reviewCount: 3 }).where(eq(sites.id, b.id));
  await db
    .update(sites)
    .set({
      ratingAvg: 3.2,
      reviewCount: 0,
      pausedUntil: new Date('2026-03-29T01:00:00.000Z'),
      openingHours: {
        ...defaultOpeningHours(),
        sunday: { open: '18:00', close: '02:00', closed: false },
        monday: { open: '17:00', close: '23:00', closed: true },
      },
      lat: null,
      lng: null,
    })
    .where(eq(sites.id, c.id));

  // Halal states: a suspension, an expired and a pending certificate, one ending on 1 July, reviewed at microseconds.
  const certificates = await db.select().from(halalCertificates).orderBy(halalCertificates.id);
  expect(certificates.length).toBeGreaterThan(3);
  await db
    .update(sites)
    .set({ halalSuspendedAt: new Date('2026-01-01T00:00:00Z') })
    .where(eq(sites.id, certificates[0].siteId));
  await db.update(halalCertificates).set({ status: 'expired' }).where(eq(halalCertificates.id, certificates[1].id));
  await db.update(halalCertificates).set({ status: 'pending' }).where(eq(halalCertificates.id, certificates[2].id));
  await db.execute(
    sql`update ${halalCertificates} set issued_on = '2025-07-01', expires_on = '2026-07-01', reviewed_at = '2026-02-03T04:05:06.789999Z' where ${halalCertificates.id} = ${certificates[3].id}`,
  );

  // A brand without a menu and one with nothing available.
  const site = {
    address: '1 Test Road, London',
    city: 'London',
    citySlug: 'london',
    openingHours: defaultOpeningHours(),
  };
  const [bare] = await db.insert(brands).values({ name: 'New Kitchen', description: 'Opening soon' }).returning();
  await db.insert(sites).values({ ...site, brandId: bare.id, name: 'Bow', slug: 'new-kitchen-bow' });
  const [soldOut] = await db.insert(brands).values({ name: 'Sold Out Grill' }).returning();
  const [menu] = await db.insert(menus).values({ brandId: soldOut.id }).returning();
  const [section] = await db.insert(menuSections).values({ menuId: menu.id, title: 'Grills' }).returning();
  await db
    .insert(menuItems)
    .values({ menuId: menu.id, sectionId: section.id, name: 'Adana', priceMinor: 1200, isAvailable: false });
  await db.insert(sites).values({ ...site, brandId: soldOut.id, name: 'Mile End', slug: 'sold-out-grill-mile-end' });
  await db
    .update(sites)
    .set({ status: 'inactive' })
    .where(eq(sites.id, all[all.length - 1].id));

  slugs = (await db.select({ slug: sites.slug }).from(sites).orderBy(sites.slug)).map((s) => s.slug);
});
afterAll(async () => t.close());

describe('getRestaurant in one statement', () => {
  it('answers what the two builder reads answer, for every branch and instant', async () => {
    const db = t.database.db;
    let compared = 0;
    for (const now of INSTANTS) {
      for (const slug of [...slugs, 'no-such-place']) {
        const one = await getRestaurant(db, slug, now).catch((err: Error) => err);
        const two = await db.transaction((tx) => getRestaurant(tx, slug, now)).catch((err: Error) => err);
        if (two instanceof Error) {
          expect(one, slug).toBeInstanceOf(Error);
          expect((one as Error).message).toBe(two.message);
          continue;
        }
        expect(one, `${slug} at ${now.toISOString()}`).not.toBeInstanceOf(Error);
        expect(JSON.stringify(one), `${slug} at ${now.toISOString()}`).toBe(JSON.stringify(two));
        expect(one).toEqual(two);
        expect(JSON.stringify(getRestaurantResponse.parse({ restaurant: one }))).toBe(
          JSON.stringify(getRestaurantResponse.parse({ restaurant: two })),
        );
        // The text the route sends (restaurantPageText: the object as built, not parsed again) is the contract's, to the
        // character (docs/decisions/0248-uncached-path-cpu.md).
        expect(JSON.stringify({ restaurant: one }), `text of ${slug}`).toBe(
          JSON.stringify(getRestaurantResponse.parse({ restaurant: two })),
        );
        if (compared === 0)
          expect(restaurantPageText(await getRestaurant(db, slug, now))).toBe(JSON.stringify({ restaurant: one }));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(INSTANTS.length * 10);
  });
});
