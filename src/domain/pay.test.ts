import { describe, expect, it } from 'vitest';
import { type PaySettings, calculateDriverPay, describePayRules, inPeakTime, parsePaySettings } from './pay';

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

  it('caps pay at the platform pay cap when one is set', () => {
    const r = calculateDriverPay({ ...base, pay_cap_minor: 450 }, 10, 299, 2000);
    expect(r.totalPayMinor).toBe(450);
    expect(r.pickupPayMinor + r.distancePayMinor + r.boostMinor + r.adjustmentMinor).toBe(450);
    expect(calculateDriverPay({ ...base, pay_cap_minor: 900 }, 20, 299, 2000).totalPayMinor).toBe(900);
  });

  it('boosts jobs created in the peak-time window by the peak multiplier, on London days and hours', () => {
    const peak = {
      ...base,
      peak_boost_days: 'Fri, Sat',
      peak_boost_start_hour: 17,
      peak_boost_end_hour: 21,
      peak_boost_multiplier: 1.2,
    };
    // Friday 27 November 2026, 18:30 in London (GMT) : 120 + 60 * 1.5 = 210, plus 20% = 42.
    const friday = new Date('2026-11-27T18:30:00Z');
    expect(calculateDriverPay(peak, 1.5, 299, 2000, friday)).toMatchObject({ boostMinor: 42, totalPayMinor: 252 });
    // 21:00 is the end: no boost; nor on a Thursday; nor without the job's time.
    expect(calculateDriverPay(peak, 1.5, 299, 2000, new Date('2026-11-27T21:00:00Z')).boostMinor).toBe(0);
    expect(calculateDriverPay(peak, 1.5, 299, 2000, new Date('2026-11-26T18:30:00Z')).boostMinor).toBe(0);
    expect(calculateDriverPay(peak, 1.5, 299, 2000).boostMinor).toBe(0);
    // In summer London is an hour ahead: 16:30 UTC on Friday 3 July 2026 is 17:30 in London.
    expect(inPeakTime(peak, new Date('2026-07-03T16:30:00Z'))).toBe(true);
    expect(inPeakTime(peak, new Date('2026-07-03T15:30:00Z'))).toBe(false);
  });

  it('adds the peak boost to the distance boost on the same base', () => {
    const peak = {
      ...base,
      peak_boost_days: 'Fri',
      peak_boost_start_hour: 0,
      peak_boost_end_hour: 24,
      peak_boost_multiplier: 1.1,
    };
    // 120 + 180 = 300: 15% distance boost 45 and 10% peak boost 30.
    expect(calculateDriverPay(peak, 3, 299, 2000, new Date('2026-11-27T12:00:00Z'))).toMatchObject({
      boostMinor: 75,
      totalPayMinor: 375,
    });
  });

  it('tells drivers the pay cap and the peak-time boost in force', () => {
    const rules = describePayRules({
      ...base,
      pay_cap_minor: 800,
      peak_boost_days: 'Fri, Sat',
      peak_boost_start_hour: 17,
      peak_boost_end_hour: 21,
      peak_boost_multiplier: 1.25,
    });
    expect(rules).toContain('+25% peak-time boost on Fri, Sat from 17:00 to 21:00');
    expect(rules).toContain('Maximum £8.00 per job before tips');
    expect(describePayRules(base)).toContain('Maximum £6.00 per job before tips');
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
