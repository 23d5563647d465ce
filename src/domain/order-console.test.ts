import { describe, expect, it } from 'vitest';
import { consoleActionsFor, timelineActionLabel } from './order-console';

const NONE = {
  cancel: false,
  markDelivered: false,
  assignDriver: false,
  unassignDriver: false,
  addNote: false,
  tickets: false,
};

describe('the order console actions by role', () => {
  it('lets an operations manager assign a driver to an open job, or cancel it', () => {
    expect(
      consoleActionsFor('ops_manager', { status: 'PREPARING', orderType: 'DELIVERY', jobStatus: 'available' }),
    ).toEqual({ ...NONE, cancel: true, assignDriver: true, addNote: true, tickets: true });
  });

  it('offers reassigning and unassigning while a driver holds the job, before pickup', () => {
    const a = consoleActionsFor('super_admin', {
      status: 'DRIVER_ASSIGNED',
      orderType: 'DELIVERY',
      jobStatus: 'assigned',
    });
    expect(a).toMatchObject({ assignDriver: true, unassignDriver: true, cancel: true, markDelivered: false });
  });

  it('offers marking delivered only once the food is out for delivery', () => {
    const a = consoleActionsFor('ops_manager', {
      status: 'OUT_FOR_DELIVERY',
      orderType: 'DELIVERY',
      jobStatus: 'picked_up',
    });
    expect(a).toMatchObject({ markDelivered: true, assignDriver: false, unassignDriver: false, cancel: true });
  });

  it('leaves Customer Service notes and tickets only', () => {
    expect(consoleActionsFor('cs_agent', { status: 'READY', orderType: 'DELIVERY', jobStatus: 'assigned' })).toEqual({
      ...NONE,
      addNote: true,
      tickets: true,
    });
  });

  it('gives finance and read-only roles nothing, and nobody a move on a finished order', () => {
    expect(consoleActionsFor('finance', { status: 'PENDING', orderType: 'PICKUP', jobStatus: null })).toEqual(NONE);
    expect(consoleActionsFor('read_only', { status: 'PENDING', orderType: 'PICKUP', jobStatus: null })).toEqual(NONE);
    expect(
      consoleActionsFor('ops_manager', { status: 'DELIVERED', orderType: 'DELIVERY', jobStatus: 'completed' }),
    ).toEqual({ ...NONE, addNote: true, tickets: true });
  });

  it('never assigns a driver to a pickup order', () => {
    expect(
      consoleActionsFor('ops_manager', { status: 'READY', orderType: 'PICKUP', jobStatus: null }).assignDriver,
    ).toBe(false);
  });
});

describe('the timeline words', () => {
  it('calls the first row Placed and names every move', () => {
    expect(timelineActionLabel(null, 'PENDING')).toBe('Placed');
    expect(timelineActionLabel('unassign_driver', 'ACCEPTED')).toBe('Driver taken off');
    expect(timelineActionLabel(null, 'READY')).toBe('Ready');
  });
});
