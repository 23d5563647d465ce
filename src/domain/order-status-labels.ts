import type { OrderType } from './order-flow';

/**
 * The customer-facing words for order statuses (docs/product/orders.md#labels). Functions take any string:
 * older rows and the legacy statuses COMPLETED and PICKUP_READY must still read sensibly.
 */

/** Label on the order tracking page; anything unknown reads "Processing". */
export function orderPageLabel(status: string, orderType: OrderType): string {
  switch (status) {
    case 'PENDING':
      return 'Awaiting Confirmation';
    case 'ACCEPTED':
      return 'Order Accepted';
    case 'PREPARING':
      return 'Preparing Your Order';
    case 'READY':
    case 'PICKUP_READY':
      return orderType === 'DELIVERY' ? 'Ready for Delivery' : 'Ready for Pickup';
    case 'DRIVER_ASSIGNED':
      return 'Driver Assigned';
    case 'OUT_FOR_DELIVERY':
      return 'Out for Delivery';
    case 'DELIVERED':
      return 'Delivered';
    case 'COLLECTED':
      return 'Collected';
    case 'COMPLETED':
      return 'Completed';
    case 'REJECTED':
      return 'Order Rejected';
    case 'CANCELLED':
      return 'Order Cancelled';
    default:
      return 'Processing';
  }
}

/**
 * Label in the account's order list (docs/product/orders.md#labels). It words READY from the
 * restaurant's side ("Ready for Pickup" means a driver may pick it up); DRIVER_ASSIGNED and
 * COLLECTED, which the list's first wording left out, read as on the order page
 * (docs/decisions/0010-order-status-labels-and-tracker.md).
 */
export function accountListLabel(status: string, orderType: OrderType): string {
  switch (status) {
    case 'PENDING':
      return 'Waiting for Confirmation';
    case 'ACCEPTED':
      return 'Order Accepted';
    case 'DRIVER_ASSIGNED':
      return 'Driver Assigned';
    case 'PREPARING':
      return 'Being Prepared';
    case 'READY':
    case 'PICKUP_READY':
      return orderType === 'DELIVERY' ? 'Ready for Pickup' : 'Ready for Collection';
    case 'OUT_FOR_DELIVERY':
      return 'Driver En-Route';
    case 'DELIVERED':
    case 'COMPLETED':
      return 'Delivered';
    case 'COLLECTED':
      return 'Collected';
    case 'REJECTED':
    case 'CANCELLED':
      return 'Cancelled';
    default:
      return 'Processing';
  }
}

export type TrackerStep = { status: string; label: string };

const DELIVERY_STEPS: readonly TrackerStep[] = [
  { status: 'PENDING', label: 'Waiting to be accepted' },
  { status: 'ACCEPTED', label: 'Restaurant accepted' },
  { status: 'DRIVER_ASSIGNED', label: 'Driver assigned' },
  { status: 'PREPARING', label: 'Being prepared' },
  { status: 'READY', label: 'Driver has arrived' },
  { status: 'OUT_FOR_DELIVERY', label: 'Driver has left with your order' },
];

/** No "Driver assigned" step: a pickup order never has a driver in our flow (docs/decisions/0010-order-status-labels-and-tracker.md). */
const PICKUP_STEPS: readonly TrackerStep[] = [
  { status: 'PENDING', label: 'Waiting to be accepted' },
  { status: 'ACCEPTED', label: 'Restaurant accepted' },
  { status: 'PREPARING', label: 'Being prepared' },
  { status: 'READY', label: 'Ready for pickup' },
];

/** The live progress steps the customer sees for this kind of order. */
export function trackerSteps(orderType: OrderType): readonly TrackerStep[] {
  return orderType === 'DELIVERY' ? DELIVERY_STEPS : PICKUP_STEPS;
}

const FINISHED = ['DELIVERED', 'COLLECTED', 'COMPLETED'];

export type TrackerPosition = {
  steps: readonly TrackerStep[];
  /** Index of the current step; -1 when the status is not on the tracker (REJECTED, unknown). */
  index: number;
  /** (index + 1) / number of steps; 0 off the tracker. */
  progress: number;
  /** The order is finished: every step reads done. */
  finished: boolean;
};

/** Where an order stands on its tracker: DELIVERED, COLLECTED and COMPLETED sit on the last step. */
export function trackerPosition(status: string, orderType: OrderType): TrackerPosition {
  const steps = trackerSteps(orderType);
  const finished = FINISHED.includes(status);
  const key = status === 'PICKUP_READY' ? 'READY' : status;
  const index = finished ? steps.length - 1 : steps.findIndex((s) => s.status === key);
  return { steps, index, progress: index < 0 ? 0 : (index + 1) / steps.length, finished };
}
