import { eq } from 'drizzle-orm';
import type { PartnerCancelBody } from '../../../domain/contracts/partner/cancel-order';
import type { PartnerOrder } from '../../../domain/contracts/partner/orders';
import { partnerCancelReasonText } from '../../../domain/partner-cancel';
import type { Db } from '../../db/client';
import { orders, userProfiles } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { transitionOrder } from '../orders';
import { toPartnerOrders } from './list-site-orders';

/**
 * "Cancel order" on the orders console (docs/product/partner.md#cancel-an-order): the restaurant
 * cancels an accepted order with a reason before it leaves with a driver. The one state machine
 * checks the caller works at the order's location (else 404), the status (else 409) and the
 * 2-second guard; it audits the move, takes the job off the board or the driver's screen and
 * tells the customer, the console and the driver live.
 */
export async function cancelPartnerOrder(
  deps: { db: Db; bus: LiveBus },
  userId: string,
  orderId: string,
  body: PartnerCancelBody,
): Promise<PartnerOrder> {
  const [me] = await deps.db
    .select({ first: userProfiles.firstName, last: userProfiles.lastName, display: userProfiles.displayName })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  const name = me ? me.display || [me.first, me.last].filter(Boolean).join(' ') || undefined : undefined;
  await transitionOrder(deps, {
    orderId,
    action: 'cancel',
    actor: { kind: 'partner', userId, name },
    reason: partnerCancelReasonText(body.reason, body.details),
  });
  const rows = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  const [order] = await toPartnerOrders(deps.db, rows);
  return order;
}
