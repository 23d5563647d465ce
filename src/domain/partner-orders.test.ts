import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './order-flow';
import { KITCHEN_COLUMNS, STATUS_LABELS, isActiveOrder, isFindingDriver, partnerActions } from './partner-orders';

describe('partnerActions', () => {
  it('offers Accept and Reject on a new order', () => {
    expect(partnerActions('PENDING', 'DELIVERY', false)).toEqual(['accept', 'reject']);
  });

  it('lets the kitchen start an accepted delivery order while the console still shows Finding driver', () => {
    expect(partnerActions('ACCEPTED', 'DELIVERY', false)).toEqual(['start_preparing']);
    expect(isFindingDriver('ACCEPTED', 'DELIVERY', false)).toBe(true);
    expect(isFindingDriver('PREPARING', 'DELIVERY', false)).toBe(true);
    expect(isFindingDriver('READY', 'DELIVERY', true)).toBe(false);
    expect(isFindingDriver('ACCEPTED', 'PICKUP', false)).toBe(false);
  });

  it('walks a pickup order to Collected and a delivery order to the driver', () => {
    expect(partnerActions('ACCEPTED', 'PICKUP', false)).toEqual(['start_preparing']);
    expect(partnerActions('DRIVER_ASSIGNED', 'DELIVERY', true)).toEqual(['start_preparing']);
    expect(partnerActions('READY', 'PICKUP', false)).toEqual(['mark_collected']);
    expect(partnerActions('READY', 'DELIVERY', true)).toEqual(['hand_to_driver']);
  });

  it('holds the hand-over until a driver has the job, and keeps cancelling off the card buttons', () => {
    expect(partnerActions('READY', 'DELIVERY', false)).toEqual([]);
    expect(partnerActions('PREPARING', 'DELIVERY', false)).toEqual(['mark_ready']);
  });
});

describe('the kitchen display', () => {
  it('puts every active status except out-for-delivery in exactly one column', () => {
    const placed = KITCHEN_COLUMNS.flatMap((c) => c.statuses);
    expect(new Set(placed).size).toBe(placed.length);
    expect(ORDER_STATUSES.filter(isActiveOrder).filter((s) => !placed.includes(s))).toEqual(['OUT_FOR_DELIVERY']);
  });

  it('has a label for every status', () => {
    for (const s of ORDER_STATUSES) expect(STATUS_LABELS[s]).toBeTruthy();
  });
});
