/**
 * Dispatch by distance (docs/decisions/0158-dispatch-by-distance.md, docs/product/driver.md#jobs-board):
 * a driver sees an open job when its pickup is within both their own radius and the job's reach,
 * measured from their centre (a freshly shared position, else their postcode's centre). A job's
 * reach starts small and widens step by step while nobody takes it.
 */

/** The radius a driver may choose, in whole miles. */
export const JOB_RADIUS_MIN_MILES = 1;
export const JOB_RADIUS_MAX_MILES = 10;
export const JOB_RADIUS_DEFAULT_MILES = 3;

/** A new job first reaches drivers this close to its pickup. */
export const REACH_START_MILES = 3;
/** Each step adds this much reach… */
export const REACH_STEP_MILES = 1;
/** …every this many minutes the job stays untaken… */
export const REACH_STEP_MINUTES = 2;
/** …up to this cap (the largest radius a driver may choose). */
export const REACH_MAX_MILES = JOB_RADIUS_MAX_MILES;

/** A shared position older than this no longer centres the board; the postcode's centre does. */
export const POSITION_FRESH_MINUTES = 15;

/** How far a job offered at `offeredAt` reaches at `now`, in miles. */
export function jobReachMiles(offeredAt: Date, now: Date): number {
  const minutes = Math.max(0, (now.getTime() - offeredAt.getTime()) / 60_000);
  const steps = Math.floor(minutes / REACH_STEP_MINUTES);
  return Math.min(REACH_MAX_MILES, REACH_START_MILES + steps * REACH_STEP_MILES);
}

/** Whether a driver `distanceMiles` from the pickup sees the job. */
export function seesJob(distanceMiles: number, radiusMiles: number, reachMiles: number): boolean {
  return distanceMiles <= Math.min(radiusMiles, reachMiles);
}

/** Whether a whole-mile radius is one a driver may choose. */
export function isJobRadius(miles: number): boolean {
  return Number.isInteger(miles) && miles >= JOB_RADIUS_MIN_MILES && miles <= JOB_RADIUS_MAX_MILES;
}

/** Whether a position taken at `locatedAt` is still fresh enough to stand for where the driver is at `now`. */
export function isPositionFresh(locatedAt: Date | null, now: Date): boolean {
  return locatedAt !== null && locatedAt.getTime() > now.getTime() - POSITION_FRESH_MINUTES * 60_000;
}
