import { and, eq, isNull } from 'drizzle-orm';
import { siteDisplayName } from '../../../domain/checkout';
import { topicName } from '../../../domain/topics';
import type { Db, Tx } from '../../db/client';
import { brands, deliveryJobs, orders, sites } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { customerRows, customerStatus, enqueueNotifications } from '../notifications';
import { recordArrivedAtPickup } from '../orders';
import { loadOwnJob, requireStatus } from './own-job';

/** The customer's "driver arrived" notifications, written with the arrival (docs/product/orders.md#notifications). */
async function enqueueArrivalNotice(tx: Tx, orderId: string): Promise<void> {
  const [o] = await tx
    .select({
      notice: {
        id: orders.id,
        orderNumber: orders.orderNumber,
        orderType: orders.orderType,
        siteId: orders.siteId,
        customerId: orders.customerId,
        customerEmail: orders.customerEmail,
        customerPhone: orders.customerPhone,
        driverId: orders.driverId,
        totalMinor: orders.totalMinor,
      },
      branchName: sites.name,
      brandName: brands.name,
    })
    .from(orders)
    .innerJoin(sites, eq(sites.id, orders.siteId))
    .innerJoin(brands, eq(brands.id, sites.brandId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!o) return;
  const payload = customerStatus.driverArrived({
    orderNumber: o.notice.orderNumber,
    branchName: siteDisplayName(o.brandName, o.branchName),
    orderType: o.notice.orderType,
    reason: null,
  });
  await enqueueNotifications(tx, customerRows(o.notice, 'driverArrived', `order:${orderId}:arrived`, payload));
}

/**
 * "I've Arrived at Pickup" / "I've Arrived at Customer's Location" (docs/product/driver.md#delivery-screen):
 * the assigned driver's arrival is recorded once on the job (docs/decisions/0145-driver-arrival-recorded.md).
 * The first arrival at the customer writes the customer's "driver arrived" notifications in the
 * same transaction; after commit the restaurant and the customer's tracker hear it live. A second
 * press changes nothing and tells nobody again.
 */
export async function recordArrival(
  deps: { db: Db; bus: LiveBus },
  driverId: string,
  jobId: string,
  at: 'pickup' | 'delivery',
): Promise<{ ok: true }> {
  const arrivedAt = new Date();
  const first = await deps.db.transaction(async (tx) => {
    const job = await loadOwnJob(tx, driverId, jobId);
    const needed = at === 'pickup' ? 'assigned' : 'picked_up';
    requireStatus(job, needed);
    const column = at === 'pickup' ? deliveryJobs.arrivedAtPickup : deliveryJobs.arrivedAtCustomer;
    const [marked] = await tx
      .update(deliveryJobs)
      .set(at === 'pickup' ? { arrivedAtPickup: arrivedAt } : { arrivedAtCustomer: arrivedAt })
      .where(
        and(
          eq(deliveryJobs.id, jobId),
          eq(deliveryJobs.driverId, driverId),
          eq(deliveryJobs.status, needed),
          isNull(column),
        ),
      )
      .returning({ orderId: deliveryJobs.orderId, siteId: deliveryJobs.siteId });
    if (marked && at === 'delivery') await enqueueArrivalNotice(tx, marked.orderId);
    // The real leg to the restaurant, beside its prediction (docs/decisions/0283-learned-travel-and-fair-earnings.md).
    if (marked && at === 'pickup') await recordArrivedAtPickup(tx, marked.orderId, arrivedAt);
    return marked ?? null;
  });
  if (first) {
    const event = { orderId: first.orderId, jobId, at };
    await deps.bus.publish(topicName.order(first.orderId), 'driver.arrived', event);
    await deps.bus.publish(topicName.site(first.siteId), 'driver.arrived', event);
  }
  return { ok: true };
}
