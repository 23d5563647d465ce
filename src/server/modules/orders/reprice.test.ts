import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Shop, deliveryBody, newKey, pickupBody, place, seedShop } from './test-fixtures';

/**
 * Checkout re-prices the cart before placing it (docs/decisions/0209-checkout-reprices-before-placing.md).
 * The input is the change customers met: a partner raising an option's price (£4.00 to £4.50) through
 * the menu manager while the dish sat in a cart, where the older tests only ever priced a menu that
 * never moved between reading it and ordering.
 */
let t: TestApp;
let shop: Shop;
let sideId: string;
let groupId: string;

type Group = { id: string; name: string; options: { id: string; name: string; priceMinor: number }[] };

/** The partner's menu manager saves the wrap's "Add a side" group with this price for lamb chops. */
async function setLambChops(priceMinor: number, ids?: { group: string; option: string }) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/partner/items/${shop.items.wrap.id}/options`,
    headers: { cookie: shop.partner.cookie },
    payload: {
      groups: [
        {
          ...(ids ? { id: ids.group } : {}),
          name: 'Add a side',
          minSelect: 0,
          maxSelect: 1,
          options: [{ ...(ids ? { id: ids.option } : {}), name: 'Lamb chops', priceMinor }],
        },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [group] = res.json().item.optionGroups as Group[];
  return { group: group.id, option: group.options[0].id };
}

const quote = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/orders/quote', payload: body });

const cartLines = () => [
  { menuItemId: shop.items.wrap.id, quantity: 2, optionIds: [sideId] },
  { menuItemId: shop.items.tea.id, quantity: 1 },
];

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  const ids = await setLambChops(400);
  sideId = ids.option;
  groupId = ids.group;
}, 120_000);
afterAll(async () => t?.close());

describe('POST /api/orders/quote', () => {
  it('prices the cart from the menu now: each line under its cart id, the fees and the total', async () => {
    await setLambChops(400, { group: groupId, option: sideId });
    const res = await quote({ siteId: shop.site.id, orderType: 'DELIVERY', items: cartLines() });
    expect(res.statusCode, res.body).toBe(200);
    // Wrap £6.50 + lamb chops £4.00 = £10.50 each; tea £1.99; delivery £2.49; no service fee by default.
    expect(res.json().quote).toEqual({
      lines: [
        {
          lineId: `${shop.items.wrap.id}~${sideId}`,
          menuItemId: shop.items.wrap.id,
          name: 'Chicken Wrap',
          unitPriceMinor: 1050,
          quantity: 2,
          lineTotalMinor: 2100,
          options: [{ group: 'Add a side', name: 'Lamb chops', priceMinor: 400 }],
        },
        {
          lineId: shop.items.tea.id,
          menuItemId: shop.items.tea.id,
          name: 'Turkish Tea',
          unitPriceMinor: 199,
          quantity: 1,
          lineTotalMinor: 199,
          options: [],
        },
      ],
      subtotalMinor: 2299,
      deliveryFeeMinor: 249,
      serviceFeeMinor: 0,
      offer: null,
      voucherCode: null,
      voucherDiscountMinor: 0,
      voucherRefusal: null,
      totalMinor: 2548,
    });
    const pickup = await quote({ siteId: shop.site.id, orderType: 'PICKUP', items: cartLines() });
    expect(pickup.json().quote).toMatchObject({ deliveryFeeMinor: 0, totalMinor: 2299 });
  });

  it('answers 409 naming an item no longer orderable, 404 for an unknown branch, 400 for a bad body', async () => {
    const soldOut = await quote({
      siteId: shop.site.id,
      orderType: 'PICKUP',
      items: [{ menuItemId: shop.items.soldOut.id, quantity: 1 }],
    });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().error.message).toMatch(/^Baklava is not available at /);
    const unknown = await quote({
      siteId: '00000000-0000-4000-8000-000000000000',
      orderType: 'PICKUP',
      items: cartLines(),
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await quote({ siteId: shop.site.id, orderType: 'PICKUP', items: [], priceMinor: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('POST /api/orders with the total the customer confirmed', () => {
  it('refuses with 409 and the new quote when a price rose after checkout showed it, and makes no order', async () => {
    await setLambChops(400, { group: groupId, option: sideId });
    const shown = (await quote({ siteId: shop.site.id, orderType: 'DELIVERY', items: cartLines() })).json().quote;
    expect(shown.totalMinor).toBe(2548);

    // The partner raises lamb chops from £4.00 to £4.50 while the cart sits at checkout.
    await setLambChops(450, { group: groupId, option: sideId });
    const key = newKey();
    const res = await place(t, deliveryBody(shop, { items: cartLines(), expectedTotalMinor: shown.totalMinor }), {
      key,
    });
    expect(res.statusCode, res.body).toBe(409);
    const { error } = res.json();
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(
      'Prices have changed since you opened checkout. The new total is £26.48. Please check and confirm it.',
    );
    expect(error.details.quote).toMatchObject({
      subtotalMinor: 2399,
      totalMinor: 2648,
      lines: [
        { lineId: `${shop.items.wrap.id}~${sideId}`, unitPriceMinor: 1100, lineTotalMinor: 2200 },
        { lineId: shop.items.tea.id, unitPriceMinor: 199 },
      ],
    });
    expect(await t.database.db.select().from(orders).where(eq(orders.idempotencyKey, key))).toEqual([]);

    // The customer confirms the new total and places again with the same key: one order, at that total.
    const again = await place(t, deliveryBody(shop, { items: cartLines(), expectedTotalMinor: 2648 }), { key });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().order).toMatchObject({ subtotalMinor: 2399, totalMinor: 2648 });
    const replayed = await place(t, deliveryBody(shop, { items: cartLines(), expectedTotalMinor: 2648 }), { key });
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json().order.id).toBe(again.json().order.id);
    const rows = await t.database.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    expect(rows[0].totalMinor).toBe(2648);
  });

  it('places the order at the confirmed total when nothing changed', async () => {
    await setLambChops(450, { group: groupId, option: sideId });
    const shown = (await quote({ siteId: shop.site.id, orderType: 'PICKUP', items: cartLines() })).json().quote;
    const res = await place(t, pickupBody(shop, { items: cartLines(), expectedTotalMinor: shown.totalMinor }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.totalMinor).toBe(shown.totalMinor);
  });

  it('refuses a price that fell too, since the customer confirms what they pay either way', async () => {
    await setLambChops(350, { group: groupId, option: sideId });
    const res = await place(t, pickupBody(shop, { items: cartLines(), expectedTotalMinor: 2399 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details.quote.totalMinor).toBe(2199);
  });

  it('answers 400 to a total that is not whole pence', async () => {
    for (const expectedTotalMinor of [-1, 25.5, '2548']) {
      const res = await place(t, pickupBody(shop, { items: cartLines(), expectedTotalMinor }));
      expect(res.statusCode, String(expectedTotalMinor)).toBe(400);
      expect(res.json().error.message).toMatch(/expectedTotalMinor/);
    }
  });
});
