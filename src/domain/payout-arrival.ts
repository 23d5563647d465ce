/**
 * When a cash-out reaches the driver's bank (docs/product/driver.md#earnings,
 * docs/decisions/0215-cash-out-without-a-fee.md): finance sends every request by bank transfer
 * within two working days, so the driver is told the date, not a promise of minutes.
 */
import { MONTH_NAMES, londonCalendarDate } from './london-calendar';

/** Working days finance has to send a requested payout. */
export const PAYOUT_WORKING_DAYS = 2;

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);
const weekday = (ms: number) => new Date(ms).getUTCDay();

/** Easter Sunday of a year (anonymous Gregorian algorithm), as UTC midnight. */
function easterSunday(y: number): number {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utc(y, month, day);
}

const firstMonday = (y: number, m: number) => {
  const first = utc(y, m, 1);
  return first + ((8 - weekday(first)) % 7) * DAY;
};
const lastMonday = (y: number, m: number) => {
  const last = utc(y, m + 1, 0);
  return last - ((weekday(last) + 6) % 7) * DAY;
};

/**
 * England and Wales bank holidays of a year by the standing rules (ISO dates): New Year's Day, Good
 * Friday, Easter Monday, the early May, spring and summer Mondays, Christmas and Boxing Day, each
 * moved to the next free weekday when it falls at a weekend. One-off holidays are not known.
 */
export function bankHolidays(y: number): Set<string> {
  const easter = easterSunday(y);
  const out = new Set<string>([
    iso(easter - 2 * DAY),
    iso(easter + DAY),
    iso(firstMonday(y, 5)),
    iso(lastMonday(y, 5)),
    iso(lastMonday(y, 8)),
  ]);
  const newYear = utc(y, 1, 1);
  out.add(iso(newYear + (weekday(newYear) === 6 ? 2 : weekday(newYear) === 0 ? 1 : 0) * DAY));
  const christmas = utc(y, 12, 25);
  const cw = weekday(christmas);
  // Sat: Mon 27 and Tue 28; Sun: Tue 27 (Boxing Day Mon 26); Fri: Boxing Day Mon 28.
  const christmasDay = christmas + (cw === 6 ? 2 : cw === 0 ? 2 : 0) * DAY;
  const boxing = utc(y, 12, 26);
  const bw = weekday(boxing);
  const boxingDay = cw === 6 ? christmas + 3 * DAY : bw === 6 ? boxing + 2 * DAY : bw === 0 ? boxing + DAY : boxing;
  out.add(iso(christmasDay));
  out.add(iso(boxingDay));
  return out;
}

/** Whether a London calendar date (UTC midnight of it) is a working day: Monday to Friday, not a bank holiday. */
function isWorkingDay(ms: number): boolean {
  const wd = weekday(ms);
  return wd !== 0 && wd !== 6 && !bankHolidays(new Date(ms).getUTCFullYear()).has(iso(ms));
}

/**
 * The London date (YYYY-MM-DD) by which a payout requested at `requestedAt` reaches the bank: the
 * second working day after the day of the request (a Friday's request arrives by Tuesday, a
 * Saturday's by Tuesday too).
 */
export function payoutArrivesBy(requestedAt: Date): string {
  const d = londonCalendarDate(requestedAt) ?? {
    year: requestedAt.getUTCFullYear(),
    month: requestedAt.getUTCMonth() + 1,
    day: requestedAt.getUTCDate(),
  };
  let ms = utc(d.year, d.month, d.day);
  for (let left = PAYOUT_WORKING_DAYS; left > 0;) {
    ms += DAY;
    if (isWorkingDay(ms)) left--;
  }
  return iso(ms);
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** An arrival date (YYYY-MM-DD) the en-GB way, with its weekday: "Tuesday 1 December 2026". */
export function formatArrivalDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return `${WEEKDAY_NAMES[weekday(utc(y, m, d))]} ${d} ${MONTH_NAMES[m - 1]} ${y}`;
}
