import { describe, expect, it } from 'vitest';
import { bankHolidays, formatArrivalDate, payoutArrivesBy } from './payout-arrival';

describe('payout arrival', () => {
  it('arrives two working days after a weekday request', () => {
    expect(payoutArrivesBy(new Date('2026-11-24T10:00:00Z'))).toBe('2026-11-26'); // Tue -> Thu
    expect(payoutArrivesBy(new Date('2026-11-27T18:00:00Z'))).toBe('2026-12-01'); // Fri -> Tue
  });

  it('counts a weekend request from Monday', () => {
    expect(payoutArrivesBy(new Date('2026-11-28T09:00:00Z'))).toBe('2026-12-01'); // Sat -> Tue
    expect(payoutArrivesBy(new Date('2026-11-29T23:30:00Z'))).toBe('2026-12-01'); // Sun -> Tue
  });

  it('reads the day on the London clock', () => {
    // 23:30 UTC on Thursday 25 June 2026 is 00:30 on Friday in London (BST).
    expect(payoutArrivesBy(new Date('2026-06-25T23:30:00Z'))).toBe('2026-06-30');
  });

  it('skips bank holidays', () => {
    expect(payoutArrivesBy(new Date('2026-12-24T12:00:00Z'))).toBe('2026-12-30'); // Thu; 25th, 28th off
    expect(payoutArrivesBy(new Date('2026-04-02T12:00:00Z'))).toBe('2026-04-08'); // Thu before Good Friday
    expect(payoutArrivesBy(new Date('2026-08-28T12:00:00Z'))).toBe('2026-09-02'); // Fri before summer holiday
  });

  it('knows the published England and Wales bank holidays', () => {
    expect([...bankHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-04',
      '2026-05-25',
      '2026-08-31',
      '2026-12-25',
      '2026-12-28',
    ]);
    expect([...bankHolidays(2027)].sort()).toEqual([
      '2027-01-01',
      '2027-03-26',
      '2027-03-29',
      '2027-05-03',
      '2027-05-31',
      '2027-08-30',
      '2027-12-27',
      '2027-12-28',
    ]);
    expect([...bankHolidays(2022)].sort()).toContain('2022-01-03');
    expect([...bankHolidays(2021)].sort()).toEqual(expect.arrayContaining(['2021-12-27', '2021-12-28']));
  });
});

describe('formatArrivalDate', () => {
  it('reads the date the en-GB way with its weekday', () => {
    expect(formatArrivalDate('2026-12-01')).toBe('Tuesday 1 December 2026');
    expect(formatArrivalDate('2027-01-04')).toBe('Monday 4 January 2027');
  });
});
