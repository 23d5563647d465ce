import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { PartnerOrder, SiteOrdersResponse } from '../../../domain/contracts/partner/orders';
import { FINAL_STATUSES } from '../../../domain/order-flow';
import { RECENT_ORDERS_LIMIT, partnerActions } from '../../../domain/partner-orders';
import type { DbOrTx } from '../../db/client';
import { deliveryJobs, orderItems, orderStatusHistory, orders, userProfiles } from '../../db/schema/index';
import { requireSite } from './access';
import { awaitingSlot, scheduledViewOf } from '../orders';

/** A kitchen has never needed more on screen; older active orders still count on the dashboard. */
const ACTIVE_LIMIT = 200;

type OrderRow = typeof orders.$inferSelect;

/** Builds the console's view of these orders with their items, history, job and driver in four queries. */
export async function toPartnerOrders(db: DbOrTx, rows: OrderRow[]): Promise<PartnerOrder[]> {
  if (!rows.length) return [];
  const ids = rows.map((o) => o.id);
  const driverIds = [...new Set(rows.map((o) => o.driverId).filter((id): id is string => !!id))];
  const [items, history, jobs, drivers] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.name)),
    db
      .select()
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, ids))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db
      .select({ orderId: deliveryJobs.orderId, status: deliveryJobs.status })
      .from(deliveryJobs)
      .where(inArray(deliveryJobs.orderId, ids)),
    driverIds.length
      ? db
          .select({
            userId: userProfiles.userId,
            first: userProfiles.firstName,
            last: userProfiles.lastName,
            display: userProfiles.displayName,
            phone: userProfiles.phone,
            vehicle: userProfiles.vehicleType,
          })
          .from(userProfiles)
          .where(inArray(userProfiles.userId, driverIds))
      : Promise.resolve([]),
  ]);
  return rows.map((o) => {
    const d = drivers.find((x) => x.userId === o.driverId);
    return {
      id: o.id,
      orderNumber: o.orderNumber,
      siteId: o.siteId,
      status: o.status,
      orderType: o.orderType,
      customerName: o.customerName,
      customerPhone: o.customerPhone,
      delivery:
        o.orderType === 'DELIVERY'
          ? { address: o.deliveryAddress, postcode: o.deliveryPostcode, instructions: o.deliveryInstructions }
          : null,
      items: items
        .filter((i) => i.orderId === o.id)
        .map((i) => ({
          menuItemId: i.menuItemId,
          name: i.name,
          quantity: i.quantity,
          unitPriceMinor: i.unitPriceMinor,
          lineTotalMinor: i.lineTotalMinor,
          options: i.options,
        })),
      subtotalMinor: o.subtotalMinor,
      deliveryFeeMinor: o.deliveryFeeMinor,
      totalMinor: o.totalMinor,
      createdAt: o.createdAt.toISOString(),
      prepTimeMinutes: o.prepTimeMinutes,
      rejectionReason: o.rejectionReason,
      cancellation: o.status === 'CANCELLED' ? { by: o.cancelledBy ?? 'system', reason: o.cancelReason } : null,
      statusHistory: history
        .filter((h) => h.orderId === o.id)
        .map((h) => ({ status: h.status, at: h.createdAt.toISOString(), note: h.note })),
      jobStatus: jobs.find((j) => j.orderId === o.id)?.status ?? null,
      driver: d
        ? {
            name: d.display || [d.first, d.last].filter(Boolean).join(' ') || 'Driver',
            phone: d.phone,
            vehicleType: d.vehicle,
          }
        : null,
      availableActions: partnerActions(o.status, o.orderType, !!o.driverId, awaitingSlot(o)),
      scheduled: scheduledViewOf(o),
    };
  });
}

/** The orders console of one location (its staff only): active orders oldest first, the 10 latest finished. */
export async function listSiteOrders(db: DbOrTx, userId: string, siteId: string): Promise<SiteOrdersResponse> {
  await requireSite(db, userId, siteId);
  const [open, recent] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(and(eq(orders.siteId, siteId), notInArray(orders.status, [...FINAL_STATUSES])))
      .orderBy(asc(orders.createdAt))
      .limit(ACTIVE_LIMIT),
    db
      .select()
      .from(orders)
      .where(and(eq(orders.siteId, siteId), inArray(orders.status, [...FINAL_STATUSES])))
      .orderBy(desc(orders.updatedAt))
      .limit(RECENT_ORDERS_LIMIT),
  ]);
  // Orders for later wait in their own lane, soonest slot first, until they enter the flow
  // (docs/product/partner.md#scheduled-orders).
  const active = open.filter((o) => !awaitingSlot(o));
  const waiting = open
    .filter((o) => awaitingSlot(o))
    .sort((x, y) => x.scheduledFor!.getTime() - y.scheduledFor!.getTime());
  const [a, r, s] = await Promise.all([
    toPartnerOrders(db, active),
    toPartnerOrders(db, recent),
    toPartnerOrders(db, waiting),
  ]);
  return { active: a, recent: r, scheduled: s };
}
