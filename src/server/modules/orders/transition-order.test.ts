import type net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicName } from '../../../domain/topics';
import { deliveryJobs, orderEtas, orderStatusHistory, orders, sites } from '../../db/schema/index';
import { type Stream, openStream } from '../../test/sse-client';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Shop, act, deliveryBody, pickupBody, place, seedShop, settle } from './test-fixtures';
import { transitionOrder } from './transition-order';

let t: TestApp;
let shop: Shop;
let base: string;
let driverId: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  driverId = await createUser(t, {
    email: 'driver@example.com',
    userType: 'driver',
    status: 'approved',
    driver: { postcode: 'E1', online: true, vehicle: 'bike', licence: 'X' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
});
/** Streams still open when a test fails would keep the server from closing. */
const streams: Stream[] = [];
function track(s: Stream): Stream {
  streams.push(s);
  return s;
}
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

async function newOrder(type: 'DELIVERY' | 'PICKUP') {
  const res = await place(t, type === 'DELIVERY' ? deliveryBody(shop) : pickupBody(shop));
  return res.json().order as { id: string; orderNumber: string };
}

/** A partner action after the 2-second guard has passed. */
async function step(orderId: string, body: Record<string, unknown>, cookie = shop.partner.cookie) {
  await settle(t, orderId);
  return act(t, cookie, orderId, body);
}

describe('partner actions on a pickup order', () => {
  it('walks PENDING to COLLECTED, appending history, and creates no delivery job', async () => {
    const o = await newOrder('PICKUP');
    let res = await step(o.id, { action: 'accept', prepTimeMinutes: 15 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'ACCEPTED', prepTimeMinutes: 15, viewer: 'staff' });
    expect(res.json().availableActions).toEqual(['start_preparing']);
    for (const [action, status] of [
      ['start_preparing', 'PREPARING'],
      ['mark_ready', 'READY'],
      ['mark_collected', 'COLLECTED'],
    ] as const) {
      res = await step(o.id, { action });
      expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
      expect(res.json().order.status).toBe(status);
    }
    expect(res.json().order.statusHistory.map((h: { status: string }) => h.status)).toEqual([
      'PENDING',
      'ACCEPTED',
      'PREPARING',
      'READY',
      'COLLECTED',
    ]);
    expect(res.json().availableActions).toEqual([]);
    expect(await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, o.id))).toHaveLength(0);
  });

  it('accepts with the default prep time of 20 minutes and re-bases the ETA on it', async () => {
    const o = await newOrder('PICKUP');
    const before = Date.now();
    const res = await step(o.id, { action: 'accept' });
    expect(res.json().order.prepTimeMinutes).toBe(20);
    const [eta] = await t.database.db.select().from(orderEtas).where(eq(orderEtas.orderId, o.id));
    expect(eta.initialEta.getTime() - before).toBeGreaterThanOrEqual(20 * 60_000 - 1000);
    expect(eta.initialEta.getTime() - before).toBeLessThan(20 * 60_000 + 5000);
  });

  it("adds a busy kitchen's extra minutes to the promised time", async () => {
    const o = await newOrder('PICKUP');
    await t.database.db.update(sites).set({ busyExtraMinutes: 15 }).where(eq(sites.id, shop.site.id));
    try {
      const before = Date.now();
      await step(o.id, { action: 'accept', prepTimeMinutes: 10 });
      const [eta] = await t.database.db.select().from(orderEtas).where(eq(orderEtas.orderId, o.id));
      expect(eta.initialEta.getTime() - before).toBeGreaterThanOrEqual(25 * 60_000 - 1000);
      expect(eta.initialEta.getTime() - before).toBeLessThan(25 * 60_000 + 5000);
    } finally {
      await t.database.db.update(sites).set({ busyExtraMinutes: 0 }).where(eq(sites.id, shop.site.id));
    }
  });

  it('refuses a prep time outside 10, 15, 20, 25 and 30', async () => {
    const o = await newOrder('PICKUP');
    const res = await step(o.id, { action: 'accept', prepTimeMinutes: 12 });
    expect(res.statusCode).toBe(400);
  });
});

describe('partner actions on a delivery order', () => {
  it('accepting creates one delivery job with a pickup code, in the pickup area', async () => {
    const o = (await place(t, deliveryBody(shop, { deliveryPostcode: 'EC1V 2NX' }))).json().order;
    const jobs = track(await openStream(base, `/api/events?topics=jobs:E`, await signIn(t, 'driver@example.com')));
    const res = await step(o.id, { action: 'accept', prepTimeMinutes: 25 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.status).toBe('ACCEPTED');
    // The kitchen may start before a driver takes the job (docs/decisions/0125).
    expect(res.json().availableActions).toEqual(['start_preparing']);
    const rows = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, o.id));
    expect(rows).toHaveLength(1);
    const job = rows[0];
    expect(job).toMatchObject({
      status: 'available',
      driverId: null,
      pickupArea: 'E',
      pickupPostcode: 'E1 1BJ',
      pickupAddress: '1 Whitechapel Road, London',
      deliveryAddress: '12 Commercial Street',
      deliveryPostcode: 'EC1V 2NX',
      restaurantName: shop.siteName,
      customerName: 'Aisha Khan',
      deliveryFeeMinor: 249,
      customerOrderTotalMinor: 1748,
      // Settings defaults: option_a, 120 + 60 a mile for about 1.5 miles, raised to the 300 minimum.
      totalPayMinor: 300,
    });
    expect(job.distanceMiles).toBeGreaterThan(1);
    expect(job.distanceMiles).toBeLessThan(3);
    // About 2.5 km by car at 30 km/h: 5 or 6 minutes.
    expect(job.estimatedDurationMinutes).toBeGreaterThanOrEqual(5);
    expect(job.estimatedDurationMinutes).toBeLessThanOrEqual(6);
    expect(job.pickupCode).toMatch(/^\d{4}$/);
    expect(job.expiresAt.getTime() - job.createdAt.getTime()).toBe(30 * 60_000);
    const e = await jobs.waitFor((x) => x.type === 'job.created');
    expect(e).toEqual({ topic: 'jobs:E', type: 'job.created', data: { jobId: job.id, orderId: o.id, area: 'E' } });
    jobs.close();
  });

  it('moves the order and its job together through the driver steps (the use case the driver issue calls)', async () => {
    const db = t.database.db;
    const o = await newOrder('DELIVERY');
    await step(o.id, { action: 'accept' });
    const deps = { db, bus: t.app.deps.bus };
    const driver = { kind: 'driver' as const, userId: driverId };
    await transitionOrder(deps, { orderId: o.id, action: 'assign_driver', actor: driver });
    let [job] = await db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, o.id));
    expect(job).toMatchObject({ status: 'assigned', driverId });
    expect((await step(o.id, { action: 'start_preparing' })).json().order.status).toBe('PREPARING');
    expect((await step(o.id, { action: 'mark_ready' })).json().order.status).toBe('READY');
    const partner = { kind: 'partner' as const, userId: shop.partner.id };
    const later = new Date(Date.now() + 5000);
    await expect(
      transitionOrder(deps, {
        orderId: o.id,
        action: 'hand_to_driver',
        actor: partner,
        pickupCode: '____',
        now: later,
      }),
    ).rejects.toThrow(/Invalid pickup code/);
    await transitionOrder(deps, {
      orderId: o.id,
      action: 'hand_to_driver',
      actor: partner,
      pickupCode: job.pickupCode,
      now: later,
    });
    [job] = await db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, o.id));
    expect(job.status).toBe('picked_up');
    const [row] = await db.select().from(orders).where(eq(orders.id, o.id));
    await expect(
      transitionOrder(deps, { orderId: o.id, action: 'complete_delivery', actor: driver, deliveryCode: 'nope' }),
    ).rejects.toThrow(/Invalid code/);
    await transitionOrder(deps, {
      orderId: o.id,
      action: 'complete_delivery',
      actor: driver,
      deliveryCode: row.deliveryVerificationCode,
    });
    [job] = await db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, o.id));
    expect(job.status).toBe('completed');
    expect((await db.select().from(orders).where(eq(orders.id, o.id)))[0].status).toBe('DELIVERED');
  });

  it('lets the kitchen cook before a driver joins, and holds the hand-over until one has', async () => {
    const db = t.database.db;
    const deps = { db, bus: t.app.deps.bus };
    const o = await newOrder('DELIVERY');
    await step(o.id, { action: 'accept' });
    expect((await step(o.id, { action: 'start_preparing' })).json().order.status).toBe('PREPARING');
    const ready = await step(o.id, { action: 'mark_ready' });
    expect(ready.json().order.status).toBe('READY');
    // No driver yet: no hand-over button, and even the right pickup code cannot move an unclaimed job.
    expect(ready.json().availableActions).toEqual([]);
    const [open] = await db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, o.id));
    const partner = { kind: 'partner' as const, userId: shop.partner.id };
    await expect(
      transitionOrder(deps, {
        orderId: o.id,
        action: 'hand_to_driver',
        actor: partner,
        pickupCode: open.pickupCode,
        now: new Date(Date.now() + 5000),
      }),
    ).rejects.toThrow(/not in a state that allows this/);
    expect((await db.select().from(orders).where(eq(orders.id, o.id)))[0].status).toBe('READY');
    // A driver joining a READY order keeps it READY and becomes the order's driver.
    const moved = await transitionOrder(deps, {
      orderId: o.id,
      action: 'assign_driver',
      actor: { kind: 'driver', userId: driverId },
    });
    expect(moved).toMatchObject({ previousStatus: 'READY', status: 'READY', driverId });
    const [row] = await db.select().from(orders).where(eq(orders.id, o.id));
    expect(row).toMatchObject({ status: 'READY', driverId });
    const handed = await transitionOrder(deps, {
      orderId: o.id,
      action: 'hand_to_driver',
      actor: partner,
      pickupCode: open.pickupCode,
      now: new Date(Date.now() + 10_000),
    });
    expect(handed.status).toBe('OUT_FOR_DELIVERY');
  });

  it('cancels with who and why, takes the job off the board, and keeps a final order final', async () => {
    const db = t.database.db;
    const deps = { db, bus: t.app.deps.bus };
    const o = await newOrder('DELIVERY');
    await step(o.id, { action: 'accept' });
    const partner = { kind: 'partner' as const, userId: shop.partner.id };
    const later = new Date(Date.now() + 5000);
    await expect(
      transitionOrder(deps, { orderId: o.id, action: 'cancel', actor: partner, reason: '  ', now: later }),
    ).rejects.toThrow('Cancellation reason is required');
    const res = await transitionOrder(deps, {
      orderId: o.id,
      action: 'cancel',
      actor: partner,
      reason: 'Item ran out',
      now: later,
    });
    expect(res).toMatchObject({ previousStatus: 'ACCEPTED', status: 'CANCELLED', job: { status: 'cancelled' } });
    const [row] = await db.select().from(orders).where(eq(orders.id, o.id));
    expect(row).toMatchObject({ status: 'CANCELLED', cancelledBy: 'partner', cancelReason: 'Item ran out' });
    expect(row.cancelledAt?.getTime()).toBe(later.getTime());
    const [job] = await db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, o.id));
    expect(job.status).toBe('cancelled');
    const history = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, o.id));
    expect(history.map((h) => h.note)).toContain('cancelled by partner: Item ran out');
    await expect(
      transitionOrder(deps, { orderId: o.id, action: 'cancel', actor: { kind: 'ops', userId: null }, reason: 'x' }),
    ).rejects.toThrow(`Order ${o.orderNumber} is CANCELLED; it cannot be cancelled`);
  });

  it('lets only the system time out a pending order, with the restaurant-did-not-respond reason', async () => {
    const db = t.database.db;
    const deps = { db, bus: t.app.deps.bus };
    const o = await newOrder('PICKUP');
    await expect(
      transitionOrder(deps, {
        orderId: o.id,
        action: 'time_out',
        actor: { kind: 'partner', userId: shop.partner.id },
        now: new Date(Date.now() + 5000),
      }),
    ).rejects.toThrow(/cannot be closed/);
    await transitionOrder(deps, { orderId: o.id, action: 'time_out', actor: { kind: 'system', userId: null } });
    const [row] = await db.select().from(orders).where(eq(orders.id, o.id));
    expect(row).toMatchObject({ status: 'REJECTED', rejectionReason: 'The restaurant did not respond' });
  });

  it('refuses mark_collected on a delivery order', async () => {
    const o = await newOrder('DELIVERY');
    const res = await step(o.id, { action: 'mark_collected' });
    expect(res.statusCode).toBe(409);
  });
});

describe('refusals', () => {
  it('refuses any move the state machine does not list, with a clear message', async () => {
    const o = await newOrder('PICKUP');
    await step(o.id, { action: 'accept' });
    await step(o.id, { action: 'start_preparing' });
    const res = await step(o.id, { action: 'accept' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'CONFLICT',
      message: `Order ${o.orderNumber} is PREPARING; it cannot be accepted`,
    });
    expect((await step(o.id, { action: 'reject', reason: 'late' })).statusCode).toBe(409);
    expect((await step(o.id, { action: 'mark_collected' })).statusCode).toBe(409);
  });

  it('requires a rejection reason and stores it', async () => {
    const o = await newOrder('PICKUP');
    let res = await step(o.id, { action: 'reject' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Rejection reason is required');
    res = await step(o.id, { action: 'reject', reason: '   ' });
    expect(res.json().error.message).toBe('Rejection reason is required');
    // The reject dialog shows it under its Reason field (docs/decisions/0219-one-form-kit.md).
    expect(res.json().error.fields).toEqual([{ in: 'body', path: 'reason', message: 'Rejection reason is required' }]);
    res = await step(o.id, { action: 'reject', reason: 'Out of lamb tonight' });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'REJECTED',
      statusLabel: 'Order Rejected',
      rejectionReason: 'Out of lamb tonight',
    });
    expect((await step(o.id, { action: 'accept' })).statusCode).toBe(409);
  });

  it('blocks a second action within 2 seconds of the last status change', async () => {
    const o = await newOrder('PICKUP');
    const first = await step(o.id, { action: 'accept' });
    expect(first.statusCode).toBe(200);
    const second = await act(t, shop.partner.cookie, o.id, { action: 'start_preparing' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('Action blocked: Please wait before making another action on this order');
    expect(
      (await t.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, o.id))).map(
        (h) => h.status,
      ),
    ).toEqual(['PENDING', 'ACCEPTED']);
  });

  it('lets one of two simultaneous accepts through', async () => {
    const o = await newOrder('DELIVERY');
    await settle(t, o.id);
    const results = await Promise.all([
      act(t, shop.partner.cookie, o.id, { action: 'accept' }),
      act(t, shop.partner.cookie, o.id, { action: 'accept' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, o.id))).toHaveLength(1);
  });

  it('answers 404 to a partner of another brand, and to an unknown order', async () => {
    const o = await newOrder('PICKUP');
    const res = await step(o.id, { action: 'accept' }, shop.otherPartner.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Order not found');
    expect((await step('00000000-0000-4000-8000-000000000009', { action: 'accept' })).statusCode).toBe(404);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, o.id)))[0].status).toBe('PENDING');
  });

  it('takes no driver steps on the partner route', async () => {
    const o = await newOrder('DELIVERY');
    for (const action of ['assign_driver', 'hand_to_driver', 'complete_delivery']) {
      expect((await step(o.id, { action })).statusCode, action).toBe(400);
    }
  });
});

describe('live events', () => {
  it('publishes order.status on the order and site topics, and order.created to staff', async () => {
    const staff = track(
      await openStream(base, `/api/events?topics=${topicName.site(shop.site.id)}`, shop.partner.cookie),
    );
    const placed = (await place(t, pickupBody(shop))).json();
    const created = await staff.waitFor((e) => e.type === 'order.created');
    expect(created.data).toMatchObject({
      orderId: placed.order.id,
      orderNumber: placed.order.orderNumber,
      orderType: 'PICKUP',
    });
    const visitor = track(
      await openStream(
        base,
        `/api/events?topics=${topicName.order(placed.order.id)}&orderToken=${encodeURIComponent(placed.orderToken)}`,
      ),
    );
    expect(visitor.status).toBe(200);
    await step(placed.order.id, { action: 'accept' });
    const seen = await visitor.waitFor((e) => e.type === 'order.status');
    expect(seen.data).toEqual({
      orderId: placed.order.id,
      orderNumber: placed.order.orderNumber,
      status: 'ACCEPTED',
      previousStatus: 'PENDING',
      action: 'accept',
    });
    await staff.waitFor((e) => e.type === 'order.status' && e.data.status === 'ACCEPTED');
    staff.close();
    visitor.close();
  });
});
