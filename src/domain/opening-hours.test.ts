import { describe, expect, it } from 'vitest';
import { defaultOpeningHours, isWithinOpeningHours } from './opening-hours';

describe('opening hours', () => {
  const hours = defaultOpeningHours();

  it('is open at noon on a Wednesday in London', () => {
    expect(isWithinOpeningHours(hours, new Date('2026-11-18T12:00:00Z'))).toBe(true);
  });

  it('is closed at 22:30 London time', () => {
    expect(isWithinOpeningHours(hours, new Date('2026-11-18T22:30:00Z'))).toBe(false);
  });

  it('judges by the London clock in British Summer Time', () => {
    // 08:30 UTC on 1 July is 09:30 in London: open.
    expect(isWithinOpeningHours(hours, new Date('2026-07-01T08:30:00Z'))).toBe(true);
    // 08:30 UTC on 1 December is 08:30 in London: not yet open.
    expect(isWithinOpeningHours(hours, new Date('2026-12-01T08:30:00Z'))).toBe(false);
  });

  it('keeps a late-night site open past midnight into the next day', () => {
    const late = { ...hours, friday: { open: '17:00', close: '02:00', closed: false } };
    // 01:00 on Saturday 21 November 2026 (GMT) belongs to Friday's evening.
    expect(isWithinOpeningHours(late, new Date('2026-11-21T01:00:00Z'))).toBe(true);
    expect(isWithinOpeningHours(late, new Date('2026-11-21T02:30:00Z'))).toBe(false);
  });

  it('stays shut on a day marked closed', () => {
    const mondayOff = { ...hours, monday: { open: '09:00', close: '22:00', closed: true } };
    expect(isWithinOpeningHours(mondayOff, new Date('2026-11-16T12:00:00Z'))).toBe(false);
  });
});
