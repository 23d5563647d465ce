import { describe, expect, it } from 'vitest';
import {
  DISPATCH_PARAMS,
  type DispatchJob,
  type StackHolder,
  freeAfterLastDrop,
  matchStackOffers,
  planStack,
  stackSecondMarginMinutes,
} from './dispatch';

const MIN = 60_000;
const T0 = Date.UTC(2026, 2, 13, 17, 0);
const at = (minutes: number) => T0 + minutes * MIN;
const KITCHEN = { lat: 51.5207, lng: -0.0716 };
const east = (km: number) => ({ lat: KITCHEN.lat, lng: KITCHEN.lng + km * 0.01442 });
const north = (km: number) => ({ lat: KITCHEN.lat + km * 0.009, lng: KITCHEN.lng });

const job = (
  id: string,
  over: Partial<DispatchJob & { tried: Set<string> }> = {},
): DispatchJob & { tried: Set<string> } => ({
  id,
  kitchen: KITCHEN,
  customer: east(2),
  createdAt: at(0),
  readyAt: at(12),
  promisedAt: at(40),
  readyKnown: true,
  tried: new Set(),
  ...over,
});
const holder = (driverId: string, held: Partial<DispatchJob> = {}, over: Partial<StackHolder> = {}): StackHolder => ({
  driverId,
  vehicle: 'scooter',
  at: KITCHEN,
  held: job(`held-${driverId}`, { customer: east(1.5), readyAt: at(10), promisedAt: at(30), ...held }),
  ...over,
});

describe('stacked offers in a round', () => {
  it.each([
    ['a job from the same kitchen that planStack fits', {}, {}, 1],
    ['a kitchen 2 km from the one the driver holds', { kitchen: north(2) }, {}, 0],
    ['a second customer who would be late', { promisedAt: at(15) }, {}, 0],
    ['a first customer the stack would make late', {}, { promisedAt: at(19) }, 0],
    ['a driver who refused the job in this spell', { tried: new Set(['d1']) }, {}, 0],
  ])('%s: %s offers', (_name, second, held, count) => {
    const offers = matchStackOffers({ jobs: [job('j2', second)], holders: [holder('d1', held)], now: at(8) });
    expect(offers).toHaveLength(count);
  });

  it('offers exactly what planStack decides, with its drop order', () => {
    const j = job('j2', { customer: east(0.5), promisedAt: at(26) });
    const h = holder('d1');
    const [offer] = matchStackOffers({ jobs: [j], holders: [h], now: at(8) });
    const plan = planStack({
      driver: { vehicle: 'scooter', at: KITCHEN, from: at(8) },
      first: h.held,
      second: j,
      now: at(8),
    });
    expect(plan.order).toBe('second_then_first');
    expect(offer).toMatchObject({ jobId: 'j2', driverId: 'd1', heldJobId: 'held-d1', dropOrder: 'offered_first' });
    expect(offer.plan).toEqual(plan);
    expect(offer.expiresAt).toBe(at(8) + 30_000);
  });

  it('gives each job and each driver one stacked offer, the one adding least to the held delivery first', () => {
    // d1's customer is on the way to j2's; d2's is the other way, so stacking j2 on d2 costs more.
    const offers = matchStackOffers({
      jobs: [job('j2', { customer: east(2) }), job('j3', { customer: east(2.1) })],
      holders: [holder('d1', { customer: east(1.5) }), holder('d2', { customer: east(-1.5), promisedAt: at(40) })],
      now: at(8),
    });
    expect(offers.map((o) => [o.jobId, o.driverId])).toEqual([
      ['j2', 'd1'],
      ['j3', 'd2'],
    ]);
  });

  it('never stacks a job on itself', () => {
    const h = holder('d1');
    expect(matchStackOffers({ jobs: [{ ...h.held, tried: new Set() }], holders: [h], now: at(8) })).toEqual([]);
  });
});

describe("the second customer's margin (docs/decisions/0287-stacks-on-time-and-the-product-policy.md)", () => {
  it.each([
    // foods still predicted, drops up to theirs (their own included), minutes of driving before their door, the
    // margin (minutes): the 1-minute slack plus 1.645 spreads of σ = √(3.5² per predicted food + 2² per drop + (15 % of the driving)²)
    ['nothing but their own drop', 0, 1, 0, 4.29],
    ['both foods ready, dropped first after 10 minutes of driving', 0, 1, 10, 5.11],
    ['one food a prediction', 1, 1, 0, 7.63],
    ['both foods predictions', 2, 1, 0, 9.78],
    ['a drop before theirs and 10 minutes of driving', 0, 2, 10, 6.27],
    ['the worst case: two predictions, a drop before, 20 minutes of driving', 2, 2, 20, 11.6],
  ])('%s: %s, %s, %s → %s minutes', (_name, unreadyPickups, drops, driveMinutes, margin) => {
    expect(stackSecondMarginMinutes({ unreadyPickups, drops, driveMinutes })).toBeCloseTo(margin, 1);
  });

  it('grows with every uncertain step and never falls under the flat slack', () => {
    const m = (u: number, d: number, km: number) =>
      stackSecondMarginMinutes({ unreadyPickups: u, drops: d, driveMinutes: km });
    expect(m(1, 0, 5)).toBeGreaterThan(m(0, 0, 5));
    expect(m(0, 2, 5)).toBeGreaterThan(m(0, 1, 5));
    expect(m(0, 0, 15)).toBeGreaterThan(m(0, 0, 5));
    expect(m(0, 0, -3)).toBe(DISPATCH_PARAMS.stackSlackMinutes);
    // At 0 spreads the rule is the median prediction with the flat slack, as before this decision.
    expect(
      stackSecondMarginMinutes(
        { unreadyPickups: 2, drops: 2, driveMinutes: 20 },
        { ...DISPATCH_PARAMS, stackMarginSpreads: 0 },
      ),
    ).toBe(1);
  });

  it.each([
    // the second customer's promise (minutes after 17:00), both foods ready or not, whether the stack is offered:
    // the pair of the round's first test, the second customer 2 km out, delivered after the held one at 22.5
    ['promised at 30, foods ready: margin 5.9, 7.5 to spare', 30, true, 1],
    // Dropped first they would be at the door at 20.5: the old flat minute fitted at 22, this margin (4.7) does not.
    ['promised at 22, foods ready: no drop order leaves the margin', 22, true, 0],
    ['promised at 26, foods ready: dropped first, 5.5 to spare against a margin of 4.7', 26, true, 1],
    ['promised at 32, both foods predicted: margin 10.5, 9.5 to spare is not enough', 32, false, 0],
    ['promised at 34, both foods predicted: 11.5 to spare, enough', 34, false, 1],
  ])('%s', (_name, promised, readyKnown, count) => {
    const offers = matchStackOffers({
      jobs: [job('j2', { promisedAt: at(promised), readyKnown })],
      holders: [holder('d1', { readyKnown })],
      now: at(8),
    });
    expect(offers).toHaveLength(count);
  });
});

describe('chaining after the last drop', () => {
  it('frees the driver at the customer after the drive and the handover, never before now', () => {
    const drop = { kitchen: KITCHEN, customer: east(2), pickedUpAt: at(10) };
    // About 2 km × 1.35 at a scooter's 25 km/h: 6.5 minutes, plus 2 at the door.
    expect(Math.abs(freeAfterLastDrop(drop, 'scooter', at(11)) - at(18.48))).toBeLessThan(5_000);
    expect(freeAfterLastDrop(drop, 'scooter', at(30))).toBe(at(30));
  });
});
