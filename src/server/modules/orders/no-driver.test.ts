import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicName } from '../../../domain/topics';
import { runNoDriverOrdersOnce } from '../../jobs/no-driver-orders';
import { auditLog, deliveryJobs, orders } from '../../db/schema/index';
import { type Driver, driverCall, newDriver, offeredJob } from '../dispatch/test-fixtures';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Shop, act, seedShop, settle } from './test-fixtures';

let t: TestApp;
let shop: Shop;
let driver: Driver;
let otherCustomer: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  driver = await newDriver(t);
  await createUser(t, { email: 'someone-else@example.com', userType: 'customer', status: 'active' });
  otherCustomer = await signIn(t, 'someone-else@example.com');
}, 120_000);
afterAll(async () => t?.close());

/** A delivery order the restaurant accepted whose driver search gave up (the sweeper ran past its minutes). */
async function noDriverOrder() {
  const o = await offeredJob(t, shop);
  await runNoDriverOrdersOnce(
    { db: t.database.db, bus: t.app.deps.bus },
    new Date(o.job.createdAt.getTime() + 10 * 60_000),
  );
  return o;
}

const post = (number: string, path: string, headers: Record<string, string>, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${number}/${path}`, headers, payload });
const view = (number: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/orders/${number}`, headers: { 'x-order-token': token } });
const row = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const jobOf = async (id: string) =>
  (await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, id)))[0];

describe('POST /api/orders/:orderNumber/switch-to-pickup', () => {
  it('repriced on the server: the fee leaves the total, the job leaves the board, the console hears it', async () => {
    const o = await noDriverOrder();
    const before = (await view(o.orderNumber, o.orderToken)).json().order;
    expect(before).toMatchObject({ noDriverFound: true, orderType: 'DELIVERY' });
    expect(before.deliveryFeeMinor).toBeGreaterThan(0);

    const events: { topic: string; type: string; data: Record<string, unknown> }[] = [];
    const off = t.app.deps.bus.subscribe([topicName.site(shop.site.id), topicName.jobs(o.job.pickupArea)], (e) =>
      events.push(e),
    );
    const res = await post(o.orderNumber, 'switch-to-pickup', { 'x-order-token': o.orderToken });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().order;
    expect(after).toMatchObject({
      orderType: 'PICKUP',
      status: 'ACCEPTED',
      deliveryFeeMinor: 0,
      totalMinor: before.totalMinor - before.deliveryFeeMinor,
      noDriverFound: false,
      delivery: null,
    });
    expect((await jobOf(o.orderId)).status).toBe('cancelled');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, o.orderId), eq(auditLog.actionType, 'order_switched_to_pickup')));
    expect(audit.details).toMatchObject({ deliveryFeeRemovedMinor: before.deliveryFeeMinor });
    await expect
      .poll(
        () =>
          events.filter(
            (e) =>
              (e.type === 'order.status' && e.data.action === 'switch_to_pickup') ||
              (e.type === 'job.updated' && e.data.status === 'cancelled' && e.data.orderId === o.orderId),
          ).length,
      )
      .toBe(2);
    off();

    // Twice is refused: it is a pickup order now.
    expect((await post(o.orderNumber, 'switch-to-pickup', { 'x-order-token': o.orderToken })).statusCode).toBe(409);
    // The kitchen carries on as with any pickup order.
    await settle(t, o.orderId);
    expect((await act(t, shop.partner.cookie, o.orderId, { action: 'start_preparing' })).statusCode).toBe(200);
  });

  it('is refused before the search gave up, and once a driver has taken the job', async () => {
    const early = await offeredJob(t, shop);
    const res = await post(early.orderNumber, 'switch-to-pickup', { 'x-order-token': early.orderToken });
    expect(res.statusCode).toBe(409);
    expect((await row(early.orderId)).orderType).toBe('DELIVERY');

    const late = await noDriverOrder();
    expect((await driverCall(t, driver, 'POST', `/api/driver/jobs/${late.job.id}/accept`)).statusCode).toBe(200);
    expect((await view(late.orderNumber, late.orderToken)).json().order.noDriverFound).toBe(false);
    expect((await post(late.orderNumber, 'switch-to-pickup', { 'x-order-token': late.orderToken })).statusCode).toBe(
      409,
    );
    expect((await row(late.orderId)).deliveryFeeMinor).toBeGreaterThan(0);
  });

  it('leaves exactly one winner when the customer switches as a driver accepts', async () => {
    const o = await noDriverOrder();
    const [switched, accepted] = await Promise.all([
      post(o.orderNumber, 'switch-to-pickup', { 'x-order-token': o.orderToken }),
      driverCall(t, driver, 'POST', `/api/driver/jobs/${o.job.id}/accept`),
    ]);
    expect([switched.statusCode, accepted.statusCode].sort()).toEqual([200, 409]);
    const after = await row(o.orderId);
    const job = await jobOf(o.orderId);
    if (switched.statusCode === 200) {
      expect(after).toMatchObject({ orderType: 'PICKUP', deliveryFeeMinor: 0, driverId: null });
      expect(job.status).toBe('cancelled');
    } else {
      expect(after).toMatchObject({ orderType: 'DELIVERY', driverId: driver.id, status: 'DRIVER_ASSIGNED' });
      expect(job).toMatchObject({ status: 'assigned', driverId: driver.id });
    }
  });

  it('answers 404 to strangers, 403 to staff who can see the order, 400 to an unknown field', async () => {
    const o = await noDriverOrder();
    expect((await post(o.orderNumber, 'switch-to-pickup', {})).statusCode).toBe(404);
    expect((await post(o.orderNumber, 'switch-to-pickup', { cookie: otherCustomer })).statusCode).toBe(404);
    expect((await post(o.orderNumber, 'switch-to-pickup', { 'x-order-token': 'not-the-token' })).statusCode).toBe(404);
    const staff = await post(o.orderNumber, 'switch-to-pickup', { cookie: shop.partner.cookie });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().error.message).toBe('Only the customer can change this order');
    const bad = await post(o.orderNumber, 'switch-to-pickup', { 'x-order-token': o.orderToken }, { totalMinor: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('totalMinor');
    const fresh = await row(o.orderId);
    expect(fresh).toMatchObject({ orderType: 'DELIVERY' });
  });
});

describe('cancelling in the no-driver state', () => {
  it('lets the customer cancel an accepted order only while no driver was found', async () => {
    const early = await offeredJob(t, shop);
    expect(
      (await post(early.orderNumber, 'cancel', { 'x-order-token': early.orderToken }, { reason: 'Too slow' }))
        .statusCode,
    ).toBe(409);

    const o = await noDriverOrder();
    const res = await post(o.orderNumber, 'cancel', { 'x-order-token': o.orderToken }, { reason: 'No driver' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'CANCELLED',
      cancellation: { by: 'customer', reason: 'No driver' },
    });
    expect((await jobOf(o.orderId)).status).toBe('cancelled');
  });
});
