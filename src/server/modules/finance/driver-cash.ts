import { type AnyColumn, type SQL, and, desc, eq, sql } from 'drizzle-orm';
import type { DriverCashListResponse, DriverCashResponse } from '../../../domain/contracts/money';
import type { DbOrTx } from '../../db/client';
import { deliveryJobs, driverCashHandins, orders, userProfiles } from '../../db/schema/index';

/** Cash the driver recorded at completed deliveries, per driver. */
function collectedByDriver(db: DbOrTx) {
  return db
    .select({
      driverId: deliveryJobs.driverId,
      collected: sql<number>`coalesce(sum(${orders.cashCollectedMinor}), 0)::int`.as('collected'),
    })
    .from(deliveryJobs)
    .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
    .where(eq(deliveryJobs.status, 'completed'))
    .groupBy(deliveryJobs.driverId)
    .as('collected_by_driver');
}

function handedInByDriver(db: DbOrTx) {
  return db
    .select({
      driverId: driverCashHandins.driverId,
      handedIn: sql<number>`coalesce(sum(${driverCashHandins.amountMinor}), 0)::int`.as('handed_in'),
    })
    .from(driverCashHandins)
    .groupBy(driverCashHandins.driverId)
    .as('handed_in_by_driver');
}

/**
 * The cash a driver holds now, as one SQL expression over a driver id column: collected at the
 * doors of completed jobs minus handed in (netting included), for lists that show it beside other
 * rows (docs/decisions/0202-order-floor-cash-netting-and-reconciliation.md).
 */
export function cashHeldSql(driverId: SQL | AnyColumn) {
  return sql<number>`((select coalesce(sum(o.cash_collected_minor), 0) from delivery_jobs j
      join orders o on o.id = j.order_id where j.driver_id = ${driverId} and j.status = 'completed')
    - (select coalesce(sum(h.amount_minor), 0) from driver_cash_handins h where h.driver_id = ${driverId}))::int`;
}

/** One driver's cash position: collected at doors minus handed in (docs/decisions/0156-cash-collection-and-hand-ins.md). */
export async function cashPositionOf(db: DbOrTx, driverId: string) {
  const [collected] = await db
    .select({ sum: sql<number>`coalesce(sum(${orders.cashCollectedMinor}), 0)::int` })
    .from(deliveryJobs)
    .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
    .where(and(eq(deliveryJobs.driverId, driverId), eq(deliveryJobs.status, 'completed')));
  const [handedIn] = await db
    .select({ sum: sql<number>`coalesce(sum(${driverCashHandins.amountMinor}), 0)::int` })
    .from(driverCashHandins)
    .where(eq(driverCashHandins.driverId, driverId));
  const collectedMinor = Number(collected?.sum ?? 0);
  const handedInMinor = Number(handedIn?.sum ?? 0);
  return { collectedMinor, handedInMinor, balanceMinor: collectedMinor - handedInMinor };
}

/** The signed-in driver's own cash and their latest hand-ins (docs/product/driver.md#cash). */
export async function getDriverCash(db: DbOrTx, driverId: string): Promise<DriverCashResponse> {
  const position = await cashPositionOf(db, driverId);
  const handins = await db
    .select()
    .from(driverCashHandins)
    .where(eq(driverCashHandins.driverId, driverId))
    .orderBy(desc(driverCashHandins.createdAt))
    .limit(20);
  return {
    ...position,
    handins: handins.map((h) => ({
      id: h.id,
      amountMinor: h.amountMinor,
      note: h.note,
      createdAt: h.createdAt.toISOString(),
    })),
  };
}

/** Every driver who collected or handed in cash, the largest balance first (docs/product/admin.md#finance). */
export async function listDriverCash(db: DbOrTx): Promise<DriverCashListResponse> {
  const c = collectedByDriver(db);
  const h = handedInByDriver(db);
  const rows = await db
    .select({
      driverId: userProfiles.userId,
      name: sql<string>`coalesce(${userProfiles.displayName}, trim(concat(${userProfiles.firstName}, ' ', ${userProfiles.lastName})), ${userProfiles.email})`,
      email: userProfiles.email,
      collected: sql<number>`coalesce(${c.collected}, 0)::int`,
      handedIn: sql<number>`coalesce(${h.handedIn}, 0)::int`,
    })
    .from(userProfiles)
    .leftJoin(c, eq(c.driverId, userProfiles.userId))
    .leftJoin(h, eq(h.driverId, userProfiles.userId))
    .where(and(eq(userProfiles.userType, 'driver'), sql`(${c.driverId} is not null or ${h.driverId} is not null)`));
  return {
    drivers: rows
      .map((r) => ({
        driverId: r.driverId,
        name: r.name || r.email,
        email: r.email,
        collectedMinor: Number(r.collected),
        handedInMinor: Number(r.handedIn),
        balanceMinor: Number(r.collected) - Number(r.handedIn),
      }))
      .sort((a, b) => b.balanceMinor - a.balanceMinor || a.name.localeCompare(b.name)),
  };
}
