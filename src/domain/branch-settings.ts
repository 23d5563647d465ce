import { type DayHours, type OpeningHours, WEEKDAYS } from './opening-hours';

/** Branch settings rules (docs/product/partner.md#branch-settings), shared by the settings page and the server. */

export const MAX_RADIUS_KM = 20;
export const MIN_RADIUS_KM = 0.5;
export const DEFAULT_RADIUS_KM = 5;

/** Busy mode: minutes added to the kitchen's time and every ETA a customer sees. */
export const BUSY_EXTRA_CHOICES = [0, 10, 15, 20, 30, 45] as const;
export const MAX_BUSY_EXTRA_MINUTES = 60;

/**
 * How long a new order may wait for the restaurant's answer before it is rejected with "The
 * restaurant did not respond" (docs/decisions/0126).
 */
export const RESPONSE_TIMEOUT = { defaultMinutes: 8, min: 2, max: 30 } as const;
export const RESPONSE_TIMEOUT_CHOICES = [2, 3, 5, 8, 10, 15, 20, 30] as const;

/**
 * How long after acceptance a delivery order may wait for a driver before the customer is offered
 * pickup or cancellation and support gets a ticket (docs/decisions/0134-no-driver-found.md).
 */
export const DRIVER_SEARCH = { defaultMinutes: 10, min: 1, max: 60 } as const;
export const DRIVER_SEARCH_CHOICES = [5, 10, 15, 20, 30, 45, 60] as const;

/** Quick pause lengths offered next to "until a chosen time". */
export const PAUSE_CHOICES_MINUTES = [15, 30, 60, 120] as const;
/** A pause ends within a day; closing for longer is the open/closed switch. */
export const MAX_PAUSE_HOURS = 24;

export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A number typed into a settings field: non-numeric text becomes 0 (docs/product/partner.md#branch-settings). */
export function numberOrZero(text: string): number {
  const n = Number(text.trim());
  return text.trim() && Number.isFinite(n) ? n : 0;
}

/** Pounds typed into a settings field as pence, never below 0. */
export function poundsFieldToPence(text: string): number {
  return Math.max(0, Math.round(numberOrZero(text) * 100));
}

/**
 * The largest radius a branch may deliver to: the platform's "Max delivery radius" setting, never
 * more than the form's own 20 km (docs/decisions/0151-settings-that-act.md).
 */
export function radiusCap(maxDeliveryRadiusSetting: number): number {
  return Math.min(MAX_RADIUS_KM, maxDeliveryRadiusSetting);
}

/** The refusal for a radius over the cap, or null when it fits. */
export function radiusOverCap(km: number, cap: number): string | null {
  return roundRadius(km) > cap ? `Delivery radius is at most ${cap} km on HalalNosh` : null;
}

/** A radius rounded to 0.1 km (the create form's step). */
export function roundRadius(km: number): number {
  return Math.round(km * 10) / 10;
}

/**
 * The opening and closing time the settings page shows: the hours most open days share (ties go
 * to the earliest weekday); null when every day is closed.
 */
export function commonHours(hours: OpeningHours): { open: string; close: string } | null {
  const counts = new Map<string, number>();
  for (const day of WEEKDAYS) {
    const h = hours[day];
    if (h && !h.closed) counts.set(`${h.open}-${h.close}`, (counts.get(`${h.open}-${h.close}`) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [key, n] of counts) if (best === null || n > counts.get(best)!) best = key;
  if (!best) return null;
  const [open, close] = best.split('-');
  return { open, close };
}

/** The hours with every day that is not closed set to open-close; closed days stay closed. */
export function applyDailyHours(hours: OpeningHours, open: string, close: string): OpeningHours {
  const next = {} as OpeningHours;
  for (const day of WEEKDAYS) {
    const h: DayHours = hours[day] ?? { open, close, closed: false };
    next[day] = h.closed ? { ...h } : { open, close, closed: false };
  }
  return next;
}

/** Whether a pause is running at `now`. */
export function isPaused(pausedUntil: Date | string | null | undefined, now: Date): boolean {
  if (!pausedUntil) return false;
  return new Date(pausedUntil).getTime() > now.getTime();
}
