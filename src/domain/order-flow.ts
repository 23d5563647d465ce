/**
 * The one state machine for orders and their delivery jobs (docs/product/orders.md#order-flow).
 * The server refuses any move not in TRANSITIONS with 409; the web app asks the same table which
 * buttons to show.
 */
export const ORDER_STATUSES = [
  'PENDING',
  'ACCEPTED',
  'DRIVER_ASSIGNED',
  'PREPARING',
  'READY',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
  'COLLECTED',
  'REJECTED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TYPES = ['DELIVERY', 'PICKUP'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const JOB_STATUSES = ['available', 'assigned', 'picked_up', 'completed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const ACTIVE_JOB_STATUSES: readonly JobStatus[] = ['available', 'assigned', 'picked_up'];

export const ORDER_ACTIONS = [
  'accept',
  'reject',
  'assign_driver',
  'start_preparing',
  'mark_ready',
  'hand_to_driver',
  'complete_delivery',
  'mark_collected',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export type FlowActor = 'partner' | 'driver';

export type Transition = {
  from: OrderStatus;
  action: OrderAction;
  to: OrderStatus;
  by: FlowActor;
  orderType: OrderType | 'ANY';
  /** The delivery job's status move made in the same transaction, if any. */
  job?: { from: JobStatus | null; to: JobStatus };
};

export const TRANSITIONS: readonly Transition[] = [
  { from: 'PENDING', action: 'accept', to: 'ACCEPTED', by: 'partner', orderType: 'ANY' },
  { from: 'PENDING', action: 'reject', to: 'REJECTED', by: 'partner', orderType: 'ANY' },
  {
    from: 'ACCEPTED',
    action: 'assign_driver',
    to: 'DRIVER_ASSIGNED',
    by: 'driver',
    orderType: 'DELIVERY',
    job: { from: 'available', to: 'assigned' },
  },
  { from: 'DRIVER_ASSIGNED', action: 'start_preparing', to: 'PREPARING', by: 'partner', orderType: 'DELIVERY' },
  { from: 'ACCEPTED', action: 'start_preparing', to: 'PREPARING', by: 'partner', orderType: 'PICKUP' },
  { from: 'PREPARING', action: 'mark_ready', to: 'READY', by: 'partner', orderType: 'ANY' },
  {
    from: 'READY',
    action: 'hand_to_driver',
    to: 'OUT_FOR_DELIVERY',
    by: 'partner',
    orderType: 'DELIVERY',
    job: { from: 'assigned', to: 'picked_up' },
  },
  {
    from: 'OUT_FOR_DELIVERY',
    action: 'complete_delivery',
    to: 'DELIVERED',
    by: 'driver',
    orderType: 'DELIVERY',
    job: { from: 'picked_up', to: 'completed' },
  },
  { from: 'READY', action: 'mark_collected', to: 'COLLECTED', by: 'partner', orderType: 'PICKUP' },
];

/** The transition for this action from this status and order type, or null when the move is not allowed. */
export function findTransition(from: OrderStatus, action: OrderAction, orderType: OrderType): Transition | null {
  return (
    TRANSITIONS.find(
      (t) => t.from === from && t.action === action && (t.orderType === 'ANY' || t.orderType === orderType),
    ) ?? null
  );
}

/** The actions this actor may take on an order in this status. */
export function availableActions(status: OrderStatus, orderType: OrderType, by: FlowActor): OrderAction[] {
  return TRANSITIONS.filter(
    (t) => t.from === status && t.by === by && (t.orderType === 'ANY' || t.orderType === orderType),
  ).map((t) => t.action);
}

/** Statuses the partner dashboard counts as in progress (docs/product/partner.md#dashboard). */
export const IN_PROGRESS_STATUSES: readonly OrderStatus[] = [
  'ACCEPTED',
  'DRIVER_ASSIGNED',
  'PREPARING',
  'READY',
  'OUT_FOR_DELIVERY',
];

export const FINAL_STATUSES: readonly OrderStatus[] = ['DELIVERED', 'COLLECTED', 'REJECTED'];

/** Whether an order in this status is finished (no further move exists). */
export function isFinal(status: OrderStatus): boolean {
  return FINAL_STATUSES.includes(status);
}
