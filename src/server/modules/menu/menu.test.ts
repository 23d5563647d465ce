import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, menus } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type PartnerWorld, call, partnerWorld } from '../partner/test-fixtures';

let t: TestApp;
let w: PartnerWorld;
let menuId: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await partnerWorld(t);
});
afterAll(async () => t.close());

const menuOf = async (cookie: string, siteId: string) =>
  (await call(t, 'GET', `/api/partner/sites/${siteId}/menu`, cookie)).json();

describe('creating the menu', () => {
  it('shows no menu until the brand has one', async () => {
    const view = await menuOf(w.owner.cookie, w.a1.id);
    expect(view).toMatchObject({ menu: null, canEditBase: true, site: { id: w.a1.id, brandId: w.brandA.id } });
  });

  it('refuses a site manager (403) and another partner (404)', async () => {
    expect((await call(t, 'POST', `/api/partner/sites/${w.a1.id}/menu`, w.manager.cookie)).statusCode).toBe(403);
    expect((await call(t, 'POST', `/api/partner/sites/${w.a1.id}/menu`, w.other.cookie)).statusCode).toBe(404);
  });

  it('creates one base menu per brand, shared by its locations', async () => {
    const res = await call(t, 'POST', `/api/partner/sites/${w.a1.id}/menu`, w.owner.cookie);
    expect(res.statusCode, res.body).toBe(201);
    menuId = res.json().menu.id;
    const again = await call(t, 'POST', `/api/partner/sites/${w.a2.id}/menu`, w.admin.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().menu.id).toBe(menuId);
    expect(await t.database.db.select().from(menus).where(eq(menus.brandId, w.brandA.id))).toHaveLength(1);
  });
});

describe('sections', () => {
  it('quick start adds Starters, Main Courses, Drinks and Desserts with sort orders 0 to 3, once', async () => {
    const res = await call(t, 'POST', `/api/partner/menus/${menuId}/quick-sections`, w.owner.cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().sections.map((s: { title: string; sortOrder: number }) => [s.title, s.sortOrder])).toEqual([
      ['Starters', 0],
      ['Main Courses', 1],
      ['Drinks', 2],
      ['Desserts', 3],
    ]);
    expect(
      (await call(t, 'POST', `/api/partner/menus/${menuId}/quick-sections`, w.owner.cookie)).json().sections,
    ).toEqual([]);
  });

  it('adds a custom section after the last, refusing a blank title', async () => {
    expect(
      (await call(t, 'POST', `/api/partner/menus/${menuId}/sections`, w.owner.cookie, { title: '  ' })).statusCode,
    ).toBe(400);
    const res = await call(t, 'POST', `/api/partner/menus/${menuId}/sections`, w.owner.cookie, { title: 'Grills' });
    expect(res.json().section).toMatchObject({ title: 'Grills', sortOrder: 4, items: [] });
  });

  it('renames, reorders and deletes sections', async () => {
    const sections = (await menuOf(w.owner.cookie, w.a1.id)).menu.sections as { id: string; title: string }[];
    const grills = sections.find((s) => s.title === 'Grills')!;
    expect(
      (await call(t, 'PATCH', `/api/partner/sections/${grills.id}`, w.owner.cookie, { title: 'Charcoal Grills' }))
        .statusCode,
    ).toBe(200);
    const reversed = sections.map((s) => s.id).reverse();
    expect(
      (await call(t, 'PUT', `/api/partner/menus/${menuId}/section-order`, w.owner.cookie, { sectionIds: reversed }))
        .statusCode,
    ).toBe(200);
    const after = (await menuOf(w.owner.cookie, w.a1.id)).menu.sections as { id: string; title: string }[];
    expect(after.map((s) => s.title)).toEqual(['Charcoal Grills', 'Desserts', 'Drinks', 'Main Courses', 'Starters']);
    // A stale order (a section missing) is refused rather than half-applied.
    expect(
      (
        await call(t, 'PUT', `/api/partner/menus/${menuId}/section-order`, w.owner.cookie, {
          sectionIds: reversed.slice(1),
        })
      ).statusCode,
    ).toBe(409);
    expect((await call(t, 'DELETE', `/api/partner/sections/${grills.id}`, w.owner.cookie)).statusCode).toBe(200);
    expect((await menuOf(w.owner.cookie, w.a1.id)).menu.sections).toHaveLength(4);
  });

  it("answers 404 on another brand's section and 403 to a site manager", async () => {
    const [s] = (await menuOf(w.owner.cookie, w.a1.id)).menu.sections;
    expect((await call(t, 'PATCH', `/api/partner/sections/${s.id}`, w.other.cookie, { title: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call(t, 'DELETE', `/api/partner/sections/${s.id}`, w.other.cookie)).statusCode).toBe(404);
    expect((await call(t, 'PATCH', `/api/partner/sections/${s.id}`, w.manager.cookie, { title: 'x' })).statusCode).toBe(
      403,
    );
    expect(
      (await call(t, 'POST', `/api/partner/menus/${menuId}/sections`, w.other.cookie, { title: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('items', () => {
  let sectionId: string;
  let itemId: string;

  beforeAll(async () => {
    const sections = (await menuOf(w.owner.cookie, w.a1.id)).menu.sections as { id: string; title: string }[];
    sectionId = sections.find((s) => s.title === 'Main Courses')!.id;
  });

  it('adds an item with the defaults: available, category mains, no flags', async () => {
    const res = await call(t, 'POST', `/api/partner/sections/${sectionId}/items`, w.owner.cookie, {
      name: 'Lamb Shish',
      priceMinor: 1295,
      description: '',
      category: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    itemId = res.json().item.id;
    expect(res.json().item).toMatchObject({
      name: 'Lamb Shish',
      priceMinor: 1295,
      description: null,
      imageUrl: null,
      isAvailable: true,
      category: 'mains',
      isVegetarian: false,
      isSpicy: false,
      allergens: [],
      sortOrder: 0,
    });
  });

  it('keeps flags, allergens, an uploaded image and puts the next item last', async () => {
    const res = await call(t, 'POST', `/api/partner/sections/${sectionId}/items`, w.admin.cookie, {
      name: 'Falafel Wrap',
      priceMinor: 650,
      category: 'Wraps',
      isVegetarian: true,
      isSpicy: true,
      allergens: ['sesame', 'gluten'],
      imageUrl: '/api/uploads/0b8f2f8e-6a43-4c1e-9d5b-6a1f7a3c2b10',
    });
    expect(res.json().item).toMatchObject({
      category: 'Wraps',
      isVegetarian: true,
      isSpicy: true,
      allergens: ['sesame', 'gluten'],
      sortOrder: 1,
    });
  });

  it('refuses a blank name, a missing or negative price, an unknown allergen and a script address for the image', async () => {
    for (const body of [
      { name: ' ', priceMinor: 100 },
      { name: 'x' },
      { name: 'x', priceMinor: -1 },
      { name: 'x', priceMinor: 1.5 },
      { name: 'x', priceMinor: 100, allergens: ['anchovies'] },
      { name: 'x', priceMinor: 100, imageUrl: 'javascript:alert(1)' },
    ]) {
      expect(
        (await call(t, 'POST', `/api/partner/sections/${sectionId}/items`, w.owner.cookie, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
  });

  it('edits an item and writes menu_price_changed to the audit log when the price changes', async () => {
    const res = await call(t, 'PATCH', `/api/partner/items/${itemId}`, w.owner.cookie, {
      priceMinor: 1395,
      description: 'Charcoal-grilled',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({ priceMinor: 1395, description: 'Charcoal-grilled', name: 'Lamb Shish' });
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, itemId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actionType: 'menu_price_changed',
      entityType: 'menu_item',
      performedBy: w.owner.id,
    });
    expect(rows[0].details).toMatchObject({ brandId: w.brandA.id, oldPriceMinor: 1295, newPriceMinor: 1395 });
    await call(t, 'PATCH', `/api/partner/items/${itemId}`, w.owner.cookie, { name: 'Lamb Shish Kebab' });
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, itemId))).toHaveLength(1);
  });

  it('reorders items and moves one to another section of the same menu', async () => {
    const items = (await menuOf(w.owner.cookie, w.a1.id)).menu.sections.find((s: { id: string }) => s.id === sectionId)
      .items as { id: string }[];
    const order = items.map((i) => i.id).reverse();
    expect(
      (await call(t, 'PUT', `/api/partner/sections/${sectionId}/item-order`, w.owner.cookie, { itemIds: order }))
        .statusCode,
    ).toBe(200);
    const again = (await menuOf(w.owner.cookie, w.a1.id)).menu.sections.find((s: { id: string }) => s.id === sectionId)
      .items as { id: string }[];
    expect(again.map((i) => i.id)).toEqual(order);
    const starters = (await menuOf(w.owner.cookie, w.a1.id)).menu.sections.find(
      (s: { title: string }) => s.title === 'Starters',
    );
    const moved = await call(t, 'PATCH', `/api/partner/items/${order[0]}`, w.owner.cookie, { sectionId: starters.id });
    expect(moved.json().item.sectionId).toBe(starters.id);
  });

  it("answers 404 on another brand's item, also for moving into its section, and 403 to a site manager", async () => {
    await call(t, 'POST', `/api/partner/sites/${w.b1.id}/menu`, w.other.cookie);
    const bMenu = (await menuOf(w.other.cookie, w.b1.id)).menu;
    const bSection = (
      await call(t, 'POST', `/api/partner/menus/${bMenu.id}/sections`, w.other.cookie, { title: 'Mains' })
    ).json().section;
    expect((await call(t, 'PATCH', `/api/partner/items/${itemId}`, w.other.cookie, { priceMinor: 1 })).statusCode).toBe(
      404,
    );
    expect((await call(t, 'DELETE', `/api/partner/items/${itemId}`, w.other.cookie)).statusCode).toBe(404);
    expect(
      (await call(t, 'POST', `/api/partner/sections/${sectionId}/items`, w.other.cookie, { name: 'x', priceMinor: 1 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t, 'PATCH', `/api/partner/items/${itemId}`, w.owner.cookie, { sectionId: bSection.id })).statusCode,
    ).toBe(404);
    expect(
      (await call(t, 'PATCH', `/api/partner/items/${itemId}`, w.manager.cookie, { priceMinor: 1 })).statusCode,
    ).toBe(403);
    expect((await call(t, 'GET', `/api/partner/sites/${w.a1.id}/menu`, w.other.cookie)).statusCode).toBe(404);
  });

  it('lets a site manager read the menu of their location but not edit the base', async () => {
    const view = await menuOf(w.manager.cookie, w.a1.id);
    expect(view.canEditBase).toBe(false);
    expect(view.menu.id).toBe(menuId);
    expect((await call(t, 'GET', `/api/partner/sites/${w.a2.id}/menu`, w.manager.cookie)).statusCode).toBe(404);
  });

  it('deletes an item', async () => {
    expect((await call(t, 'DELETE', `/api/partner/items/${itemId}`, w.owner.cookie)).statusCode).toBe(200);
    expect((await call(t, 'PATCH', `/api/partner/items/${itemId}`, w.owner.cookie, { name: 'x' })).statusCode).toBe(
      404,
    );
  });
});
