import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotText } from '../../../domain/schedule';
import { customerAddresses, orders } from '../../db/schema/index';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Shop, deliveryBody, pickupBody, place, seedShop } from '../orders/test-fixtures';

let t: TestApp;
let shop: Shop;
let me: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  await createUser(t, { email: 'me@example.com', userType: 'customer', status: 'active' });
  await createUser(t, { email: 'other@example.com', userType: 'customer', status: 'active' });
  me = await signIn(t, 'me@example.com');
  other = await signIn(t, 'other@example.com');
});
afterAll(async () => t.close());

function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { cookie }, payload: payload as object | undefined });
}

describe('GET /api/account/orders', () => {
  it("lists the caller's own orders newest first with the account-list labels", async () => {
    const first = (await place(t, deliveryBody(shop), { cookie: me })).json().order;
    const second = (await place(t, pickupBody(shop), { cookie: me })).json().order;
    await place(t, deliveryBody(shop), { cookie: other });
    await place(t, deliveryBody(shop));
    const db = t.database.db;
    await db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, first.id));
    await db.update(orders).set({ status: 'READY' }).where(eq(orders.id, second.id));

    const res = await call('GET', '/api/account/orders', me);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ limit: 20, offset: 0, hasMore: false });
    expect(body.orders.map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);
    expect(body.orders[0]).toEqual({
      id: second.id,
      orderNumber: second.orderNumber,
      status: 'READY',
      statusLabel: 'Ready for Collection',
      orderType: 'PICKUP',
      siteName: shop.siteName,
      siteSlug: shop.site.slug,
      createdAt: expect.any(String),
      totalMinor: 1499,
      scheduled: null,
    });
    expect(body.orders[1]).toMatchObject({
      status: 'PENDING',
      statusLabel: 'Waiting for Confirmation',
      totalMinor: 1748,
    });
  });

  it("shows a scheduled order's slot as every other screen does (London time, en-GB)", async () => {
    // An order for later placed through checkout with one of the branch's real slots, where the old
    // test only ever listed orders for as soon as possible.
    const slots: { start: string; end: string; kind: string }[] = (
      await t.app.inject({ method: 'GET', url: `/api/sites/${shop.site.id}/slots` })
    ).json().slots;
    const slot = slots.find((s) => s.kind === 'standard')!;
    const placed = await place(t, pickupBody(shop, { scheduledFor: { start: slot.start, kind: 'standard' } }), {
      cookie: me,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const listed = (await call('GET', '/api/account/orders', me))
      .json()
      .orders.find((o: { id: string }) => o.id === placed.json().order.id);
    expect(listed.scheduled).toEqual({
      start: slot.start,
      end: slot.end,
      text: slotText({ ...slot, kind: 'standard' }),
    });
    expect(listed.scheduled.text).toMatch(/^Scheduled: [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}–\d{2}:\d{2}$/);
  });

  it('pages with limit and offset', async () => {
    const page = (await call('GET', '/api/account/orders?limit=1&offset=0', me)).json();
    expect(page.orders).toHaveLength(1);
    expect(page.hasMore).toBe(true);
    const next = (await call('GET', '/api/account/orders?limit=1&offset=1', me)).json();
    expect(next.orders[0].id).not.toBe(page.orders[0].id);
    expect((await call('GET', '/api/account/orders?limit=500', me)).statusCode).toBe(400);
  });
});

describe('/api/account/addresses', () => {
  const home = {
    label: 'Home',
    addressLine1: '12 Commercial Street',
    city: 'London',
    postcode: 'e16an',
    deliveryInstructions: 'Ring twice',
  };

  it('makes the first address the default and stores the postcode normalised', async () => {
    const res = await call('POST', '/api/account/addresses', me, home);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().address).toMatchObject({
      label: 'Home',
      postcode: 'E1 6AN',
      isDefault: true,
      addressLine2: null,
    });
  });

  it('refuses an invalid postcode', async () => {
    const res = await call('POST', '/api/account/addresses', me, { ...home, postcode: 'not a postcode' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please enter a valid UK postcode');
  });

  it('keeps exactly one default: a new default unsets the old one', async () => {
    const work = (
      await call('POST', '/api/account/addresses', me, {
        ...home,
        label: 'Work',
        postcode: 'EC1V 2NX',
        isDefault: true,
      })
    ).json().address;
    const list = (await call('GET', '/api/account/addresses', me)).json().addresses;
    expect(list[0]).toMatchObject({ id: work.id, isDefault: true });
    expect(list.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);
  });

  it('edits an address and moves the default with PATCH', async () => {
    const list = (await call('GET', '/api/account/addresses', me)).json().addresses;
    const home = list.find((a: { label: string }) => a.label === 'Home');
    const res = await call('PATCH', `/api/account/addresses/${home.id}`, me, {
      isDefault: true,
      addressLine2: 'Flat 3',
      postcode: 'E1 7AA',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().address).toMatchObject({
      isDefault: true,
      addressLine2: 'Flat 3',
      postcode: 'E1 7AA',
      label: 'Home',
    });
    const after = (await call('GET', '/api/account/addresses', me)).json().addresses;
    expect(after.map((a: { label: string; isDefault: boolean }) => [a.label, a.isDefault])).toEqual([
      ['Home', true],
      ['Work', false],
    ]);
    // Unsetting the only default is ignored: one address must stay default.
    const same = await call('PATCH', `/api/account/addresses/${home.id}`, me, { isDefault: false });
    expect(same.json().address.isDefault).toBe(true);
  });

  it('promotes the most recent address when the default is deleted', async () => {
    const list = (await call('GET', '/api/account/addresses', me)).json().addresses;
    const def = list.find((a: { isDefault: boolean }) => a.isDefault);
    const res = await call('DELETE', `/api/account/addresses/${def.id}`, me);
    expect(res.statusCode).toBe(204);
    const after = (await call('GET', '/api/account/addresses', me)).json().addresses;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ label: 'Work', isDefault: true });
  });

  it("answers 404 for someone else's address and leaves it alone", async () => {
    const mine = (await call('GET', '/api/account/addresses', me)).json().addresses[0];
    expect((await call('PATCH', `/api/account/addresses/${mine.id}`, other, { label: 'Mine now' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/account/addresses/${mine.id}`, other)).statusCode).toBe(404);
    expect((await call('GET', '/api/account/addresses', other)).json().addresses).toEqual([]);
    const [row] = await t.database.db.select().from(customerAddresses).where(eq(customerAddresses.id, mine.id));
    expect(row.label).toBe('Work');
  });

  it('makes one default from concurrent first addresses', async () => {
    await createUser(t, { email: 'race@example.com', userType: 'customer', status: 'active' });
    const race = await signIn(t, 'race@example.com');
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => call('POST', '/api/account/addresses', race, { ...home, label: `A${i}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const list = (await call('GET', '/api/account/addresses', race)).json().addresses;
    expect(list.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);
  });
});

describe('/api/account/notifications', () => {
  it('has every channel and event on before anything is saved', async () => {
    const res = await call('GET', '/api/account/notifications', me);
    expect(res.statusCode).toBe(200);
    const s = res.json().settings;
    expect(Object.keys(s)).toEqual(['SMS', 'EMAIL', 'PUSH']);
    for (const ch of Object.values(s)) expect(Object.values(ch as object).every(Boolean)).toBe(true);
  });

  it('saves all three channels and reads them back, for the caller only', async () => {
    const on = {
      orderPlaced: true,
      orderAccepted: true,
      orderRejected: true,
      driverAssigned: true,
      driverArrived: true,
      outForDelivery: true,
      delivered: true,
      orderLate: true,
      orderCancelled: true,
    };
    const settings = {
      SMS: { ...on, driverArrived: false },
      EMAIL: { ...on, orderAccepted: false, delivered: false },
      PUSH: on,
    };
    const res = await call('PUT', '/api/account/notifications', me, { settings });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toEqual(settings);
    expect((await call('GET', '/api/account/notifications', me)).json().settings).toEqual(settings);
    const again = { ...settings, SMS: on };
    expect((await call('PUT', '/api/account/notifications', me, { settings: again })).json().settings).toEqual(again);
    expect((await call('GET', '/api/account/notifications', other)).json().settings.SMS.driverArrived).toBe(true);
  });

  it('refuses a body missing a channel', async () => {
    const on = {
      orderPlaced: true,
      orderAccepted: true,
      orderRejected: true,
      driverAssigned: true,
      driverArrived: true,
      outForDelivery: true,
      delivered: true,
      orderLate: true,
      orderCancelled: true,
    };
    expect((await call('PUT', '/api/account/notifications', me, { settings: { SMS: on, EMAIL: on } })).statusCode).toBe(
      400,
    );
  });
});

describe('account routes are for customers', () => {
  it('answers 403 to a partner and 401 to a stranger', async () => {
    expect((await call('GET', '/api/account/orders', shop.partner.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/addresses' })).statusCode).toBe(401);
  });
});
