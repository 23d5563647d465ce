import { describe, expect, it } from 'vitest';
import {
  PAY_CAP_MINOR,
  type PaySettings,
  calculateDriverPay,
  describePayRules,
  jobPay,
  storedPayOf,
  withTip,
} from './pay';

/** The default pay settings (docs/product/driver.md#pay), as seeded into tenant_settings. */
const defaults: PaySettings = {
  payout_model: 'option_a',
  pickup_pay_minor: 120,
  per_mile_rate_minor: 60,
  delivery_fee_percentage: 85,
  minimum_pay_minor: 300,
  distance_boost_threshold: 2,
  distance_boost_multiplier: 1.15,
  pay_higher_of_both: false,
};

/** mulberry32: a tiny seeded generator, so a failing case can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, int, pick: <T>(xs: readonly T[]) => xs[int(0, xs.length - 1)] };
}

function randomSettings(r: ReturnType<typeof random>): PaySettings {
  return {
    payout_model: r.pick(['option_a', 'option_b'] as const),
    pickup_pay_minor: r.int(0, 500),
    per_mile_rate_minor: r.int(0, 150),
    delivery_fee_percentage: r.int(0, 1000) / 10,
    minimum_pay_minor: r.int(0, 700),
    distance_boost_threshold: r.int(0, 80) / 10,
    distance_boost_multiplier: 1 + r.int(0, 100) / 100,
    pay_higher_of_both: r.next() < 0.5,
  };
}

const SEEDS = 500;

describe('driver pay properties (seeded random settings and trips)', () => {
  it('never pays below the minimum (or the cap, when the minimum is set above it)', () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const r = random(seed);
      const s = randomSettings(r);
      const pay = calculateDriverPay(s, r.int(0, 3000) / 100, r.int(0, 800), r.int(0, 10_000));
      expect(pay.totalPayMinor, `seed ${seed}`).toBeGreaterThanOrEqual(Math.min(s.minimum_pay_minor, PAY_CAP_MINOR));
    }
  });

  it('never pays above the £6.00 cap before tips', () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const r = random(seed);
      const pay = calculateDriverPay(randomSettings(r), r.int(0, 3000) / 100, r.int(0, 2000), r.int(0, 10_000));
      expect(pay.totalPayMinor, `seed ${seed}`).toBeLessThanOrEqual(PAY_CAP_MINOR);
    }
  });

  it('never pays less for a longer trip', () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const r = random(seed);
      const s = randomSettings(r);
      const fee = r.int(0, 800);
      const miles = Array.from({ length: 12 }, () => r.int(0, 2500) / 100).sort((x, y) => x - y);
      const totals = miles.map((m) => calculateDriverPay(s, m, fee, 2000).totalPayMinor);
      for (let i = 1; i < totals.length; i++)
        expect(totals[i], `seed ${seed} at ${miles[i]} miles`).toBeGreaterThanOrEqual(totals[i - 1]);
    }
  });

  it('pays whole pence whose parts add up to the total', () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const r = random(seed);
      const p = calculateDriverPay(randomSettings(r), r.next() * 30, r.int(0, 800), 2000);
      for (const v of [p.pickupPayMinor, p.distancePayMinor, p.boostMinor, p.adjustmentMinor, p.totalPayMinor])
        expect(Number.isInteger(v)).toBe(true);
      expect(p.pickupPayMinor + p.distancePayMinor + p.boostMinor + p.adjustmentMinor, `seed ${seed}`).toBe(
        p.totalPayMinor,
      );
    }
  });

  it('adds tips on top, uncapped', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const r = random(seed);
      const pay = calculateDriverPay(randomSettings(r), r.int(0, 3000) / 100, r.int(0, 800), 2000);
      const tip = r.int(0, 2000);
      expect(withTip(pay, tip).totalWithTipMinor).toBe(pay.totalPayMinor + tip);
    }
  });
});

describe('driver pay to the penny with the default settings', () => {
  it('raises a short hop to the £3.00 minimum', () => {
    // 120 + 60 x 0.83 = 169.8 -> 170; minimum 300 adds 130.
    expect(calculateDriverPay(defaults, 0.83, 249, 1748)).toEqual({
      pickupPayMinor: 120,
      distancePayMinor: 50,
      boostMinor: 0,
      adjustmentMinor: 130,
      totalPayMinor: 300,
      model: 'option_a',
    });
  });

  it('boosts 2.5 miles by 15%, rounding the half penny up', () => {
    // 120 + 150 = 270; 15% of 270 = 40.5 -> 41; total 311.
    expect(calculateDriverPay(defaults, 2.5, 299, 2000)).toMatchObject({
      distancePayMinor: 150,
      boostMinor: 41,
      adjustmentMinor: 0,
      totalPayMinor: 311,
    });
  });

  it('counts distance in hundredths of a mile, so 45p over 0.3 miles is 14p', () => {
    const s = { ...defaults, per_mile_rate_minor: 45, minimum_pay_minor: 0 };
    expect(calculateDriverPay(s, 0.3, 0, 0).distancePayMinor).toBe(14);
  });

  it('caps a 6-mile trip at £6.00 and says how much the cap took', () => {
    // 120 + 360 = 480; boost 72; 552 is under the cap. 8 miles: 120 + 480 = 600 + 90 = 690 -> 600.
    expect(calculateDriverPay(defaults, 6, 299, 2000).totalPayMinor).toBe(552);
    expect(calculateDriverPay(defaults, 8, 299, 2000)).toMatchObject({
      boostMinor: 90,
      adjustmentMinor: -90,
      totalPayMinor: 600,
    });
  });

  it('pays 85% of a £2.49 fee under option_b, and the higher model when asked', () => {
    const b = { ...defaults, payout_model: 'option_b' as const, minimum_pay_minor: 0 };
    expect(calculateDriverPay(b, 1, 249, 2000)).toMatchObject({
      pickupPayMinor: 212,
      distancePayMinor: 0,
      totalPayMinor: 212,
      model: 'option_b',
    });
    const higher = { ...defaults, pay_higher_of_both: true, minimum_pay_minor: 0 };
    expect(calculateDriverPay(higher, 1, 449, 2000)).toMatchObject({ totalPayMinor: 382, model: 'option_b' });
    expect(calculateDriverPay(higher, 1, 149, 2000)).toMatchObject({ totalPayMinor: 180, model: 'option_a' });
  });

  it('takes a decimal percentage exactly: 87.5% of £4.00 is £3.50', () => {
    const b = { ...defaults, payout_model: 'option_b' as const, delivery_fee_percentage: 87.5 };
    expect(calculateDriverPay(b, 1, 400, 2000).totalPayMinor).toBe(350);
  });
});

describe("a job's stored pay", () => {
  it('reads back the breakdown stored at creation', () => {
    const pay = calculateDriverPay(defaults, 2.5, 299, 2000);
    expect(jobPay({ totalPayMinor: pay.totalPayMinor, ...storedPayOf(pay) })).toEqual(pay);
  });

  it("falls back to pickup 120, distance 0 and the job's total when no breakdown was stored", () => {
    const none = {
      pickupPayMinor: null,
      distancePayMinor: null,
      boostMinor: null,
      payAdjustmentMinor: null,
      payModel: null,
    };
    expect(jobPay({ totalPayMinor: 345, ...none })).toEqual({
      pickupPayMinor: 120,
      distancePayMinor: 0,
      boostMinor: 0,
      adjustmentMinor: 225,
      totalPayMinor: 345,
      model: 'fallback',
    });
  });

  it('falls back when the stored parts do not add up to the total', () => {
    expect(
      jobPay({
        totalPayMinor: 400,
        pickupPayMinor: 120,
        distancePayMinor: 60,
        boostMinor: 0,
        payAdjustmentMinor: 0,
        payModel: 'option_a',
      }).model,
    ).toBe('fallback');
  });
});

describe('pay rules in words', () => {
  it('describes the default settings', () => {
    expect(describePayRules(defaults)).toEqual([
      '£1.20 per pickup plus £0.60 per mile',
      '+15% long-distance boost on trips over 2 miles',
      'Minimum £3.00 guaranteed',
      'Maximum £6.00 per job before tips',
      'Tips are cash from the customer at the door: every penny is yours',
    ]);
  });

  it('names both models when the higher one is paid', () => {
    expect(describePayRules({ ...defaults, pay_higher_of_both: true, distance_boost_multiplier: 1 })[0]).toBe(
      'The higher of £1.20 per pickup plus £0.60 per mile or 85% of the delivery fee',
    );
  });
});
