import { describe, expect, it } from 'vitest';
import { announceCountdown, countdownText, secondsLeft, triedDrivers } from './dispatch-offers';

const MIN = 60_000;

describe('triedDrivers', () => {
  const cases: {
    name: string;
    past: { driverId: string; refusedAt: number | null }[];
    now: number;
    tried: string[];
  }[] = [
    { name: 'nobody refused: nobody is left out', past: [], now: 0, tried: [] },
    {
      name: 'an open or accepted offer is not a refusal',
      past: [{ driverId: 'a', refusedAt: null }],
      now: MIN,
      tried: [],
    },
    {
      name: 'who refused within three minutes of the first refusal is left out',
      past: [
        { driverId: 'a', refusedAt: 0 },
        { driverId: 'b', refusedAt: 2 * MIN },
      ],
      now: 2.5 * MIN,
      tried: ['a', 'b'],
    },
    {
      name: 'three minutes after the first refusal everyone may be asked again',
      past: [
        { driverId: 'a', refusedAt: 0 },
        { driverId: 'b', refusedAt: 2 * MIN },
      ],
      now: 3 * MIN,
      tried: [],
    },
    {
      name: 'a driver refusing again in the new spell is left out for the rest of it',
      past: [
        { driverId: 'a', refusedAt: 0 },
        { driverId: 'a', refusedAt: 3.5 * MIN },
        { driverId: 'b', refusedAt: MIN },
      ],
      now: 4 * MIN,
      tried: ['a'],
    },
  ];
  for (const c of cases)
    it(c.name, () => {
      expect([...triedDrivers(c.past, c.now)].sort()).toEqual(c.tried);
    });
});

describe('the countdown', () => {
  it('counts whole seconds up, never below nought', () => {
    expect(secondsLeft(30_000, 0)).toBe(30);
    expect(secondsLeft(30_000, 100)).toBe(30);
    expect(secondsLeft(30_000, 29_001)).toBe(1);
    expect(secondsLeft(30_000, 31_000)).toBe(0);
  });
  it('says the seconds left in words', () => {
    expect(countdownText(30)).toBe('30 seconds left to accept');
    expect(countdownText(1)).toBe('1 second left to accept');
    expect(countdownText(0)).toBe('Time is up');
  });
  it('is read aloud at the start, at 20 and 10 seconds and for the last five only', () => {
    const heard = Array.from({ length: 31 }, (_, i) => 30 - i).filter((s) => announceCountdown(s, 30));
    expect(heard).toEqual([30, 20, 10, 5, 4, 3, 2, 1, 0]);
  });
});
