import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './order-flow';
import { KITCHEN_COLUMNS, STATUS_LABELS, isActiveOrder, isFindingDriver, partnerActions } from './partner-orders';

describe('partnerActions', () => {
  it('offers Accept and Reject on a new order', () => {
    expect(partnerActions('PENDING', 'DELIVERY')).toEqual(['accept', 'reject']);
  });

  it('offers nothing on an accepted delivery order until a driver takes it', () => {
    expect(partnerActions('ACCEPTED', 'DELIVERY')).toEqual([]);
    expect(isFindingDriver('ACCEPTED', 'DELIVERY')).toBe(true);
    expect(isFindingDriver('ACCEPTED', 'PICKUP')).toBe(false);
  });

  it('walks a pickup order to Collected and a delivery order to the driver', () => {
    expect(partnerActions('ACCEPTED', 'PICKUP')).toEqual(['start_preparing']);
    expect(partnerActions('DRIVER_ASSIGNED', 'DELIVERY')).toEqual(['start_preparing']);
    expect(partnerActions('READY', 'PICKUP')).toEqual(['mark_collected']);
    expect(partnerActions('READY', 'DELIVERY')).toEqual(['hand_to_driver']);
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
