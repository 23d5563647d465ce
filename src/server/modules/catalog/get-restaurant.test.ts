import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultOpeningHours } from '../../../domain/opening-hours';
import { phoneForStorage } from '../../../domain/phone';
import { SAMPLE_RESTAURANTS } from '../../../domain/sample-data/sample-restaurants';
import { brands, menuItems, menuSections, menus, siteItemOverrides, sites } from '../../db/schema/index';
import { seedDemo } from '../../db/seed/seed-demo';
import { type TestApp, createTestApp } from '../../test/test-app';

type Item = { id: string; name: string; description: string | null; priceMinor: number; sortOrder: number };
type Section = { id: string; title: string; items: Item[] };

let t: TestApp;
let brandId: string;
let menuId: string;
let londonSiteId: string;
let baseItems: (typeof menuItems.$inferSelect)[];

beforeAll(async () => {
  t = await createTestApp();
  // The bare catalog: these tests compare whole generated menus (docs/product/customer.md#demo-data adds to them).
  await seedDemo(t.database.db, { storage: t.app.deps.uploadStorage, showcase: false });
  // Saffron Ember has branches in London, Birmingham and Manchester sharing one base menu.
  const [london] = await t.database.db.select().from(sites).where(eq(sites.slug, 'saffron-ember-green-street'));
  brandId = london.brandId;
  londonSiteId = london.id;
  const [menu] = await t.database.db.select().from(menus).where(eq(menus.brandId, brandId));
  menuId = menu.id;
  baseItems = await t.database.db
    .select()
    .from(menuItems)
    .where(eq(menuItems.menuId, menuId))
    .orderBy(asc(menuItems.sortOrder));
});
afterAll(async () => t.close());

async function page(slug: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/restaurants/${slug}` });
  return { status: res.statusCode, body: res.json() };
}
const items = (sections: Section[]) => sections.flatMap((s) => s.items);

describe('GET /api/restaurants/:slug', () => {
  it('answers a sample branch with its card, brand description and the sample menu in order', async () => {
    const sample = SAMPLE_RESTAURANTS[0];
    const { status, body } = await page(sample.slug);
    expect(status).toBe(200);
    expect(body.restaurant).toMatchObject({
      id: sample.id,
      slug: sample.slug,
      brandName: sample.brandName,
      branchName: sample.branchName,
      address: sample.address,
      postcode: sample.postcode,
      phone: phoneForStorage(sample.phone),
      deliveryFeeMinor: sample.deliveryFeeMinor,
      deliveryRadiusKm: sample.deliveryRadiusKm,
      halalStatus: sample.certificate ? 'verified' : 'self-declared',
      distanceKm: null,
      brandDescription: sample.description,
    });
    const sections: Section[] = body.restaurant.menu.sections;
    expect(sections.map((s) => s.title)).toEqual(sample.menu.map((s) => s.title ?? 'Other'));
    expect(items(sections).map((i) => [i.id, i.name, i.priceMinor])).toEqual(
      sample.menu.flatMap((s) => s.items.map((i) => [i.id, i.name, i.priceMinor])),
    );
  });

  it('lists every item of a seeded menu by section and sort order, with all item fields', async () => {
    const { body } = await page('saffron-ember-ladypool-road');
    const sections: Section[] = body.restaurant.menu.sections;
    expect(items(sections).map((i) => i.id)).toEqual(baseItems.map((i) => i.id));
    const sortOrders = items(sections).map((i) => i.sortOrder);
    expect(sortOrders).toEqual([...sortOrders].sort((a, b) => a - b));
    const first = baseItems[0];
    expect(items(sections)[0]).toEqual({
      id: first.id,
      name: first.name,
      description: first.description,
      priceMinor: first.priceMinor,
      imageUrl: first.imageUrl,
      category: first.category,
      isVegetarian: first.isVegetarian,
      isVegan: first.isVegan,
      isSpicy: first.isSpicy,
      allergens: first.allergens,
      sortOrder: first.sortOrder,
      optionGroups: first.optionGroups,
    });
  });

  it("applies only this branch's overrides: a hidden item, a new price and description", async () => {
    const [hidden, repriced, untouched] = baseItems;
    await t.database.db.insert(siteItemOverrides).values([
      { siteId: londonSiteId, itemId: hidden.id, isAvailable: false },
      { siteId: londonSiteId, itemId: repriced.id, priceMinor: 999, description: 'Green Street special' },
      // An override of nulls changes nothing.
      { siteId: londonSiteId, itemId: untouched.id, isAvailable: null, priceMinor: null, description: null },
    ]);
    const london = items((await page('saffron-ember-green-street')).body.restaurant.menu.sections);
    expect(london.map((i) => i.id)).not.toContain(hidden.id);
    expect(london.find((i) => i.id === repriced.id)).toMatchObject({
      priceMinor: 999,
      description: 'Green Street special',
    });
    expect(london.find((i) => i.id === untouched.id)).toMatchObject({
      priceMinor: untouched.priceMinor,
      description: untouched.description,
    });
    const birmingham = items((await page('saffron-ember-ladypool-road')).body.restaurant.menu.sections);
    expect(birmingham.map((i) => i.id)).toContain(hidden.id);
    expect(birmingham.find((i) => i.id === repriced.id)).toMatchObject({
      priceMinor: repriced.priceMinor,
      description: repriced.description,
    });
  });

  it('hides an item the brand made unavailable even where a branch marks it available', async () => {
    const item = baseItems[3];
    await t.database.db.update(menuItems).set({ isAvailable: false }).where(eq(menuItems.id, item.id));
    await t.database.db.insert(siteItemOverrides).values({ siteId: londonSiteId, itemId: item.id, isAvailable: true });
    for (const slug of ['saffron-ember-green-street', 'saffron-ember-rusholme']) {
      expect(
        items((await page(slug)).body.restaurant.menu.sections).map((i) => i.id),
        slug,
      ).not.toContain(item.id);
    }
  });

  it('titles an untitled section "Other" and leaves out a section with nothing available', async () => {
    const [untitled] = await t.database.db
      .insert(menuSections)
      .values({ menuId, title: null, sortOrder: 0 })
      .returning();
    const [empty] = await t.database.db
      .insert(menuSections)
      .values({ menuId, title: 'Sold Out', sortOrder: 99 })
      .returning();
    await t.database.db.insert(menuItems).values([
      { menuId, sectionId: untitled.id, name: 'Mint Tea', priceMinor: 250, sortOrder: 0 },
      { menuId, sectionId: empty.id, name: 'Gone Today', priceMinor: 500, sortOrder: 100, isAvailable: false },
    ]);
    const sections: Section[] = (await page('saffron-ember-rusholme')).body.restaurant.menu.sections;
    expect(sections[0]).toMatchObject({
      id: untitled.id,
      title: 'Other',
      items: [{ name: 'Mint Tea', priceMinor: 250 }],
    });
    expect(sections.map((s) => s.title)).not.toContain('Sold Out');
  });

  it('answers menu null for a brand without a menu or without anything available', async () => {
    const db = t.database.db;
    const [bare] = await db.insert(brands).values({ name: 'New Kitchen', description: 'Opening soon' }).returning();
    const site = {
      address: '1 Test Road, London',
      city: 'London',
      citySlug: 'london',
      openingHours: defaultOpeningHours(),
    };
    await db.insert(sites).values({ ...site, brandId: bare.id, name: 'Bow', slug: 'new-kitchen-bow' });
    const noMenu = await page('new-kitchen-bow');
    expect(noMenu.status).toBe(200);
    expect(noMenu.body.restaurant).toMatchObject({
      brandName: 'New Kitchen',
      brandDescription: 'Opening soon',
      menu: null,
    });

    const [soldOut] = await db.insert(brands).values({ name: 'Sold Out Grill' }).returning();
    const [menu] = await db.insert(menus).values({ brandId: soldOut.id }).returning();
    const [section] = await db.insert(menuSections).values({ menuId: menu.id, title: 'Grills' }).returning();
    await db
      .insert(menuItems)
      .values({ menuId: menu.id, sectionId: section.id, name: 'Adana', priceMinor: 1200, isAvailable: false });
    await db.insert(sites).values({ ...site, brandId: soldOut.id, name: 'Mile End', slug: 'sold-out-grill-mile-end' });
    expect((await page('sold-out-grill-mile-end')).body.restaurant.menu).toBeNull();
  });

  it('answers 404 "Restaurant not found" for an unknown slug and an inactive branch', async () => {
    await t.database.db.update(sites).set({ status: 'inactive' }).where(eq(sites.slug, 'tigris-grill-ealing'));
    for (const slug of ['no-such-place', 'tigris-grill-ealing']) {
      const res = await page(slug);
      expect(res.status, slug).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Restaurant not found' } });
    }
  });
});
