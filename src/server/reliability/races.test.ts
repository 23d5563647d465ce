import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSITIONS, type OrderStatus } from '../../domain/order-flow';
import {
  brandMemberships,
  deliveryJobs,
  driverEarnings,
  driverPayouts,
  orderStatusHistory,
  orders,
  siteStaff,
} from '../db/schema/index';
import {
  type Driver,
  customerCode,
  driverCall,
  jpeg,
  newDriver,
  offeredJob,
  upload,
  withPayoutDetails,
} from '../modules/dispatch/test-fixtures';
import {
  type Shop,
  act,
  deliveryBody,
  newKey,
  pickupBody,
  place,
  seedShop,
  settle,
} from '../modules/orders/test-fixtures';
import { type TestApp, createTestApp, createUser, signIn } from '../test/test-app';

/**
 * Concurrency, on PGlite by default and on PostgreSQL in CI (DATABASE_URL): each race ends in
 * exactly one valid state. Builds on the single-race tests in the modules (dispatch/jobs.test.ts:
 * 50 drivers; place-order.test.ts: 20 submits; earnings.test.ts: 10 cash-outs).
 */
let t: TestApp;
let shop: Shop;
let manager: { id: string; cookie: string };

beforeAll(async () => {
  // Far above what these requests need: the abuse limits have their own test (abuse-limits.test.ts).
  t = await createTestApp({
    rateLimits: {
      windowSeconds: 60,
      orders: { perIp: 100_000, perAccount: 100_000 },
      reviews: { perIp: 100_000, perAccount: 100_000 },
    },
  });
  shop = await seedShop(t);
  const id = await createUser(t, { email: 'manager@example.com', userType: 'partner', name: 'Mona Manager' });
  await t.database.db.insert(brandMemberships).values({ brandId: shop.brand.id, userId: id, role: 'site_manager' });
  await t.database.db.insert(siteStaff).values({ siteId: shop.site.id, userId: id });
  manager = { id, cookie: await signIn(t, 'manager@example.com') };
}, 120_000);
afterAll(async () => t?.close());

/** The order's statuses, oldest first, and whether each step is a move the state machine allows. */
async function history(orderId: string): Promise<{ statuses: OrderStatus[]; valid: boolean }> {
  const rows = await t.database.db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt));
  const statuses = rows.map((r) => r.status);
  const valid =
    statuses[0] === 'PENDING' &&
    statuses.slice(1).every((to, i) => TRANSITIONS.some((tr) => tr.from === statuses[i] && tr.to === to));
  return { statuses, valid };
}

async function orderRow(id: string) {
  return (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
}

describe('50 submits with one Idempotency-Key', () => {
  it('make one order, and all 50 answers carry the same body', async () => {
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 50 }, () => place(t, deliveryBody(shop), { key })));
    expect(results.map((r) => r.statusCode).filter((s) => s === 201)).toHaveLength(1);
    expect(results.map((r) => r.statusCode).filter((s) => s === 200)).toHaveLength(49);
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(await t.database.db.select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
  });

  it('refuse the key reused with another body, or by another signed-in caller, without revealing the order', async () => {
    const key = newKey();
    const first = await place(t, deliveryBody(shop), { key });
    expect(first.statusCode).toBe(201);
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => place(t, deliveryBody(shop, { customerName: 'Someone Else' }), { key })),
      ...Array.from({ length: 10 }, () => place(t, deliveryBody(shop), { key, cookie: shop.partner.cookie })),
    ]);
    for (const r of results) {
      expect(r.statusCode, r.body).toBe(422);
      expect(r.body).not.toContain(first.json().order.orderNumber);
    }
    expect(await t.database.db.select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
  });
});

describe('50 accepts of one job', () => {
  it('give the job to exactly one driver, even when every driver taps twice', async () => {
    const o = await offeredJob(t, shop);
    const drivers: Driver[] = [];
    for (let i = 0; i < 25; i++) drivers.push(await newDriver(t));
    const taps = drivers.flatMap((d) => [d, d]);
    const results = await Promise.all(taps.map((d) => driverCall(t, d, 'POST', `/api/driver/jobs/${o.job.id}/accept`)));
    for (const r of results) expect([200, 409], r.body).toContain(r.statusCode);
    const winners = new Set(taps.filter((_, i) => results[i].statusCode === 200).map((d) => d.id));
    expect(winners.size).toBe(1);
    const [winner] = winners;
    const [job] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.id, o.job.id));
    expect(job).toMatchObject({ status: 'assigned', driverId: winner });
    expect(await orderRow(o.orderId)).toMatchObject({ status: 'DRIVER_ASSIGNED', driverId: winner });
    expect(await history(o.orderId)).toEqual({ statuses: ['PENDING', 'ACCEPTED', 'DRIVER_ASSIGNED'], valid: true });
  }, 120_000);
});

describe('the customer cancelling while the restaurant accepts', () => {
  it('leaves exactly one winner: a cancelled order with no job, or an accepted order with one', async () => {
    for (let round = 0; round < 6; round++) {
      const placed = (await place(t, deliveryBody(shop))).json();
      await settle(t, placed.order.id);
      const cancel = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/orders/${placed.order.orderNumber}/cancel`,
          headers: { 'x-order-token': placed.orderToken },
          payload: { reason: 'Changed my mind' },
        });
      const accept = () => act(t, shop.partner.cookie, placed.order.id, { action: 'accept', prepTimeMinutes: 20 });
      // Alternate who is sent first so both orders of arrival are tried.
      const [c, a] =
        round % 2 ? await Promise.all([cancel(), accept()]) : (await Promise.all([accept(), cancel()])).reverse();
      expect([c.statusCode, a.statusCode].sort(), `${c.body} ${a.body}`).toEqual([200, 409]);
      const row = await orderRow(placed.order.id);
      const expected = c.statusCode === 200 ? 'CANCELLED' : 'ACCEPTED';
      expect(row.status).toBe(expected);
      expect(await history(placed.order.id)).toEqual({ statuses: ['PENDING', expected], valid: true });
      const jobs = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, placed.order.id));
      expect(jobs).toHaveLength(expected === 'ACCEPTED' ? 1 : 0);
      expect(row.cancelledBy).toBe(expected === 'CANCELLED' ? 'customer' : null);
      expect(row.prepTimeMinutes).toBe(expected === 'ACCEPTED' ? 20 : null);
    }
  });
});

describe('the owner and a site manager acting on one order at once', () => {
  const both = (orderId: string, a: Record<string, unknown>, b: Record<string, unknown>) =>
    Promise.all([act(t, shop.partner.cookie, orderId, a), act(t, manager.cookie, orderId, b)]);

  it('end accept against reject in one state with one history entry and a job only if accepted', async () => {
    for (let round = 0; round < 5; round++) {
      const placed = (await place(t, deliveryBody(shop))).json();
      await settle(t, placed.order.id);
      const [owner, mgr] = await both(
        placed.order.id,
        { action: 'accept', prepTimeMinutes: 20 },
        { action: 'reject', reason: 'Out of lamb' },
      );
      expect([owner.statusCode, mgr.statusCode].sort(), `${owner.body} ${mgr.body}`).toEqual([200, 409]);
      const row = await orderRow(placed.order.id);
      const expected = owner.statusCode === 200 ? 'ACCEPTED' : 'REJECTED';
      expect(row.status).toBe(expected);
      expect(await history(placed.order.id)).toEqual({ statuses: ['PENDING', expected], valid: true });
      const jobs = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, placed.order.id));
      expect(jobs).toHaveLength(expected === 'ACCEPTED' ? 1 : 0);
      expect(row.rejectionReason).toBe(expected === 'REJECTED' ? 'Out of lamb' : null);
    }
  });

  it('end the same step sent by both (prepare, ready, collected) with the step taken once', async () => {
    const placed = (await place(t, pickupBody(shop))).json();
    const id = placed.order.id;
    const steps: [string, OrderStatus][] = [
      ['accept', 'ACCEPTED'],
      ['start_preparing', 'PREPARING'],
      ['mark_ready', 'READY'],
      ['mark_collected', 'COLLECTED'],
    ];
    const trail: OrderStatus[] = ['PENDING'];
    for (const [action, status] of steps) {
      await settle(t, id);
      const results = await both(id, { action }, { action });
      expect(results.map((r) => r.statusCode).sort(), action).toEqual([200, 409]);
      trail.push(status);
      expect(await history(id)).toEqual({ statuses: trail, valid: true });
    }
  });
});

/** The restaurant prepares the order and hands it over through the API with the driver's code. */
async function prepareAndHandOver(orderId: string, jobId: string): Promise<void> {
  for (const action of ['start_preparing', 'mark_ready']) {
    await settle(t, orderId);
    expect((await act(t, shop.partner.cookie, orderId, { action })).statusCode).toBe(200);
  }
  await settle(t, orderId);
  const [job] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.id, jobId));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/partner/orders/${orderId}/hand-over`,
    headers: { cookie: shop.partner.cookie },
    payload: { pickupCode: job.pickupCode },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A new driver on the road with a fresh job: accepted, prepared and handed over; the customer's code and a proof photo in hand. */
async function outForDelivery() {
  const d = await newDriver(t);
  const o = await offeredJob(t, shop);
  expect((await driverCall(t, d, 'POST', `/api/driver/jobs/${o.job.id}/accept`)).statusCode).toBe(200);
  await prepareAndHandOver(o.orderId, o.job.id);
  const code = await customerCode(t, o.orderId);
  const proof = (await upload(t, d, 'proof_of_delivery', await jpeg())).json();
  return { d, o, code, proof };
}

describe('money paid once', () => {
  it('pays each of two drivers exactly once when twenty cash-outs each arrive together', async () => {
    const drivers = [await newDriver(t), await newDriver(t)];
    for (const d of drivers) await withPayoutDetails(t, d);
    for (const d of drivers)
      for (const amount of [300, 311, 552])
        await t.database.db
          .insert(driverEarnings)
          .values({ driverId: d.id, totalMinor: amount, pickupPayMinor: amount });
    const calls = drivers.flatMap((d) => Array.from({ length: 20 }, () => d));
    const results = await Promise.all(calls.map((d) => driverCall(t, d, 'POST', '/api/driver/earnings/cash-out')));
    for (const d of drivers) {
      const mine = results.filter((_, i) => calls[i] === d);
      expect(mine.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of mine.filter((x) => x.statusCode !== 200)) expect(r.statusCode).toBe(409);
      const payouts = await t.database.db.select().from(driverPayouts).where(eq(driverPayouts.driverId, d.id));
      expect(payouts).toHaveLength(1);
      expect(payouts[0]).toMatchObject({ grossMinor: 1163, feeMinor: 0, netMinor: 1163 });
      const earnings = await t.database.db.select().from(driverEarnings).where(eq(driverEarnings.driverId, d.id));
      expect(earnings.every((e) => e.paidOut && e.payoutId === payouts[0].id)).toBe(true);
    }
  });

  it('completes a delivery once and writes one earning when the driver sends it five times at once', async () => {
    const { d, o, code, proof } = await outForDelivery();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        driverCall(t, d, 'POST', `/api/driver/jobs/${o.job.id}/complete`, { code, proofUploadId: proof.id }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.statusCode, r.body).toBe(409);
    expect(
      await t.database.db.select().from(driverEarnings).where(eq(driverEarnings.deliveryJobId, o.job.id)),
    ).toHaveLength(1);
    expect(await history(o.orderId)).toEqual({
      statuses: ['PENDING', 'ACCEPTED', 'DRIVER_ASSIGNED', 'PREPARING', 'READY', 'OUT_FOR_DELIVERY', 'DELIVERED'],
      valid: true,
    });
  });

  it('hands an order to its driver once when the owner and the manager enter the code together', async () => {
    const d = await newDriver(t);
    const o = await offeredJob(t, shop);
    await driverCall(t, d, 'POST', `/api/driver/jobs/${o.job.id}/accept`);
    for (const action of ['start_preparing', 'mark_ready']) {
      await settle(t, o.orderId);
      expect((await act(t, shop.partner.cookie, o.orderId, { action })).statusCode).toBe(200);
    }
    await settle(t, o.orderId);
    const [job] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.id, o.job.id));
    const url = `/api/partner/orders/${o.orderId}/hand-over`;
    const results = await Promise.all(
      [shop.partner.cookie, manager.cookie].map((cookie) =>
        t.app.inject({ method: 'POST', url, headers: { cookie }, payload: { pickupCode: job.pickupCode } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await history(o.orderId)).toEqual({
      statuses: ['PENDING', 'ACCEPTED', 'DRIVER_ASSIGNED', 'PREPARING', 'READY', 'OUT_FOR_DELIVERY'],
      valid: true,
    });
  });
});
