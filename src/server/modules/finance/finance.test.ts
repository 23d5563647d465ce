import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRole } from '../../../domain/roles';
import { reportRangeProblem, londonDate } from '../../../domain/reports';
import { auditLog, deliveryJobs, notificationOutbox, orders } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Caller, adminsOfEveryRole, call as adminCall } from '../admin/test-fixtures';
import {
  type Driver,
  customerCode,
  driverCall,
  handOver,
  jpeg,
  newDriver,
  offeredJob,
  upload,
} from '../dispatch/test-fixtures';
import { type Shop, act, deliveryBody, pickupBody, place, seedShop, setSetting, settle } from '../orders/test-fixtures';

/*
 * Money that adds up (docs/decisions/0155-service-fee-and-commission-snapshot.md,
 * docs/decisions/0156-cash-collection-and-hand-ins.md, docs/decisions/0157-statements-and-reconciliation.md).
 */

let t: TestApp;
let shop: Shop;
let admins: Record<AdminRole, Caller>;
let driver: Driver;
const today = () => londonDate(new Date());

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  admins = await adminsOfEveryRole(t);
  driver = await newDriver(t);
});
afterAll(async () => t.close());

/** A delivery order taken by `d`, handed over, then completed with `cash` (the body's cash fields). */
async function delivered(d: Driver, cash: Record<string, unknown> = {}) {
  const o = await offeredJob(t, shop);
  const accepted = await driverCall(t, d, 'POST', `/api/driver/jobs/${o.job.id}/accept`);
  if (accepted.statusCode !== 200) throw new Error(accepted.body);
  await handOver(t, shop, o.orderId);
  const proof = await upload(t, d, 'proof_of_delivery', await jpeg());
  const code = await customerCode(t, o.orderId);
  const res = await driverCall(t, d, 'POST', `/api/driver/jobs/${o.job.id}/complete`, {
    code,
    proofUploadId: proof.json().id,
    ...cash,
  });
  return { ...o, res };
}

const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];

describe('the service fee', () => {
  it('is charged on the food when set above zero, stored on the order and shown on it and the receipt', async () => {
    await setSetting(t, 'service_fee_percent', 5);
    try {
      // 2 wraps (£13.00) and a tea (£1.99): £14.99 of food, 5% = 74.95p, so 75p; plus the £2.49 fee.
      const res = await place(t, deliveryBody(shop, { customerEmail: 'aisha@example.com' }));
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().order;
      expect(order).toMatchObject({
        subtotalMinor: 1499,
        deliveryFeeMinor: 249,
        serviceFeeMinor: 75,
        totalMinor: 1823,
      });
      expect(await orderRow(order.id)).toMatchObject({ serviceFeeMinor: 75, totalMinor: 1823 });
      const [receipt] = await t.database.db
        .select()
        .from(notificationOutbox)
        .where(eq(notificationOutbox.eventId, `order:${order.id}:placed`));
      expect(receipt.payload.text).toContain('Service fee: £0.75');
      expect(receipt.payload.text).toContain('Total: £18.23');
      const platform = await t.app.inject({ method: 'GET', url: '/api/platform' });
      expect(platform.json().serviceFeePercent).toBe(5);
    } finally {
      await setSetting(t, 'service_fee_percent', 0);
    }
  });

  it('is not charged at 0%, and no line is shown', async () => {
    const res = await place(t, pickupBody(shop, { customerEmail: 'zero@example.com' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({ subtotalMinor: 1499, serviceFeeMinor: 0, totalMinor: 1499 });
    const [receipt] = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.eventId, `order:${res.json().order.id}:placed`));
    expect(receipt.payload.text).not.toContain('Service fee');
  });
});

describe('the commission', () => {
  it('stores the rate in force at placement, and the statement keeps it after the setting changes', async () => {
    await setSetting(t, 'commission_percent', 20);
    const o = await delivered(driver);
    expect(o.res.statusCode, o.res.body).toBe(200);
    expect((await orderRow(o.orderId)).commissionPercent).toBe(20);
    await setSetting(t, 'commission_percent', 10);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/partner/sites/${shop.site.id}/statement?from=${today()}&to=${today()}`,
      headers: { cookie: shop.partner.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().commissionRates).toContain(20);
    await setSetting(t, 'commission_percent', 15);
  });
});

describe('cash at the door', () => {
  it('records the order total when the driver names no amount', async () => {
    const o = await delivered(driver);
    expect(o.res.statusCode, o.res.body).toBe(200);
    const row = await orderRow(o.orderId);
    expect(row.cashCollectedMinor).toBe(row.totalMinor);
    expect(row.cashDifferenceReason).toBeNull();
  });

  it('needs a reason for any other amount, and stores both', async () => {
    const o = await offeredJob(t, shop);
    await driverCall(t, driver, 'POST', `/api/driver/jobs/${o.job.id}/accept`);
    await handOver(t, shop, o.orderId);
    const proofId = (await upload(t, driver, 'proof_of_delivery', await jpeg())).json().id;
    const code = await customerCode(t, o.orderId);
    const url = `/api/driver/jobs/${o.job.id}/complete`;
    let res = await driverCall(t, driver, 'POST', url, { code, proofUploadId: proofId, cashCollectedMinor: 1000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please say why the cash collected differs from the order total');
    expect((await orderRow(o.orderId)).status).toBe('OUT_FOR_DELIVERY');
    res = await driverCall(t, driver, 'POST', url, { code, proofUploadId: proofId, cashCollectedMinor: -1 });
    expect(res.statusCode).toBe(400);
    res = await driverCall(t, driver, 'POST', url, {
      code,
      proofUploadId: proofId,
      cashCollectedMinor: 1000,
      cashReason: 'Customer was short and will pay the restaurant',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(o.orderId)).toMatchObject({
      status: 'DELIVERED',
      cashCollectedMinor: 1000,
      cashDifferenceReason: 'Customer was short and will pay the restaurant',
    });
  });

  it('shows the amount to collect on the job: the order total', async () => {
    const o = await offeredJob(t, shop);
    await driverCall(t, driver, 'POST', `/api/driver/jobs/${o.job.id}/accept`);
    const res = await driverCall(t, driver, 'GET', `/api/driver/jobs/${o.job.id}`);
    expect(res.json().job.customerOrderTotalMinor).toBe((await orderRow(o.orderId)).totalMinor);
  });
});

describe("a driver's cash balance and hand-ins", () => {
  it('is what the driver collected minus what they handed in, and only their own', async () => {
    const d = await newDriver(t);
    const first = await delivered(d);
    const second = await delivered(d, { cashCollectedMinor: 500, cashReason: 'Part paid' });
    expect(second.res.statusCode, second.res.body).toBe(200);
    const total = (await orderRow(first.orderId)).totalMinor;
    let res = await driverCall(t, d, 'GET', '/api/driver/cash');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ collectedMinor: total + 500, handedInMinor: 0, balanceMinor: total + 500 });

    const handin = (who: Caller | null, amountMinor: number, requestId = randomUUID()) =>
      adminCall(t, who, 'POST', `/api/admin/drivers/${d.id}/cash-handins`, { amountMinor, requestId, note: 'Office' });
    expect((await handin(null, 100)).statusCode).toBe(401);
    expect((await handin(admins.cs_agent, 100)).statusCode).toBe(403);
    expect((await handin(admins.read_only, 100)).statusCode).toBe(403);
    const key = randomUUID();
    res = await handin(admins.finance, 500, key);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ handedInMinor: 500, balanceMinor: total, handin: { amountMinor: 500 } });
    // The same request again records nothing more.
    res = await handin(admins.finance, 500, key);
    expect(res.statusCode).toBe(201);
    expect(res.json().handedInMinor).toBe(500);
    // More than the driver holds is refused.
    res = await handin(admins.ops_manager, total + 1);
    expect(res.statusCode).toBe(409);
    expect((await handin(admins.super_admin, total)).json().balanceMinor).toBe(0);

    res = await driverCall(t, d, 'GET', '/api/driver/cash');
    expect(res.json()).toMatchObject({ collectedMinor: total + 500, handedInMinor: total + 500, balanceMinor: 0 });
    expect(res.json().handins).toHaveLength(2);
    // Another driver sees only their own.
    const other = await newDriver(t);
    expect((await driverCall(t, other, 'GET', '/api/driver/cash')).json()).toMatchObject({
      collectedMinor: 0,
      balanceMinor: 0,
      handins: [],
    });
    expect((await driverCall(t, null, 'GET', '/api/driver/cash')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/driver/cash', headers: { cookie: shop.partner.cookie } }))
        .statusCode,
    ).toBe(403);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, d.id));
    expect(audit.filter((a) => a.actionType === 'driver_cash_handed_in')).toHaveLength(2);

    const list = await adminCall(t, admins.finance, 'GET', '/api/admin/finance/driver-cash');
    expect(list.statusCode).toBe(200);
    expect(list.json().drivers.find((r: { driverId: string }) => r.driverId === d.id)).toMatchObject({
      collectedMinor: total + 500,
      balanceMinor: 0,
    });
    expect((await adminCall(t, admins.cs_agent, 'GET', '/api/admin/finance/driver-cash')).statusCode).toBe(403);
  });

  it('refuses a hand-in for someone who is not a driver', async () => {
    const res = await adminCall(t, admins.finance, 'POST', `/api/admin/drivers/${shop.partner.id}/cash-handins`, {
      amountMinor: 100,
      requestId: randomUUID(),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('partner statements', () => {
  it("lists a location's food sales, commission, delivery fees and net owed, and never another partner's", async () => {
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/partner/sites/${shop.site.id}/statement?from=${today()}&to=${today()}`,
      headers: { cookie: shop.partner.cookie },
    });
    expect(own.statusCode, own.body).toBe(200);
    const s = own.json();
    expect(s.totals.orders).toBeGreaterThan(0);
    expect(s.totals.netOwedMinor).toBe(
      s.totals.foodSalesMinor - s.totals.commissionMinor - s.totals.collectedByRestaurantMinor,
    );
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/partner/sites/${shop.site.id}/statement`,
      headers: { cookie: shop.otherPartner.cookie },
    });
    expect(other.statusCode).toBe(404);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/partner/sites/${shop.site.id}/statement/export?from=${today()}&to=${today()}`,
      headers: { cookie: shop.partner.cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'location,day,orders,food_sales_gbp,offer_cost_gbp,commission_gbp,delivery_fees_gbp,cash_taken_by_restaurant_gbp,net_owed_gbp',
    );
    expect(lines.at(-1)).toContain(`,total,${s.totals.orders},${(s.totals.foodSalesMinor / 100).toFixed(2)},`);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/partner/sites/${shop.site.id}/statement?from=2026-02-30`,
      headers: { cookie: shop.partner.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(reportRangeProblem('2026-02-30', '2026-03-01')).toBe(bad.json().error.message);
  });

  it('counts a collected pickup as cash in the restaurant’s till', async () => {
    const placed = (await place(t, pickupBody(shop))).json().order;
    for (const action of ['accept', 'start_preparing', 'mark_ready', 'mark_collected']) {
      await settle(t, placed.id);
      const res = await act(t, shop.partner.cookie, placed.id, { action });
      expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/partner/sites/${shop.site.id}/statement?from=${today()}&to=${today()}`,
      headers: { cookie: shop.partner.cookie },
    });
    expect(res.json().totals.collectedByRestaurantMinor).toBeGreaterThanOrEqual(placed.totalMinor);
  });
});

describe('the finance reconciliation', () => {
  it('reconciles every day: customer totals and the cost of deliveries', async () => {
    const res = await adminCall(
      t,
      admins.finance,
      'GET',
      `/api/admin/finance/reconciliation?from=${today()}&to=${today()}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { totals, days } = res.json();
    expect(days).toHaveLength(1);
    expect(totals.reconciles).toBe(true);
    expect(totals.customerTotalsMinor).toBe(totals.foodSalesMinor + totals.deliveryFeesMinor + totals.serviceFeesMinor);
    expect(totals.driverPayMinor + totals.platformMarginMinor).toBe(
      totals.deliveryFeesMinor + totals.serviceFeesMinor + totals.subsidyMinor,
    );
    // Driver pay matches the earnings written for the jobs, tips aside.
    const jobs = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.status, 'completed'));
    expect(totals.driverPayMinor).toBe(jobs.reduce((a, j) => a + j.totalPayMinor, 0));
    expect((await adminCall(t, admins.cs_agent, 'GET', '/api/admin/finance/reconciliation')).statusCode).toBe(403);
    expect((await adminCall(t, null, 'GET', '/api/admin/finance/reconciliation')).statusCode).toBe(401);
  });
});

describe('the cash reconciliation per driver and day', () => {
  const reconciliation = async () =>
    (
      await adminCall(t, admins.finance, 'GET', `/api/admin/finance/reconciliation?from=${today()}&to=${today()}`)
    ).json();

  it('shows owed, collected, handed in and a 47p shortfall with its reason, and fails on a figure without one', async () => {
    const d = await newDriver(t);
    const exact = await delivered(d);
    expect(exact.res.statusCode, exact.res.body).toBe(200);
    const total = (await orderRow(exact.orderId)).totalMinor;
    const short = await delivered(d, { cashCollectedMinor: total - 47, cashReason: 'Customer had no change' });
    expect(short.res.statusCode, short.res.body).toBe(200);
    const handin = await adminCall(t, admins.finance, 'POST', `/api/admin/drivers/${d.id}/cash-handins`, {
      amountMinor: 1000,
      requestId: randomUUID(),
    });
    expect(handin.statusCode, handin.body).toBe(201);
    const shortNumber = (await orderRow(short.orderId)).orderNumber;

    let rec = await reconciliation();
    expect(rec.totals.reconciles).toBe(true);
    expect(rec.totals.cashCollectedMinor - rec.totals.cashOwedMinor).toBe(rec.totals.cashExplainedMinor);
    let line = rec.drivers.find((x: { driverId: string }) => x.driverId === d.id);
    expect(line).toMatchObject({
      day: today(),
      deliveries: 2,
      owedMinor: 2 * total,
      collectedMinor: 2 * total - 47,
      handedInMinor: 1000,
      differenceMinor: -47,
      differences: [{ orderNumber: shortNumber, differenceMinor: -47, reason: 'Customer had no change' }],
      reconciles: true,
    });
    expect(line.driverName).toBeTruthy();

    // A figure changed without a reason: the driver's day, the day and the period no longer reconcile.
    await t.database.db
      .update(orders)
      .set({ cashCollectedMinor: total - 100 })
      .where(eq(orders.id, exact.orderId));
    try {
      rec = await reconciliation();
      expect(rec.totals.reconciles).toBe(false);
      expect(rec.days[0].reconciles).toBe(false);
      line = rec.drivers.find((x: { driverId: string }) => x.driverId === d.id);
      expect(line.reconciles).toBe(false);
      expect(line.differences).toContainEqual(expect.objectContaining({ differenceMinor: -100, reason: null }));
    } finally {
      await t.database.db.update(orders).set({ cashCollectedMinor: total }).where(eq(orders.id, exact.orderId));
    }
  });
});

describe('pay settings', () => {
  it('caps job pay at the pay cap setting', async () => {
    await setSetting(t, 'minimum_pay_minor', 300);
    await setSetting(t, 'pay_cap_minor', 250);
    try {
      const o = await offeredJob(t, shop);
      expect(o.job.totalPayMinor).toBe(250);
    } finally {
      await setSetting(t, 'pay_cap_minor', 600);
    }
  });

  it('boosts jobs created in the peak-time window by the peak multiplier', async () => {
    const before = (await offeredJob(t, shop)).job;
    await setSetting(t, 'peak_boost_days', 'Sun, Mon, Tue, Wed, Thu, Fri, Sat');
    await setSetting(t, 'peak_boost_start_hour', 0);
    await setSetting(t, 'peak_boost_end_hour', 24);
    await setSetting(t, 'peak_boost_multiplier', 1.5);
    await setSetting(t, 'minimum_pay_minor', 0);
    try {
      const peak = (await offeredJob(t, shop)).job;
      const base = (peak.pickupPayMinor ?? 0) + (peak.distancePayMinor ?? 0);
      expect(peak.boostMinor).toBe(Math.round(base * 0.5));
      expect(peak.totalPayMinor).toBeGreaterThan(before.totalPayMinor - (before.payAdjustmentMinor ?? 0));
      const jobs = await driverCall(t, driver, 'GET', '/api/driver/jobs');
      expect(jobs.json().payRules).toContain(
        '+50% peak-time boost on Sun, Mon, Tue, Wed, Thu, Fri, Sat from 00:00 to 24:00',
      );
    } finally {
      await setSetting(t, 'peak_boost_multiplier', 1);
      await setSetting(t, 'minimum_pay_minor', 300);
    }
  });
});
