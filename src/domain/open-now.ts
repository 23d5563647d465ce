import { type OpeningHours, isWithinOpeningHours } from './opening-hours';

/** What decides whether a branch takes orders right now. */
export type OpenState = {
  /** The partner's open/closed switch. */
  isOpen: boolean;
  openingHours: OpeningHours;
  /** A temporary pause ("busy, back at 19:30"); null when not paused. */
  pausedUntil: Date | null;
};

/**
 * "Open Now" (docs/product/customer.md#filters): the branch's switch is on, the London clock is inside today's
 * opening hours, and it is not paused. Cards, the Open Now filter and the "Closed" overlay all
 * use this one rule.
 */
export function isOpenNow(site: OpenState, now: Date): boolean {
  if (!site.isOpen) return false;
  if (site.pausedUntil && site.pausedUntil.getTime() > now.getTime()) return false;
  return isWithinOpeningHours(site.openingHours, now);
}
