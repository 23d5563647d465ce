import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RULE_YEARS, londonCalendarDate } from './london-calendar';

const intlParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

function intlDate(at: Date) {
  const p = Object.fromEntries(intlParts.formatToParts(at).map((x) => [x.type, x.value]));
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day) };
}

describe('londonCalendarDate', () => {
  it('agrees with Intl at any instant of the years the rule covers', () => {
    const from = Date.UTC(RULE_YEARS.from, 0, 1);
    const to = Date.UTC(RULE_YEARS.to, 11, 31, 23, 59, 59);
    fc.assert(
      fc.property(fc.integer({ min: from, max: to }), (ms) => {
        expect(londonCalendarDate(new Date(ms))).toEqual(intlDate(new Date(ms)));
      }),
      { numRuns: 5000 },
    );
  });

  it('agrees with Intl in the hour around every change of the clocks, and at midnight either side', () => {
    for (let year = RULE_YEARS.from; year <= RULE_YEARS.to; year += 7) {
      for (const month of [2, 9]) {
        for (let day = 24; day <= 31; day++) {
          for (const [h, m] of [
            [0, 30],
            [0, 59],
            [1, 0],
            [1, 30],
            [22, 59],
            [23, 0],
            [23, 30],
          ]) {
            const at = new Date(Date.UTC(year, month, day, h, m));
            expect(londonCalendarDate(at)).toEqual(intlDate(at));
          }
        }
      }
    }
  });

  it('names a summer evening by the next day once London has passed midnight', () => {
    expect(londonCalendarDate(new Date('2026-07-14T23:30:00Z'))).toEqual({ year: 2026, month: 7, day: 15 });
    expect(londonCalendarDate(new Date('2026-12-14T23:30:00Z'))).toEqual({ year: 2026, month: 12, day: 14 });
  });

  it('leaves instants outside the rule, and invalid ones, to the caller', () => {
    expect(londonCalendarDate(new Date('1990-06-01T12:00:00Z'))).toBeNull();
    expect(londonCalendarDate(new Date('2150-06-01T12:00:00Z'))).toBeNull();
    expect(londonCalendarDate(new Date('not a date'))).toBeNull();
  });
});
