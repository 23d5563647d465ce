import { and, asc, eq } from 'drizzle-orm';
import { siteDisplayName } from '../../../domain/checkout';
import type { OrderView } from '../../../domain/contracts/orders/order-view';
import type { OrderStatus } from '../../../domain/order-flow';
import { orderPageLabel } from '../../../domain/order-status-labels';
import { type OrderAudience, sees, viewerOf } from '../../../domain/order-visibility';
import type { DbOrTx } from '../../db/client';
import {
  brands,
  deliveryJobs,
  driverJobReturns,
  orderEtas,
  orderItems,
  orderRatings,
  orderStatusHistory,
  orders,
  sites,
  userProfiles,
} from '../../db/schema/index';
import { scheduledViewOf } from './schedule-view';

/** Who sees which part in which status is one table: domain/order-visibility.ts (docs/product/orders.md#who-may-see-an-order). */
type SeenBy = Exclude<OrderAudience, 'stranger'>;

/** What an order's view is made of: its row, branch, lines, history, ETA, rating and driver. */
export type OrderViewParts = {
  order: Pick<
    typeof orders.$inferSelect,
    | 'id'
    | 'orderNumber'
    | 'status'
    | 'orderType'
    | 'subtotalMinor'
    | 'deliveryFeeMinor'
    | 'serviceFeeMinor'
    | 'tipMinor'
    | 'offerLabel'
    | 'offerDiscountMinor'
    | 'offerDeliveryDiscountMinor'
    | 'voucherCode'
    | 'voucherDiscountMinor'
    | 'totalMinor'
    | 'createdAt'
    | 'customerName'
    | 'customerPhone'
    | 'deliveryAddress'
    | 'deliveryPostcode'
    | 'deliveryInstructions'
    | 'deliveryLat'
    | 'deliveryLng'
    | 'estimatedDeliveryTime'
    | 'prepTimeMinutes'
    | 'rejectionReason'
    | 'cancelledBy'
    | 'cancelReason'
    | 'deliveryVerificationCode'
    | 'scheduledFor'
    | 'scheduledUntil'
    | 'scheduledKind'
    | 'entersFlowAt'
    | 'enteredFlowAt'
  >;
  site: Pick<typeof sites.$inferSelect, 'id' | 'name' | 'slug' | 'phone' | 'address' | 'postcode' | 'lat' | 'lng'>;
  brandName: string;
  items: Pick<
    typeof orderItems.$inferSelect,
    'menuItemId' | 'name' | 'unitPriceMinor' | 'quantity' | 'lineTotalMinor' | 'options'
  >[];
  history: { status: OrderStatus; at: Date }[];
  eta: Pick<
    typeof orderEtas.$inferSelect,
    'initialEta' | 'currentEta' | 'isLate' | 'csTicketCreated' | 'etaSource' | 'distanceKm' | 'travelTimeMinutes'
  > | null;
  rating: Pick<typeof orderRatings.$inferSelect, 'rating' | 'tipMinor' | 'comment' | 'createdAt'> | null;
  driver: OrderView['driver'];
  /** The driver's last shared position, when the job has one (a new order has none). */
  driverLocation?: { lat: number; lng: number; at: Date } | null;
  /** When the driver arrived at the customer's door, while out for delivery. */
  driverArrivedAt?: Date | null;
  /** Where the search for a driver stands (a new order: nowhere yet). */
  driverSearch?: { noDriverFound: boolean; findingNewDriver: boolean };
};

/** Statuses in which a delivery order may be waiting for a driver to take its job. */
const WAITING_FOR_DRIVER: readonly OrderStatus[] = ['ACCEPTED', 'PREPARING', 'READY'];

/** Code-point order (as PostgreSQL's C collation sorts), whatever the database's collation. */
function byName(
  a: { name: string; menuItemId: string | null },
  b: { name: string; menuItemId: string | null },
): number {
  if (a.name !== b.name) {
    const x = Array.from(a.name);
    const y = Array.from(b.name);
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const d = x[i].codePointAt(0)! - y[i].codePointAt(0)!;
      if (d) return d;
    }
    return x.length - y.length;
  }
  return (a.menuItemId ?? '') < (b.menuItemId ?? '') ? -1 : (a.menuItemId ?? '') > (b.menuItemId ?? '') ? 1 : 0;
}

/** Builds the order as this audience may see it; the caller has already decided the audience. */
export async function buildOrderView(db: DbOrTx, orderId: string, viewer: SeenBy): Promise<OrderView> {
  const [row] = await db
    .select({ order: orders, site: sites, brandName: brands.name })
    .from(orders)
    .innerJoin(sites, eq(sites.id, orders.siteId))
    .innerJoin(brands, eq(brands.id, sites.brandId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) throw new Error(`order ${orderId} vanished while building its view`);
  const { order: o, site: s } = row;

  const [items, history, [eta], [rating]] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, o.id)),
    db
      .select({ status: orderStatusHistory.status, at: orderStatusHistory.createdAt })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, o.id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db.select().from(orderEtas).where(eq(orderEtas.orderId, o.id)).limit(1),
    db.select().from(orderRatings).where(eq(orderRatings.orderId, o.id)).limit(1),
  ]);

  let driver: OrderView['driver'] = null;
  if (o.driverId && sees(viewer, 'driver', o.status)) {
    const [d] = await db
      .select({
        firstName: userProfiles.firstName,
        lastName: userProfiles.lastName,
        phone: userProfiles.phone,
        vehicleType: userProfiles.vehicleType,
      })
      .from(userProfiles)
      .where(eq(userProfiles.userId, o.driverId))
      .limit(1);
    driver = d ?? null;
  }

  let driverLocation: OrderViewParts['driverLocation'] = null;
  let driverArrivedAt: Date | null = null;
  if (o.status === 'OUT_FOR_DELIVERY') {
    const [j] = await db
      .select({
        lat: deliveryJobs.driverLat,
        lng: deliveryJobs.driverLng,
        at: deliveryJobs.driverLocatedAt,
        arrivedAt: deliveryJobs.arrivedAtCustomer,
      })
      .from(deliveryJobs)
      .where(eq(deliveryJobs.orderId, o.id))
      .limit(1);
    driverArrivedAt = j?.arrivedAt ?? null;
    if (sees(viewer, 'driverLocation', o.status) && j && j.lat !== null && j.lng !== null && j.at)
      driverLocation = { lat: j.lat, lng: j.lng, at: j.at };
  }
  let driverSearch: OrderViewParts['driverSearch'] = { noDriverFound: false, findingNewDriver: false };
  if (o.orderType === 'DELIVERY' && !o.driverId && WAITING_FOR_DRIVER.includes(o.status)) {
    const [returned] = await db
      .select({ id: driverJobReturns.id })
      .from(driverJobReturns)
      .innerJoin(deliveryJobs, eq(deliveryJobs.id, driverJobReturns.jobId))
      .where(and(eq(driverJobReturns.orderId, o.id), eq(deliveryJobs.status, 'available')))
      .limit(1);
    driverSearch = { noDriverFound: !!o.noDriverAt, findingNewDriver: !!returned };
  }
  return orderViewOf(
    {
      order: o,
      site: s,
      brandName: row.brandName,
      items,
      history,
      eta: eta ?? null,
      rating: rating ?? null,
      driver,
      driverLocation,
      driverArrivedAt,
      driverSearch,
    },
    viewer,
  );
}

/**
 * The view of an order from its parts (no database): placing an order builds it from what it wrote.
 * Each part is shown only where the visibility table says so; a hidden part is null (empty lists,
 * zero money), never left out, so every answer has the same shape.
 */
export function orderViewOf(parts: OrderViewParts, viewer: SeenBy): OrderView {
  const { order: o, site: s, eta, rating } = parts;
  const shows = (field: Parameters<typeof sees>[1]) => sees(viewer, field, o.status);
  const items = shows('items') ? [...parts.items].sort(byName) : [];
  const history = parts.history;
  const totals = shows('totals');
  const driver = shows('driver') ? parts.driver : null;

  // The driver's position (docs/decisions/0080-maps.md): never to the restaurant nor the driver.
  const shared = shows('driverLocation') ? parts.driverLocation : null;
  const driverLocation = shared ? { lat: shared.lat, lng: shared.lng, at: shared.at.toISOString() } : null;
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    status: o.status,
    statusLabel: orderPageLabel(o.status, o.orderType),
    orderType: o.orderType,
    site: {
      id: s.id,
      name: siteDisplayName(parts.brandName, s.name),
      brandName: parts.brandName,
      branchName: s.name,
      slug: s.slug,
      phone: s.phone,
      address: s.address,
      postcode: s.postcode,
      lat: s.lat,
      lng: s.lng,
    },
    items: items.map((i) => ({
      menuItemId: i.menuItemId,
      name: i.name,
      unitPriceMinor: i.unitPriceMinor,
      quantity: i.quantity,
      lineTotalMinor: i.lineTotalMinor,
      options: i.options ?? [],
    })),
    subtotalMinor: totals ? o.subtotalMinor : 0,
    deliveryFeeMinor: totals ? o.deliveryFeeMinor : 0,
    serviceFeeMinor: totals ? o.serviceFeeMinor : 0,
    tipMinor: totals ? o.tipMinor : 0,
    offer:
      totals && o.offerLabel
        ? {
            label: o.offerLabel,
            discountMinor: o.offerDiscountMinor,
            deliveryDiscountMinor: o.offerDeliveryDiscountMinor,
          }
        : null,
    voucherCode: totals ? o.voucherCode : null,
    voucherDiscountMinor: totals ? o.voucherDiscountMinor : 0,
    totalMinor: totals ? o.totalMinor : 0,
    paymentMethod: 'cash',
    createdAt: o.createdAt.toISOString(),
    contact: shows('contact') ? { name: o.customerName, phone: o.customerPhone } : null,
    delivery:
      o.orderType === 'DELIVERY' && shows('delivery')
        ? {
            address: o.deliveryAddress,
            postcode: o.deliveryPostcode,
            instructions: o.deliveryInstructions,
            lat: o.deliveryLat,
            lng: o.deliveryLng,
          }
        : null,
    statusHistory: history.map((h) => ({ status: h.status, at: h.at.toISOString() })),
    estimatedDeliveryTime: o.estimatedDeliveryTime,
    prepTimeMinutes: o.prepTimeMinutes,
    rejectionReason: o.rejectionReason,
    cancellation: o.cancelledBy ? { by: o.cancelledBy, reason: o.cancelReason } : null,
    eta: eta
      ? {
          initialEta: eta.initialEta.toISOString(),
          currentEta: eta.currentEta.toISOString(),
          isLate: eta.isLate,
          csTicketCreated: eta.csTicketCreated,
          source: eta.etaSource,
          distanceKm: eta.distanceKm,
          travelTimeMinutes: eta.travelTimeMinutes,
        }
      : null,
    driver,
    driverLocation,
    driverArrivedAt:
      o.status === 'OUT_FOR_DELIVERY' && parts.driverArrivedAt ? parts.driverArrivedAt.toISOString() : null,
    deliveryCode: shows('deliveryCode') ? o.deliveryVerificationCode : null,
    canRate: shows('rateAndTip') && !rating,
    rating: rating
      ? {
          rating: rating.rating,
          tipMinor: rating.tipMinor,
          comment: rating.comment,
          createdAt: rating.createdAt.toISOString(),
        }
      : null,
    noDriverFound: parts.driverSearch?.noDriverFound ?? false,
    findingNewDriver: parts.driverSearch?.findingNewDriver ?? false,
    scheduled: scheduledViewOf(o),
    viewer: viewerOf(viewer),
  };
}
