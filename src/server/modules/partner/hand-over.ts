import { eq } from 'drizzle-orm';
import { PICKUP_CODE_MESSAGES } from '../../../domain/code-attempts';
import type { PartnerOrder } from '../../../domain/contracts/partner/orders';
import { AppError } from '../../../domain/errors';
import type { Db } from '../../db/client';
import { deliveryJobs, orders } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { isSiteStaff } from '../access';
import { clearCodeTries, sameSecret, takeCodeTry, transitionOrder } from '../orders';
import { toPartnerOrders } from './list-site-orders';

/**
 * Hand to Driver: the restaurant types the 4-digit pickup code the driver shows. The one state
 * machine checks it against the delivery job and moves the order READY -> OUT_FOR_DELIVERY and
 * the job assigned -> picked_up together (a wrong code: 400, nothing moves; another location's
 * order: 404; any other status: 409; within 2 seconds of the last change: 409). A try on a job
 * waiting for its hand-over first takes a slot: 5 tries, then one per 15 minutes, locked after
 * 10 wrong ones in a row until support gives the job back to the board with a fresh code
 * (docs/decisions/0203-secret-check-limits.md).
 */
export async function handOverToDriver(
  deps: { db: Db; bus: LiveBus },
  userId: string,
  orderId: string,
  pickupCode: string,
): Promise<PartnerOrder> {
  const [job] = await deps.db
    .select({
      id: deliveryJobs.id,
      status: deliveryJobs.status,
      code: deliveryJobs.pickupCode,
      siteId: orders.siteId,
      orderStatus: orders.status,
    })
    .from(deliveryJobs)
    .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
    .where(eq(deliveryJobs.orderId, orderId));
  // Someone else's order, or one with no driver to hand to: the state machine says why (404, 409).
  const guarded =
    !!job &&
    job.status === 'assigned' &&
    job.orderStatus === 'READY' &&
    (await isSiteStaff(deps.db, userId, job.siteId));
  if (guarded) {
    await takeCodeTry(deps.db, job.id, 'pickup', PICKUP_CODE_MESSAGES);
    if (!sameSecret(job.code, pickupCode)) throw new AppError('VALIDATION_ERROR', PICKUP_CODE_MESSAGES.invalid);
  }
  await transitionOrder(deps, { orderId, action: 'hand_to_driver', actor: { kind: 'partner', userId }, pickupCode });
  if (guarded) await clearCodeTries(deps.db, job.id, 'pickup');
  const rows = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  const [order] = await toPartnerOrders(deps.db, rows);
  return order;
}
