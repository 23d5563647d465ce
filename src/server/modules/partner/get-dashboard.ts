import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { type DashboardResponse, MISSED_ORDERS_DAYS } from '../../../domain/contracts/partner/dashboard';
import { IN_PROGRESS_STATUSES, NO_RESPONSE_REASON } from '../../../domain/order-flow';
import type { Db } from '../../db/client';
import { orderItems, orders, sites } from '../../db/schema/index';
import { requireSite, staffSiteIds } from './access';

/**
 * The dashboard's numbers over every location the caller works at (or one of them): the 5 most
 * recent orders, how many wait to be accepted, how many are in progress.
 */
export async function getDashboard(
  db: Db,
  userId: string,
  siteId?: string,
  now = new Date(),
): Promise<DashboardResponse> {
  if (siteId) await requireSite(db, userId, siteId);
  const scope = siteId ? eq(orders.siteId, siteId) : inArray(orders.siteId, staffSiteIds(db, userId));

  const since = new Date(now.getTime() - MISSED_ORDERS_DAYS * 24 * 60 * 60_000);
  const [recent, counts, [missed]] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        siteId: orders.siteId,
        siteName: sites.name,
        status: orders.status,
        orderType: orders.orderType,
        customerName: orders.customerName,
        totalMinor: orders.totalMinor,
        createdAt: orders.createdAt,
        itemCount: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
      })
      .from(orders)
      .innerJoin(sites, eq(sites.id, orders.siteId))
      .where(scope)
      .orderBy(desc(orders.createdAt))
      .limit(5),
    db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(and(scope, inArray(orders.status, ['PENDING', ...IN_PROGRESS_STATUSES])))
      .groupBy(orders.status),
    // Missed: rejected by the unanswered-orders sweeper, not by the kitchen.
    db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          scope,
          eq(orders.status, 'REJECTED'),
          eq(orders.rejectionReason, NO_RESPONSE_REASON),
          gte(orders.createdAt, since),
        ),
      ),
  ]);

  const n = (statuses: readonly string[]) =>
    counts.filter((c) => statuses.includes(c.status)).reduce((sum, c) => sum + Number(c.n), 0);
  return {
    recentOrders: recent.map((o) => ({ ...o, itemCount: Number(o.itemCount), createdAt: o.createdAt.toISOString() })),
    pendingCount: n(['PENDING']),
    inProgressCount: n(IN_PROGRESS_STATUSES),
    missedCount: Number(missed?.n ?? 0),
  };
}
