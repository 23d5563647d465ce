import { describe, expect, it } from 'vitest';
import { type DispatchDriver, type DispatchJob, fairnessMinutes, rankCandidates } from './dispatch';
import { fleetMeanPerHourMinor } from './dispatch-fairness';

// Fairness by earnings per online hour (docs/decisions/0283-learned-travel-and-fair-earnings.md).
const MIN = 60_000;
const T0 = Date.UTC(2026, 2, 13, 17, 0);
const KITCHEN = { lat: 51.5207, lng: -0.0716 };
const spot = { lat: KITCHEN.lat, lng: KITCHEN.lng + 0.01442 }; // about 1 km east

const driver = (id: string, earnedMinor: number, onlineMinutes: number): DispatchDriver => ({
  id,
  vehicle: 'bike',
  freeAt: spot,
  freeFrom: T0,
  radiusMiles: 3,
  recentOffers: 0,
  earnedMinor,
  onlineMinutes,
});
const job: DispatchJob = {
  id: 'j1',
  kitchen: KITCHEN,
  customer: KITCHEN,
  createdAt: T0 - 5 * MIN,
  readyAt: T0 + 10 * MIN,
  promisedAt: T0 + 40 * MIN,
};

describe('the fleet’s mean earnings per online hour', () => {
  it.each([
    ['nobody online', [], 0],
    ['one driver, £24 in 2 hours: £12 an hour', [driver('a', 2400, 120)], 1200],
    ['each driver’s rate weighs the same', [driver('a', 2400, 120), driver('b', 600, 30)], 1200],
    ['drivers online under 30 minutes do not count', [driver('a', 2400, 120), driver('b', 900, 20)], 1200],
  ] as const)('%s', (_name, drivers, mean) => {
    expect(fleetMeanPerHourMinor(drivers)).toBe(mean);
  });
});

describe('two drivers placed alike', () => {
  it.each([
    // name, [earned, minutes] of a and b, who is offered first
    ['the lower earner per hour goes first', [3000, 120], [1000, 120], 'b'],
    ['per hour, not in total: £20 in 2 hours is less than £15 in 1', [2000, 120], [1500, 60], 'a'],
    [
      'under 30 minutes online, a big first job does not count against them: a tie, broken by the id',
      [5000, 20],
      [3000, 120],
      'a',
    ],
    ['the same rate: a tie, broken by the id', [1000, 60], [2000, 120], 'a'],
  ] as const)('%s', (_name, a, b, first) => {
    const drivers = [driver('a', a[0], a[1]), driver('b', b[0], b[1])];
    const mean = fleetMeanPerHourMinor(drivers);
    const ranked = rankCandidates(job, drivers, T0, new Set(), mean);
    expect(ranked.map((c) => c.driverId)[0]).toBe(first);
  });

  it('the earnings nudge is capped at 3 minutes either way', () => {
    expect(fairnessMinutes(driver('a', 100_000, 60), 0)).toBe(3);
    expect(fairnessMinutes(driver('a', 0, 60), 100_000)).toBe(-3);
  });
});
