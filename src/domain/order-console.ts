import type { ConsoleActions } from './contracts/admin/order-console';
import {
  type FlowActor,
  type JobStatus,
  type OrderAction,
  type OrderStatus,
  type OrderType,
  findTransition,
} from './order-flow';
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

/** The back office's words for an order's status (docs/product/admin.md#order-console). */
export const CONSOLE_STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING: 'Pending',
  ACCEPTED: 'Accepted',
  DRIVER_ASSIGNED: 'Driver assigned',
  PREPARING: 'Preparing',
  READY: 'Ready',
  OUT_FOR_DELIVERY: 'Out for delivery',
  DELIVERED: 'Delivered',
  COLLECTED: 'Collected',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
};

/** Who made a move, as the timeline says it. */
export const ACTOR_KIND_LABELS: Record<FlowActor, string> = {
  customer: 'Customer',
  partner: 'Restaurant',
  driver: 'Driver',
  ops: 'Back office',
  system: 'System',
};

/** What a move was, as the timeline says it; the placing row has no action. */
export function timelineActionLabel(action: OrderAction | null, status: OrderStatus): string {
  if (!action) return status === 'PENDING' ? 'Placed' : CONSOLE_STATUS_LABELS[status];
  const words: Record<OrderAction, string> = {
    accept: 'Accepted',
    reject: 'Rejected',
    assign_driver: 'Driver assigned',
    unassign_driver: 'Driver taken off',
    start_preparing: 'Started preparing',
    mark_ready: 'Marked ready',
    hand_to_driver: 'Handed to the driver',
    complete_delivery: 'Delivered',
    mark_collected: 'Collected',
    cancel: 'Cancelled',
    time_out: 'Timed out',
    switch_to_pickup: 'Switched to pickup',
  };
  return words[action];
}
