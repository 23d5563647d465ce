import { describe, expect, it } from 'vitest';
import { type PaySettings, calculateDriverPay, parsePaySettings } from './pay';

/** The default pay settings (docs/product/driver.md#pay), with the minimum off so the models show plainly. */
const base: PaySettings = {
  payout_model: 'option_a',
  pickup_pay_minor: 120,
  per_mile_rate_minor: 60,
  delivery_fee_percentage: 85,
  minimum_pay_minor: 0,
  distance_boost_threshold: 2,
  distance_boost_multiplier: 1.15,
  pay_higher_of_both: false,
};

describe('driver pay', () => {
  it('pays option_a as pickup plus a rate per mile', () => {
    expect(calculateDriverPay(base, 1.5, 299, 2000)).toMatchObject({
      pickupPayMinor: 120,
      distancePayMinor: 90,
      boostMinor: 0,
      totalPayMinor: 210,
      model: 'option_a',
    });
  });

  it('pays option_b as a percentage of the delivery fee', () => {
    expect(calculateDriverPay({ ...base, payout_model: 'option_b' }, 1.5, 400, 2000)).toMatchObject({
      pickupPayMinor: 340,
      distancePayMinor: 0,
      totalPayMinor: 340,
      model: 'option_b',
    });
  });

  it('pays the higher of both when the flag is set', () => {
    const s = { ...base, pay_higher_of_both: true };
    expect(calculateDriverPay(s, 1, 400, 2000)).toMatchObject({ totalPayMinor: 340, model: 'option_b' });
    expect(calculateDriverPay(s, 1.9, 100, 2000)).toMatchObject({ totalPayMinor: 234, model: 'option_a' });
  });

  it('boosts trips longer than the threshold by the multiplier', () => {
    // 120 + 60 * 3 = 300, boosted by 15% = 45.
    expect(calculateDriverPay(base, 3, 299, 2000)).toMatchObject({ boostMinor: 45, totalPayMinor: 345 });
    expect(calculateDriverPay(base, 2, 299, 2000).boostMinor).toBe(0);
  });

  it('guarantees the minimum pay', () => {
    const r = calculateDriverPay({ ...base, minimum_pay_minor: 300 }, 0.5, 299, 2000);
    expect(r).toMatchObject({ totalPayMinor: 300, adjustmentMinor: 300 - 150 });
  });

  it('caps pay at £6.00', () => {
    const r = calculateDriverPay(base, 10, 299, 2000);
    expect(r.totalPayMinor).toBe(600);
    expect(r.pickupPayMinor + r.distancePayMinor + r.boostMinor + r.adjustmentMinor).toBe(600);
  });

  it('falls back to pickup 120 and distance 0 without usable settings', () => {
    expect(calculateDriverPay(null, 3, 299, 2000)).toEqual({
      pickupPayMinor: 120,
      distancePayMinor: 0,
      boostMinor: 0,
      adjustmentMinor: 0,
      totalPayMinor: 120,
      model: 'fallback',
    });
    expect(calculateDriverPay(base, Number.NaN, 299, 2000).model).toBe('fallback');
  });

  it('reads settings from decoded tenant_settings values and refuses malformed ones', () => {
    expect(parsePaySettings({ ...base, company_name: 'HalalNosh' })).toEqual(base);
    expect(parsePaySettings({ ...base, payout_model: 'option_c' })).toBeNull();
    expect(parsePaySettings({ payout_model: 'option_a' })).toBeNull();
  });
});
