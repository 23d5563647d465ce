import { DEFAULT_PREP_MINUTES } from './eta';
import { type OpeningHours, WEEKDAYS, type Weekday, minutesOf } from './opening-hours';
import type { OrderType } from './order-flow';
import { madeOnce } from './made-once';

/**
 * Orders for later (docs/product/customer.md#order-for-later): the slots a branch offers, on the
 * Europe/London clock, and when a scheduled order enters the normal flow
 * (docs/decisions/0166-scheduled-orders.md, docs/decisions/0167-iftar-and-jumuah-slots.md).
 * Pure: the prayer times come in from the server, which computes them with a library.
 */

/** Every slot is 30 minutes long; ordinary slots start on the hour and the half hour. */
export const SLOT_MINUTES = 30;
/** The latest slot starts at most this many days after now. */
export const MAX_DAYS_AHEAD = 7;
/** The earliest slot starts at least this long after the order is placed. */
export const MIN_LEAD_MINUTES = 60;
/** Time the restaurant has to accept before the kitchen must start. */
export const ACCEPT_BUFFER_MINUTES = 10;
/** A delivery whose travel time is unknown is planned with this many minutes on the road. */
export const UNKNOWN_TRAVEL_MINUTES = 20;
/** The "After Jumu'ah" slot starts this long after the start of Dhuhr on a Friday. */
export const JUMUAH_AFTER_DHUHR_MINUTES = 60;
/** The calculation method named next to the iftar and Jumu'ah slots. */
export const PRAYER_METHOD_NAME = 'Moonsighting Committee';

export const SLOT_KINDS = ['standard', 'iftar', 'jumuah'] as const;
export type SlotKind = (typeof SLOT_KINDS)[number];

export const SLOT_KIND_LABELS: Record<SlotKind, string> = {
  standard: 'Scheduled',
  iftar: 'Arrive for iftar',
  jumuah: "After Jumu'ah",
};

export const SCHEDULE_MESSAGES = {
  asap: 'As soon as possible',
  later: 'Schedule for later',
  slotUnavailable: 'That time slot is no longer available. Please choose another.',
  noSlots: 'No time slots in the next 7 days',
} as const;

/** Start and end of the two prayers the special slots follow, for one London date. */
export type PrayerTimesOfDay = { dhuhr: Date; maghrib: Date };
/** The prayer times of a London date ("2026-11-27"); null where the server has no location. */
export type PrayerTimesLookup = (londonDate: string) => PrayerTimesOfDay | null;

export type Slot = {
  /** ISO instants. */
  start: string;
  end: string;
  kind: SlotKind;
  /** The London date the slot belongs to ("2026-11-27"). */
  date: string;
  /** For iftar and Jumu'ah: how the time was found, e.g. "Maghrib 16:05, by the Moonsighting Committee method". */
  note: string | null;
};

const MINUTE = 60_000;

const LONDON_PARTS = madeOnce(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

/** The wall clock in London at `at`: its date ("2026-11-27") and the minute of that day. */
export function londonWallClock(at: Date): { date: string; minute: number } {
  const p = Object.fromEntries(
    LONDON_PARTS()
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return { date: `${p.year}-${p.month}-${p.day}`, minute: Number(p.hour) * 60 + Number(p.minute) };
}

/** Days added to a calendar date, as a calendar date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split('-').map(Number);
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7];
}

/**
 * The instant at which London's clocks show `minute` past midnight on `date`, or null for a time
 * that does not exist (the hour skipped when British Summer Time starts). A time that happens
 * twice (the hour repeated when it ends) is its first occurrence.
 */
export function londonWallToInstant(date: string, minute: number): Date | null {
  const [y, m, d] = date.split('-').map(Number);
  const asUtc = Date.UTC(y, m - 1, d, 0, minute);
  // London is UTC or UTC+1: try the summer reading first, so a repeated time is its first occurrence.
  for (const offset of [60, 0]) {
    const at = new Date(asUtc - offset * MINUTE);
    const wall = londonWallClock(at);
    const wantDate = addDays(date, Math.floor(minute / 1440));
    if (wall.date === wantDate && wall.minute === minute % 1440) return at;
  }
  return null;
}

/**
 * The stretches of a London date during which the branch is open, as minutes of that day: today's
 * hours (to midnight when they run past it) and the part after midnight of yesterday's.
 */
export function openIntervals(hours: OpeningHours, date: string): [number, number][] {
  const out: [number, number][] = [];
  const yesterday = hours[weekdayOf(addDays(date, -1))];
  if (yesterday && !yesterday.closed && minutesOf(yesterday.close) <= minutesOf(yesterday.open)) {
    const close = minutesOf(yesterday.close);
    if (close > 0) out.push([0, close]);
  }
  const today = hours[weekdayOf(date)];
  if (today && !today.closed) {
    const open = minutesOf(today.open);
    const close = minutesOf(today.close);
    out.push([open, close > open ? close : 1440]);
  }
  return out;
}

/** Wall-clock time "16:05" of an instant in London. */
export function londonTimeText(at: Date): string {
  const m = londonWallClock(at).minute;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

function floorToMinute(at: Date): Date {
  return new Date(Math.floor(at.getTime() / MINUTE) * MINUTE);
}

/** Whether [start, end) lies inside one open stretch of `date` (end may touch the closing time). */
function insideHours(hours: OpeningHours, date: string, start: Date, end: Date): boolean {
  const s = londonWallClock(start);
  const e = londonWallClock(end);
  if (s.date !== date) return false;
  const endMinute = e.date === date ? e.minute : e.date === addDays(date, 1) && e.minute === 0 ? 1440 : -1;
  if (endMinute < s.minute) return false;
  return openIntervals(hours, date).some(([a, b]) => s.minute >= a && endMinute <= b);
}

export type SlotInput = {
  openingHours: OpeningHours;
  now: Date;
  /** The branch's prayer times by London date; without it no iftar or Jumu'ah slots are offered. */
  prayerTimes?: PrayerTimesLookup;
};

/**
 * Every slot the branch offers from now: 30-minute slots on the hour and half hour inside its
 * opening hours, an "Arrive for iftar" slot ending at Maghrib each day and, on Fridays, an "After
 * Jumu'ah" slot starting an hour after Dhuhr, each inside the opening hours, starting at least an
 * hour from now and at most 7 days ahead. Sorted by start.
 */
export function generateSlots({ openingHours, now, prayerTimes }: SlotInput): Slot[] {
  const earliest = now.getTime() + MIN_LEAD_MINUTES * MINUTE;
  const latest = now.getTime() + MAX_DAYS_AHEAD * 1440 * MINUTE;
  const inRange = (start: Date) => start.getTime() >= earliest && start.getTime() <= latest;
  const today = londonWallClock(now).date;
  const slots: Slot[] = [];
  for (let day = 0; day <= MAX_DAYS_AHEAD; day++) {
    const date = addDays(today, day);
    for (const [a, b] of openIntervals(openingHours, date)) {
      for (let m = Math.ceil(a / SLOT_MINUTES) * SLOT_MINUTES; m + SLOT_MINUTES <= b; m += SLOT_MINUTES) {
        const start = londonWallToInstant(date, m);
        if (!start || !inRange(start)) continue;
        const end = new Date(start.getTime() + SLOT_MINUTES * MINUTE);
        slots.push({ start: start.toISOString(), end: end.toISOString(), kind: 'standard', date, note: null });
      }
    }
    const prayers = prayerTimes?.(date);
    if (!prayers) continue;
    const iftarEnd = floorToMinute(prayers.maghrib);
    const iftarStart = new Date(iftarEnd.getTime() - SLOT_MINUTES * MINUTE);
    if (inRange(iftarStart) && insideHours(openingHours, date, iftarStart, iftarEnd)) {
      slots.push({
        start: iftarStart.toISOString(),
        end: iftarEnd.toISOString(),
        kind: 'iftar',
        date,
        note: `Maghrib ${londonTimeText(iftarEnd)}, by the ${PRAYER_METHOD_NAME} method`,
      });
    }
    if (weekdayOf(date) === 'friday') {
      const dhuhr = floorToMinute(prayers.dhuhr);
      const start = new Date(dhuhr.getTime() + JUMUAH_AFTER_DHUHR_MINUTES * MINUTE);
      const end = new Date(start.getTime() + SLOT_MINUTES * MINUTE);
      if (inRange(start) && insideHours(openingHours, date, start, end)) {
        slots.push({
          start: start.toISOString(),
          end: end.toISOString(),
          kind: 'jumuah',
          date,
          note: `An hour after Dhuhr (${londonTimeText(dhuhr)}), by the ${PRAYER_METHOD_NAME} method`,
        });
      }
    }
  }
  return slots.sort(
    (x, y) => x.start.localeCompare(y.start) || SLOT_KINDS.indexOf(x.kind) - SLOT_KINDS.indexOf(y.kind),
  );
}

/** The offered slot a customer chose (same start and kind), or null when it is not on offer. */
export function findSlot(slots: readonly Slot[], chosen: { start: string; kind: SlotKind }): Slot | null {
  const at = new Date(chosen.start).getTime();
  if (Number.isNaN(at)) return null;
  return slots.find((s) => s.kind === chosen.kind && new Date(s.start).getTime() === at) ?? null;
}

/**
 * When a scheduled order enters the normal flow (docs/decisions/0166-scheduled-orders.md): early
 * enough for the restaurant to accept (10 minutes), cook (20 minutes, plus any busy-mode minutes)
 * and, for delivery, drive (the travel estimate, 20 minutes when unknown) before the slot starts.
 * Never before the order was placed.
 */
export function entersFlowAt(input: {
  slotStart: Date;
  orderType: OrderType;
  travelMinutes: number | null;
  busyExtraMinutes?: number;
  placedAt: Date;
}): Date {
  const travel = input.orderType === 'DELIVERY' ? (input.travelMinutes ?? UNKNOWN_TRAVEL_MINUTES) : 0;
  const lead = ACCEPT_BUFFER_MINUTES + DEFAULT_PREP_MINUTES + (input.busyExtraMinutes ?? 0) + travel;
  return new Date(Math.max(input.placedAt.getTime(), input.slotStart.getTime() - lead * MINUTE));
}

const SLOT_DAY = madeOnce(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    }),
);

/** "Thu 26 Nov, 15:35–16:05": a slot as every screen and the receipt show it (London time). */
export function slotWindowText(slot: { start: string | Date; end: string | Date }): string {
  const start = new Date(slot.start);
  return `${SLOT_DAY().format(start)}, ${londonTimeText(start)}–${londonTimeText(new Date(slot.end))}`;
}

/** "Arrive for iftar: Thu 26 Nov, 15:35–16:05", or "Scheduled: …" for an ordinary slot. */
export function slotText(slot: { start: string | Date; end: string | Date; kind: SlotKind }): string {
  return `${SLOT_KIND_LABELS[slot.kind]}: ${slotWindowText(slot)}`;
}

const DAY_NAME = madeOnce(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    }),
);

/** A London date as the day picker names it: "Today (Wed 25 Nov)", "Tomorrow (Thu 26 Nov)", "Fri 27 Nov". */
export function slotDayText(date: string, now: Date): string {
  const [y, m, d] = date.split('-').map(Number);
  const name = DAY_NAME().format(new Date(Date.UTC(y, m - 1, d, 12)));
  const today = londonWallClock(now).date;
  if (date === today) return `Today (${name})`;
  if (date === addDays(today, 1)) return `Tomorrow (${name})`;
  return name;
}

/** A slot as the time picker lists it: "18:00–18:30", "Arrive for iftar (15:35–16:05)". */
export function slotOptionText(slot: { start: string; end: string; kind: SlotKind }): string {
  const window = `${londonTimeText(new Date(slot.start))}–${londonTimeText(new Date(slot.end))}`;
  return slot.kind === 'standard' ? window : `${SLOT_KIND_LABELS[slot.kind]} (${window})`;
}

/**
 * Checkout's estimate line for an order for later (docs/product/customer.md#checkout): the chosen
 * slot instead of the as-soon-as-possible window, "Scheduled delivery: Thu 26 Nov, 15:35–16:05
 * (Arrive for iftar)" or "Ready for collection: Thu 26 Nov, 18:00–18:30". Every slot lasts
 * SLOT_MINUTES, so the start and kind checkout holds are enough.
 */
export function scheduledEstimateText(orderType: OrderType, slot: { start: string; kind: SlotKind }): string {
  const start = new Date(slot.start);
  const window = slotWindowText({ start, end: new Date(start.getTime() + SLOT_MINUTES * 60_000) });
  const label = orderType === 'DELIVERY' ? 'Scheduled delivery' : 'Ready for collection';
  return `${label}: ${window}${slot.kind === 'standard' ? '' : ` (${SLOT_KIND_LABELS[slot.kind]})`}`;
}
