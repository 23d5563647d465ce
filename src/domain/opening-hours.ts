import { madeOnce } from './made-once';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Local (Europe/London) times as HH:MM; a close earlier than open runs past midnight. */
export type DayHours = { open: string; close: string; closed: boolean };
export type OpeningHours = Record<Weekday, DayHours>;

/** The site defaults: 09:00 to 22:00, Sunday 10:00 to 21:00 (docs/product/partner.md#locations). */
export function defaultOpeningHours(): OpeningHours {
  const day: DayHours = { open: '09:00', close: '22:00', closed: false };
  return {
    monday: { ...day },
    tuesday: { ...day },
    wednesday: { ...day },
    thursday: { ...day },
    friday: { ...day },
    saturday: { ...day },
    sunday: { open: '10:00', close: '21:00', closed: false },
  };
}

const LONDON_PARTS = madeOnce(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

/**
 * The minute of the day of an "HH:MM" time. Read without splitting: a search judges every card's
 * hours, and the split's arrays were a measurable share of an uncached search's time.
 */
export function minutesOf(hhmm: string): number {
  const colon = hhmm.indexOf(':');
  return Number(hhmm.slice(0, colon)) * 60 + Number(hhmm.slice(colon + 1));
}

// A search judges hundreds of branches at one instant: the London clock is read once for it.
let lastClock: { at: number; today: Weekday; now: number } | null = null;

/** The weekday and the minute of the day on the Europe/London clock at `at`. */
export function londonClock(at: Date): { today: Weekday; now: number } {
  if (lastClock?.at === at.getTime()) return lastClock;
  const parts = Object.fromEntries(
    LONDON_PARTS()
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  lastClock = {
    at: at.getTime(),
    today: String(parts.weekday).toLowerCase() as Weekday,
    now: Number(parts.hour) * 60 + Number(parts.minute),
  };
  return lastClock;
}

/** Whether a site with these hours is open at `at`, judged on the Europe/London clock. */
export function isWithinOpeningHours(hours: OpeningHours, at: Date): boolean {
  const { today, now } = londonClock(at);
  const yesterday = WEEKDAYS[(WEEKDAYS.indexOf(today) + 6) % 7];
  const t = hours[today];
  if (t && !t.closed) {
    const open = minutesOf(t.open);
    const close = minutesOf(t.close);
    if (close > open ? now >= open && now < close : now >= open) return true;
  }
  const y = hours[yesterday];
  if (y && !y.closed) {
    const open = minutesOf(y.open);
    const close = minutesOf(y.close);
    if (close <= open && now < close) return true;
  }
  return false;
}
