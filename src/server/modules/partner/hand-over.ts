import { eq } from 'drizzle-orm';
import type { PartnerOrder } from '../../../domain/contracts/partner/orders';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { transitionOrder } from '../orders';
import { toPartnerOrders } from './list-site-orders';

/**
 * Hand to Driver: the restaurant types the 4-digit pickup code the driver shows. The one state
 * machine checks it against the delivery job and moves the order READY -> OUT_FOR_DELIVERY and
 * the job assigned -> picked_up together (a wrong code: 400, nothing moves; another location's
 * order: 404; any other status: 409; within 2 seconds of the last change: 409).
 */
export async function handOverToDriver(
  deps: { db: Db; bus: LiveBus },
  userId: string,
  orderId: string,
  pickupCode: string,
): Promise<PartnerOrder> {
  await transitionOrder(deps, { orderId, action: 'hand_to_driver', actor: { kind: 'partner', userId }, pickupCode });
  const rows = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  const [order] = await toPartnerOrders(deps.db, rows);
  return order;
}
