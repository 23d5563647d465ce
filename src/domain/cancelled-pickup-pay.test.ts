import { describe, expect, it } from 'vitest';
import {
  CANCELLED_PICKUP_PAY_RULES,
  cancelledPickupPay,
  cancelledPickupPayLine,
  isCancelledPickupPayRule,
} from './cancelled-pickup-pay';
import type { PayResult } from './pay';

/** A 2.5-mile option A job: £1.20 pickup, £1.50 distance, 41p boost, no adjustment. */
const job: PayResult = {
  pickupPayMinor: 120,
  distancePayMinor: 150,
  boostMinor: 41,
  adjustmentMinor: 0,
  totalPayMinor: 311,
  model: 'option_a',
};

describe('pay for a job cancelled after pickup', () => {
  it('pays nothing under "none"', () => {
    expect(cancelledPickupPay('none', job)).toEqual({
      pickupPayMinor: 0,
      distancePayMinor: 0,
      boostMinor: 0,
      adjustmentMinor: 0,
      totalMinor: 0,
    });
  });

  it('pays only the pickup part under "pickup_pay", without the boost or the minimum', () => {
    expect(cancelledPickupPay('pickup_pay', { ...job, adjustmentMinor: 50, totalPayMinor: 361 })).toEqual({
      pickupPayMinor: 120,
      distancePayMinor: 0,
      boostMinor: 0,
      adjustmentMinor: 0,
      totalMinor: 120,
    });
  });

  it('keeps the pickup part of an option B job under the cap', () => {
    const b: PayResult = { ...job, pickupPayMinor: 900, distancePayMinor: 0, boostMinor: 0, adjustmentMinor: -300 };
    expect(cancelledPickupPay('pickup_pay', { ...b, totalPayMinor: 600, model: 'option_b' }).totalMinor).toBe(600);
  });

  it('pays the whole stored breakdown under "full_pay", and the parts add up', () => {
    const pay = cancelledPickupPay('full_pay', { ...job, adjustmentMinor: -11, totalPayMinor: 300 });
    expect(pay.totalMinor).toBe(300);
    expect(pay.pickupPayMinor + pay.distancePayMinor + pay.boostMinor + pay.adjustmentMinor).toBe(pay.totalMinor);
  });

  it('says on the earnings line what was paid and why, for every rule', () => {
    expect(CANCELLED_PICKUP_PAY_RULES.map(cancelledPickupPayLine)).toEqual([
      'Order cancelled after pickup: no pay for this job',
      'Order cancelled after pickup: pickup pay only',
      'Order cancelled after pickup: paid in full',
    ]);
  });

  it('recognises only the three rules as stored values', () => {
    expect(isCancelledPickupPayRule('pickup_pay')).toBe(true);
    expect(isCancelledPickupPayRule('half')).toBe(false);
    expect(isCancelledPickupPayRule(null)).toBe(false);
  });
});
