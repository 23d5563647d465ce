import type net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandMemberships, deliveryJobs, orders, siteStaff } from '../../db/schema/index';
import { openStream } from '../../test/sse-client';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Shop, act, deliveryBody, pickupBody, place, seedShop, settle } from '../orders/test-fixtures';
import { transitionOrder } from '../orders/transition-order';
import { call } from './test-fixtures';

let t: TestApp;
let shop: Shop;
let driverId: string;
let base: string;
let manager: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  driverId = await createUser(t, {
    email: 'driver@example.com',
    userType: 'driver',
    status: 'approved',
    driver: { postcode: 'E1', online: true, vehicle: 'bike', licence: 'X' },
  });
  const managerId = await createUser(t, { email: 'manager@example.com', userType: 'partner' });
  await t.database.db
    .insert(brandMemberships)
    .values({ brandId: shop.brand.id, userId: managerId, role: 'site_manager' });
  manager = { id: managerId, cookie: await signIn(t, 'manager@example.com') };
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
});
afterAll(async () => t.close());

const list = (cookie: string, siteId = shop.site.id) => call(t, 'GET', `/api/partner/sites/${siteId}/orders`, cookie);
const newOrder = async (type: 'DELIVERY' | 'PICKUP') =>
  (await place(t, type === 'DELIVERY' ? deliveryBody(shop) : pickupBody(shop))).json().order as {
    id: string;
    orderNumber: string;
  };
const step = async (orderId: string, body: Record<string, unknown>) => {
  await settle(t, orderId);
  return act(t, shop.partner.cookie, orderId, body);
};
const handOver = (orderId: string, pickupCode: string, cookie = shop.partner.cookie) =>
  call(t, 'POST', `/api/partner/orders/${orderId}/hand-over`, cookie, { pickupCode });

/** A delivery order walked to READY with a driver on it; returns the driver's pickup code. */
async function readyDelivery() {
  const o = await newOrder('DELIVERY');
  await step(o.id, { action: 'accept' });
  await transitionOrder(
    { db: t.database.db, bus: t.app.deps.bus },
    { orderId: o.id, action: 'assign_driver', actor: { kind: 'driver', userId: driverId } },
  );
  await step(o.id, { action: 'start_preparing' });
  await step(o.id, { action: 'mark_ready' });
  await settle(t, o.id);
  const [job] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, o.id));
  return { order: o, code: job.pickupCode };
}

describe('the order lists', () => {
  it('shows active orders oldest first with their actions, items and history, and finished ones as recent', async () => {
    const first = await newOrder('DELIVERY');
    const second = await newOrder('PICKUP');
    const rejected = await newOrder('PICKUP');
    await step(rejected.id, { action: 'reject', reason: 'Out of lamb' });
    const res = await list(shop.partner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { active, recent } = res.json();
    const ids = active.map((o: { id: string }) => o.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const o = active.find((x: { id: string }) => x.id === first.id);
    expect(o).toMatchObject({
      status: 'PENDING',
      orderType: 'DELIVERY',
      customerName: 'Aisha Khan',
      availableActions: ['accept', 'reject'],
      jobStatus: null,
      delivery: { address: '12 Commercial Street', instructions: 'Ring twice' },
    });
    expect(o.items.map((i: { name: string; quantity: number }) => [i.name, i.quantity])).toEqual([
      ['Chicken Wrap', 2],
      ['Turkish Tea', 1],
    ]);
    expect(o.statusHistory.map((h: { status: string }) => h.status)).toEqual(['PENDING']);
    const r = recent.find((x: { id: string }) => x.id === rejected.id);
    expect(r).toMatchObject({ status: 'REJECTED', rejectionReason: 'Out of lamb', availableActions: [] });
    expect(r.statusHistory.at(-1)).toMatchObject({ status: 'REJECTED', note: 'Out of lamb' });
    expect(ids).not.toContain(rejected.id);
  });

  it('keeps the recent list to 10', async () => {
    for (let i = 0; i < 11; i++) {
      const o = await newOrder('PICKUP');
      await step(o.id, { action: 'reject', reason: 'Closing early' });
    }
    expect((await list(shop.partner.cookie)).json().recent).toHaveLength(10);
  });

  it('answers 404 to another partner and to a site manager who is not on this location', async () => {
    expect((await list(shop.otherPartner.cookie)).statusCode).toBe(404);
    expect((await list(manager.cookie)).statusCode).toBe(404);
    await t.database.db.insert(siteStaff).values({ siteId: shop.site.id, userId: manager.id });
    expect((await list(manager.cookie)).statusCode).toBe(200);
  });
});

describe('hand to driver', () => {
  it('checks the driver’s pickup code and moves the order and the job together', async () => {
    const { order, code } = await readyDelivery();
    const stream = await openStream(base, `/api/events?topics=site:${shop.site.id}`, shop.partner.cookie);
    const wrong = await handOver(order.id, code === '0000' ? '1111' : '0000');
    expect(wrong.statusCode).toBe(400);
    let [job] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, order.id));
    expect(job.status).toBe('assigned');
    const res = await handOver(order.id, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'OUT_FOR_DELIVERY',
      jobStatus: 'picked_up',
      availableActions: [],
    });
    expect(res.json().order.driver).toMatchObject({ name: 'Test User' });
    [job] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, order.id));
    expect(job.status).toBe('picked_up');
    const e = await stream.waitFor(
      (x) => x.type === 'order.status' && (x.data as { orderId: string }).orderId === order.id,
    );
    expect(e.data).toMatchObject({ status: 'OUT_FOR_DELIVERY', action: 'hand_to_driver' });
    stream.close();
  });

  it('refuses a code that is not 4 digits', async () => {
    const { order } = await readyDelivery();
    for (const code of ['123', '12345', 'abcd']) expect((await handOver(order.id, code)).statusCode).toBe(400);
  });

  it("answers 404 on another partner's order", async () => {
    const { order, code } = await readyDelivery();
    expect((await handOver(order.id, code, shop.otherPartner.cookie)).statusCode).toBe(404);
  });

  it('is refused by the state machine before the order is ready, and on a pickup order', async () => {
    const o = await newOrder('DELIVERY');
    await step(o.id, { action: 'accept' });
    await settle(t, o.id);
    const early = await handOver(o.id, '1234');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/is ACCEPTED; it cannot be handed to a driver/);
    // The kitchen may start before a driver takes the job (docs/decisions/0125), but a READY order
    // with nobody on its job cannot be handed over.
    expect((await step(o.id, { action: 'start_preparing' })).statusCode).toBe(200);
    expect((await step(o.id, { action: 'mark_ready' })).statusCode).toBe(200);
    await settle(t, o.id);
    const [job] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, o.id));
    expect((await handOver(o.id, job.pickupCode)).statusCode).toBe(409);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, o.id)))[0].status).toBe('READY');

    const p = await newOrder('PICKUP');
    await step(p.id, { action: 'accept' });
    await step(p.id, { action: 'start_preparing' });
    await step(p.id, { action: 'mark_ready' });
    await settle(t, p.id);
    expect((await handOver(p.id, '1234')).statusCode).toBe(409);
    expect((await step(p.id, { action: 'mark_collected' })).json().order.status).toBe('COLLECTED');
  });

  it('refuses a second action on the same order within 2 seconds with the product’s words', async () => {
    const { order, code } = await readyDelivery();
    // A fresh change blocks the next one on the same order, not on others.
    const o = await newOrder('PICKUP');
    await step(o.id, { action: 'accept' });
    const blocked = await act(t, shop.partner.cookie, o.id, { action: 'start_preparing' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toBe('Action blocked: Please wait before making another action on this order');
    expect((await handOver(order.id, code)).statusCode).toBe(200);
  });
});
