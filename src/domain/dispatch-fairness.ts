import type { DispatchDriver } from './dispatch';

/**
 * Fairness by earnings per online hour (docs/decisions/0283-learned-travel-and-fair-earnings.md): a driver's
 * earnings count over their current online session, at most its last 8 hours, so a long session's
 * quiet start does not hold them down all evening and going offline and back starts afresh.
 */
export const EARNINGS_WINDOW_HOURS = 8;
/** The dispatcher's score counts earnings only after this many minutes online (src/domain/dispatch.ts). */
export const FAIRNESS_MIN_ONLINE_MINUTES = 30;

/**
 * The fleet's mean earnings per online hour in pence, over the drivers online long enough to count
 * (0 when none is): each driver's own rate weighs the same, however long they have been online.
 */
export function fleetMeanPerHourMinor(drivers: readonly Pick<DispatchDriver, 'earnedMinor' | 'onlineMinutes'>[]) {
  const counted = drivers.filter((d) => d.onlineMinutes >= FAIRNESS_MIN_ONLINE_MINUTES);
  if (!counted.length) return 0;
  const total = counted.reduce((sum, d) => sum + (d.earnedMinor * 60) / d.onlineMinutes, 0);
  return Math.round(total / counted.length);
}
