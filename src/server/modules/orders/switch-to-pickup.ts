import { NO_DRIVER_MESSAGES } from '../../../domain/contracts/orders/switch-to-pickup';
import { AppError } from '../../../domain/errors';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../platform/live-bus';
import type { OrderViewer } from '../access';
import { CUSTOMER_VIEWERS } from './cancel-order';
import type { OrderRow } from './find-order';
import { transitionOrder } from './transition-order';

/**
 * No driver found (docs/product/orders.md#no-driver-found): the customer collects the order
 * instead. The state machine's `switch_to_pickup` allows it only in the no-driver state (409
 * otherwise, e.g. once a driver has taken the job); it makes the order PICKUP, removes the delivery
 * fee from the total and takes the job off the board in one transaction, and the partner console
 * hears `order.status`. Staff, drivers and the back office can see the order but are not its
 * customer: 403.
 */
export async function switchToPickup(
  deps: { db: Db; bus: LiveBus },
  input: { order: OrderRow; viewer: OrderViewer; actor: { userId: string } | null; visitorToken: string | null },
) {
  if (!CUSTOMER_VIEWERS.includes(input.viewer)) throw new AppError('FORBIDDEN', NO_DRIVER_MESSAGES.onlyCustomer);
  return transitionOrder(deps, {
    orderId: input.order.id,
    action: 'switch_to_pickup',
    actor: {
      kind: 'customer',
      userId: input.viewer === 'customer' ? (input.actor?.userId ?? null) : null,
      visitorToken: input.viewer === 'visitor' ? input.visitorToken : null,
      name: input.order.customerName,
    },
  });
}
