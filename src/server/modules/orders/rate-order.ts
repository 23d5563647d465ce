import { AppError } from '../../../domain/errors';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { orderRatings } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import type { OrderViewer } from '../access';
import type { OrderRow } from './find-order';

/**
 * "Rate your order" (docs/product/customer.md#rate-and-tip): once per finished order, by its
 * customer. No tip: payment is cash, so a tip is cash handed to the driver at the door, never money
 * the platform would pay out without having received it (docs/decisions/0201-tips-in-cash-at-the-door.md);
 * the contract refuses any tip above £0.00.
 */
export async function rateOrder(
  deps: { db: Db; bus: LiveBus },
  input: { order: OrderRow; viewer: OrderViewer; rating: number; comment?: string | null },
) {
  const { order } = input;
  if (input.viewer !== 'customer' && input.viewer !== 'visitor') {
    throw new AppError('FORBIDDEN', 'Only the customer can rate this order');
  }
  if (order.status !== 'DELIVERED' && order.status !== 'COLLECTED') {
    throw new AppError('CONFLICT', `Order ${order.orderNumber} can be rated once it has been delivered or collected`);
  }
  const comment = input.comment?.trim() || null;
  const [rated] = await deps.db
    .insert(orderRatings)
    .values({ orderId: order.id, rating: input.rating, tipMinor: 0, comment })
    .onConflictDoNothing({ target: orderRatings.orderId })
    .returning();
  if (!rated) throw new AppError('CONFLICT', 'This order has already been rated');

  await deps.bus.publish(topicName.order(order.id), 'order.rated', {
    orderId: order.id,
    rating: input.rating,
    tipMinor: 0,
  });
  return {
    rating: {
      rating: rated.rating,
      tipMinor: rated.tipMinor,
      comment: rated.comment,
      createdAt: rated.createdAt.toISOString(),
    },
  };
}
