import { type OrderAction, type OrderStatus, type OrderType, availableActions, isFinal } from './order-flow';

/** The orders console's rules (docs/product/partner.md#orders-console), shared by the list and the kitchen display. */

export const STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING: 'Pending',
  ACCEPTED: 'Accepted',
  DRIVER_ASSIGNED: 'Driver Assigned',
  PREPARING: 'Preparing',
  READY: 'Ready',
  OUT_FOR_DELIVERY: 'Out for Delivery',
  DELIVERED: 'Delivered',
  COLLECTED: 'Collected',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
};

/** The button text of each partner action. */
export const ACTION_LABELS: Partial<Record<OrderAction, string>> = {
  accept: 'Accept',
  reject: 'Reject',
  start_preparing: 'Start Preparing',
  mark_ready: 'Ready for Pickup',
  hand_to_driver: 'Hand to Driver',
  mark_collected: 'Collected',
};

/** Actions confirmed after 5 seconds, with an undo offered meanwhile. */
export const UNDOABLE_ACTIONS: readonly OrderAction[] = ['accept', 'start_preparing', 'mark_ready'];
export const UNDO_WINDOW_MS = 5000;

/** Kitchen display keys: A accept, P prepare, R ready, H hand to driver. */
export const KITCHEN_SHORTCUTS: Readonly<Record<string, OrderAction>> = {
  a: 'accept',
  p: 'start_preparing',
  r: 'mark_ready',
  h: 'hand_to_driver',
};

/** Recent orders list length (docs/product/partner.md#orders-console). */
export const RECENT_ORDERS_LIMIT = 10;

/**
 * A delivery order the kitchen works on while no driver has taken its job (docs/decisions/0125):
 * the console shows "Finding driver", disabled, next to the kitchen's own buttons.
 */
export function isFindingDriver(status: OrderStatus, orderType: OrderType, driverAssigned: boolean): boolean {
  return orderType === 'DELIVERY' && !driverAssigned && ['ACCEPTED', 'PREPARING', 'READY'].includes(status);
}

/** Whether the order still needs the kitchen (the Active Orders list). */
export function isActiveOrder(status: OrderStatus): boolean {
  return !isFinal(status);
}

/**
 * The partner's buttons for an order, in the state machine's order. Hand-over waits for a driver;
 * cancelling needs its own dialog with a reason, so it is not one of the card's buttons.
 */
export function partnerActions(
  status: OrderStatus,
  orderType: OrderType,
  driverAssigned: boolean,
  awaitingSlot = false,
): OrderAction[] {
  return availableActions(status, orderType, 'partner', { awaitingSlot }).filter(
    (a) => a !== 'cancel' && (a !== 'hand_to_driver' || driverAssigned),
  );
}

/** The kitchen display's columns and the statuses each holds. */
export const KITCHEN_COLUMNS: readonly { key: string; title: string; statuses: readonly OrderStatus[] }[] = [
  { key: 'new', title: 'New', statuses: ['PENDING'] },
  { key: 'accepted', title: 'Accepted', statuses: ['ACCEPTED', 'DRIVER_ASSIGNED'] },
  { key: 'preparing', title: 'Preparing', statuses: ['PREPARING'] },
  { key: 'ready', title: 'Ready', statuses: ['READY'] },
];

/** Whether the restaurant may still cancel: accepted and not yet handed to a driver (order-flow.ts). */
export function partnerMayCancel(status: OrderStatus, orderType: OrderType): boolean {
  return availableActions(status, orderType, 'partner').includes('cancel');
}
