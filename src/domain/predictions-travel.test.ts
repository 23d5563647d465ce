import { describe, expect, it } from 'vitest';
import {
  type TravelHistoryRow,
  dispatcherPromiseMinutes,
  learnedPace,
  predictToPickupMinutes,
  predictTravelMinutes,
  roadFactorMinutes,
} from './predictions';

// Travel learned from the city's own deliveries (docs/decisions/0283-learned-travel-and-fair-earnings.md).
/** Trips at `hour` of `km` straight-line kilometres that took `minutes` from pickup to delivered. */
const trips = (hour: number, km: number, minutes: number[]): TravelHistoryRow[] =>
  minutes.map((actualMinutes) => ({ hour, km, actualMinutes }));

describe('the learned pace', () => {
  it.each([
    ['none without history', [], 19, null],
    [
      'none with four trips at the hour and nine in all',
      [...trips(19, 2, [12, 12, 12, 12]), ...trips(12, 2, [8, 8, 8, 8, 8])],
      19,
      null,
    ],
    [
      'five trips at the hour: their median minutes per km, the door’s 2 minutes taken off',
      trips(19, 2, [10, 12, 12, 14, 40]),
      19,
      { minutesPerKm: 5, source: 'learned_hour', basis: 5 },
    ],
    [
      'too few at the hour, ten in the city: the city’s pace at all hours',
      [...trips(19, 1, [6, 6]), ...trips(12, 2, [8, 8, 8, 8, 8, 8, 8, 8])],
      19,
      { minutesPerKm: 3, source: 'learned_city', basis: 10 },
    ],
    [
      'trips under 0.3 km say nothing about the pace and are left out',
      [...trips(19, 0.2, [30, 30, 30]), ...trips(19, 1, [6, 6, 6, 6, 6])],
      19,
      { minutesPerKm: 4, source: 'learned_hour', basis: 5 },
    ],
  ] as const)('%s', (_name, history, hour, expected) => {
    expect(learnedPace(history, hour)).toEqual(expected);
  });
});

describe('the travel to the door', () => {
  const base = { hour: 19, straightKm: 3, speedKmh: 30, minMinutes: 5 };
  it.each([
    [
      'the routing service answered: its minutes and the door',
      { history: [], routed: 9 },
      { minutes: 11, source: 'maps_api', basis: 0 },
    ],
    [
      'no history: the straight line times 1.35 at 30 km/h (8.1 minutes), and the door',
      { history: [], routed: null },
      { minutes: 10, source: 'road_factor', basis: 0 },
    ],
    [
      'learned at this hour: 5 minutes a km over 3 km, and the door',
      { history: trips(19, 2, [12, 12, 12, 12, 12]), routed: null },
      { minutes: 17, source: 'learned_hour', basis: 5 },
    ],
    [
      'the routing service wins over what was learned (learning corrects the fallback)',
      { history: trips(19, 2, [12, 12, 12, 12, 12]), routed: 9 },
      { minutes: 11, source: 'maps_api', basis: 0 },
    ],
    [
      'never under the minimum',
      { history: trips(19, 2, [2, 2, 2, 2, 2]), routed: null, straightKm: 0.1 },
      { minutes: 5, source: 'learned_hour', basis: 5 },
    ],
  ] as const)('%s', (_name, over, expected) => {
    expect(predictTravelMinutes({ ...base, ...over })).toEqual(expected);
  });

  it('the leg to the restaurant: the learned pace, else the road factor at the vehicle’s speed, no door', () => {
    expect(predictToPickupMinutes({ history: [], hour: 19, straightKm: 1, speedKmh: 15 })).toEqual({
      minutes: 5.4,
      source: 'road_factor',
    });
    expect(roadFactorMinutes(1, 15)).toBeCloseTo(5.4, 5);
    expect(
      predictToPickupMinutes({ history: trips(19, 2, [12, 12, 12, 12, 12]), hour: 19, straightKm: 1, speedKmh: 15 }),
    ).toEqual({ minutes: 5, source: 'learned_hour' });
  });

  it.each([
    // legs to restaurants (hour, km, minutes each), deliveries at 5 min/km, the prediction for 1 km at 19:00
    ['none yet: the deliveries’ pace', [], { minutes: 5, source: 'learned_hour' }],
    [
      'four at this hour: too few, still the deliveries’ pace',
      trips(19, 2, [6, 6, 6, 6]),
      { minutes: 5, source: 'learned_hour' },
    ],
    [
      'five at this hour, 3 min/km without food and no door',
      trips(19, 2, [6, 6, 6, 6, 6]),
      { minutes: 3, source: 'empty_hour' },
    ],
    [
      'ten at other hours: the city’s empty pace',
      [...trips(12, 2, [8, 8, 8, 8, 8]), ...trips(13, 2, [8, 8, 8, 8, 8])],
      { minutes: 4, source: 'empty_city' },
    ],
  ] as const)('the leg to the restaurant learned on its own, empty: %s', (_name, emptyHistory, expected) => {
    expect(
      predictToPickupMinutes({
        emptyHistory,
        history: trips(19, 2, [12, 12, 12, 12, 12]),
        hour: 19,
        straightKm: 1,
        speedKmh: 15,
      }),
    ).toEqual(expected);
  });
});

describe('the promise in a city on the dispatcher', () => {
  it.each([
    ['prep, busy extra, travel (door included) and the minute at the pass', 18, 5, 12, 36],
    ['a pickup order: the prep and the busy extra', 18, 5, null, 23],
  ] as const)('%s', (_name, prep, busy, travel, minutes) => {
    expect(
      dispatcherPromiseMinutes({
        prep: { minutes: prep, source: 'hour', basis: 5 },
        busyExtraMinutes: busy,
        travel: travel === null ? null : { minutes: travel, source: 'learned_hour', basis: 5 },
      }),
    ).toBe(minutes);
  });
});
