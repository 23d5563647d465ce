import { formatFee, formatPence, groupedInteger } from '../../domain/money';
import { MONTH_NAMES, londonCalendarDate } from '../../domain/london-calendar';
import { madeOnce } from '../../domain/made-once';

const LONDON = 'Europe/London';

/** Integer pence as pounds: 399 -> "£3.99". */
export function formatPrice(pence: number): string {
  return formatPence(pence);
}

/** A delivery fee in pence; 0 or missing reads "Free". */
export function formatDeliveryFee(pence: number | null | undefined): string {
  return formatFee(pence);
}

const dateTime = madeOnce(
  () => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: LONDON }),
);
const time = madeOnce(() => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: LONDON }));

/** A moment in London time: "21 Nov 2025, 18:05". */
export function formatDateTime(value: string | Date): string {
  return dateTime().format(typeof value === 'string' ? new Date(value) : value);
}

/** A clock time in London: "18:05". */
export function formatTime(value: string | Date): string {
  return time().format(typeof value === 'string' ? new Date(value) : value);
}

const clock = madeOnce(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZone: LONDON,
    }),
);

/** A clock time in London to the second, for screens that change live: "18:05:42". */
export function formatClockTime(value: string | Date): string {
  return clock().format(typeof value === 'string' ? new Date(value) : value);
}

/** A distance in miles with one decimal: "2.4 miles". */
export function formatMiles(miles: number): string {
  return `${miles.toFixed(1)} ${miles === 1 ? 'mile' : 'miles'}`;
}

const date = madeOnce(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: LONDON }),
);
const shortDate = madeOnce(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: LONDON,
    }),
);
const wholeNumber = madeOnce(() => new Intl.NumberFormat('en-GB'));

/** A calendar date in London: "21 November 2025" (by the calendar rule without `Intl` where it holds). */
export function formatDate(value: string | Date): string {
  const at = typeof value === 'string' ? new Date(value) : value;
  const d = londonCalendarDate(at);
  return d ? `${d.day} ${MONTH_NAMES[d.month - 1]} ${d.year}` : date().format(at);
}

/** A short calendar date in London: "21 Nov 2025". */
export function formatShortDate(value: string | Date): string {
  return shortDate().format(typeof value === 'string' ? new Date(value) : value);
}

/** A count the en-GB way: 1144900 -> "1,144,900" (whole numbers without `Intl`). */
export function formatNumber(value: number): string {
  return Number.isSafeInteger(value) ? groupedInteger(value) : wholeNumber().format(value);
}

/** A distance in kilometres with one decimal: "2.4 km". */
export function formatKm(km: number): string {
  return `${km.toFixed(1)} km`;
}

/** A population in millions with one decimal: 8799700 -> "8.8M". */
export function formatMillions(value: number): string {
  return `${(value / 1_000_000).toFixed(1)}M`;
}
