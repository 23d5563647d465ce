import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartDays, earningsPeriods } from '../../../domain/earnings-periods';
import { formatArrivalDate, payoutArrivesBy } from '../../../domain/payout-arrival';
import { driverEarnings, driverPayouts } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { seedSettings } from '../../db/seed/seed-settings';
import { type Driver, driverCall, newDriver, withPayoutDetails } from '../dispatch/test-fixtures';
import { setSetting } from '../orders/test-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSettings(t.database.db);
});
afterAll(async () => t.close());

async function earn(d: Driver, totalMinor: number, createdAt = new Date(), paidOut = false) {
  await t.database.db
    .insert(driverEarnings)
    .values({ driverId: d.id, pickupPayMinor: totalMinor, totalMinor, createdAt, paidOut });
}

describe('GET /api/driver/earnings', () => {
  it('sums today, this week from Sunday and this month on the London clock, and the unpaid balance', async () => {
    const d = await newDriver(t);
    const now = new Date();
    const p = earningsPeriods(now);
    await earn(d, 300, now);
    await earn(d, 450, new Date(p.todayStart.getTime() - 1000), true); // just before today
    await earn(d, 500, new Date(p.weekStart.getTime() - 2000)); // just before this week (a Sunday's today is its week)
    await earn(d, 700, new Date(Math.min(p.monthStart.getTime(), p.weekStart.getTime()) - 3000)); // last month
    const res = await driverCall(t, d, 'GET', '/api/driver/earnings');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const inWeek = (at: Date) => at >= p.weekStart;
    const inMonth = (at: Date) => at >= p.monthStart;
    const beforeToday = new Date(p.todayStart.getTime() - 1000);
    const beforeWeek = new Date(p.weekStart.getTime() - 2000);
    expect(body.summary).toEqual({
      todayMinor: 300,
      weekMinor: 300 + (inWeek(beforeToday) ? 450 : 0),
      monthMinor: 300 + (inMonth(beforeToday) ? 450 : 0) + (inMonth(beforeWeek) ? 500 : 0),
      unpaidMinor: 300 + 500 + 700,
      unpaidCount: 3,
    });
    expect(body.days).toHaveLength(14);
    expect(body.days.map((x: { date: string }) => x.date)).toEqual(chartDays(now));
    expect(body.days[13].totalMinor).toBe(300);
    expect(body.history.map((h: { totalMinor: number }) => h.totalMinor)).toEqual([300, 450, 500, 700]);
    expect(body.payoutArrivesBy).toBe(payoutArrivesBy(now));
    expect(body).not.toHaveProperty('instantCashoutFeeMinor');
  });

  it('shows a driver only their own earnings', async () => {
    const a = await newDriver(t);
    const b = await newDriver(t);
    await earn(a, 999);
    const res = await driverCall(t, b, 'GET', '/api/driver/earnings');
    expect(res.json().summary.unpaidMinor).toBe(0);
    expect(res.json().history).toEqual([]);
  });

  it('is for approved drivers only', async () => {
    const pending = await newDriver(t, { status: 'pending' });
    expect((await driverCall(t, pending, 'GET', '/api/driver/earnings')).statusCode).toBe(403);
    expect((await driverCall(t, null, 'GET', '/api/driver/earnings')).statusCode).toBe(401);
  });
});

describe('POST /api/driver/earnings/cash-out', () => {
  // The old test set its own fee; a real driver's two short jobs (£3.00 and £3.45) went through a
  // transfer that takes two working days, yet lost 50p to an "instant" fee.
  it('pays every unpaid earning at once with no fee, and says the date it reaches the bank', async () => {
    const d = await withPayoutDetails(t, await newDriver(t));
    await earn(d, 300);
    await earn(d, 345);
    await earn(d, 100, new Date(), true);
    // A value stored under the old key before the migration removed it charges nothing.
    await setSetting(t, 'instant_cashout_fee_minor', 75);
    const res = await driverCall(t, d, 'POST', '/api/driver/earnings/cash-out');
    expect(res.statusCode, res.body).toBe(200);
    const arrivesBy = payoutArrivesBy(new Date(res.json().payout.createdAt));
    expect(res.json()).toMatchObject({
      payout: {
        grossMinor: 645,
        feeMinor: 0,
        netMinor: 645,
        earningsCount: 2,
        status: 'requested',
        paidAt: null,
        arrivesBy,
      },
      message: `Payout requested. Our finance team sends it by bank transfer, so it reaches your bank by ${formatArrivalDate(arrivesBy)}; this page shows it as paid once the money is sent.`,
    });
    const rows = await t.database.db.select().from(driverEarnings).where(eq(driverEarnings.driverId, d.id));
    expect(rows.every((r) => r.paidOut)).toBe(true);
    const [payout] = await t.database.db.select().from(driverPayouts).where(eq(driverPayouts.driverId, d.id));
    expect(rows.filter((r) => r.payoutId === payout.id)).toHaveLength(2);
    const summary = (await driverCall(t, d, 'GET', '/api/driver/earnings')).json();
    expect(summary.summary.unpaidMinor).toBe(0);
    expect(summary.payouts).toHaveLength(1);
  });

  it('answers "No unpaid earnings to cash out" when there is nothing to pay', async () => {
    const d = await withPayoutDetails(t, await newDriver(t));
    const res = await driverCall(t, d, 'POST', '/api/driver/earnings/cash-out');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('No unpaid earnings to cash out');
  });

  it('pays a small balance in full instead of refusing it', async () => {
    const d = await withPayoutDetails(t, await newDriver(t));
    await earn(d, 50);
    const res = await driverCall(t, d, 'POST', '/api/driver/earnings/cash-out');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payout).toMatchObject({ grossMinor: 50, feeMinor: 0, netMinor: 50 });
  });

  it('pays once when ten cash-outs arrive together', async () => {
    const d = await withPayoutDetails(t, await newDriver(t));
    for (const amount of [300, 311, 552]) await earn(d, amount);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => driverCall(t, d, 'POST', '/api/driver/earnings/cash-out')),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200))
      expect(r.json().error.message).toBe('No unpaid earnings to cash out');
    const payouts = await t.database.db.select().from(driverPayouts).where(eq(driverPayouts.driverId, d.id));
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ grossMinor: 1163, feeMinor: 0, netMinor: 1163 });
  });
});
