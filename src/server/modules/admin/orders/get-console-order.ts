import { asc, desc, eq } from 'drizzle-orm';
import type { ConsoleOrderResponse } from '../../../../domain/contracts/admin/order-console';
import { consoleActionsFor } from '../../../../domain/order-console';
import type { AdminRole } from '../../../../domain/roles';
import type { Db } from '../../../db/client';
import {
  brands,
  deliveryJobs,
  orderItems,
  orderNotes,
  orderStatusHistory,
  orders,
  sites,
  tickets,
  user,
  userProfiles,
} from '../../../db/schema/index';
import { listOrderNotifications } from './list-order-notifications';
import { personName } from './order-ref';

const iso = (d: Date) => d.toISOString();

/**
 * The console's order page (docs/product/admin.md#order-console): the order, its driver and job,
 * the full timeline (every move with who and when, docs/decisions/0137-order-timeline.md), internal
 * notes, linked tickets, notifications sent, the map, and what the caller's role may do now.
 */
export async function getConsoleOrder(db: Db, orderId: string, role: AdminRole | null): Promise<ConsoleOrderResponse> {
  const [row] = await db
    .select({
      order: orders,
      siteName: sites.name,
      siteLat: sites.lat,
      siteLng: sites.lng,
      restaurantName: brands.name,
    })
    .from(orders)
    .innerJoin(sites, eq(sites.id, orders.siteId))
    .innerJoin(brands, eq(brands.id, sites.brandId))
    .where(eq(orders.id, orderId))
    .limit(1);
  const o = row.order;
  const [job] = await db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, o.id)).limit(1);
  // The order's driver is the job's while one holds it: a job returned to the board has none.
  const driverId = job ? job.driverId : o.driverId;
  const [items, history, notes, linked, notifications, [driver]] = await Promise.all([
    db
      .select({ name: orderItems.name, quantity: orderItems.quantity, lineTotalMinor: orderItems.lineTotalMinor })
      .from(orderItems)
      .where(eq(orderItems.orderId, o.id)),
    db
      .select({
        at: orderStatusHistory.createdAt,
        status: orderStatusHistory.status,
        action: orderStatusHistory.action,
        actorKind: orderStatusHistory.actorKind,
        actorName: user.name,
        note: orderStatusHistory.note,
      })
      .from(orderStatusHistory)
      .leftJoin(user, eq(user.id, orderStatusHistory.actorId))
      .where(eq(orderStatusHistory.orderId, o.id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db
      .select({ id: orderNotes.id, authorName: orderNotes.authorName, body: orderNotes.body, at: orderNotes.createdAt })
      .from(orderNotes)
      .where(eq(orderNotes.orderId, o.id))
      .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id)),
    db
      .select({
        id: tickets.id,
        ticketNumber: tickets.ticketNumber,
        subject: tickets.subject,
        status: tickets.status,
        priority: tickets.priority,
        at: tickets.createdAt,
      })
      .from(tickets)
      .where(eq(tickets.orderId, o.id))
      .orderBy(desc(tickets.createdAt)),
    listOrderNotifications(db, o.id),
    driverId
      ? db
          .select({
            firstName: userProfiles.firstName,
            lastName: userProfiles.lastName,
            displayName: userProfiles.displayName,
            phone: userProfiles.phone,
            vehicleType: userProfiles.vehicleType,
          })
          .from(userProfiles)
          .where(eq(userProfiles.userId, driverId))
          .limit(1)
      : Promise.resolve([]),
  ]);

  const driverName = driver ? (personName(driver) ?? 'Driver') : null;
  const pickup =
    job?.pickupLat != null && job.pickupLng != null
      ? { lat: job.pickupLat, lng: job.pickupLng }
      : row.siteLat != null && row.siteLng != null
        ? { lat: row.siteLat, lng: row.siteLng }
        : null;
  return {
    order: {
      id: o.id,
      orderNumber: o.orderNumber,
      status: o.status,
      orderType: o.orderType,
      customerName: o.customerName,
      customerPhone: o.customerPhone,
      customerEmail: o.customerEmail,
      restaurantName: row.restaurantName,
      siteName: row.siteName,
      totalMinor: o.totalMinor,
      driverName: driverId ? driverName : null,
      createdAt: iso(o.createdAt),
      deliveryAddress: o.deliveryAddress,
      deliveryPostcode: o.deliveryPostcode,
      deliveryInstructions: o.deliveryInstructions,
      subtotalMinor: o.subtotalMinor,
      deliveryFeeMinor: o.deliveryFeeMinor,
      tipMinor: o.tipMinor,
      rejectionReason: o.rejectionReason,
      cancelledBy: o.cancelledBy,
      cancelReason: o.cancelReason,
      items,
    },
    driver:
      driverId && driver
        ? { id: driverId, name: driverName!, phone: driver.phone, vehicleType: driver.vehicleType }
        : null,
    job: job ? { id: job.id, status: job.status, pickupArea: job.pickupArea } : null,
    map: {
      pickup,
      dropoff: o.deliveryLat != null && o.deliveryLng != null ? { lat: o.deliveryLat, lng: o.deliveryLng } : null,
      // Kept only while the delivery is active (docs/decisions/0080-maps.md).
      driver:
        job?.driverLat != null && job.driverLng != null && job.driverLocatedAt
          ? { lat: job.driverLat, lng: job.driverLng, at: iso(job.driverLocatedAt) }
          : null,
    },
    timeline: history.map((h) => ({
      at: iso(h.at),
      status: h.status,
      action: h.action,
      // The placing row carries no kind: the customer placed it (docs/decisions/0137-order-timeline.md).
      actorKind: h.actorKind ?? (h.status === 'PENDING' ? 'customer' : null),
      actorName: h.actorName ?? (h.status === 'PENDING' ? o.customerName : null),
      note: h.note,
    })),
    notes: notes.map(({ at, ...n }) => ({ ...n, createdAt: iso(at) })),
    tickets: linked.map(({ at, ...t }) => ({ ...t, createdAt: iso(at) })),
    notifications,
    actions: consoleActionsFor(role, { status: o.status, orderType: o.orderType, jobStatus: job?.status ?? null }),
  };
}
