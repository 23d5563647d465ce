import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notificationOutbox, orderItems } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Shop, pickupBody, place, seedShop } from '../orders/test-fixtures';

/** Item options (docs/product/partner.md#item-options, docs/product/customer.md#item-options). */
let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
});
afterAll(async () => t.close());

const put = (cookie: string | null, itemId: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/partner/items/${itemId}/options`,
    headers: cookie ? { cookie } : {},
    payload,
  });

const GROUPS = [
  {
    name: 'Size',
    minSelect: 1,
    maxSelect: 1,
    options: [
      { name: 'Regular', priceMinor: 0 },
      { name: 'Large', priceMinor: 250 },
    ],
  },
  {
    name: 'Extras',
    minSelect: 0,
    maxSelect: 2,
    options: [
      { name: 'Halloumi', priceMinor: 150 },
      { name: 'Fried egg', priceMinor: 100 },
      { name: 'Chips', priceMinor: 200 },
    ],
  },
];

type Group = { id: string; name: string; options: { id: string; name: string }[] };
let groups: Group[];
const opt = (group: string, name: string) =>
  groups.find((g) => g.name === group)!.options.find((o) => o.name === name)!.id;

describe('PUT /api/partner/items/:itemId/options', () => {
  it('refuses a stranger (401), another brand’s owner (404) and a group that cannot be satisfied (400)', async () => {
    expect((await put(null, shop.items.wrap.id, { groups: GROUPS })).statusCode).toBe(401);
    expect((await put(shop.otherPartner.cookie, shop.items.wrap.id, { groups: GROUPS })).statusCode).toBe(404);
    const bad = await put(shop.partner.cookie, shop.items.wrap.id, {
      groups: [{ ...GROUPS[0], minSelect: 3, maxSelect: 2 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('the minimum cannot be more than the maximum');
    const price = await put(shop.partner.cookie, shop.items.wrap.id, {
      groups: [{ ...GROUPS[0], options: [{ name: 'Large', priceMinor: -1 }] }],
    });
    expect(price.statusCode).toBe(400);
  });

  it('saves the groups with new ids, keeps ids sent back, and records the change in the audit log', async () => {
    const res = await put(shop.partner.cookie, shop.items.wrap.id, { groups: GROUPS });
    expect(res.statusCode, res.body).toBe(200);
    groups = res.json().item.optionGroups;
    expect(groups.map((g) => g.name)).toEqual(['Size', 'Extras']);
    expect(groups[0].options[1]).toMatchObject({ name: 'Large', priceMinor: 250 });
    const again = await put(shop.partner.cookie, shop.items.wrap.id, { groups });
    expect(again.json().item.optionGroups).toEqual(groups);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, shop.items.wrap.id));
    expect(audits.map((a) => a.actionType)).toContain('menu_options_changed');
  });
});

describe('per-location availability of options', () => {
  it('lets the branch leave out an option, and the restaurant page shows only what it offers', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/partner/sites/${shop.site.id}/items/${shop.items.wrap.id}/override`,
      headers: { cookie: shop.partner.cookie },
      payload: { unavailableOptionIds: [opt('Extras', 'Chips'), '00000000-0000-4000-8000-000000000000'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Only the item's own options are kept.
    expect(res.json().item.override.unavailableOptionIds).toEqual([opt('Extras', 'Chips')]);
    const page = await t.app.inject({ method: 'GET', url: `/api/restaurants/${shop.site.slug}` });
    const items = page.json().restaurant.menu.sections.flatMap((s: { items: unknown[] }) => s.items);
    const wrap = items.find((i: { id: string }) => i.id === shop.items.wrap.id);
    expect(wrap.optionGroups.map((g: Group) => [g.name, g.options.map((o) => o.name)])).toEqual([
      ['Size', ['Regular', 'Large']],
      ['Extras', ['Halloumi', 'Fried egg']],
    ]);
  });
});

describe('ordering with options', () => {
  const order = (items: unknown[]) => place(t, pickupBody(shop, { items }));

  it('refuses a missing required choice and too many extras with a clear 400', async () => {
    const missing = await order([{ menuItemId: shop.items.wrap.id, quantity: 2 }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Please choose Size for Chicken Wrap');
    const tooMany = await order([
      {
        menuItemId: shop.items.wrap.id,
        quantity: 2,
        optionIds: [
          opt('Size', 'Large'),
          opt('Extras', 'Halloumi'),
          opt('Extras', 'Fried egg'),
          opt('Extras', 'Chips'),
        ],
      },
    ]);
    expect(tooMany.statusCode).toBe(400);
    const overMax = await order([
      {
        menuItemId: shop.items.wrap.id,
        quantity: 2,
        optionIds: [opt('Size', 'Large'), opt('Size', 'Regular')],
      },
    ]);
    expect(overMax.statusCode).toBe(400);
    expect(overMax.json().error.message).toBe('Choose only one Size for Chicken Wrap');
    // An option this branch does not offer is refused too.
    const off = await order([
      { menuItemId: shop.items.wrap.id, quantity: 2, optionIds: [opt('Size', 'Large'), opt('Extras', 'Chips')] },
    ]);
    expect(off.statusCode).toBe(400);
    expect(off.json().error.message).toBe('An option you chose for Chicken Wrap is no longer available');
  });

  it('prices the options from the menu, keeps different options on different lines and copies them onto the order', async () => {
    const large = [opt('Size', 'Large'), opt('Extras', 'Halloumi'), opt('Extras', 'Fried egg')];
    const res = await order([
      { menuItemId: shop.items.wrap.id, quantity: 1, optionIds: large },
      { menuItemId: shop.items.wrap.id, quantity: 1, optionIds: [...large].reverse() },
      { menuItemId: shop.items.wrap.id, quantity: 1, optionIds: [opt('Size', 'Regular')] },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json().order;
    // (650 + 250 + 150 + 100) x 2 + 650
    expect(view.subtotalMinor).toBe(1150 * 2 + 650);
    expect(view.items).toHaveLength(2);
    const big = view.items.find((i: { quantity: number }) => i.quantity === 2);
    expect(big).toMatchObject({
      name: 'Chicken Wrap',
      unitPriceMinor: 1150,
      lineTotalMinor: 2300,
      options: [
        { group: 'Size', name: 'Large', priceMinor: 250 },
        { group: 'Extras', name: 'Halloumi', priceMinor: 150 },
        { group: 'Extras', name: 'Fried egg', priceMinor: 100 },
      ],
    });
    const stored = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, view.id));
    expect(stored.find((i) => i.quantity === 1)?.options).toEqual([{ group: 'Size', name: 'Regular', priceMinor: 0 }]);

    // The partner console's card and the receipt show them.
    const console = await t.app.inject({
      method: 'GET',
      url: `/api/partner/sites/${shop.site.id}/orders`,
      headers: { cookie: shop.partner.cookie },
    });
    const card = console.json().active.find((o: { id: string }) => o.id === view.id);
    expect(card.items.find((i: { quantity: number }) => i.quantity === 2).options).toHaveLength(3);
    // The visitor's receipt (an SMS: the pickup gives only a phone), not the branch's "new order"
    // rows written under the same event, which a select without order could return first.
    const receipts = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(
        and(
          like(notificationOutbox.dedupeKey, `order:${view.id}:placed%`),
          eq(notificationOutbox.eventKind, 'orderPlaced'),
        ),
      );
    expect(receipts.length).toBeGreaterThan(0);
    for (const receipt of receipts)
      expect(JSON.stringify(receipt.payload)).toContain('Large (+£2.50), Halloumi (+£1.50), Fried egg (+£1.00)');
  });

  it('keeps past orders as they were when the menu changes', async () => {
    await put(shop.partner.cookie, shop.items.wrap.id, { groups: [] });
    const [line] = await t.database.db.select().from(orderItems).where(eq(orderItems.menuItemId, shop.items.wrap.id));
    expect(line.options.length).toBeGreaterThan(0);
    const plain = await order([{ menuItemId: shop.items.wrap.id, quantity: 2 }]);
    expect(plain.statusCode, plain.body).toBe(201);
  });
});
