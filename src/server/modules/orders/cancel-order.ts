import { CANCEL_MESSAGES } from '../../../domain/contracts/orders/cancel-order';
import { AppError } from '../../../domain/errors';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../platform/live-bus';
import type { OrderViewer } from '../access';
import type { OrderRow } from './find-order';
import { transitionOrder } from './transition-order';

/** The viewers who are the order's customer: the signed-in customer or the browser with its token. */
export const CUSTOMER_VIEWERS: readonly OrderViewer[] = ['customer', 'visitor'];

/**
 * The customer cancels their order while the restaurant has not answered it (PENDING), or after
 * acceptance in the no-driver state (docs/decisions/0134-no-driver-found.md); otherwise the state
 * machine refuses with 409 and the page offers "Ask to cancel". Staff, drivers and the
 * back office can see the order but are not its customer: 403.
 */
export async function cancelOrder(
  deps: { db: Db; bus: LiveBus },
  input: {
    order: OrderRow;
    viewer: OrderViewer;
    actor: { userId: string; name: string } | null;
    visitorToken: string | null;
    reason?: string;
  },
) {
  if (!CUSTOMER_VIEWERS.includes(input.viewer)) throw new AppError('FORBIDDEN', CANCEL_MESSAGES.onlyCustomer);
  return transitionOrder(deps, {
    orderId: input.order.id,
    action: 'cancel',
    actor: {
      kind: 'customer',
      userId: input.viewer === 'customer' ? (input.actor?.userId ?? null) : null,
      visitorToken: input.viewer === 'visitor' ? input.visitorToken : null,
      name: input.order.customerName,
    },
    reason: input.reason ?? null,
  });
}
