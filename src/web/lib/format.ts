import { formatFee, formatPence } from '../../domain/money';

const LONDON = 'Europe/London';

/** Integer pence as pounds: 399 -> "£3.99". */
export function formatPrice(pence: number): string {
  return formatPence(pence);
}

/** A delivery fee in pence; 0 or missing reads "Free". */
export function formatDeliveryFee(pence: number | null | undefined): string {
  return formatFee(pence);
}

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: LONDON });
const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: LONDON });

/** A moment in London time: "21 Nov 2025, 18:05". */
export function formatDateTime(value: string | Date): string {
  return dateTime.format(typeof value === 'string' ? new Date(value) : value);
}

/** A clock time in London: "18:05". */
export function formatTime(value: string | Date): string {
  return time.format(typeof value === 'string' ? new Date(value) : value);
}

/** A distance in miles with one decimal: "2.4 miles". */
export function formatMiles(miles: number): string {
  return `${miles.toFixed(1)} ${miles === 1 ? 'mile' : 'miles'}`;
}
