import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG,
  type OrderTrace,
  clickToDoorFloorP90,
  compare,
  demandByHour,
  simulate,
} from '../bench/sim/city';
import { DISPATCH_PARAMS, RESTING_PLACE_TRIAL } from './domain/dispatch';

// The city simulator (bench/sim/city.ts, docs/decisions/0259-dispatcher-offers-one-driver-at-a-time.md) on a
// tiny seeded evening: the same seed gives the same figures, so the bench's comparisons are reproducible.
// The full evening runs in `npm run bench` (bench/perf/dispatch-sim.mjs), not here.
describe('the city simulator', () => {
  const tiny = { ...DEFAULT_CONFIG, orders: 50, drivers: 12, hours: 1, seed: 7 };

  it("measures the product's dispatcher: the very settings the product's round takes", () => {
    // docs/decisions/0287-stacks-on-time-and-the-product-policy.md: src/server/jobs/dispatcher-round.ts passes
    // DISPATCH_PARAMS to matchOffers and matchStackOffers; the bench's evening runs the same object.
    expect(DEFAULT_CONFIG.params).toBe(DISPATCH_PARAMS);
    expect(DISPATCH_PARAMS).toMatchObject({ rideWeight: 1, urgencyWeight: 1 });
    expect(DISPATCH_PARAMS.repositionBeyondKm).toBeUndefined();
  });

  it('gives the same results for the same seed, and every order an outcome', () => {
    const first = compare(tiny);
    expect(compare(tiny)).toEqual(first);
    for (const r of first) {
      expect(r.orders).toBe(50);
      expect(r.delivered + r.cancelled + r.failedNotHome).toBe(50);
    }
    expect(first.map((r) => r.policy)).toEqual(['board', 'nearest', 'dispatcher']);
  });

  it('gives other results for another seed', () => {
    expect(simulate({ ...tiny, seed: 8 }, 'board')).not.toEqual(simulate(tiny, 'board'));
  });

  it('stacks orders in a busy hour, the second order of every stack by its promise', () => {
    // 300 orders in the iftar hour for 30 drivers: kitchens busy enough for two orders to share a driver, even
    // with free drivers matched first and the second customer's margin
    // (docs/decisions/0287-stacks-on-time-and-the-product-policy.md).
    const busy = { ...DEFAULT_CONFIG, orders: 300, drivers: 30, hours: 1 };
    const r = simulate(busy, 'dispatcher');
    expect(r.stacks).toBeGreaterThanOrEqual(5);
    expect(r.stacksOnTime / r.stacks).toBeGreaterThanOrEqual(0.95);
    // The board never stacks.
    expect(simulate(busy, 'board').stacks).toBe(0);
  });

  it('never beats the floor, moves idle drivers only in the resting-place trial, and traces every order', () => {
    // docs/decisions/0284-where-the-p90-comes-from.md: no policy's p90 is under the evening's floor (food
    // picked up the moment it is ready, ridden by motorcycle); nobody moves idle drivers in the product
    // (docs/decisions/0287-stacks-on-time-and-the-product-policy.md), so the bench's dispatcher does not either.
    const busy = { ...DEFAULT_CONFIG, orders: 300, drivers: 60, hours: 1 };
    const floor = clickToDoorFloorP90(busy);
    for (const r of compare(busy)) {
      expect(r.clickToDoorP90).toBeGreaterThanOrEqual(floor);
      expect(r.repositionKmPerOrder).toBe(0);
    }
    const trial = simulate({ ...busy, params: { ...DISPATCH_PARAMS, ...RESTING_PLACE_TRIAL } }, 'dispatcher');
    expect(trial.repositionKmPerOrder).toBeGreaterThan(0);
    const rows: OrderTrace[] = [];
    const r = simulate(busy, 'dispatcher', { onOrder: (o) => rows.push(o) });
    expect(rows).toHaveLength(300);
    expect(rows.filter((o) => o.deliveredAt !== null)).toHaveLength(r.delivered);
    for (const o of rows.filter((x) => x.deliveredAt !== null)) {
      expect(o.acceptedAt).toBeLessThanOrEqual(o.assignedAt!);
      expect(o.assignedAt!).toBeLessThanOrEqual(o.arrivedAt!);
      expect(Math.max(o.arrivedAt!, o.readyAt)).toBeLessThanOrEqual(o.pickedUpAt!);
      expect(o.pickedUpAt!).toBeLessThan(o.deliveredAt!);
    }
  });

  it("shapes demand by the day: Jumu'ah empties Friday lunch, iftar leads a Ramadan evening", () => {
    const weekday = demandByHour({ friday: false, ramadan: false, iftarHour: 18 });
    const friday = demandByHour({ friday: true, ramadan: false, iftarHour: 18 });
    const ramadan = demandByHour({ friday: true, ramadan: true, iftarHour: 18 });
    expect(weekday[13]).toBeGreaterThan(weekday[14]);
    expect(friday[13]).toBeLessThan(friday[14]);
    expect(ramadan[12]).toBeLessThan(friday[12] / 2);
    expect(Math.max(...ramadan)).toBe(ramadan[17]);
  });
});
