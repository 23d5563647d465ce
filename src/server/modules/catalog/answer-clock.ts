import { londonClock } from '../../../domain/opening-hours';

/**
 * The instants at which a search or restaurant answer may change with the clock alone, for one
 * state of the catalog (docs/decisions/0178-fast-uncached-search.md). What in those answers
 * depends on the time:
 *
 * - open or closed and the "Opens at" of a card (domain/open-now.ts, domain/next-opening.ts): they
 *   move only when the London clock reaches a branch's opening or closing minute, when a pause
 *   ends, or when the London date changes ("tomorrow", days ahead);
 * - the derived halal status and last verification (halal-status-sql.ts): by the London date;
 * - the search's "Open Now" chip, its order (open first) and its total: the open state of every
 *   branch of the city or box, not only the page's.
 *
 * So an answer made at `t` stays true until the first of: the next minute of the day, on the
 * London clock, at which any branch of any city opens or closes (every day's times are taken
 * together: a superset only ends entries earlier), the next end of any pause, and the next whole
 * UTC hour. The London date changes only at a whole UTC hour (its offset is 0 or 1 hour) and so do
 * the clock changes of March and October (01:00 UTC): inside one UTC hour the London clock runs
 * evenly, and a boundary minute is simply so many minutes away.
 */
export type AnswerClock = {
  /** Minutes of the day (0 to 1439) at which some branch opens or closes, any weekday, ascending. */
  minutes: readonly number[];
  /** Every pause's end (ms since the epoch, as JS reads the timestamp), ascending. */
  pauseEnds: readonly number[];
};

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** The first value of an ascending list greater than `x`, or null (binary search). */
function firstAbove(list: readonly number[], x: number): number | null {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length ? list[lo] : null;
}

/**
 * The first instant after `now` (ms) at which an answer made at `now` may differ. Two instants
 * with the same value lie between the same two boundaries, so they get the same answers: the
 * response cache keys its entries by this value instead of the minute.
 */
export function nextAnswerChange(clock: AnswerClock, now: number): number {
  let until = Math.floor(now / HOUR_MS) * HOUR_MS + HOUR_MS;
  const { now: minute } = londonClock(new Date(now));
  const boundary = firstAbove(clock.minutes, minute);
  if (boundary !== null) {
    until = Math.min(until, Math.floor(now / MINUTE_MS) * MINUTE_MS + (boundary - minute) * MINUTE_MS);
  }
  const pauseEnd = firstAbove(clock.pauseEnds, now);
  if (pauseEnd !== null) until = Math.min(until, pauseEnd);
  return until;
}
