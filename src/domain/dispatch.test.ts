import { describe, expect, it } from 'vitest';
import { distanceMiles } from './geo';
import {
  DISPATCH_PARAMS,
  beyondByLatitude,
  type DispatchDriver,
  type DispatchJob,
  decideDispatch,
  driveMinutes,
  earningsPerHourMinor,
  fairnessMinutes,
  isStarved,
  matchOffers,
  offerExpired,
  planStack,
  rankCandidates,
  restingPlace,
  rideExcessMinutes,
  scoreCandidate,
} from './dispatch';

const MIN = 60_000;
const T0 = Date.UTC(2026, 2, 13, 17, 0);
const at = (minutes: number) => T0 + minutes * MIN;

// Brick Lane's kitchen, and points due east of it about 1 km apart (0.0144° of longitude at this latitude).
const KITCHEN = { lat: 51.5207, lng: -0.0716 };
const east = (km: number) => ({ lat: KITCHEN.lat, lng: KITCHEN.lng + km * 0.01442 });

const job = (over: Partial<DispatchJob> = {}): DispatchJob => ({
  id: 'j1',
  kitchen: KITCHEN,
  customer: east(2),
  createdAt: at(0),
  readyAt: at(15),
  promisedAt: at(25),
  ...over,
});

const driver = (id: string, over: Partial<DispatchDriver> = {}): DispatchDriver => ({
  id,
  vehicle: 'scooter',
  freeAt: east(1),
  freeFrom: at(0),
  radiusMiles: 3,
  recentOffers: 0,
  earnedMinor: 0,
  onlineMinutes: 0,
  ...over,
});

describe('drive time', () => {
  it.each([
    // straight km, vehicle, minutes: road km = straight × 1.35 at the vehicle's speed
    [1, 'scooter', 3.24],
    [1, 'bike', 5.4],
    [2, 'car', 5.4],
    [0, 'car', 0],
    [1, null, 2.7],
  ])('%s km on a %s takes %s minutes', (km, vehicle, minutes) => {
    expect(driveMinutes(km, vehicle)).toBeCloseTo(minutes, 2);
  });
});

describe('fairness', () => {
  it.each([
    // recent offers, earned, online minutes, fleet mean per hour, minutes added
    [0, 0, 0, 1000, 0],
    [2, 0, 0, 1000, 1],
    [0, 1200, 60, 1000, 0.5], // £2/h above the mean
    [0, 800, 60, 1000, -0.5], // £2/h below
    [0, 500, 20, 1000, 0], // under half an hour online: earnings not judged yet
    [20, 0, 0, 1000, 3], // capped
    [0, 0, 120, 2000, -3], // capped the other way
  ])('%s offers, %sp in %s min against %sp/h: %s min', (offers, earned, online, mean, expected) => {
    const d = driver('d', { recentOffers: offers, earnedMinor: earned, onlineMinutes: online });
    expect(fairnessMinutes(d, mean)).toBeCloseTo(expected, 5);
  });

  it('earnings per hour are 0 before the first minute', () => {
    expect([earningsPerHourMinor(500, 0), earningsPerHourMinor(500, 30), earningsPerHourMinor(900, 90)]).toEqual([
      0, 1000, 600,
    ]);
  });
});

describe('candidate scores', () => {
  it.each([
    // freeFrom (min), distance (km), now (min): the arrival against ready at 15
    ['arrives 3.24 min after leaving at 12: on time', 12, 1, 0, 0, 0.24],
    ['arrives early: waits at the pass', 0, 1, 0, 11.76, 0],
    ['free at 20: the food waits', 20, 1, 0, 0, 8.24],
  ])('%s', (_name, freeFrom, km, now, driverWait, foodWait) => {
    const c = scoreCandidate(driver('d', { freeAt: east(km), freeFrom: at(freeFrom) }), job(), at(now), 0);
    expect(c.driverWaitMinutes).toBeCloseTo(driverWait, 1);
    expect(c.foodWaitMinutes).toBeCloseTo(foodWait, 1);
    expect(c.driveMinutes).toBeCloseTo(3.24, 1);
    // The product's ride weight (1) adds the scooter's minutes beyond a motorcycle's on the 2 km ride.
    expect(c.score).toBeCloseTo(
      c.driverWaitMinutes * 0.5 + c.foodWaitMinutes * 1 + c.driveMinutes * 1 + rideExcessMinutes(job(), 'scooter'),
      5,
    );
  });

  it('ranks on-time drivers before early and late ones, ties by id, and leaves out the tried, the far and the busy', () => {
    const drivers = [
      driver('early', { freeAt: east(0.5), freeFrom: at(0) }), // waits ~13 min
      driver('on-time-b', { freeAt: east(1), freeFrom: at(11.8) }),
      driver('on-time-a', { freeAt: east(1), freeFrom: at(11.8) }),
      driver('tried', { freeAt: east(1), freeFrom: at(11.8) }),
      driver('far', { freeAt: east(6), radiusMiles: 3 }), // 3.7 miles away
      driver('busy', { freeFrom: at(30) }), // free beyond the chaining bound
    ];
    const ranked = rankCandidates(job(), drivers, at(4), new Set(['tried']), 0).map((c) => c.driverId);
    expect(ranked).toEqual(['on-time-a', 'on-time-b', 'early']);
  });

  it('prefers a driver who has had fewer offers lately when the times are alike', () => {
    const drivers = [driver('busy-lately', { recentOffers: 4 }), driver('quiet')];
    expect(rankCandidates(job({ readyAt: at(3) }), drivers, at(0), new Set(), 0)[0].driverId).toBe('quiet');
  });
});

describe('the ride to the door on each vehicle (rideWeight, 1 in the product)', () => {
  it.each([
    // vehicle, minutes beyond a motorcycle's on a 2 km ride (2.7 road km: bike 10.8, scooter 6.48, car 5.4, motorcycle 4.63)
    ['bike', 6.17],
    ['scooter', 1.85],
    ['car', 0.77],
    [null, 0.77],
    ['motorcycle', 0],
  ])('a %s: %s minutes more than the fastest', (vehicle, minutes) => {
    expect(rideExcessMinutes(job(), vehicle)).toBeCloseTo(minutes, 1);
  });

  it('adds the weighted excess to the score: once by default, nothing at weight 0', () => {
    const bike = driver('bike', { vehicle: 'bike' });
    const plain = scoreCandidate(bike, job(), at(0), 0, { ...DISPATCH_PARAMS, rideWeight: 0 });
    expect(scoreCandidate(bike, job(), at(0), 0).score).toBeCloseTo(plain.score + 6.17, 1);
    expect(scoreCandidate(bike, job(), at(0), 0, { ...DISPATCH_PARAMS, rideWeight: 2 }).score).toBeCloseTo(
      plain.score + 2 * 6.17,
      1,
    );
  });

  it.each([
    // the customer (km east of the kitchen), the ride weight, who is offered the job
    ['a long ride, unweighed: the bike nearby', 5, 0, 'bike'],
    ['a long ride, the default weight: the motorcycle further off', 5, undefined, 'motorcycle'],
    ['a short ride, weighed: still the bike nearby', 0.2, 1, 'bike'],
  ] as const)('%s', (_name, customerKm, rideWeight, best) => {
    const drivers = [
      driver('bike', { vehicle: 'bike', freeAt: east(0.25) }), // 1.35 minutes from the pass
      driver('motorcycle', { vehicle: 'motorcycle', freeAt: east(1.5) }), // 3.47 minutes
    ];
    const params = rideWeight === undefined ? DISPATCH_PARAMS : { ...DISPATCH_PARAMS, rideWeight };
    const ranked = rankCandidates(
      job({ customer: east(customerKm), readyAt: at(10) }),
      drivers,
      at(0),
      new Set(),
      0,
      params,
    );
    expect(ranked[0].driverId).toBe(best);
  });
});

describe('old food first in a round (urgencyWeight, 1 in the product)', () => {
  // One driver, 1 km from both kitchens, free at 9: a fresh job (ready at 12) and one whose food has waited since 0.
  const fresh = {
    ...job({ id: 'fresh', createdAt: at(0), readyAt: at(12) }),
    tried: new Set<string>(),
    onBoard: false,
  };
  const old = { ...job({ id: 'old', createdAt: at(-15), readyAt: at(0) }), tried: new Set<string>(), onBoard: true };
  it.each([
    // the weight, the job the driver is offered
    ['off: the fresh job, whose timing fits', 0, 'fresh'],
    ['1, the default: a minute of waiting food only cancels its own cost, still the fresh job', undefined, 'fresh'],
    ['2: the job whose food has waited 9 minutes', 2, 'old'],
  ] as const)('%s', (_name, urgencyWeight, jobId) => {
    const r = matchOffers(
      { jobs: [fresh, old], drivers: [driver('d')], now: at(9), fleetMeanPerHourMinor: 0 },
      urgencyWeight === undefined ? DISPATCH_PARAMS : { ...DISPATCH_PARAMS, urgencyWeight },
    );
    expect(r.offers.map((o) => o.jobId)).toEqual([jobId]);
  });

  it('never changes who is best for one job', () => {
    const drivers = [driver('near', { freeAt: east(0.5) }), driver('far', { freeAt: east(2) })];
    const order = (urgencyWeight?: number) =>
      rankCandidates(job({ readyAt: at(0) }), drivers, at(9), new Set(), 0, { ...DISPATCH_PARAMS, urgencyWeight }).map(
        (c) => c.driverId,
      );
    expect(order(3)).toEqual(order(0));
  });
});

describe('where an idle driver waits (repositionBeyondKm, off in the product)', () => {
  const busy = { at: east(3), weight: 2 };
  const quiet = { at: east(-2.5), weight: 1 };
  it.each([
    // the driver (km east of Brick Lane), their radius, the option, the kitchens, where they head
    ['the default: stays', 0, 3, undefined, [busy, quiet], null],
    ['a kitchen within the bound: stays', 2.6, 3, 1, [busy, quiet], null],
    ['far from both, the busier one weighs more than its distance: heads for it', 0, 3, 1, [busy, quiet], 'busy'],
    ['equally busy: the nearer', 0, 3, 1, [{ ...busy, weight: 1 }, quiet], 'quiet'],
    ['the busy kitchen beyond their radius: the other', -0.5, 1.5, 1, [busy, quiet], 'quiet'],
    ['no kitchen in their radius: stays', 0, 1, 1, [busy, quiet], null],
    ['no kitchens', 0, 3, 1, [], null],
  ] as const)('%s', (_name, km, radiusMiles, repositionBeyondKm, kitchens, expected) => {
    const to = restingPlace({ at: east(km), radiusMiles, kitchens }, { ...DISPATCH_PARAMS, repositionBeyondKm });
    expect(to).toEqual(expected === null ? null : expected === 'busy' ? busy.at : quiet.at);
  });
});

describe('one job: offer, wait, or the board', () => {
  const base = {
    job: job(),
    drivers: [driver('d1', { freeAt: east(1), freeFrom: at(0) })],
    openOffer: null,
    tried: new Set<string>(),
    onBoard: false,
    fleetMeanPerHourMinor: 0,
  };
  it.each([
    ['holds while the only driver would wait long at the pass', { now: at(1) }, { kind: 'wait', reason: 'too_early' }],
    ['offers after the hold even though the driver will wait', { now: at(4) }, { kind: 'offer', driverId: 'd1' }],
    [
      'offers at once to a driver who would arrive on time',
      { now: at(1), drivers: [driver('d2', { freeAt: east(2), freeFrom: at(8) })] },
      { kind: 'offer', driverId: 'd2' },
    ],
    [
      'waits while an offer is open',
      { now: at(5), openOffer: { driverId: 'd1', offeredAt: at(5), expiresAt: at(5.5) } },
      { kind: 'wait', reason: 'offer_open' },
    ],
    [
      'passes an expired offer to the next candidate',
      {
        now: at(5.5),
        openOffer: { driverId: 'd1', offeredAt: at(5), expiresAt: at(5.5) },
        tried: new Set(['d1']),
        drivers: [driver('d1'), driver('d3')],
      },
      { kind: 'offer', driverId: 'd3' },
    ],
    ['waits when nobody is in reach', { now: at(5), drivers: [] }, { kind: 'wait', reason: 'no_candidate' }],
    ['goes to the board with an ops alert at the starvation bound', { now: at(8) }, { kind: 'board', alertOps: true }],
    ['keeps offering once on the board, without a second alert', { now: at(9), onBoard: true }, { kind: 'offer' }],
  ] as const)('%s', (_name, over, expected) => {
    expect(decideDispatch({ ...base, ...over })).toMatchObject(expected);
  });

  it('gives an offer the 30-second accept window', () => {
    const d = decideDispatch({ ...base, now: at(4) });
    expect(d.kind === 'offer' && d.expiresAt).toBe(at(4) + 30_000);
    expect(offerExpired({ driverId: 'd1', offeredAt: at(4), expiresAt: at(4.5) }, at(4.49))).toBe(false);
    expect(offerExpired({ driverId: 'd1', offeredAt: at(4), expiresAt: at(4.5) }, at(4.5))).toBe(true);
    expect([isStarved(job(), at(7.99)), isStarved(job(), at(8))]).toEqual([false, true]);
  });
});

describe('a round of offers over every open job', () => {
  it('gives each driver one job and each job one driver, cheapest pairs first', () => {
    const a = { ...job({ id: 'a', createdAt: at(5), readyAt: at(12) }), tried: new Set<string>(), onBoard: false };
    const b = { ...job({ id: 'b', createdAt: at(5), readyAt: at(20) }), tried: new Set<string>(), onBoard: false };
    const drivers = [driver('soon', { freeFrom: at(8.5) }), driver('later', { freeFrom: at(16.5) })];
    const { offers, toBoard } = matchOffers({ jobs: [b, a], drivers, now: at(9), fleetMeanPerHourMinor: 0 });
    expect(offers.map((o) => [o.jobId, o.driverId]).sort()).toEqual([
      ['a', 'soon'],
      ['b', 'later'],
    ]);
    expect(toBoard).toEqual([]);
  });

  it('sends starved jobs to the board once and still offers them', () => {
    const old = { ...job({ id: 'old', createdAt: at(-9) }), tried: new Set<string>(), onBoard: false };
    const seen = { ...job({ id: 'seen', createdAt: at(-20) }), tried: new Set<string>(), onBoard: true };
    const r = matchOffers({ jobs: [old, seen], drivers: [driver('d')], now: at(0), fleetMeanPerHourMinor: 0 });
    expect(r.toBoard).toEqual(['old']);
    expect(r.offers).toHaveLength(1);
  });
});

describe('stacking a second order', () => {
  // Both foods marked ready by their kitchens unless a case says otherwise (1 minute to spare).
  const first = job({ id: 'first', readyAt: at(10), promisedAt: at(30), customer: east(1.5), readyKnown: true });
  const input = (second: Partial<DispatchJob>, firstOver: Partial<DispatchJob> = {}) => ({
    driver: { vehicle: 'scooter', at: KITCHEN, from: at(8) },
    first: { ...first, ...firstOver },
    second: job({ id: 'second', readyAt: at(12), promisedAt: at(35), customer: east(2), readyKnown: true, ...second }),
    now: at(8),
  });
  it.each([
    ['same kitchen, both promises hold', {}, true],
    ['a kitchen 0.7 km away', { kitchen: { lat: KITCHEN.lat + 0.0063, lng: KITCHEN.lng } }, true],
    ['a kitchen 2 km away', { kitchen: { lat: KITCHEN.lat + 0.018, lng: KITCHEN.lng } }, false],
    ['the second ready too late after the first pickup', { readyAt: at(20) }, false],
    ['the second customer would be late', { promisedAt: at(18) }, false],
  ])('%s: %s', (_name, second, fits) => {
    expect(planStack(input(second)).fits).toBe(fits);
  });

  it('refuses a second order whose wait at the pass would make the first customer late', () => {
    const tight = { promisedAt: at(22) };
    expect(planStack(input({ readyAt: at(10), promisedAt: at(28) }, tight)).fits).toBe(true);
    // Waiting for the second until 14.5 puts the first at the door at 21.4, against 22 less a minute, however
    // much time the second customer has.
    const p = planStack(input({ readyAt: at(14.5), promisedAt: at(60) }, tight));
    expect(p.fits).toBe(false);
    expect(p.firstDeliveredAt).toBeGreaterThan(at(21));
  });

  it('drops the nearer customer first when that keeps both in time', () => {
    const p = planStack(input({ customer: east(0.5), promisedAt: at(26) }));
    expect(p).toMatchObject({ fits: true, order: 'second_then_first' });
    expect(p.secondDeliveredAt).toBeLessThan(p.firstDeliveredAt);
  });

  it('needs the first promise to hold with the slack to spare', () => {
    const tight = planStack(input({}), { ...DISPATCH_PARAMS, stackSlackMinutes: 0 });
    const slack = tight.firstDeliveredAt - first.promisedAt;
    expect(tight.fits).toBe(true);
    expect(slack).toBeLessThanOrEqual(0);
  });

  it('keeps more to spare for the second customer while a food is still a prediction, not marked ready', () => {
    // The second at the door at 22.5 after the first's drop, against 29: 6.5 minutes to spare, more than the
    // 5.9 this plan needs with both foods ready (two drops, 6.5 minutes of driving), less than the 8.6 it
    // needs with one food a prediction.
    const second = { promisedAt: at(29) };
    const ready = planStack(input(second));
    expect(ready).toMatchObject({ fits: true, order: 'first_then_second' });
    expect(ready.secondMarginMinutes).toBeCloseTo(5.92, 1);
    expect(planStack(input({ ...second, readyKnown: false })).fits).toBe(false);
    expect(planStack(input(second, { readyKnown: false })).fits).toBe(false);
    const later = planStack(input({ promisedAt: at(32) }, { readyKnown: false }));
    expect(later.fits).toBe(true);
    expect(later.secondMarginMinutes).toBeCloseTo(8.57, 1);
  });

  it('holds the second customer to the margin of the drop order it picks, with a drop before theirs or not', () => {
    // A second customer 0.5 km out, promised at 26: after the first's drop they would be at the door at 24.1,
    // inside the 6.1 minutes that order needs; dropped first, at 15.6 against a margin of 4.3.
    const p = planStack(input({ customer: east(0.5), promisedAt: at(26) }));
    expect(p).toMatchObject({ fits: true, order: 'second_then_first' });
    expect(p.secondMarginMinutes).toBeCloseTo(4.31, 1);
    expect(p.secondDeliveredAt).toBeLessThanOrEqual(at(26) - p.secondMarginMinutes * MIN);
  });

  it.each([
    // first promised, second promised, fits: alone the first reaches the door at 17.9
    ['first on time alone stays on time (at the door 18.9)', 20, 35, true, {}],
    ['first on time alone is not made late for a stack', 19.5, 35, false, {}],
    [
      'first late even alone: 4 minutes more (the second ready at 15) for a second in time',
      15,
      35,
      true,
      { readyAt: at(15) },
    ],
    [
      'first late even alone: never more than 5 minutes more (the second ready at 16.9)',
      15,
      35,
      false,
      { readyAt: at(16.9) },
    ],
    ['first late even alone, second late too: no stack', 15, 20, false, {}],
  ] as [string, number, number, boolean, Partial<DispatchJob>][])(
    '%s',
    (_name, firstPromise, secondPromise, fits, secondOver) => {
      const p = planStack(input({ promisedAt: at(secondPromise), ...secondOver }, { promisedAt: at(firstPromise) }));
      expect(Math.abs(p.firstAloneAt - at(17.9))).toBeLessThan(0.1 * MIN);
      expect(p.fits).toBe(fits);
    },
  );
});

describe('the latitude test before the distance', () => {
  it.each([
    // degrees north, miles: rules out only what the full distance rules out
    [0.03, 3, false], // 2.1 miles north
    [0.05, 3, true], // 3.5 miles north
    [0.0, 0.5, false], // due east: latitude says nothing
  ])('%s° north with %s miles: beyond %s', (dLat, miles, beyond) => {
    const other = { lat: KITCHEN.lat + dLat, lng: KITCHEN.lng + 0.05 };
    expect(beyondByLatitude(KITCHEN, other, miles)).toBe(beyond);
    if (beyond) expect(distanceMiles(KITCHEN, other)).toBeGreaterThan(miles);
  });
});
