import { describe, expect, it } from 'vitest';
import { isOpenNow } from './open-now';
import { defaultOpeningHours } from './opening-hours';

// Wednesday 18 November 2026, 12:00 in London (GMT): inside the default hours.
const noon = new Date('2026-11-18T12:00:00Z');
const site = { isOpen: true, openingHours: defaultOpeningHours(), pausedUntil: null };

describe('isOpenNow', () => {
  it('is open with the switch on, inside the hours and not paused', () => {
    expect(isOpenNow(site, noon)).toBe(true);
  });

  it('is closed when the partner switched the branch off', () => {
    expect(isOpenNow({ ...site, isOpen: false }, noon)).toBe(false);
  });

  it('is closed outside the opening hours on the London clock', () => {
    expect(isOpenNow(site, new Date('2026-11-18T22:30:00Z'))).toBe(false);
  });

  it('is closed while paused and open again once the pause has passed', () => {
    expect(isOpenNow({ ...site, pausedUntil: new Date('2026-11-18T12:30:00Z') }, noon)).toBe(false);
    expect(isOpenNow({ ...site, pausedUntil: new Date('2026-11-18T11:30:00Z') }, noon)).toBe(true);
  });
});
