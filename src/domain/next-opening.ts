import { londonDate } from './halal-facts';
import type { OpenState } from './open-now';
import { WEEKDAYS, type Weekday, isWithinOpeningHours, londonClock, minutesOf } from './opening-hours';

/** When a closed branch next opens: the London weekday, its HH:MM and how many London days ahead. */
export type NextOpening = { weekday: Weekday; time: string; daysAhead: number };

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const DAY_MS = 86_400_000;

/**
 * The next time a branch that is closed at `now` opens, by its opening hours on the London clock
 * (docs/product/customer.md#restaurant-cards "Opens at"). Null when it is open now, when the partner's switch is
 * off (no one knows when they switch it back on) or when no day has hours. A pause ends at its
 * own minute when the hours are running then; otherwise the next day's opening after it counts.
 */
export function nextOpening(site: OpenState, now: Date): NextOpening | null {
  if (!site.isOpen) return null;
  const paused = site.pausedUntil && site.pausedUntil.getTime() > now.getTime() ? site.pausedUntil : null;
  if (!paused && isWithinOpeningHours(site.openingHours, now)) return null;
  const from = paused ?? now;
  const offset = paused ? Math.round((Date.parse(londonDate(paused)) - Date.parse(londonDate(now))) / DAY_MS) : 0;
  const clock = londonClock(from);
  if (paused && isWithinOpeningHours(site.openingHours, paused)) {
    return { weekday: clock.today, time: hhmm(clock.now), daysAhead: offset };
  }
  const start = WEEKDAYS.indexOf(clock.today);
  for (let d = 0; d <= 7; d++) {
    const weekday = WEEKDAYS[(start + d) % 7];
    const day = site.openingHours[weekday];
    if (!day || day.closed) continue;
    if (d === 0 && minutesOf(day.open) <= clock.now) continue;
    return { weekday, time: day.open, daysAhead: offset + d };
  }
  return null;
}

const DAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** The weekday's name as en-GB writes it ("Monday"). */
export function weekdayName(day: Weekday): string {
  return DAY_NAMES[day];
}

/** "Opens at 17:00" (today), "Opens tomorrow at 11:00", "Opens Monday at 11:00". */
export function nextOpeningLabel(next: NextOpening): string {
  if (next.daysAhead === 0) return `Opens at ${next.time}`;
  if (next.daysAhead === 1) return `Opens tomorrow at ${next.time}`;
  return `Opens ${DAY_NAMES[next.weekday]} at ${next.time}`;
}
