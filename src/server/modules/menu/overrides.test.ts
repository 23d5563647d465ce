import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, menuItems, menuSections, menus } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type PartnerWorld, call, partnerWorld } from '../partner/test-fixtures';

let t: TestApp;
let w: PartnerWorld;
let wrapId: string;
let teaId: string;
let foreignId: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await partnerWorld(t);
  const db = t.database.db;
  const [menu] = await db.insert(menus).values({ brandId: w.brandA.id }).returning();
  const [section] = await db.insert(menuSections).values({ menuId: menu.id, title: 'Wraps' }).returning();
  const [wrap] = await db
    .insert(menuItems)
    .values({
      menuId: menu.id,
      sectionId: section.id,
      name: 'Chicken Wrap',
      priceMinor: 650,
      description: 'Grilled chicken',
    })
    .returning();
  const [tea] = await db
    .insert(menuItems)
    .values({ menuId: menu.id, sectionId: section.id, name: 'Turkish Tea', priceMinor: 199 })
    .returning();
  wrapId = wrap.id;
  teaId = tea.id;
  const [bMenu] = await db.insert(menus).values({ brandId: w.brandB.id }).returning();
  const [bSection] = await db.insert(menuSections).values({ menuId: bMenu.id, title: 'Mains' }).returning();
  foreignId = (
    await db
      .insert(menuItems)
      .values({ menuId: bMenu.id, sectionId: bSection.id, name: 'Tagine', priceMinor: 1295 })
      .returning()
  )[0].id;
});
afterAll(async () => t.close());

const override = (cookie: string, siteId: string, itemId: string, body: unknown) =>
  call(t, 'PUT', `/api/partner/sites/${siteId}/items/${itemId}/override`, cookie, body);
const customerMenu = async (slug: string) => {
  const res = await call(t, 'GET', `/api/restaurants/${slug}`);
  return (res.json().restaurant.menu?.sections ?? []).flatMap((s: { items: unknown[] }) => s.items) as {
    id: string;
    name: string;
    priceMinor: number;
    description: string | null;
  }[];
};

describe('per-location overrides', () => {
  it('switches an item off for one location only, and the customer page drops it at once', async () => {
    expect((await customerMenu(w.a1.slug)).map((i) => i.name)).toContain('Chicken Wrap');
    const res = await override(w.manager.cookie, w.a1.id, wrapId, { isAvailable: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item.override).toEqual({
      isAvailable: false,
      priceMinor: null,
      description: null,
      unavailableOptionIds: null,
    });
    expect((await customerMenu(w.a1.slug)).map((i) => i.name)).toEqual(['Turkish Tea']);
    expect((await customerMenu(w.a2.slug)).map((i) => i.name)).toContain('Chicken Wrap');
  });

  it('changes price and description for one location and goes back to the base with null', async () => {
    await override(w.owner.cookie, w.a2.id, wrapId, { priceMinor: 725, description: 'With garlic sauce' });
    const wrap = (await customerMenu(w.a2.slug)).find((i) => i.id === wrapId)!;
    expect(wrap).toMatchObject({ priceMinor: 725, description: 'With garlic sauce' });
    const view = (await call(t, 'GET', `/api/partner/sites/${w.a2.id}/menu`, w.owner.cookie)).json();
    expect(view.menu.sections[0].items.find((i: { id: string }) => i.id === wrapId).override).toEqual({
      isAvailable: null,
      priceMinor: 725,
      description: 'With garlic sauce',
      unavailableOptionIds: null,
    });

    const back = await override(w.owner.cookie, w.a2.id, wrapId, { priceMinor: null, description: '' });
    expect(back.json().item.override).toBeNull();
    expect((await customerMenu(w.a2.slug)).find((i) => i.id === wrapId)).toMatchObject({
      priceMinor: 650,
      description: 'Grilled chicken',
    });
  });

  it('writes menu_price_changed with the location when an override moves the price', async () => {
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, wrapId));
    expect(rows.map((r) => [r.details.oldPriceMinor, r.details.newPriceMinor, r.details.siteId])).toEqual([
      [650, 725, w.a2.id],
      [725, 650, w.a2.id],
    ]);
  });

  it('answers 404 for an item of another brand, a location of another brand, and a site manager elsewhere', async () => {
    expect((await override(w.owner.cookie, w.a1.id, foreignId, { isAvailable: false })).statusCode).toBe(404);
    expect((await override(w.other.cookie, w.a1.id, teaId, { isAvailable: false })).statusCode).toBe(404);
    expect((await override(w.other.cookie, w.b1.id, teaId, { isAvailable: false })).statusCode).toBe(404);
    expect((await override(w.manager.cookie, w.a2.id, teaId, { isAvailable: false })).statusCode).toBe(404);
  });

  it('refuses a negative or fractional price', async () => {
    expect((await override(w.owner.cookie, w.a1.id, teaId, { priceMinor: -5 })).statusCode).toBe(400);
    expect((await override(w.owner.cookie, w.a1.id, teaId, { priceMinor: 1.5 })).statusCode).toBe(400);
  });
});
