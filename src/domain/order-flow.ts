/**
 * The one state machine for orders and their delivery jobs (docs/product/orders.md#order-flow,
 * docs/decisions/0125).
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
  'CANCELLED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TYPES = ['DELIVERY', 'PICKUP'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** `cancelled`: the order was cancelled while its job was open; the job leaves the board and the driver's screen. */
export const JOB_STATUSES = ['available', 'assigned', 'picked_up', 'completed', 'cancelled'] as const;
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
  'cancel',
  'time_out',
  'unassign_driver',
  'switch_to_pickup',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * Who moves an order: the restaurant's staff, the driver on the job, the customer (signed in or
 * holding the order's visitor token), the back office, and the server itself (sweepers).
 */
export const FLOW_ACTORS = ['partner', 'driver', 'customer', 'ops', 'system'] as const;
export type FlowActor = (typeof FLOW_ACTORS)[number];

/** Who may cancel, stored on the order with the reason (`orders.cancelled_by`). */
export type CancelledBy = Exclude<FlowActor, 'driver'>;

/** The reason a restaurant that never answered gets on the customer's screen (docs/decisions/0125). */
export const NO_RESPONSE_REASON = 'The restaurant did not respond';

export type Transition = {
  from: OrderStatus;
  action: OrderAction;
  to: OrderStatus;
  by: FlowActor;
  orderType: OrderType | 'ANY';
  /** The delivery job's status move made in the same transaction, if any. */
  job?: { from: JobStatus | null; to: JobStatus };
  /** Cancelling: any open delivery job of the order becomes `cancelled` in the same transaction. */
  cancelsJob?: true;
  /**
   * Allowed only while the order is in the "no driver found" state: a delivery order the search
   * for a driver has given up on, still without one (docs/decisions/0134-no-driver-found.md).
   */
  onlyWhenNoDriverFound?: true;
  /**
   * Not while a scheduled order waits for its slot: it has not entered the flow yet, so nobody
   * accepts it and it cannot time out (docs/decisions/0166-scheduled-orders.md).
   */
  notWhileAwaitingSlot?: true;
};

/** What the table cannot see from the status alone. */
export type FlowContext = {
  /** The no-driver sweeper has flagged the order and no driver has taken the job since. */
  noDriverFound?: boolean;
  /** A scheduled order that has not entered the flow yet. */
  awaitingSlot?: boolean;
};

/** Statuses in which a driver may take the delivery job: cooking does not wait for a driver (docs/decisions/0125). */
const DRIVER_MAY_JOIN: readonly OrderStatus[] = ['ACCEPTED', 'PREPARING', 'READY'];

/** Statuses before the food leaves the restaurant, where the restaurant may still cancel. */
const BEFORE_HAND_OVER: readonly OrderStatus[] = ['ACCEPTED', 'DRIVER_ASSIGNED', 'PREPARING', 'READY'];

/** Statuses with a driver on the job who has not picked up yet: where the driver may be taken off it. */
const DRIVER_BEFORE_PICKUP: readonly OrderStatus[] = ['DRIVER_ASSIGNED', 'PREPARING', 'READY'];

export const TRANSITIONS: readonly Transition[] = [
  { from: 'PENDING', action: 'accept', to: 'ACCEPTED', by: 'partner', orderType: 'ANY', notWhileAwaitingSlot: true },
  { from: 'PENDING', action: 'reject', to: 'REJECTED', by: 'partner', orderType: 'ANY' },
  { from: 'PENDING', action: 'time_out', to: 'REJECTED', by: 'system', orderType: 'ANY', notWhileAwaitingSlot: true },
  { from: 'PENDING', action: 'cancel', to: 'CANCELLED', by: 'customer', orderType: 'ANY' },
  // A driver joining an order the kitchen already works on keeps its kitchen status: DRIVER_ASSIGNED
  // is shown only while the kitchen has not started.
  ...DRIVER_MAY_JOIN.map((from): Transition => ({
    from,
    action: 'assign_driver',
    to: from === 'ACCEPTED' ? 'DRIVER_ASSIGNED' : from,
    by: 'driver',
    orderType: 'DELIVERY',
    job: { from: 'available', to: 'assigned' },
  })),
  { from: 'ACCEPTED', action: 'start_preparing', to: 'PREPARING', by: 'partner', orderType: 'ANY' },
  { from: 'DRIVER_ASSIGNED', action: 'start_preparing', to: 'PREPARING', by: 'partner', orderType: 'DELIVERY' },
  { from: 'PREPARING', action: 'mark_ready', to: 'READY', by: 'partner', orderType: 'ANY' },
  {
    from: 'READY',
    action: 'hand_to_driver',
    to: 'OUT_FOR_DELIVERY',
    by: 'partner',
    orderType: 'DELIVERY',
    // Only an assigned job moves: a READY order without a driver cannot be handed over.
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
  // The back office steps in (docs/decisions/0136-admin-order-console.md): it puts a chosen approved, online
  // driver on an open job, and marks a delivery done with a note when the driver cannot (a dead phone).
  ...DRIVER_MAY_JOIN.map((from): Transition => ({
    from,
    action: 'assign_driver',
    to: from === 'ACCEPTED' ? 'DRIVER_ASSIGNED' : from,
    by: 'ops',
    orderType: 'DELIVERY',
    job: { from: 'available', to: 'assigned' },
  })),
  {
    from: 'OUT_FOR_DELIVERY',
    action: 'complete_delivery',
    to: 'DELIVERED',
    by: 'ops',
    orderType: 'DELIVERY',
    job: { from: 'picked_up', to: 'completed' },
  },
  ...BEFORE_HAND_OVER.map((from): Transition => ({
    from,
    action: 'cancel',
    to: 'CANCELLED',
    by: 'partner',
    orderType: 'ANY',
    cancelsJob: true,
  })),
  ...(['PENDING', ...BEFORE_HAND_OVER, 'OUT_FOR_DELIVERY'] as const).map((from): Transition => ({
    from,
    action: 'cancel',
    to: 'CANCELLED',
    by: 'ops',
    orderType: 'ANY',
    cancelsJob: true,
  })),
  // The driver drops the job, or ops takes them off it, before pickup: the job goes back to the
  // board and the order back to ACCEPTED if the kitchen had not started; kitchen statuses stay
  // (docs/decisions/0135-driver-unassign.md).
  ...DRIVER_BEFORE_PICKUP.flatMap((from) =>
    (['driver', 'ops'] as const).map((by): Transition => ({
      from,
      action: 'unassign_driver',
      to: from === 'DRIVER_ASSIGNED' ? 'ACCEPTED' : from,
      by,
      orderType: 'DELIVERY',
      job: { from: 'assigned', to: 'available' },
    })),
  ),
  // No driver found (docs/decisions/0134-no-driver-found.md): the customer may switch to pickup
  // (the job leaves the board, the kitchen status stays) or cancel, only in that state.
  ...(['ACCEPTED', 'PREPARING', 'READY'] as const).flatMap((from): Transition[] => [
    {
      from,
      action: 'switch_to_pickup',
      to: from,
      by: 'customer',
      orderType: 'DELIVERY',
      cancelsJob: true,
      onlyWhenNoDriverFound: true,
    },
    {
      from,
      action: 'cancel',
      to: 'CANCELLED',
      by: 'customer',
      orderType: 'DELIVERY',
      cancelsJob: true,
      onlyWhenNoDriverFound: true,
    },
  ]),
];

function matches(t: Transition, orderType: OrderType, by: FlowActor, context: FlowContext): boolean {
  return (
    t.by === by &&
    (t.orderType === 'ANY' || t.orderType === orderType) &&
    (!t.onlyWhenNoDriverFound || context.noDriverFound === true) &&
    (!t.notWhileAwaitingSlot || context.awaitingSlot !== true)
  );
}

/**
 * The transition for this action from this status and order type by this actor, or null when the
 * move is not allowed.
 */
export function findTransition(
  from: OrderStatus,
  action: OrderAction,
  orderType: OrderType,
  by: FlowActor,
  context: FlowContext = {},
): Transition | null {
  return TRANSITIONS.find((t) => t.from === from && t.action === action && matches(t, orderType, by, context)) ?? null;
}

/** The actions this actor may take on an order in this status. */
export function availableActions(
  status: OrderStatus,
  orderType: OrderType,
  by: FlowActor,
  context: FlowContext = {},
): OrderAction[] {
  return TRANSITIONS.filter((t) => t.from === status && matches(t, orderType, by, context)).map((t) => t.action);
}

/** Statuses the partner dashboard counts as in progress (docs/product/partner.md#dashboard). */
export const IN_PROGRESS_STATUSES: readonly OrderStatus[] = [
  'ACCEPTED',
  'DRIVER_ASSIGNED',
  'PREPARING',
  'READY',
  'OUT_FOR_DELIVERY',
];

export const FINAL_STATUSES: readonly OrderStatus[] = ['DELIVERED', 'COLLECTED', 'REJECTED', 'CANCELLED'];

/** Statuses whose money counts in sales and earnings: the food reached the customer. */
export const COMPLETED_STATUSES: readonly OrderStatus[] = ['DELIVERED', 'COLLECTED'];

/** Whether an order in this status is finished (no further move exists). */
export function isFinal(status: OrderStatus): boolean {
  return FINAL_STATUSES.includes(status);
}
