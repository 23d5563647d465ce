import { describe, expect, it } from 'vitest';
import { accountListLabel, orderPageLabel, trackerPosition, trackerSteps } from './order-status-labels';

describe('order page labels', () => {
  it('labels every status as docs/product/orders.md#labels words it', () => {
    const d = (s: string) => orderPageLabel(s, 'DELIVERY');
    expect(d('PENDING')).toBe('Awaiting Confirmation');
    expect(d('ACCEPTED')).toBe('Order Accepted');
    expect(d('PREPARING')).toBe('Preparing Your Order');
    expect(d('DRIVER_ASSIGNED')).toBe('Driver Assigned');
    expect(d('OUT_FOR_DELIVERY')).toBe('Out for Delivery');
    expect(d('DELIVERED')).toBe('Delivered');
    expect(d('COLLECTED')).toBe('Collected');
    expect(d('COMPLETED')).toBe('Completed');
    expect(d('REJECTED')).toBe('Order Rejected');
  });

  it('reads READY by order type', () => {
    expect(orderPageLabel('READY', 'DELIVERY')).toBe('Ready for Delivery');
    expect(orderPageLabel('READY', 'PICKUP')).toBe('Ready for Pickup');
    expect(orderPageLabel('PICKUP_READY', 'PICKUP')).toBe('Ready for Pickup');
  });

  it('reads anything else as "Processing"', () => {
    expect(orderPageLabel('SOMETHING_NEW', 'PICKUP')).toBe('Processing');
  });
});

describe('account list labels', () => {
  it('labels statuses as the account list words them', () => {
    const d = (s: string) => accountListLabel(s, 'DELIVERY');
    expect(d('PENDING')).toBe('Waiting for Confirmation');
    expect(d('ACCEPTED')).toBe('Order Accepted');
    expect(d('PREPARING')).toBe('Being Prepared');
    expect(d('OUT_FOR_DELIVERY')).toBe('Driver En-Route');
    expect(d('DELIVERED')).toBe('Delivered');
    expect(d('COMPLETED')).toBe('Delivered');
    expect(d('REJECTED')).toBe('Cancelled');
  });

  it('says "Ready for Pickup" for a delivery order and "Ready for Collection" otherwise', () => {
    expect(accountListLabel('READY', 'DELIVERY')).toBe('Ready for Pickup');
    expect(accountListLabel('READY', 'PICKUP')).toBe('Ready for Collection');
  });

  it('labels the statuses the spec list omits', () => {
    expect(accountListLabel('DRIVER_ASSIGNED', 'DELIVERY')).toBe('Driver Assigned');
    expect(accountListLabel('COLLECTED', 'PICKUP')).toBe('Collected');
    expect(accountListLabel('???', 'PICKUP')).toBe('Processing');
  });
});

describe('tracker', () => {
  it('has six delivery steps in the spec order', () => {
    expect(trackerSteps('DELIVERY').map((s) => s.label)).toEqual([
      'Waiting to be accepted',
      'Restaurant accepted',
      'Driver assigned',
      'Being prepared',
      'Driver has arrived',
      'Driver has left with your order',
    ]);
  });

  it('has four pickup steps, without a driver', () => {
    expect(trackerSteps('PICKUP').map((s) => s.label)).toEqual([
      'Waiting to be accepted',
      'Restaurant accepted',
      'Being prepared',
      'Ready for pickup',
    ]);
  });

  it('computes progress as (index + 1) / steps', () => {
    expect(trackerPosition('PENDING', 'DELIVERY')).toMatchObject({ index: 0, progress: 1 / 6, finished: false });
    expect(trackerPosition('PREPARING', 'DELIVERY')).toMatchObject({ index: 3, progress: 4 / 6 });
    expect(trackerPosition('PREPARING', 'PICKUP')).toMatchObject({ index: 2, progress: 3 / 4 });
  });

  it('puts DELIVERED, COLLECTED and COMPLETED on the last step', () => {
    expect(trackerPosition('DELIVERED', 'DELIVERY')).toMatchObject({ index: 5, progress: 1, finished: true });
    expect(trackerPosition('COLLECTED', 'PICKUP')).toMatchObject({ index: 3, progress: 1, finished: true });
    expect(trackerPosition('COMPLETED', 'PICKUP')).toMatchObject({ index: 3, progress: 1 });
  });

  it('maps PICKUP_READY to READY', () => {
    expect(trackerPosition('PICKUP_READY', 'PICKUP')).toMatchObject({ index: 3, progress: 1, finished: false });
  });

  it('puts a rejected order off the tracker', () => {
    expect(trackerPosition('REJECTED', 'DELIVERY')).toMatchObject({ index: -1, progress: 0 });
  });

  it('never says "Driver has arrived" at READY when no driver is on the order', () => {
    const ready = trackerPosition('READY', 'DELIVERY', 'none');
    expect(ready.steps[ready.index].label).toBe('Ready, waiting for a driver');
    expect(ready.steps.map((s) => s.label)).not.toContain('Driver has arrived');
    expect(ready.steps.map((s) => s.label)).not.toContain('Driver assigned');
    // With its driver the step keeps the spec's words.
    const withDriver = trackerPosition('READY', 'DELIVERY', 'assigned');
    expect(withDriver.steps[withDriver.index].label).toBe('Driver has arrived');
  });

  it('shows the driver step as still to come, not done, while the kitchen works without a driver', () => {
    const preparing = trackerPosition('PREPARING', 'DELIVERY', 'none');
    expect(preparing.index).toBe(3);
    expect(preparing.steps[2]).toEqual({ status: 'DRIVER_ASSIGNED', label: 'Finding a driver', waiting: true });
  });

  it('reads "Finding a new driver" after a driver gave the job back', () => {
    expect(trackerSteps('DELIVERY', 'finding_new', 'ACCEPTED')[2].label).toBe('Finding a new driver');
    expect(trackerPosition('PREPARING', 'DELIVERY', 'finding_new').steps[2].label).toBe('Finding a new driver');
  });

  it('keeps the spec steps once the order is out for delivery or done, and for pickup orders', () => {
    expect(trackerSteps('DELIVERY', 'none', 'OUT_FOR_DELIVERY')[4].label).toBe('Driver has arrived');
    expect(trackerSteps('PICKUP', 'none', 'READY').map((s) => s.label)).toContain('Ready for pickup');
  });
});
