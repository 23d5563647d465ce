import type { OrderType } from './order-flow';

/**
 * The customer-facing words for order statuses (docs/product/orders.md#labels). Functions take any string:
 * older rows and the spec's extra labels (COMPLETED, PICKUP_READY) must still read sensibly.
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
 * Label in the account's order list. The spec words READY from the restaurant's side ("Ready for
 * Pickup" means a driver may pick it up); DRIVER_ASSIGNED and COLLECTED, which the spec's list
 * omits, read as on the order page (docs/decisions/0010-order-status-labels-and-tracker.md).
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

export type TrackerStep = {
  status: string;
  label: string;
  /** A driver step the order has passed in its kitchen status but which has not happened: no driver yet. */
  waiting?: true;
};

/**
 * Where the driver stands for the tracker: on the order, none yet, or a new one being found after
 * a driver gave the job back (docs/product/orders.md#driver-unassign).
 */
export type TrackerDriver = 'assigned' | 'none' | 'finding_new';

const DELIVERY_STEPS: readonly TrackerStep[] = [
  { status: 'PENDING', label: 'Waiting to be accepted' },
  { status: 'ACCEPTED', label: 'Restaurant accepted' },
  { status: 'DRIVER_ASSIGNED', label: 'Driver assigned' },
  { status: 'PREPARING', label: 'Being prepared' },
  { status: 'READY', label: 'Driver has arrived' },
  { status: 'OUT_FOR_DELIVERY', label: 'Driver has left with your order' },
];

/**
 * The kitchen may cook before a driver accepts (docs/decisions/0125), so a delivery order can be
 * PREPARING or READY without a driver: the steps then say so, and never "Driver has arrived"
 * (docs/product/orders.md#labels).
 */
const WITHOUT_DRIVER: Record<Exclude<TrackerDriver, 'assigned'>, readonly TrackerStep[]> = {
  none: DELIVERY_STEPS.map((s) =>
    s.status === 'DRIVER_ASSIGNED'
      ? { ...s, label: 'Finding a driver', waiting: true }
      : s.status === 'READY'
        ? { ...s, label: 'Ready, waiting for a driver' }
        : s,
  ),
  finding_new: DELIVERY_STEPS.map((s) =>
    s.status === 'DRIVER_ASSIGNED'
      ? { ...s, label: 'Finding a new driver', waiting: true }
      : s.status === 'READY'
        ? { ...s, label: 'Ready, waiting for a driver' }
        : s,
  ),
};

/** Statuses where a delivery order may have no driver yet. */
const DRIVERLESS_STATUSES = ['PENDING', 'ACCEPTED', 'PREPARING', 'READY', 'PICKUP_READY'];

/** No "Driver assigned" step: a pickup order never has a driver in our flow (docs/decisions/0010-order-status-labels-and-tracker.md). */
const PICKUP_STEPS: readonly TrackerStep[] = [
  { status: 'PENDING', label: 'Waiting to be accepted' },
  { status: 'ACCEPTED', label: 'Restaurant accepted' },
  { status: 'PREPARING', label: 'Being prepared' },
  { status: 'READY', label: 'Ready for pickup' },
];

/**
 * The live progress steps the customer sees for this kind of order. `driver` is where the driver
 * stands; the default keeps the steps of an order with its driver.
 */
export function trackerSteps(
  orderType: OrderType,
  driver: TrackerDriver = 'assigned',
  status?: string,
): readonly TrackerStep[] {
  if (orderType !== 'DELIVERY') return PICKUP_STEPS;
  if (driver === 'assigned' || (status !== undefined && !DRIVERLESS_STATUSES.includes(status))) return DELIVERY_STEPS;
  return WITHOUT_DRIVER[driver];
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
export function trackerPosition(
  status: string,
  orderType: OrderType,
  driver: TrackerDriver = 'assigned',
): TrackerPosition {
  const steps = trackerSteps(orderType, driver, status);
  const finished = FINISHED.includes(status);
  const key = status === 'PICKUP_READY' ? 'READY' : status;
  const index = finished ? steps.length - 1 : steps.findIndex((s) => s.status === key);
  return { steps, index, progress: index < 0 ? 0 : (index + 1) / steps.length, finished };
}
