import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliveryJobs,
  menuItems,
  orderEtas,
  orderItems,
  orderStatusHistory,
  orders,
  sites,
} from '../../db/schema/index';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { hashOrderToken } from '../access/order-access';
import { type Shop, deliveryBody, newKey, pickupBody, place, seedShop, setSetting } from './test-fixtures';

let t: TestApp;
let shop: Shop;
let customer: string;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  customerId = await createUser(t, {
    email: 'aisha@example.com',
    userType: 'customer',
    status: 'active',
    name: 'Aisha Khan',
  });
  customer = await signIn(t, 'aisha@example.com');
});
afterAll(async () => t.close());

describe('POST /api/orders: pricing', () => {
  it('refuses prices the browser sends, naming the field, and prices every line from the database', async () => {
    const withPrices = deliveryBody(shop, {
      items: [
        { menuItemId: shop.items.wrap.id, quantity: 2, price: 1, priceMinor: 1 },
        { menuItemId: shop.items.tea.id, quantity: 1, price: 0 },
      ],
      subtotalMinor: 1,
      totalMinor: 1,
      deliveryFeeMinor: 0,
    });
    const refused = await place(t, withPrices);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/price/);
    const body = deliveryBody(shop, {
      items: [
        { menuItemId: shop.items.wrap.id, quantity: 2 },
        { menuItemId: shop.items.tea.id, quantity: 1 },
      ],
    });
    const res = await place(t, body);
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json();
    expect(order.subtotalMinor).toBe(2 * 650 + 199);
    expect(order.deliveryFeeMinor).toBe(249);
    expect(order.totalMinor).toBe(2 * 650 + 199 + 249);
    expect(order.items).toEqual(
      expect.arrayContaining([
        {
          menuItemId: shop.items.wrap.id,
          name: 'Chicken Wrap',
          unitPriceMinor: 650,
          quantity: 2,
          lineTotalMinor: 1300,
          options: [],
        },
        {
          menuItemId: shop.items.tea.id,
          name: 'Turkish Tea',
          unitPriceMinor: 199,
          quantity: 1,
          lineTotalMinor: 199,
          options: [],
        },
      ]),
    );
  });

  it("uses the branch's override price", async () => {
    const res = await place(t, pickupBody(shop, { items: [{ menuItemId: shop.items.lamb.id, quantity: 1 }] }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({ subtotalMinor: 1350, deliveryFeeMinor: 0, totalMinor: 1350 });
  });

  it('charges no delivery fee for pickup and stores no address', async () => {
    const res = await place(t, pickupBody(shop, { deliveryAddress: '1 Nowhere', deliveryPostcode: 'E1 6AN' }));
    expect(res.json().order).toMatchObject({
      orderType: 'PICKUP',
      deliveryFeeMinor: 0,
      delivery: null,
      estimatedDeliveryTime: 25,
    });
  });

  it('refuses an unavailable item, a hidden one and another brand’s, naming the item', async () => {
    const cases: [string, string][] = [
      [shop.items.soldOut.id, `Baklava is not available at ${shop.siteName} right now`],
      [shop.items.hidden.id, `Kunefe is not available at ${shop.siteName} right now`],
      [shop.items.foreign.id, `Lamb Tagine is not on the menu at ${shop.siteName}`],
      ['00000000-0000-4000-8000-000000000001', `An item in your cart is no longer on the menu at ${shop.siteName}`],
    ];
    for (const [menuItemId, message] of cases) {
      const res = await place(
        t,
        deliveryBody(shop, {
          items: [
            { menuItemId: shop.items.lamb.id, quantity: 1 },
            { menuItemId, quantity: 1 },
          ],
        }),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'CONFLICT', message });
    }
  });

  it("enforces the branch's minimum order", async () => {
    const res = await place(t, deliveryBody(shop, { items: [{ menuItemId: shop.items.tea.id, quantity: 2 }] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(`Minimum order for ${shop.siteName} is £10.00`);
  });

  it('refuses an order below the platform floor, which no branch setting lowers', async () => {
    // A branch that set its minimum and its delivery fee to £0.00 and sells a dish at £0.00: such an
    // order brought nothing in and still created a job paying the driver's £3.00 minimum.
    const free = await seedShop(t);
    await t.database.db.update(sites).set({ minOrderMinor: 0, deliveryFeeMinor: 0 }).where(eq(sites.id, free.site.id));
    await t.database.db.update(menuItems).set({ priceMinor: 0 }).where(eq(menuItems.id, free.items.tea.id));
    const before = await t.database.db.select().from(deliveryJobs);
    const res = await place(t, deliveryBody(free, { items: [{ menuItemId: free.items.tea.id, quantity: 1 }] }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: `Minimum order for ${free.siteName} is £1.00`,
    });
    expect(await t.database.db.select().from(orders).where(eq(orders.siteId, free.site.id))).toHaveLength(0);
    expect(await t.database.db.select().from(deliveryJobs)).toHaveLength(before.length);
    // The floor is the platform's setting: raised to £5.00 it refuses a £3.98 basket at a branch asking £0.00.
    await t.database.db.update(menuItems).set({ priceMinor: 199 }).where(eq(menuItems.id, free.items.tea.id));
    await setSetting(t, 'order_floor_minor', 500);
    try {
      const low = await place(t, pickupBody(free, { items: [{ menuItemId: free.items.tea.id, quantity: 2 }] }));
      expect(low.statusCode).toBe(400);
      expect(low.json().error.message).toBe(`Minimum order for ${free.siteName} is £5.00`);
      const enough = await place(t, pickupBody(free, { items: [{ menuItemId: free.items.tea.id, quantity: 3 }] }));
      expect(enough.statusCode, enough.body).toBe(201);
    } finally {
      await setSetting(t, 'order_floor_minor', 100);
    }
  });
});

describe('POST /api/orders: where and when', () => {
  it('refuses a postcode outside the delivery radius', async () => {
    const res = await place(t, deliveryBody(shop, { deliveryPostcode: 'w6 0nw' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(`${shop.siteName} does not deliver to W6 0NW`);
  });

  it('delivers within the radius', async () => {
    const res = await place(t, deliveryBody(shop, { deliveryPostcode: 'EC1V 2NX' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.delivery).toEqual({
      address: '12 Commercial Street',
      postcode: 'EC1V 2NX',
      instructions: 'Ring twice',
      // Where the postcode was geocoded: the drop-off on the tracking map.
      lat: expect.any(Number),
      lng: expect.any(Number),
    });
  });

  it('answers 400 to a postcode that is not valid or not known', async () => {
    for (const deliveryPostcode of ['nowhere', 'E1', 'ZZ9 9ZZ']) {
      const res = await place(t, deliveryBody(shop, { deliveryPostcode }));
      expect(res.statusCode, deliveryPostcode).toBe(400);
      expect(res.json().error.message).toBe('Please enter a valid UK postcode');
    }
  });

  it('asks for name and phone, and for address and postcode on delivery', async () => {
    let res = await place(t, deliveryBody(shop, { customerName: ' ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please fill in name and phone');
    res = await place(t, deliveryBody(shop, { customerPhone: undefined }));
    expect(res.json().error.message).toBe('Please fill in name and phone');
    res = await place(t, deliveryBody(shop, { deliveryAddress: '' }));
    expect(res.json().error.message).toBe('Please fill in address and postcode for delivery');
    res = await place(t, deliveryBody(shop, { customerPhone: '12345' }));
    expect(res.json().error.message).toBe('Please enter a valid UK phone number');
  });

  it('refuses a quantity above 50 or an empty cart', async () => {
    let res = await place(t, deliveryBody(shop, { items: [{ menuItemId: shop.items.wrap.id, quantity: 51 }] }));
    expect(res.statusCode).toBe(400);
    res = await place(t, deliveryBody(shop, { items: [] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/Your cart is empty/);
  });

  it('refuses a closed or paused branch', async () => {
    const db = t.database.db;
    await db.update(sites).set({ isOpen: false }).where(eq(sites.id, shop.site.id));
    let res = await place(t, deliveryBody(shop));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(`${shop.siteName} is not taking orders right now`);
    await db
      .update(sites)
      .set({ isOpen: true, pausedUntil: new Date(Date.now() + 60_000) })
      .where(eq(sites.id, shop.site.id));
    res = await place(t, deliveryBody(shop));
    expect(res.statusCode).toBe(409);
    await db.update(sites).set({ pausedUntil: null }).where(eq(sites.id, shop.site.id));
  });

  it('refuses outside opening hours', async () => {
    const db = t.database.db;
    const closedAllWeek = Object.fromEntries(
      Object.keys(shop.site.openingHours).map((d) => [d, { open: '09:00', close: '22:00', closed: true }]),
    );
    await db
      .update(sites)
      .set({ openingHours: closedAllWeek as typeof shop.site.openingHours })
      .where(eq(sites.id, shop.site.id));
    const res = await place(t, deliveryBody(shop));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(`${shop.siteName} is not taking orders right now`);
    await db.update(sites).set({ openingHours: shop.site.openingHours }).where(eq(sites.id, shop.site.id));
  });

  it('answers 503 in maintenance mode with a message for the customer', async () => {
    await setSetting(t, 'maintenance_mode', true);
    const res = await place(t, deliveryBody(shop));
    await setSetting(t, 'maintenance_mode', false);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({
      code: 'UNAVAILABLE',
      message: 'HalalNosh is not taking orders right now while we carry out maintenance. Please try again shortly.',
    });
  });
});

describe('POST /api/orders: what is stored', () => {
  it('stores a visitor’s order PENDING with items, history and an ETA, all at once', async () => {
    const before = Date.now();
    const res = await place(t, deliveryBody(shop));
    const { order, orderToken } = res.json();
    expect(order.orderNumber).toMatch(/^HN-\d+$/);
    expect(order).toMatchObject({
      status: 'PENDING',
      statusLabel: 'Awaiting Confirmation',
      estimatedDeliveryTime: 40,
      viewer: 'visitor',
      deliveryCode: null,
    });
    expect(typeof orderToken).toBe('string');
    const db = t.database.db;
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.customerId).toBeNull();
    expect(row.customerEmail).toBeNull();
    expect(row.deliveryVerificationCode).toMatch(/^\d{4}$/);
    expect(row.visitorTokenHash).toBe(hashOrderToken(orderToken));
    expect(row.deliveryPostcode).toBe('E1 6AN');
    expect(await db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).toHaveLength(2);
    expect(
      (await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id))).map((h) => h.status),
    ).toEqual(['PENDING']);
    const [eta] = await db.select().from(orderEtas).where(eq(orderEtas.orderId, order.id));
    // Same district: well under a kilometre, so the 5-minute minimum travel after 20 minutes' prep.
    expect(eta).toMatchObject({ etaSource: 'fallback', travelTimeMinutes: 5, isLate: false });
    expect(eta.initialEta.getTime() - before).toBeGreaterThanOrEqual(25 * 60_000 - 1000);
    expect(eta.initialEta.getTime() - before).toBeLessThan(25 * 60_000 + 5000);
    expect(eta.currentEta).toEqual(eta.initialEta);
    expect(await db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, order.id))).toHaveLength(0);
  });

  it("ties a signed-in customer's order to their account, with no visitor token", async () => {
    const res = await place(t, deliveryBody(shop), { cookie: customer });
    expect(res.statusCode).toBe(201);
    expect(res.json().orderToken).toBeUndefined();
    expect(res.json().order.viewer).toBe('customer');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, res.json().order.id));
    expect(row).toMatchObject({ customerId, customerEmail: 'aisha@example.com', visitorTokenHash: null });
  });

  it('gives increasing HN- numbers', async () => {
    const a = (await place(t, pickupBody(shop))).json().order.orderNumber;
    const b = (await place(t, pickupBody(shop))).json().order.orderNumber;
    expect(Number(b.slice(3))).toBeGreaterThan(Number(a.slice(3)));
  });
});

describe('POST /api/orders: idempotency', () => {
  it('requires an Idempotency-Key of 8 to 100 characters', async () => {
    let res = await t.app.inject({ method: 'POST', url: '/api/orders', payload: deliveryBody(shop) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/Idempotency-Key/);
    res = await place(t, deliveryBody(shop), { key: 'short' });
    expect(res.statusCode).toBe(400);
  });

  it('answers a repeated request with the same order and an identical body', async () => {
    const key = newKey();
    const first = await place(t, deliveryBody(shop), { key });
    const second = await place(t, deliveryBody(shop), { key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(await t.database.db.select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
  });

  it('answers 422 when the key is reused for a different order', async () => {
    const key = newKey();
    await place(t, deliveryBody(shop), { key });
    const res = await place(t, deliveryBody(shop, { customerName: 'Someone Else' }), { key });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('IDEMPOTENCY_MISMATCH');
  });

  it('answers 422 when another caller replays a key, so a key alone never reveals an order', async () => {
    const key = newKey();
    await place(t, deliveryBody(shop), { key, cookie: customer });
    const res = await place(t, deliveryBody(shop), { key });
    expect(res.statusCode).toBe(422);
    expect(res.body).not.toContain('Aisha');
  });

  it('makes exactly one order from 20 parallel requests with one key', async () => {
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 20 }, () => place(t, deliveryBody(shop), { key })));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    expect(new Set(results.map((r) => r.json().order.id)).size).toBe(1);
    expect(new Set(results.map((r) => r.json().orderToken)).size).toBe(1);
    expect(await t.database.db.select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
  });
});
