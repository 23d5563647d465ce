import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { topicName } from '../../../domain/topics';
import { auditLog, deliveryJobs, driverEarnings, orders } from '../../db/schema/index';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Driver, driverCall, handOver, newDriver, offeredJob } from '../dispatch/test-fixtures';
import { type Shop, seedShop, setSetting, settle } from './test-fixtures';
import { transitionOrder } from './transition-order';

let t: TestApp;
let shop: Shop;
let ops: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  await createUser(t, { email: 'ops@example.com', userType: 'admin', adminRole: 'super_admin' });
  ops = await signIn(t, 'ops@example.com');
}, 120_000);
afterAll(async () => t.close());

const deps = () => ({ db: t.database.db, bus: t.app.deps.bus });

/** A delivery order the driver has taken and picked up. */
async function outForDelivery(driver: Driver) {
  const offered = await offeredJob(t, shop);
  const taken = await driverCall(t, driver, 'POST', `/api/driver/jobs/${offered.job.id}/accept`);
  if (taken.statusCode !== 200) throw new Error(taken.body);
  await settle(t, offered.orderId);
  await handOver(t, shop, offered.orderId);
  return offered;
}

const opsCancel = (orderId: string) =>
  transitionOrder(deps(), {
    orderId,
    action: 'cancel',
    actor: { kind: 'ops', userId: null, name: 'Ops' },
    reason: 'Customer unreachable',
    now: new Date(Date.now() + 10_000),
  });

async function earningsOf(jobId: string) {
  return t.database.db.select().from(driverEarnings).where(eq(driverEarnings.deliveryJobId, jobId));
}

describe('an order cancelled after the driver picked it up', () => {
  it('records the cash as not collected and pays the driver pickup pay only by default, said on their earnings', async () => {
    const driver = await newDriver(t);
    const { orderId, job } = await outForDelivery(driver);
    const events: { topic: string; type: string; data: unknown }[] = [];
    const off = t.app.deps.bus.subscribe([topicName.user(driver.id)], (e) => events.push(e));
    const result = await opsCancel(orderId);
    expect(result).toMatchObject({ previousStatus: 'OUT_FOR_DELIVERY', status: 'CANCELLED' });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'CANCELLED', cancelledBy: 'ops', cashOutcome: 'not_collected' });
    const [cancelledJob] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.id, job.id));
    expect(cancelledJob.status).toBe('cancelled');

    const [earning] = await earningsOf(job.id);
    expect(job.pickupPayMinor).toBeGreaterThan(0);
    expect(earning).toMatchObject({
      driverId: driver.id,
      pickupPayMinor: job.pickupPayMinor,
      distancePayMinor: 0,
      boostMinor: 0,
      tipMinor: 0,
      totalMinor: job.pickupPayMinor,
      cancelledPayRule: 'pickup_pay',
      paidOut: false,
    });
    // On PostgreSQL the event comes back through NOTIFY, a moment after the commit.
    await vi.waitFor(() =>
      expect(events).toContainEqual({
        topic: topicName.user(driver.id),
        type: 'earnings.updated',
        data: { jobId: job.id, earningId: earning.id },
      }),
    );
    off();
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, orderId), eq(auditLog.actionType, 'order_cancelled')));
    expect(audit.details).toMatchObject({
      from: 'OUT_FOR_DELIVERY',
      by: 'ops',
      cashOutcome: 'not_collected',
      driverPayRule: 'pickup_pay',
      driverPayMinor: job.pickupPayMinor,
    });

    const screen = await driverCall(t, driver, 'GET', '/api/driver/earnings');
    expect(screen.statusCode, screen.body).toBe(200);
    expect(screen.json().history[0]).toMatchObject({
      jobId: job.id,
      totalMinor: job.pickupPayMinor,
      note: 'Order cancelled after pickup: pickup pay only',
    });
  });

  it('pays the whole job under "full_pay"', async () => {
    await setSetting(t, 'cancelled_after_pickup_pay', 'full_pay');
    try {
      const driver = await newDriver(t);
      const { orderId, job } = await outForDelivery(driver);
      await opsCancel(orderId);
      const [earning] = await earningsOf(job.id);
      expect(earning).toMatchObject({ totalMinor: job.totalPayMinor, cancelledPayRule: 'full_pay', paidOut: false });
    } finally {
      await setSetting(t, 'cancelled_after_pickup_pay', 'pickup_pay');
    }
  });

  it('writes a zero line under "none", already settled so it never makes an empty cash-out', async () => {
    await setSetting(t, 'cancelled_after_pickup_pay', 'none');
    try {
      const driver = await newDriver(t);
      const { orderId, job } = await outForDelivery(driver);
      await opsCancel(orderId);
      const [earning] = await earningsOf(job.id);
      expect(earning).toMatchObject({ totalMinor: 0, cancelledPayRule: 'none', paidOut: true });
      const screen = (await driverCall(t, driver, 'GET', '/api/driver/earnings')).json();
      expect(screen.summary.unpaidCount).toBe(0);
      expect(screen.history[0].note).toBe('Order cancelled after pickup: no pay for this job');
      const cashOut = await driverCall(t, driver, 'POST', '/api/driver/earnings/cash-out');
      expect(cashOut.statusCode).toBe(409);
    } finally {
      await setSetting(t, 'cancelled_after_pickup_pay', 'pickup_pay');
    }
  });

  it('pays nothing and records no cash when the order is cancelled before pickup', async () => {
    const driver = await newDriver(t);
    const offered = await offeredJob(t, shop);
    await driverCall(t, driver, 'POST', `/api/driver/jobs/${offered.job.id}/accept`);
    await opsCancel(offered.orderId);
    expect(await earningsOf(offered.job.id)).toEqual([]);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, offered.orderId));
    expect(order).toMatchObject({ status: 'CANCELLED', cashOutcome: null });
  });

  it('keeps the cancelled order out of the revenue of the reports', async () => {
    const driver = await newDriver(t);
    const { orderId } = await outForDelivery(driver);
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/reports', headers: { cookie: ops } })).json();
    await opsCancel(orderId);
    const after = (await t.app.inject({ method: 'GET', url: '/api/admin/reports', headers: { cookie: ops } })).json();
    expect(after.totals.orders).toBe(before.totals.orders);
    expect(after.totals.completedOrders).toBe(before.totals.completedOrders);
    expect(after.totals.revenueMinor).toBe(before.totals.revenueMinor);
  });
});
