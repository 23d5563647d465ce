import type { ConsoleActions } from './contracts/admin/order-console';
import { type JobStatus, type OrderStatus, type OrderType, findTransition } from './order-flow';
import { canUseAdminArea } from './policies';
import type { AdminRole } from './roles';

/**
 * What an admin of this role may do on the order console to an order in this state
 * (docs/product/admin.md#order-console, docs/decisions/0136-admin-order-console.md). Moves of the
 * order are for the `order_actions` roles and must be moves the state machine lists for `ops`; notes
 * and tickets are for everyone who may read the console. The server checks the same again.
 */
export function consoleActionsFor(
  role: AdminRole | null,
  order: { status: OrderStatus; orderType: OrderType; jobStatus: JobStatus | null },
): ConsoleActions {
  const reads = canUseAdminArea(role, 'orders');
  const moves = canUseAdminArea(role, 'order_actions');
  const { status, orderType, jobStatus } = order;
  const withDriver = jobStatus === 'assigned';
  // Reassigning goes through the board: the job is returned first, then assigned from `available`.
  const assignFrom: OrderStatus | null = withDriver && status === 'DRIVER_ASSIGNED' ? 'ACCEPTED' : status;
  return {
    cancel: moves && !!findTransition(status, 'cancel', orderType, 'ops'),
    markDelivered: moves && !!findTransition(status, 'complete_delivery', orderType, 'ops'),
    assignDriver:
      moves &&
      (jobStatus === 'available' || withDriver) &&
      !!assignFrom &&
      !!findTransition(assignFrom, 'assign_driver', orderType, 'ops'),
    unassignDriver: moves && withDriver,
    addNote: reads,
    tickets: reads,
  };
}
