import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { deliveryJobs, driverEarnings, orderRatings, orders } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import type { OrderViewer } from '../access';
import type { OrderRow } from './find-order';

/**
 * "Rate & Tip" (docs/product/customer.md#rate-and-tip): once per finished order, by its customer. The tip is added to the
 * order and to the earning of the driver who delivered it, in one transaction.
 */
export async function rateOrder(
  deps: { db: Db; bus: LiveBus },
  input: { order: OrderRow; viewer: OrderViewer; rating: number; tipMinor: number; comment?: string | null },
) {
  const { order } = input;
  if (input.viewer !== 'customer' && input.viewer !== 'visitor') {
    throw new AppError('FORBIDDEN', 'Only the customer can rate this order');
  }
  if (order.status !== 'DELIVERED' && order.status !== 'COLLECTED') {
    throw new AppError('CONFLICT', `Order ${order.orderNumber} can be rated once it has been delivered or collected`);
  }
  const comment = input.comment?.trim() || null;
  const outcome = await deps.db.transaction(async (tx) => {
    const [rated] = await tx
      .insert(orderRatings)
      .values({ orderId: order.id, rating: input.rating, tipMinor: input.tipMinor, comment })
      .onConflictDoNothing({ target: orderRatings.orderId })
      .returning();
    if (!rated) throw new AppError('CONFLICT', 'This order has already been rated');
    if (input.tipMinor <= 0) return { rated, driverId: null };
    await tx
      .update(orders)
      .set({ tipMinor: sql`${orders.tipMinor} + ${input.tipMinor}`, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    // The driver issue writes a job's earning when the delivery completes, which is before any
    // rating can exist. If that row is missing (an order delivered before earnings existed) the tip
    // stays on the order, where the earnings report can still find it.
    const [earning] = await tx
      .select({
        id: driverEarnings.id,
        driverId: driverEarnings.driverId,
        jobId: deliveryJobs.id,
        paidOut: driverEarnings.paidOut,
      })
      .from(driverEarnings)
      .innerJoin(deliveryJobs, eq(deliveryJobs.id, driverEarnings.deliveryJobId))
      .where(and(eq(deliveryJobs.orderId, order.id), eq(deliveryJobs.status, 'completed')))
      .limit(1);
    if (!earning) return { rated, driverId: null };
    // The tip joins the earning only while it is unpaid. The paid_out condition sits in the update
    // itself: a cash-out committing between the read above and this write leaves the row paid, the
    // update then touches nothing, and the tip becomes a new unpaid earning instead of vanishing
    // into a payout that was already summed.
    const joined = earning.paidOut
      ? []
      : await tx
          .update(driverEarnings)
          .set({
            tipMinor: sql`${driverEarnings.tipMinor} + ${input.tipMinor}`,
            totalMinor: sql`${driverEarnings.totalMinor} + ${input.tipMinor}`,
          })
          .where(and(eq(driverEarnings.id, earning.id), eq(driverEarnings.paidOut, false)))
          .returning({ id: driverEarnings.id });
    if (joined.length === 0) {
      // A cashed-out earning is closed: the tip becomes a new unpaid earning for the same job.
      await tx.insert(driverEarnings).values({
        driverId: earning.driverId,
        deliveryJobId: earning.jobId,
        tipMinor: input.tipMinor,
        totalMinor: input.tipMinor,
      });
    }
    return { rated, driverId: earning.driverId };
  });

  await deps.bus.publish(topicName.order(order.id), 'order.rated', {
    orderId: order.id,
    rating: input.rating,
    tipMinor: input.tipMinor,
  });
  if (outcome.driverId) {
    await deps.bus.publish(topicName.user(outcome.driverId), 'earnings.updated', {
      orderId: order.id,
      tipMinor: input.tipMinor,
    });
  }
  const r = outcome.rated;
  return {
    rating: { rating: r.rating, tipMinor: r.tipMinor, comment: r.comment, createdAt: r.createdAt.toISOString() },
  };
}
