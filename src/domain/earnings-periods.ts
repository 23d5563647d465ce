import { madeOnce } from './made-once';

/**
 * Earnings periods on the London clock (docs/product/README.md#money-and-time: time zone Europe/London): today, this week
 * from Sunday, this month (docs/product/driver.md#earnings), and the days of the earnings chart.
 */

export const EARNINGS_TIME_ZONE = 'Europe/London';
/** Days in the earnings chart. */
export const CHART_DAYS = 14;

const parts = madeOnce(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: EARNINGS_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
);

function londonFields(at: Date) {
  const f = Object.fromEntries(
    parts()
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    y: Number(f.year),
    m: Number(f.month),
    d: Number(f.day),
    h: Number(f.hour),
    min: Number(f.minute),
    s: Number(f.second),
  };
}

/** London's offset from UTC at an instant, in minutes (0 in winter, 60 in summer). */
export function londonOffsetMinutes(at: Date): number {
  const f = londonFields(at);
  const asUtc = Date.UTC(f.y, f.m - 1, f.d, f.h, f.min, f.s);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The London calendar date of an instant, as YYYY-MM-DD. */
export function londonDateKey(at: Date): string {
  const f = londonFields(at);
  return `${f.y}-${pad(f.m)}-${pad(f.d)}`;
}

function keyToUtcMidnight(key: string): number {
  const [y, m, d] = key.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

/**
 * The instant a London calendar date begins. Clocks change at 01:00 UTC, never at midnight, so
 * the offset at UTC midnight of the date is the offset at London midnight.
 */
export function londonMidnight(key: string): Date {
  const utc = keyToUtcMidnight(key);
  return new Date(utc - londonOffsetMinutes(new Date(utc)) * 60_000);
}

/** A date key moved by whole days. */
export function addDays(key: string, days: number): string {
  const d = new Date(keyToUtcMidnight(key) + days * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export type EarningsPeriods = { todayStart: Date; weekStart: Date; monthStart: Date };

/** Where today, this week (from Sunday) and this month begin, in London, for an instant. */
export function earningsPeriods(now: Date): EarningsPeriods {
  const today = londonDateKey(now);
  const weekday = new Date(keyToUtcMidnight(today)).getUTCDay(); // 0 = Sunday
  return {
    todayStart: londonMidnight(today),
    weekStart: londonMidnight(addDays(today, -weekday)),
    monthStart: londonMidnight(`${today.slice(0, 8)}01`),
  };
}

/** The chart's days, oldest first, ending today (London). */
export function chartDays(now: Date, days = CHART_DAYS): string[] {
  const today = londonDateKey(now);
  return Array.from({ length: days }, (_, i) => addDays(today, i - (days - 1)));
}

/** Totals per London day for the chart; earnings outside the days are left out. */
export function totalsByDay(
  rows: readonly { createdAt: Date; totalMinor: number }[],
  days: readonly string[],
): { date: string; totalMinor: number }[] {
  const sums = new Map(days.map((d) => [d, 0]));
  for (const r of rows) {
    const key = londonDateKey(r.createdAt);
    const current = sums.get(key);
    if (current !== undefined) sums.set(key, current + r.totalMinor);
  }
  return days.map((date) => ({ date, totalMinor: sums.get(date) ?? 0 }));
}
