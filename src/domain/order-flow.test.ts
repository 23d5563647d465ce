import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, TRANSITIONS, availableActions, findTransition, isFinal } from './order-flow';

describe('order flow', () => {
  it('walks a delivery order from PENDING to DELIVERED', () => {
    const path = [
      'accept',
      'assign_driver',
      'start_preparing',
      'mark_ready',
      'hand_to_driver',
      'complete_delivery',
    ] as const;
    let status: (typeof ORDER_STATUSES)[number] = 'PENDING';
    for (const action of path) {
      const t = findTransition(status, action, 'DELIVERY');
      expect(t, `${action} from ${status}`).not.toBeNull();
      status = t!.to;
    }
    expect(status).toBe('DELIVERED');
  });

  it('walks a pickup order from PENDING to COLLECTED without a driver', () => {
    const path = ['accept', 'start_preparing', 'mark_ready', 'mark_collected'] as const;
    let status: (typeof ORDER_STATUSES)[number] = 'PENDING';
    for (const action of path) status = findTransition(status, action, 'PICKUP')!.to;
    expect(status).toBe('COLLECTED');
    expect(findTransition('ACCEPTED', 'assign_driver', 'PICKUP')).toBeNull();
  });

  it('refuses a move that skips a step', () => {
    expect(findTransition('PENDING', 'mark_ready', 'DELIVERY')).toBeNull();
    expect(findTransition('ACCEPTED', 'start_preparing', 'DELIVERY')).toBeNull();
    expect(findTransition('REJECTED', 'accept', 'DELIVERY')).toBeNull();
  });

  it('moves the delivery job with the order where the two are tied', () => {
    expect(findTransition('READY', 'hand_to_driver', 'DELIVERY')!.job).toEqual({ from: 'assigned', to: 'picked_up' });
    expect(findTransition('OUT_FOR_DELIVERY', 'complete_delivery', 'DELIVERY')!.job).toEqual({
      from: 'picked_up',
      to: 'completed',
    });
  });

  it('offers the partner accept and reject on a new order, nothing to the driver', () => {
    expect(availableActions('PENDING', 'DELIVERY', 'partner')).toEqual(['accept', 'reject']);
    expect(availableActions('PENDING', 'DELIVERY', 'driver')).toEqual([]);
  });

  it('has no move out of a final status', () => {
    for (const s of ORDER_STATUSES.filter(isFinal)) expect(TRANSITIONS.some((t) => t.from === s)).toBe(false);
  });
});
