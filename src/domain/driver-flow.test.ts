import { describe, expect, it } from 'vitest';
import { JOB_STATUSES } from './order-flow';
import {
  ACTION_LABELS,
  NO_PROGRESS,
  advance,
  deliveryScreen,
  directionsUrl,
  isFourDigitCode,
  stepFor,
} from './driver-flow';

describe('the delivery screen', () => {
  it('offers "Accept Job First" on an available job', () => {
    expect(deliveryScreen({ status: 'available', isMine: false }, NO_PROGRESS)).toEqual({
      step: 'navigate_pickup',
      stepTitle: 'Accept Job',
      main: 'accept',
      secondary: [],
    });
    expect(ACTION_LABELS.accept).toEqual({ label: 'Accept Job First', busy: 'Accepting Job...' });
  });

  it('shows nothing to press on a job assigned to someone else', () => {
    expect(deliveryScreen({ status: 'assigned', isMine: false }, NO_PROGRESS).main).toBeNull();
    expect(deliveryScreen({ status: 'picked_up', isMine: false }, NO_PROGRESS).main).toBeNull();
  });

  it('walks the pickup leg: navigate, then "I\'ve Arrived at Pickup", then collection', () => {
    let p = NO_PROGRESS;
    let s = deliveryScreen({ status: 'assigned', isMine: true }, p);
    expect(s).toMatchObject({ stepTitle: 'Step 1: Pickup Order', main: 'start_navigation', secondary: [] });
    p = advance(p, 'start_navigation');
    s = deliveryScreen({ status: 'assigned', isMine: true }, p);
    expect(s.secondary).toEqual(['arrived_pickup']);
    p = advance(p, 'arrived_pickup');
    s = deliveryScreen({ status: 'assigned', isMine: true }, p);
    expect(s).toMatchObject({ step: 'arrived_pickup', main: 'confirm_collection', secondary: [] });
  });

  it('walks the delivery leg once the restaurant has handed over, clearing the navigation flag on arrival', () => {
    let p = advance(advance(NO_PROGRESS, 'start_navigation'), 'arrived_pickup');
    let s = deliveryScreen({ status: 'picked_up', isMine: true }, p);
    expect(s).toMatchObject({
      step: 'navigate_delivery',
      stepTitle: 'Step 2: Deliver Order',
      main: 'navigate_customer',
      secondary: [],
    });
    p = advance(p, 'navigate_customer');
    expect(deliveryScreen({ status: 'picked_up', isMine: true }, p).secondary).toEqual(['arrived_delivery']);
    p = advance(p, 'arrived_delivery');
    expect(p.deliveryNavStarted).toBe(false);
    s = deliveryScreen({ status: 'picked_up', isMine: true }, p);
    expect(s).toMatchObject({ step: 'arrived_delivery', main: 'complete_delivery' });
  });

  it('lets the server status win over stale progress on the phone', () => {
    const arrivedAtCustomer = { ...NO_PROGRESS, step: 'arrived_delivery' as const };
    expect(stepFor('assigned', arrivedAtCustomer)).toBe('navigate_pickup');
    expect(stepFor('completed', arrivedAtCustomer)).toBe('complete');
    expect(deliveryScreen({ status: 'completed', isMine: true }, arrivedAtCustomer)).toMatchObject({
      stepTitle: 'Delivery Complete!',
      main: 'return_dashboard',
    });
  });

  it('has a screen for every job status', () => {
    for (const status of JOB_STATUSES)
      expect(deliveryScreen({ status, isMine: true }, NO_PROGRESS).stepTitle).toBeTruthy();
  });
});

describe('helpers', () => {
  it('links to driving directions by coordinates', () => {
    expect(directionsUrl({ lat: 51.5174, lng: -0.0603 })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=51.5174,-0.0603',
    );
  });

  it('accepts exactly four digits as a code', () => {
    expect(isFourDigitCode('0042')).toBe(true);
    for (const bad of ['123', '12345', '12a4', ' 1234', '']) expect(isFourDigitCode(bad)).toBe(false);
  });
});
