import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { cancelledPickupPayLine } from '../../../domain/cancelled-pickup-pay';
import type { EarningsResponse } from '../../../domain/contracts/driver/earnings';
import { chartDays, earningsPeriods, londonMidnight, totalsByDay } from '../../../domain/earnings-periods';
import type { Db } from '../../db/client';
import { deliveryJobs, driverEarnings, driverPayouts, orders } from '../../db/schema/index';
import { payoutArrivesBy } from '../../../domain/payout-arrival';

const HISTORY_LIMIT = 100;
const PAYOUTS_LIMIT = 20;

/** A timestamp parameter both PGlite and node-postgres read the same way. */
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * The driver's earnings screen: today, this week (from Sunday) and this month on the London clock,
 * the unpaid balance, the last 14 days for the chart, recent earnings and payouts.
 */
export async function getEarnings(db: Db, driverId: string, now = new Date()): Promise<EarningsResponse> {
  const p = earningsPeriods(now);
  const days = chartDays(now);
  const mine = eq(driverEarnings.driverId, driverId);
  const total = driverEarnings.totalMinor;
  const [[sums], recent, history, payouts] = await Promise.all([
    db
      .select({
        todayMinor: sql<number>`coalesce(sum(${total}) filter (where ${driverEarnings.createdAt} >= ${at(p.todayStart)}), 0)::int`,
        weekMinor: sql<number>`coalesce(sum(${total}) filter (where ${driverEarnings.createdAt} >= ${at(p.weekStart)}), 0)::int`,
        monthMinor: sql<number>`coalesce(sum(${total}) filter (where ${driverEarnings.createdAt} >= ${at(p.monthStart)}), 0)::int`,
        unpaidMinor: sql<number>`coalesce(sum(${total}) filter (where not ${driverEarnings.paidOut}), 0)::int`,
        unpaidCount: sql<number>`(count(*) filter (where not ${driverEarnings.paidOut}))::int`,
      })
      .from(driverEarnings)
      .where(mine),
    db
      .select({ createdAt: driverEarnings.createdAt, totalMinor: total })
      .from(driverEarnings)
      .where(and(mine, gte(driverEarnings.createdAt, londonMidnight(days[0])))),
    db
      .select({
        e: driverEarnings,
        orderNumber: orders.orderNumber,
        restaurantName: deliveryJobs.restaurantName,
        distanceMiles: deliveryJobs.distanceMiles,
      })
      .from(driverEarnings)
      .leftJoin(deliveryJobs, eq(deliveryJobs.id, driverEarnings.deliveryJobId))
      .leftJoin(orders, eq(orders.id, deliveryJobs.orderId))
      .where(mine)
      .orderBy(desc(driverEarnings.createdAt), desc(driverEarnings.id))
      .limit(HISTORY_LIMIT),
    db
      .select()
      .from(driverPayouts)
      .where(eq(driverPayouts.driverId, driverId))
      .orderBy(desc(driverPayouts.createdAt))
      .limit(PAYOUTS_LIMIT),
  ]);

  return {
    summary: sums,
    days: totalsByDay(recent, days),
    history: history.map(({ e, ...job }) => ({
      id: e.id,
      createdAt: e.createdAt.toISOString(),
      jobId: e.deliveryJobId,
      orderNumber: job.orderNumber,
      restaurantName: job.restaurantName,
      distanceMiles: job.distanceMiles,
      pickupPayMinor: e.pickupPayMinor,
      distancePayMinor: e.distancePayMinor,
      boostMinor: e.boostMinor,
      adjustmentMinor: e.adjustmentMinor,
      tipMinor: e.tipMinor,
      totalMinor: e.totalMinor,
      paidOut: e.paidOut,
      note: e.cancelledPayRule ? cancelledPickupPayLine(e.cancelledPayRule) : null,
    })),
    payouts: payouts.map((x) => ({
      id: x.id,
      grossMinor: x.grossMinor,
      feeMinor: x.feeMinor,
      netMinor: x.netMinor,
      cashNettedMinor: x.cashNettedMinor,
      createdAt: x.createdAt.toISOString(),
      status: x.status,
      paidAt: x.paidAt?.toISOString() ?? null,
      arrivesBy: payoutArrivesBy(x.createdAt),
    })),
    payoutArrivesBy: payoutArrivesBy(now),
  };
}
