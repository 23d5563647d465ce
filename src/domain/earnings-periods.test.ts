import { describe, expect, it } from 'vitest';
import {
  addDays,
  chartDays,
  earningsPeriods,
  londonDateKey,
  londonMidnight,
  londonOffsetMinutes,
  totalsByDay,
} from './earnings-periods';

describe('earnings periods on the London clock', () => {
  it('starts today at London midnight, which is 23:00 UTC the day before in summer', () => {
    const p = earningsPeriods(new Date('2026-07-15T22:30:00Z')); // 23:30 on Wednesday 15 July in London
    expect(p.todayStart.toISOString()).toBe('2026-07-14T23:00:00.000Z');
    expect(londonDateKey(new Date('2026-07-15T23:30:00Z'))).toBe('2026-07-16');
  });

  it('starts the week on Sunday', () => {
    // Wednesday 21 January 2026 (winter: London is UTC).
    const p = earningsPeriods(new Date('2026-01-21T10:00:00Z'));
    expect(p.weekStart.toISOString()).toBe('2026-01-18T00:00:00.000Z');
    // On a Sunday the week is that day.
    expect(earningsPeriods(new Date('2026-01-18T08:00:00Z')).weekStart.toISOString()).toBe('2026-01-18T00:00:00.000Z');
    // Saturday night late in London is still the same week.
    expect(earningsPeriods(new Date('2026-01-24T23:59:00Z')).weekStart.toISOString()).toBe('2026-01-18T00:00:00.000Z');
  });

  it('starts the month on the 1st in London, even when that is still the previous month in UTC', () => {
    const p = earningsPeriods(new Date('2026-06-30T23:15:00Z')); // 00:15 on 1 July in London
    expect(p.monthStart.toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(p.todayStart.toISOString()).toBe('2026-06-30T23:00:00.000Z');
  });

  it('handles the clock changes: a week spanning the March change starts at GMT midnight', () => {
    // Clocks go forward on Sunday 29 March 2026 at 01:00 UTC.
    expect(londonOffsetMinutes(new Date('2026-03-29T00:30:00Z'))).toBe(0);
    expect(londonOffsetMinutes(new Date('2026-03-29T01:30:00Z'))).toBe(60);
    const p = earningsPeriods(new Date('2026-04-01T12:00:00Z'));
    expect(p.weekStart.toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(londonMidnight('2026-10-25').toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(londonMidnight('2026-10-26').toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });

  it('moves date keys across month and year ends', () => {
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});

describe('the earnings chart', () => {
  it('lists 14 London days ending today', () => {
    const days = chartDays(new Date('2026-03-05T12:00:00Z'));
    expect(days).toHaveLength(14);
    expect(days[0]).toBe('2026-02-20');
    expect(days[13]).toBe('2026-03-05');
  });

  it('sums earnings per London day and leaves out older ones', () => {
    const days = ['2026-07-14', '2026-07-15'];
    const rows = [
      { createdAt: new Date('2026-07-14T22:59:00Z'), totalMinor: 300 }, // 23:59 on the 14th in London
      { createdAt: new Date('2026-07-14T23:01:00Z'), totalMinor: 450 }, // 00:01 on the 15th
      { createdAt: new Date('2026-07-15T12:00:00Z'), totalMinor: 50 },
      { createdAt: new Date('2026-07-01T12:00:00Z'), totalMinor: 999 },
    ];
    expect(totalsByDay(rows, days)).toEqual([
      { date: '2026-07-14', totalMinor: 300 },
      { date: '2026-07-15', totalMinor: 500 },
    ]);
  });
});
