import { describe, expect, it } from 'vitest';
import {
  FINAL_STATUSES,
  FLOW_ACTORS,
  type FlowActor,
  ORDER_STATUSES,
  ORDER_TYPES,
  type OrderAction,
  type OrderStatus,
  type OrderType,
  TRANSITIONS,
  availableActions,
  findTransition,
  isFinal,
} from './order-flow';

const ACTIONS: readonly OrderAction[] = [
  'accept',
  'reject',
  'time_out',
  'cancel',
  'assign_driver',
  'start_preparing',
  'mark_ready',
  'hand_to_driver',
  'complete_delivery',
  'mark_collected',
  'unassign_driver',
  'switch_to_pickup',
];

/**
 * Every allowed move, written out by hand (not derived from TRANSITIONS): status, action, actor,
 * order types, resulting status, and `no-driver` for a move allowed only in the no-driver-found
 * state. Every (status, action, actor, type, state) not listed here must be refused.
 */
type Row = [OrderStatus, OrderAction, FlowActor, readonly OrderType[], OrderStatus, 'no-driver'?];
const ALLOWED: readonly Row[] = [
  ['PENDING', 'accept', 'partner', ['DELIVERY', 'PICKUP'], 'ACCEPTED'],
  ['PENDING', 'reject', 'partner', ['DELIVERY', 'PICKUP'], 'REJECTED'],
  ['PENDING', 'time_out', 'system', ['DELIVERY', 'PICKUP'], 'REJECTED'],
  ['PENDING', 'cancel', 'customer', ['DELIVERY', 'PICKUP'], 'CANCELLED'],
  ['PENDING', 'cancel', 'ops', ['DELIVERY', 'PICKUP'], 'CANCELLED'],
  ['ACCEPTED', 'assign_driver', 'driver', ['DELIVERY'], 'DRIVER_ASSIGNED'],
  ['ACCEPTED', 'assign_driver', 'ops', ['DELIVERY'], 'DRIVER_ASSIGNED'],
  ['ACCEPTED', 'start_preparing', 'partner', ['DELIVERY', 'PICKUP'], 'PREPARING'],
  ['ACCEPTED', 'cancel', 'partner', ['DELIVERY', 'PICKUP'], 'CANCELLED'],
  ['ACCEPTED', 'cancel', 'ops', ['DELIVERY', 'PICKUP'], 'CANCELLED'],
  ['DRIVER_ASSIGNED', 'start_preparing', 'partner', ['DELIVERY'], 'PREPARING'],
  ['DRIVER_ASSIGNED', 'cancel', 'partner', ['DELIVERY', 'PICKUP'], 'CANCELLED'],
  ['DRIVER_ASSIGNED', 'cancel', 'ops', ['DELIVERY', 'PICKUP'], 'CANCELLED'],
  ['PREPARING', 'assign_driver', 'driver', ['DELIVERY'], 'PREPARING'],
  ['PREPARING', 'assign_driver', 'ops', ['DELIVERY'], 'PREPARING'],
  ['PREPARING', 'mark_ready', 'partner', ['DELIVERY', 'PICKUP'], 'READY'],
  ['PREPARING', 'cancel', 'partner', ['DELIVERY', 'PICKUP'], 'CANCELLED'],
  ['PREPARING', 'cancel', 'ops', ['DELIVERY', 'PICKUP'], 'CANCELLED'],
  ['READY', 'assign_driver', 'driver', ['DELIVERY'], 'READY'],
  ['READY', 'assign_driver', 'ops', ['DELIVERY'], 'READY'],
  ['READY', 'hand_to_driver', 'partner', ['DELIVERY'], 'OUT_FOR_DELIVERY'],
  ['READY', 'mark_collected', 'partner', ['PICKUP'], 'COLLECTED'],
  ['READY', 'cancel', 'partner', ['DELIVERY', 'PICKUP'], 'CANCELLED'],
  ['READY', 'cancel', 'ops', ['DELIVERY', 'PICKUP'], 'CANCELLED'],
  ['OUT_FOR_DELIVERY', 'complete_delivery', 'driver', ['DELIVERY'], 'DELIVERED'],
  ['OUT_FOR_DELIVERY', 'complete_delivery', 'ops', ['DELIVERY'], 'DELIVERED'],
  ['OUT_FOR_DELIVERY', 'cancel', 'ops', ['DELIVERY', 'PICKUP'], 'CANCELLED'],
  // Driver unassign before pickup (docs/decisions/0135-driver-unassign.md).
  ['DRIVER_ASSIGNED', 'unassign_driver', 'driver', ['DELIVERY'], 'ACCEPTED'],
  ['DRIVER_ASSIGNED', 'unassign_driver', 'ops', ['DELIVERY'], 'ACCEPTED'],
  ['PREPARING', 'unassign_driver', 'driver', ['DELIVERY'], 'PREPARING'],
  ['PREPARING', 'unassign_driver', 'ops', ['DELIVERY'], 'PREPARING'],
  ['READY', 'unassign_driver', 'driver', ['DELIVERY'], 'READY'],
  ['READY', 'unassign_driver', 'ops', ['DELIVERY'], 'READY'],
  // No driver found (docs/decisions/0134-no-driver-found.md): only in that state.
  ['ACCEPTED', 'switch_to_pickup', 'customer', ['DELIVERY'], 'ACCEPTED', 'no-driver'],
  ['PREPARING', 'switch_to_pickup', 'customer', ['DELIVERY'], 'PREPARING', 'no-driver'],
  ['READY', 'switch_to_pickup', 'customer', ['DELIVERY'], 'READY', 'no-driver'],
  ['ACCEPTED', 'cancel', 'customer', ['DELIVERY'], 'CANCELLED', 'no-driver'],
  ['PREPARING', 'cancel', 'customer', ['DELIVERY'], 'CANCELLED', 'no-driver'],
  ['READY', 'cancel', 'customer', ['DELIVERY'], 'CANCELLED', 'no-driver'],
];

const allowedTo = (
  s: OrderStatus,
  a: OrderAction,
  by: FlowActor,
  type: OrderType,
  noDriverFound: boolean,
): OrderStatus | null =>
  ALLOWED.find(
    ([from, action, actor, types, , when]) =>
      from === s && action === a && actor === by && types.includes(type) && (!when || noDriverFound),
  )?.[4] ?? null;

const EVERY_MOVE = ORDER_STATUSES.flatMap((status) =>
  ACTIONS.flatMap((action) =>
    FLOW_ACTORS.flatMap((by) =>
      ORDER_TYPES.flatMap((type) =>
        [false, true].map((noDriverFound) => ({
          status,
          action,
          by,
          type,
          state: noDriverFound ? 'no driver found' : 'normal',
          noDriverFound,
          to: allowedTo(status, action, by, type, noDriverFound),
        })),
      ),
    ),
  ),
);

describe('the order state machine, move by move', () => {
  it.each(EVERY_MOVE.filter((m) => m.to))('$by may $action a $type order in $status, $state (to $to)', (m) => {
    expect(findTransition(m.status, m.action, m.type, m.by, { noDriverFound: m.noDriverFound })?.to).toBe(m.to);
  });

  it.each(EVERY_MOVE.filter((m) => !m.to))('$by may not $action a $type order in $status, $state', (m) => {
    expect(findTransition(m.status, m.action, m.type, m.by, { noDriverFound: m.noDriverFound })).toBeNull();
  });

  it('lists no move the table above does not know', () => {
    for (const t of TRANSITIONS) {
      for (const type of ORDER_TYPES) {
        if (t.orderType !== 'ANY' && t.orderType !== type) continue;
        expect(allowedTo(t.from, t.action, t.by, type, true), `${t.by} ${t.action} ${type} from ${t.from}`).toBe(t.to);
        if (!t.onlyWhenNoDriverFound) expect(allowedTo(t.from, t.action, t.by, type, false)).toBe(t.to);
      }
    }
  });
});

describe('order flow', () => {
  it('walks a delivery order from PENDING to DELIVERED, the kitchen starting before the driver joins', () => {
    const path = [
      ['accept', 'partner'],
      ['start_preparing', 'partner'],
      ['assign_driver', 'driver'],
      ['mark_ready', 'partner'],
      ['hand_to_driver', 'partner'],
      ['complete_delivery', 'driver'],
    ] as const;
    let status: OrderStatus = 'PENDING';
    for (const [action, by] of path) {
      const t = findTransition(status, action, 'DELIVERY', by);
      expect(t, `${action} from ${status}`).not.toBeNull();
      status = t!.to;
    }
    expect(status).toBe('DELIVERED');
  });

  it('still walks the old way, a driver before the kitchen starts', () => {
    expect(findTransition('ACCEPTED', 'assign_driver', 'DELIVERY', 'driver')!.to).toBe('DRIVER_ASSIGNED');
    expect(findTransition('DRIVER_ASSIGNED', 'start_preparing', 'DELIVERY', 'partner')!.to).toBe('PREPARING');
  });

  it('never hands over without a driver: the job must be assigned to move to picked_up', () => {
    expect(findTransition('READY', 'hand_to_driver', 'DELIVERY', 'partner')!.job).toEqual({
      from: 'assigned',
      to: 'picked_up',
    });
    for (const t of TRANSITIONS.filter((x) => x.action === 'assign_driver')) {
      expect(t.job).toEqual({ from: 'available', to: 'assigned' });
    }
  });

  it('takes the delivery job off the board with every cancellation', () => {
    for (const t of TRANSITIONS.filter((x) => x.to === 'CANCELLED' && x.from !== 'PENDING')) {
      expect(t.cancelsJob, `${t.by} from ${t.from}`).toBe(true);
    }
  });

  it('offers the partner accept and reject on a new order, the customer cancel, nothing to the driver', () => {
    expect(availableActions('PENDING', 'DELIVERY', 'partner')).toEqual(['accept', 'reject']);
    expect(availableActions('PENDING', 'DELIVERY', 'customer')).toEqual(['cancel']);
    expect(availableActions('ACCEPTED', 'DELIVERY', 'customer')).toEqual([]);
    expect(availableActions('PENDING', 'DELIVERY', 'driver')).toEqual([]);
  });

  it('offers the customer switch to pickup and cancel after acceptance only when no driver was found', () => {
    expect(availableActions('PREPARING', 'DELIVERY', 'customer', { noDriverFound: true })).toEqual([
      'switch_to_pickup',
      'cancel',
    ]);
    expect(availableActions('PREPARING', 'DELIVERY', 'customer')).toEqual([]);
    expect(availableActions('PREPARING', 'PICKUP', 'customer', { noDriverFound: true })).toEqual([]);
  });

  it('puts the job back on the board with every unassign, and removes it with a switch to pickup', () => {
    for (const t of TRANSITIONS.filter((x) => x.action === 'unassign_driver')) {
      expect(t.job).toEqual({ from: 'assigned', to: 'available' });
    }
    for (const t of TRANSITIONS.filter((x) => x.action === 'switch_to_pickup')) expect(t.cancelsJob).toBe(true);
  });

  it('has no move out of a final status, CANCELLED among them', () => {
    expect(FINAL_STATUSES).toContain('CANCELLED');
    for (const s of ORDER_STATUSES.filter(isFinal)) expect(TRANSITIONS.some((t) => t.from === s)).toBe(false);
  });
});

describe('the back office on an order', () => {
  it('may put a driver on an open delivery job at every kitchen stage, never on a pickup order', () => {
    for (const from of ['ACCEPTED', 'PREPARING', 'READY'] as const) {
      expect(findTransition(from, 'assign_driver', 'DELIVERY', 'ops')?.job).toEqual({
        from: 'available',
        to: 'assigned',
      });
      expect(findTransition(from, 'assign_driver', 'PICKUP', 'ops')).toBeNull();
    }
    expect(findTransition('DRIVER_ASSIGNED', 'assign_driver', 'DELIVERY', 'ops')).toBeNull();
  });

  it('may mark a delivery done only once the food has left the restaurant', () => {
    expect(findTransition('OUT_FOR_DELIVERY', 'complete_delivery', 'DELIVERY', 'ops')?.job).toEqual({
      from: 'picked_up',
      to: 'completed',
    });
    expect(availableActions('READY', 'DELIVERY', 'ops')).toEqual(['assign_driver', 'cancel', 'unassign_driver']);
  });
});

describe('a scheduled order waiting for its slot', () => {
  it('cannot be accepted by the restaurant nor timed out, before it enters the flow', () => {
    for (const type of ORDER_TYPES) {
      expect(findTransition('PENDING', 'accept', type, 'partner', { awaitingSlot: true })).toBeNull();
      expect(findTransition('PENDING', 'time_out', type, 'system', { awaitingSlot: true })).toBeNull();
    }
  });

  it('may still be rejected by the restaurant and cancelled by the customer or the back office', () => {
    expect(findTransition('PENDING', 'reject', 'DELIVERY', 'partner', { awaitingSlot: true })?.to).toBe('REJECTED');
    expect(findTransition('PENDING', 'cancel', 'PICKUP', 'customer', { awaitingSlot: true })?.to).toBe('CANCELLED');
    expect(findTransition('PENDING', 'cancel', 'DELIVERY', 'ops', { awaitingSlot: true })?.to).toBe('CANCELLED');
  });
});
