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
  offers,
  siteItemOverrides,
  sites,
} from '../../db/schema/index';
import { seedDemo } from '../../db/seed/seed-demo';
import { type TestApp, createTestApp } from '../../test/test-app';
import { createMenuTexts, getRestaurant, restaurantPageAnswer, restaurantPageText } from './get-restaurant';

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
    // The route's text, its menus' texts reused from the first instant on (docs/decisions/0281-restaurant-menu-text-by-row-versions.md).
    const texts = createMenuTexts();
    for (const now of INSTANTS) {
      for (const slug of [...slugs, 'no-such-place']) {
        const one = await getRestaurant(db, slug, now).catch((err: Error) => err);
        const two = await db.transaction((tx) => getRestaurant(tx, slug, now)).catch((err: Error) => err);
        const answer = await restaurantPageAnswer(db, slug, now, texts).catch((err: Error) => err);
        if (two instanceof Error) {
          expect(answer, slug).toBeInstanceOf(Error);
          expect((answer as Error).message).toBe(two.message);
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
        expect(answer, slug).not.toBeInstanceOf(Error);
        expect((answer as { text: string }).text, `route's text of ${slug} at ${now.toISOString()}`).toBe(
          JSON.stringify(getRestaurantResponse.parse({ restaurant: two })),
        );
        expect((answer as { id: string }).id).toBe(two.id);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(INSTANTS.length * 10);
    // Written once per branch with a menu, reused at every later instant.
    expect(texts.stats.written).toBeGreaterThan(5);
    expect(texts.stats.reused).toBeGreaterThan(texts.stats.written * (INSTANTS.length - 2));
  }, 240_000);
});

describe('pages asked together', () => {
  it('answers each request its own page when many are read in one statement', async () => {
    const db = t.database.db;
    const texts = createMenuTexts();
    // Every slug twice, unknown slugs between them, at instants of different London dates, all asked in one turn.
    const asks = INSTANTS.flatMap((now) =>
      [...slugs, 'no-such-place', ...slugs.slice().reverse()].map((slug) => ({ slug, now })),
    );
    expect(asks.length).toBeGreaterThan(64); // more than one statement's worth
    const together = await Promise.all(
      asks.map(({ slug, now }) => restaurantPageAnswer(db, slug, now, texts).catch((err: Error) => err)),
    );
    let pages = 0;
    for (const [i, { slug, now }] of asks.entries()) {
      const alone = await db
        .transaction((tx) => getRestaurant(tx, slug, now))
        .then((page) => JSON.stringify(getRestaurantResponse.parse({ restaurant: page })))
        .catch((err: Error) => err);
      if (alone instanceof Error) {
        expect(together[i], slug).toBeInstanceOf(Error);
        expect((together[i] as Error).message).toBe(alone.message);
      } else {
        expect((together[i] as { text: string }).text, `${slug} at ${now.toISOString()}`).toBe(alone);
        pages++;
      }
    }
    expect(pages).toBeGreaterThan(INSTANTS.length * 10);
  }, 240_000);
});

describe("the menu's text reused only while its rows are unchanged", () => {
  /** The route's text and the text built from scratch, for one branch; and whether the menu's text was reused. */
  const check = async (texts: ReturnType<typeof createMenuTexts>, slug: string, what: string) => {
    const db = t.database.db;
    const now = new Date('2026-07-02T11:45:00.000Z');
    const before = texts.stats.reused;
    const answer = await restaurantPageAnswer(db, slug, now, texts);
    const fresh = await db.transaction((tx) => getRestaurant(tx, slug, now));
    expect(answer.text, what).toBe(JSON.stringify(getRestaurantResponse.parse({ restaurant: fresh })));
    return texts.stats.reused > before;
  };

  it('answers every edit of an item, a section or an override at once, and reuses the text otherwise', async () => {
    const db = t.database.db;
    const texts = createMenuTexts();
    // Two branches of one brand with a menu of several sections.
    const all = await db.select().from(sites).where(eq(sites.status, 'active')).orderBy(sites.slug);
    const byBrand = new Map<string, (typeof all)[number][]>();
    for (const s of all) byBrand.set(s.brandId, [...(byBrand.get(s.brandId) ?? []), s]);
    const [brandId, [one, two]] = [...byBrand].find(([, list]) => list.length >= 2)!;
    const [menu] = await db.select().from(menus).where(eq(menus.brandId, brandId));
    const items = await db
      .select()
      .from(menuItems)
      .where(sql`${menuItems.menuId} = ${menu.id} and ${menuItems.isAvailable}`)
      .orderBy(menuItems.name);
    const [section] = await db.select().from(menuSections).where(eq(menuSections.id, items[0].sectionId));
    expect(items.length).toBeGreaterThan(3);

    expect(await check(texts, one.slug, 'first read')).toBe(false);
    expect(await check(texts, one.slug, 'unchanged')).toBe(true);
    expect(await check(texts, two.slug, 'the other branch, first read')).toBe(false);

    const edits: [string, () => Promise<unknown>][] = [
      ['a price', () => db.update(menuItems).set({ priceMinor: 4321 }).where(eq(menuItems.id, items[0].id))],
      ['a name', () => db.update(menuItems).set({ name: 'Renamed "dish"' }).where(eq(menuItems.id, items[1].id))],
      [
        'a section title',
        () => db.update(menuSections).set({ title: 'Renamed' }).where(eq(menuSections.id, section.id)),
      ],
      ['an item hidden', () => db.update(menuItems).set({ isAvailable: false }).where(eq(menuItems.id, items[2].id))],
      ['an item shown', () => db.update(menuItems).set({ isAvailable: true }).where(eq(menuItems.id, items[2].id))],
      [
        'an item added',
        () =>
          db.insert(menuItems).values({ menuId: menu.id, sectionId: section.id, name: 'New dish', priceMinor: 999 }),
      ],
      ['an item deleted', () => db.delete(menuItems).where(eq(menuItems.name, 'New dish'))],
      [
        // One transaction writes both branches' overrides: each branch's text follows its own.
        'overrides of both branches',
        () =>
          db.insert(siteItemOverrides).values([
            { siteId: one.id, itemId: items[3].id, priceMinor: 1 },
            { siteId: two.id, itemId: items[3].id, isAvailable: false },
          ]),
      ],
      [
        'an override changed',
        () =>
          db
            .update(siteItemOverrides)
            .set({ description: 'Changed' })
            .where(sql`${siteItemOverrides.siteId} = ${one.id} and ${siteItemOverrides.itemId} = ${items[3].id}`),
      ],
      ['an override deleted', () => db.delete(siteItemOverrides).where(eq(siteItemOverrides.siteId, one.id))],
    ];
    for (const [what, edit] of edits) {
      await edit();
      expect(await check(texts, one.slug, what), what).toBe(false);
      expect(await check(texts, one.slug, `${what}, read again`), what).toBe(true);
      await check(texts, two.slug, `${what}, the other branch`);
    }
    // A slug moved to another branch (of another brand) reads that branch's menu.
    const other = all.find((s) => s.brandId !== brandId && byBrand.get(s.brandId)!.length === 1)!;
    await db
      .update(sites)
      .set({ slug: `${other.slug}-old` })
      .where(eq(sites.id, other.id));
    await db.update(sites).set({ slug: other.slug }).where(eq(sites.id, one.id));
    expect(await check(texts, other.slug, 'a slug moved')).toBe(false);
  });
});

describe("the offers' text reused only while the branch's offers are unchanged", () => {
  /** The route's text against the text built from scratch, for one branch at `iso`; and whether the offers' text was reused. */
  const check = async (texts: ReturnType<typeof createMenuTexts>, slug: string, what: string, iso: string) => {
    const db = t.database.db;
    const now = new Date(iso);
    const before = texts.stats.offersReused;
    const answer = await restaurantPageAnswer(db, slug, now, texts);
    const fresh = await db.transaction((tx) => getRestaurant(tx, slug, now));
    expect(answer.text, what).toBe(JSON.stringify(getRestaurantResponse.parse({ restaurant: fresh })));
    return { reused: texts.stats.offersReused > before, label: fresh.offerLabel };
  };

  it('answers every write to an offer or its named dish at once, a new London date too, and reuses the text otherwise', async () => {
    const db = t.database.db;
    const texts = createMenuTexts();
    // Thursday 2 July 2026, 12:45 in London; and the Friday after.
    const THU = '2026-07-02T11:45:00.000Z';
    const FRI = '2026-07-03T11:45:00.000Z';
    const all = await db.select().from(sites).where(eq(sites.status, 'active')).orderBy(sites.slug);
    const byBrand = new Map<string, (typeof all)[number][]>();
    for (const s of all) byBrand.set(s.brandId, [...(byBrand.get(s.brandId) ?? []), s]);
    const [brandId, [one, two]] = [...byBrand].find(([, list]) => list.length >= 2)!;
    const [menu] = await db.select().from(menus).where(eq(menus.brandId, brandId));
    const [dish] = await db
      .select()
      .from(menuItems)
      .where(sql`${menuItems.menuId} = ${menu.id} and ${menuItems.isAvailable}`)
      .orderBy(menuItems.name)
      .limit(1);
    const offer = { brandId, startsOn: '2026-01-01' };

    expect(await check(texts, one.slug, 'no offers, first read', THU)).toEqual({ reused: false, label: null });
    expect(await check(texts, one.slug, 'no offers, unchanged', THU)).toEqual({ reused: true, label: null });

    let ids: Record<string, string> = {};
    const edits: [string, () => Promise<unknown>, string | null][] = [
      [
        'a brand-wide offer added',
        async () => {
          const [row] = await db
            .insert(offers)
            .values({ ...offer, kind: 'percent_off', percent: 20, capMinor: 500 })
            .returning();
          ids = { ...ids, brand: row.id };
        },
        '20% off, up to £5',
      ],
      [
        'its figure changed',
        () => db.update(offers).set({ percent: 25 }).where(eq(offers.id, ids.brand)),
        '25% off, up to £5',
      ],
      [
        // The other branch's own offer leaves this page's text as it was, but its key lists its offers alone.
        'the other branch’s own offer added',
        () => db.insert(offers).values({ ...offer, siteId: two.id, kind: 'amount_off', amountMinor: 300 }),
        '25% off, up to £5',
      ],
      [
        'this branch’s own free dish',
        async () => {
          const [row] = await db
            .insert(offers)
            .values({ ...offer, siteId: one.id, kind: 'free_item', itemIds: [dish.id], minSpendMinor: 1500 })
            .returning();
          ids = { ...ids, own: row.id };
        },
        `Free ${dish.name} when you spend £15`,
      ],
      [
        'its dish renamed',
        () => db.update(menuItems).set({ name: 'Renamed dish' }).where(eq(menuItems.id, dish.id)),
        'Free Renamed dish when you spend £15',
      ],
      [
        'its last day set to yesterday',
        () => db.update(offers).set({ endsOn: '2026-07-01' }).where(eq(offers.id, ids.own)),
        '25% off, up to £5',
      ],
      [
        'the brand-wide offer ended',
        () => db.update(offers).set({ endedAt: new Date() }).where(eq(offers.id, ids.brand)),
        null,
      ],
    ];
    for (const [what, edit, label] of edits) {
      await edit();
      const first = await check(texts, one.slug, what, THU);
      expect(first.label, what).toBe(label);
      // A write elsewhere may leave this branch's offers as they were; any write to them is read at once.
      if (what.startsWith('the other branch')) expect(first.reused, what).toBe(true);
      else expect(first.reused, what).toBe(false);
      expect((await check(texts, one.slug, `${what}, read again`, THU)).reused, what).toBe(true);
      await check(texts, two.slug, `${what}, the other branch`, THU);
    }
    // The dish named again, deleted: the label no longer names it.
    await db.update(offers).set({ endsOn: null }).where(eq(offers.id, ids.own));
    expect(await check(texts, one.slug, 'the free dish again', THU)).toEqual({
      reused: false,
      label: 'Free Renamed dish when you spend £15',
    });
    await db.delete(menuItems).where(eq(menuItems.id, dish.id));
    expect(await check(texts, one.slug, 'its dish deleted', THU)).toEqual({
      reused: false,
      label: 'A free item from selected dishes when you spend £15',
    });

    // An offer that starts tomorrow is not read today; tomorrow's text is read for tomorrow's date.
    await db.insert(offers).values({ ...offer, siteId: one.id, kind: 'free_delivery', startsOn: '2026-07-03' });
    expect((await check(texts, one.slug, 'today, again', THU)).reused).toBe(true);
    expect((await check(texts, one.slug, 'tomorrow', FRI)).reused).toBe(false);
    expect((await check(texts, one.slug, 'tomorrow, read again', FRI)).reused).toBe(true);
    expect((await check(texts, one.slug, 'today after tomorrow', THU)).reused).toBe(false);
    await db.delete(offers).where(eq(offers.brandId, brandId));
    expect(await check(texts, one.slug, 'every offer deleted', THU)).toEqual({ reused: false, label: null });
  });
});
