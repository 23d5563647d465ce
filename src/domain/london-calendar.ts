/**
 * London's calendar date, written out without `Intl` for the pages a visitor lands on: a
 * browser's first `Intl` formatter loads locale and time-zone data (tens of milliseconds of main
 * thread on a slow phone) before the page can respond
 * (docs/decisions/0186-landing-pages-main-thread.md). london-calendar.test.ts holds it to
 * `Intl`'s own answers.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The instant at 01:00 UTC on the last Sunday of a month (UTC month index). */
function lastSundayAtOne(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * DAY + HOUR;
}

/**
 * The first and last years the rule below describes: British Summer Time has run from 01:00 UTC on
 * the last Sunday of March to 01:00 UTC on the last Sunday of October since 1996. Outside these
 * years the caller asks `Intl`.
 */
export const RULE_YEARS = { from: 1997, to: 2099 } as const;

/** London's calendar date at an instant ({ year, month 1-12, day }), or null outside RULE_YEARS. */
export function londonCalendarDate(at: Date): { year: number; month: number; day: number } | null {
  const ms = at.getTime();
  const year = at.getUTCFullYear();
  if (!Number.isFinite(ms) || year < RULE_YEARS.from || year > RULE_YEARS.to) return null;
  const summer = ms >= lastSundayAtOne(year, 2) && ms < lastSundayAtOne(year, 9);
  const local = new Date(ms + (summer ? HOUR : 0));
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}
