import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliveryJobs,
  driverEarnings,
  menuItems,
  orderRatings,
  orders,
  siteItemOverrides,
  ticketMessages,
  tickets,
} from '../../db/schema/index';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Shop, deliveryBody, pickupBody, place, seedShop } from './test-fixtures';

let t: TestApp;
let shop: Shop;
let customer: string;
let otherCustomer: string;
let admin: string;
let driverId: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  await createUser(t, { email: 'c@example.com', userType: 'customer', status: 'active' });
  await createUser(t, { email: 'c2@example.com', userType: 'customer', status: 'active' });
  await createUser(t, { email: 'a@example.com', userType: 'admin', adminRole: 'super_admin' });
  driverId = await createUser(t, {
    email: 'd@example.com',
    userType: 'driver',
    status: 'approved',
    driver: { postcode: 'E1', online: true, vehicle: 'bike', licence: 'X' },
  });
  customer = await signIn(t, 'c@example.com');
  otherCustomer = await signIn(t, 'c2@example.com');
  admin = await signIn(t, 'a@example.com');
});
afterAll(async () => t.close());

function post(url: string, payload: unknown, opts: { cookie?: string; token?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: {
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.token ? { 'x-order-token': opts.token } : {}),
    },
  });
}

describe('POST /api/orders/:orderNumber/reorder', () => {
  it("answers the lines still sold at today's price and names those that are not", async () => {
    const body = deliveryBody(shop, {
      items: [
        { menuItemId: shop.items.wrap.id, quantity: 2 },
        { menuItemId: shop.items.tea.id, quantity: 3 },
        { menuItemId: shop.items.lamb.id, quantity: 1 },
      ],
    });
    const { order } = (await place(t, body, { cookie: customer })).json();
    const db = t.database.db;
    await db.update(menuItems).set({ priceMinor: 700 }).where(eq(menuItems.id, shop.items.wrap.id));
    await db.update(menuItems).set({ isAvailable: false }).where(eq(menuItems.id, shop.items.tea.id));
    await db
      .update(siteItemOverrides)
      .set({ priceMinor: 1400 })
      .where(eq(siteItemOverrides.itemId, shop.items.lamb.id));
    try {
      const res = await post(`/api/orders/${order.orderNumber}/reorder`, undefined, { cookie: customer });
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json();
      expect(r.site).toEqual({ id: shop.site.id, name: shop.siteName, slug: shop.site.slug });
      expect(r.available).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            menuItemId: shop.items.wrap.id,
            name: 'Chicken Wrap',
            priceMinor: 700,
            quantity: 2,
          }),
          expect.objectContaining({ menuItemId: shop.items.lamb.id, priceMinor: 1400, quantity: 1 }),
        ]),
      );
      expect(r.available).toHaveLength(2);
      expect(r.unavailable).toEqual([
        { menuItemId: shop.items.tea.id, name: 'Turkish Tea', quantity: 3, reason: 'unavailable' },
      ]);
    } finally {
      await db.update(menuItems).set({ priceMinor: 650 }).where(eq(menuItems.id, shop.items.wrap.id));
      await db.update(menuItems).set({ isAvailable: true }).where(eq(menuItems.id, shop.items.tea.id));
      await db
        .update(siteItemOverrides)
        .set({ priceMinor: 1350 })
        .where(eq(siteItemOverrides.itemId, shop.items.lamb.id));
    }
  });

  it('copies the options chosen then while they are still offered, and names the lines it cannot re-add as they were', async () => {
    const setOptions = (groups: unknown[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/partner/items/${shop.items.wrap.id}/options`,
        headers: { cookie: shop.partner.cookie },
        payload: { groups },
      });
    const saved = await setOptions([
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
        maxSelect: 3,
        options: [
          { name: 'Halloumi', priceMinor: 150 },
          { name: 'Fried egg', priceMinor: 100 },
        ],
      },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    type Group = {
      id: string;
      name: string;
      minSelect: number;
      maxSelect: number;
      options: { id: string; name: string; priceMinor: number }[];
    };
    const groups: Group[] = saved.json().item.optionGroups;
    const opt = (group: string, name: string) =>
      groups.find((g) => g.name === group)!.options.find((o) => o.name === name)!.id;
    const withOptions = [opt('Size', 'Large'), opt('Extras', 'Halloumi'), opt('Extras', 'Fried egg')];
    const override = (unavailableOptionIds: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/partner/sites/${shop.site.id}/items/${shop.items.wrap.id}/override`,
        headers: { cookie: shop.partner.cookie },
        payload: { unavailableOptionIds },
      });
    try {
      const { order } = (
        await place(
          t,
          deliveryBody(shop, {
            items: [
              { menuItemId: shop.items.wrap.id, quantity: 2, optionIds: withOptions },
              { menuItemId: shop.items.lamb.id, quantity: 1 },
            ],
          }),
          { cookie: customer },
        )
      ).json();
      const again = async () => {
        const res = await post(`/api/orders/${order.orderNumber}/reorder`, undefined, { cookie: customer });
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };

      // Still offered: the same option ids, at today's prices, and the price includes them.
      const first = await again();
      const wrap = first.available.find((a: { menuItemId: string }) => a.menuItemId === shop.items.wrap.id);
      expect(wrap).toMatchObject({ quantity: 2, priceMinor: 650 + 250 + 150 + 100 });
      expect(wrap.options).toEqual([
        { id: opt('Size', 'Large'), group: 'Size', name: 'Large', priceMinor: 250 },
        { id: opt('Extras', 'Halloumi'), group: 'Extras', name: 'Halloumi', priceMinor: 150 },
        { id: opt('Extras', 'Fried egg'), group: 'Extras', name: 'Fried egg', priceMinor: 100 },
      ]);
      expect(first.unavailable).toEqual([]);
      // The refilled line goes through checkout as it is.
      const replaced = await place(
        t,
        deliveryBody(shop, {
          items: first.available.map((a: { menuItemId: string; quantity: number; options: { id: string }[] }) => ({
            menuItemId: a.menuItemId,
            quantity: a.quantity,
            optionIds: a.options.map((o) => o.id),
          })),
        }),
        { cookie: customer },
      );
      expect(replaced.statusCode, replaced.body).toBe(201);

      // An option this branch no longer offers: the line cannot come back as it was.
      expect((await override([opt('Extras', 'Halloumi')])).statusCode).toBe(200);
      const second = await again();
      expect(second.available.map((a: { menuItemId: string }) => a.menuItemId)).toEqual([shop.items.lamb.id]);
      expect(second.unavailable).toEqual([
        { menuItemId: shop.items.wrap.id, name: 'Chicken Wrap', quantity: 2, reason: 'options' },
      ]);
      expect((await override([])).statusCode).toBe(200);

      // A dish ordered without options that now asks for a required choice.
      await setOptions([]);
      const { order: wrapOnly } = (
        await place(t, deliveryBody(shop, { items: [{ menuItemId: shop.items.wrap.id, quantity: 2 }] }), {
          cookie: customer,
        })
      ).json();
      expect((await setOptions(groups)).statusCode).toBe(200);
      const third = (await post(`/api/orders/${wrapOnly.orderNumber}/reorder`, undefined, { cookie: customer })).json();
      expect(third.available).toEqual([]);
      expect(third.unavailable).toEqual([
        { menuItemId: shop.items.wrap.id, name: 'Chicken Wrap', quantity: 2, reason: 'options' },
      ]);
    } finally {
      await override([]);
      await setOptions([]);
    }
  });

  it('answers 404 to anyone who may not see the order', async () => {
    const { order } = (await place(t, deliveryBody(shop), { cookie: customer })).json();
    expect(
      (await post(`/api/orders/${order.orderNumber}/reorder`, undefined, { cookie: otherCustomer })).statusCode,
    ).toBe(404);
    expect((await post(`/api/orders/${order.orderNumber}/reorder`, undefined)).statusCode).toBe(404);
  });
});

describe('POST /api/orders/:orderNumber/report', () => {
  it('creates a customer-service ticket with the report as its first message', async () => {
    const placed = (await place(t, deliveryBody(shop))).json();
    const res = await post(
      `/api/orders/${placed.order.orderNumber}/report`,
      { description: '  Missing the tea  ' },
      { token: placed.orderToken },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { ticketNumber } = res.json();
    expect(ticketNumber).toMatch(/^T-\d+$/);
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.ticketNumber, ticketNumber));
    expect(ticket).toMatchObject({
      channel: 'customer',
      orderId: placed.order.id,
      siteId: shop.site.id,
      description: 'Missing the tea',
      status: 'new',
      customerEmail: null,
    });
    const messages = await t.database.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticket.id));
    expect(messages).toMatchObject([
      { senderType: 'customer', senderName: 'Aisha Khan', message: 'Missing the tea', isInternal: false },
    ]);
  });

  it("records a signed-in customer's e-mail on the ticket", async () => {
    const { order } = (await place(t, deliveryBody(shop), { cookie: customer })).json();
    const { ticketNumber } = (
      await post(`/api/orders/${order.orderNumber}/report`, { description: 'Cold food' }, { cookie: customer })
    ).json();
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.ticketNumber, ticketNumber));
    expect(ticket.customerEmail).toBe('c@example.com');
  });

  it('asks for a description', async () => {
    const placed = (await place(t, deliveryBody(shop))).json();
    for (const payload of [{ description: '   ' }, {}]) {
      const res = await post(`/api/orders/${placed.order.orderNumber}/report`, payload, { token: placed.orderToken });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Please describe the issue');
    }
  });

  it('answers 404 to a stranger', async () => {
    const { order } = (await place(t, deliveryBody(shop))).json();
    expect((await post(`/api/orders/${order.orderNumber}/report`, { description: 'x' })).statusCode).toBe(404);
  });
});

describe('POST /api/orders/:orderNumber/rating', () => {
  async function deliveredOrder(opts: { cookie?: string } = {}) {
    const placed = (await place(t, deliveryBody(shop), { cookie: opts.cookie })).json();
    const db = t.database.db;
    await db.update(orders).set({ status: 'DELIVERED', driverId }).where(eq(orders.id, placed.order.id));
    const [job] = await db
      .insert(deliveryJobs)
      .values({
        orderId: placed.order.id,
        siteId: shop.site.id,
        status: 'completed',
        driverId,
        pickupCode: '1234',
        pickupAddress: 'x',
        pickupArea: 'E',
        deliveryAddress: 'y',
        restaurantName: 'r',
        customerName: 'c',
        distanceMiles: 1,
        deliveryFeeMinor: 249,
        customerOrderTotalMinor: 1748,
        totalPayMinor: 300,
        expiresAt: new Date(),
      })
      .returning();
    await db
      .insert(driverEarnings)
      .values({ driverId, deliveryJobId: job.id, pickupPayMinor: 120, distancePayMinor: 60, totalMinor: 300 });
    return { ...placed, jobId: job.id };
  }

  it('stores the rating and takes no tip: tips are given in cash at the door, never paid out by the platform', async () => {
    const o = await deliveredOrder();
    const url = `/api/orders/${o.order.orderNumber}/rating`;
    // A tip after delivery is refused with the reason (docs/decisions/0201-tips-in-cash-at-the-door.md).
    let res = await post(url, { rating: 5, tipMinor: 200, comment: ' Lovely ' }, { token: o.orderToken });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toContain('Tips are given in cash at the door');
    res = await post(url, { rating: 5, tipMinor: 0, comment: ' Lovely ' }, { token: o.orderToken });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().rating).toMatchObject({ rating: 5, tipMinor: 0, comment: 'Lovely' });
    const db = t.database.db;
    expect((await db.select().from(orders).where(eq(orders.id, o.order.id)))[0]).toMatchObject({
      tipMinor: 0,
      totalMinor: 1748,
    });
    // The driver's earning is the job's pay, nothing more.
    expect((await db.select().from(driverEarnings).where(eq(driverEarnings.deliveryJobId, o.jobId)))[0]).toMatchObject({
      tipMinor: 0,
      totalMinor: 300,
    });
    const view = (
      await t.app.inject({
        method: 'GET',
        url: `/api/orders/${o.order.orderNumber}`,
        headers: { 'x-order-token': o.orderToken },
      })
    ).json();
    expect(view.order).toMatchObject({
      canRate: false,
      tipMinor: 0,
      rating: { rating: 5, tipMinor: 0, comment: 'Lovely' },
    });
  });

  it('rates once only', async () => {
    const o = await deliveredOrder({ cookie: customer });
    const url = `/api/orders/${o.order.orderNumber}/rating`;
    const results = await Promise.all([
      post(url, { rating: 4 }, { cookie: customer }),
      post(url, { rating: 1 }, { cookie: customer }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.database.db.select().from(orderRatings).where(eq(orderRatings.orderId, o.order.id))).toHaveLength(1);
  });

  it('refuses an order that is not finished, a bad rating or tip, and anyone but the customer', async () => {
    const placed = (await place(t, pickupBody(shop))).json();
    const url = `/api/orders/${placed.order.orderNumber}/rating`;
    let res = await post(url, { rating: 5 }, { token: placed.orderToken });
    expect(res.statusCode).toBe(409);
    await t.database.db.update(orders).set({ status: 'COLLECTED' }).where(eq(orders.id, placed.order.id));
    expect((await post(url, { rating: 6 }, { token: placed.orderToken })).statusCode).toBe(400);
    expect((await post(url, { rating: 0 }, { token: placed.orderToken })).statusCode).toBe(400);
    expect((await post(url, { rating: 5, tipMinor: 5001 }, { token: placed.orderToken })).statusCode).toBe(400);
    expect((await post(url, { rating: 5, tipMinor: -1 }, { token: placed.orderToken })).statusCode).toBe(400);
    res = await post(url, { rating: 5 }, { cookie: admin });
    expect(res.statusCode).toBe(403);
    expect((await post(url, { rating: 5 }, { cookie: shop.partner.cookie })).statusCode).toBe(403);
    expect((await post(url, { rating: 5 })).statusCode).toBe(404);
    res = await post(url, { rating: 4 }, { token: placed.orderToken });
    expect(res.statusCode).toBe(201);
    expect(res.json().rating.tipMinor).toBe(0);
  });
});
