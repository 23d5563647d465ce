import { describe, expect, it } from 'vitest';
import { distanceMiles } from './geo';
import { isJobRadius, isPositionFresh, jobReachMiles, seesJob } from './dispatch-reach';

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, 0) + minutes * 60_000);

describe('dispatch reach', () => {
  it('starts at 3 miles and widens by a mile every 2 minutes up to 10 miles', () => {
    expect(jobReachMiles(at(0), at(0))).toBe(3);
    expect(jobReachMiles(at(0), at(1.9))).toBe(3);
    expect(jobReachMiles(at(0), at(2))).toBe(4);
    expect(jobReachMiles(at(0), at(9))).toBe(7);
    expect(jobReachMiles(at(0), at(60))).toBe(10);
  });

  it('never shrinks below the start when the clock is behind the offer', () => {
    expect(jobReachMiles(at(5), at(0))).toBe(3);
  });

  it('shows a job within both the driver radius and the job reach', () => {
    expect(seesJob(1.4, 3, 2)).toBe(true);
    expect(seesJob(2.5, 3, 2)).toBe(false);
    expect(seesJob(2.5, 3, 4)).toBe(true);
    expect(seesJob(3.5, 3, 10)).toBe(false);
  });

  it('lets a driver in EC see a job in E1 next door', () => {
    const ec1 = { lat: 51.5237, lng: -0.1028 };
    const e1 = { lat: 51.5177, lng: -0.0593 };
    expect(seesJob(distanceMiles(ec1, e1), 3, 3)).toBe(true);
  });

  it('accepts whole radii from 1 to 10 miles only', () => {
    expect([0, 1, 10, 11, 2.5].map(isJobRadius)).toEqual([false, true, true, false, false]);
  });

  it('counts a shared position as fresh for 15 minutes, and none at all as stale', () => {
    expect(isPositionFresh(at(0), at(14.9))).toBe(true);
    expect(isPositionFresh(at(0), at(15))).toBe(false);
    expect(isPositionFresh(null, at(0))).toBe(false);
  });
});
