import { type GeoPoint, distanceKm } from './geo';
import type { OrderType } from './order-flow';

/** Straight-line fallback speeds in km/h (docs/product/customer.md#lateness); an unknown vehicle travels as a car. */
export const VEHICLE_SPEEDS_KMH = { bike: 15, scooter: 25, car: 30, motorcycle: 35 } as const;
export type EtaVehicle = keyof typeof VEHICLE_SPEEDS_KMH;

export const MIN_TRAVEL_MINUTES = 5;
/** The kitchen's time before a partner chooses one on accepting (docs/product/partner.md#orders-console). */
export const DEFAULT_PREP_MINUTES = 20;
export const PREP_TIME_CHOICES = [10, 15, 20, 25, 30] as const;
export type PrepTime = (typeof PREP_TIME_CHOICES)[number];

/** The stored estimated_delivery_time in minutes (docs/product/customer.md#lateness). */
export const ESTIMATED_TIME_MINUTES: Record<OrderType, number> = { DELIVERY: 40, PICKUP: 25 };

export const LATE_EXTENSION_MINUTES = 4;
export const TICKET_AFTER_MINUTES = 12;
export const LATE_CHECK_INTERVAL_MS = 60_000;

/** What the customer reads when the lateness check moves the ETA (docs/product/customer.md#lateness). */
export const LATE_MESSAGE = {
  title: 'Order Update',
  body: "Your order is taking longer than expected. We've added extra time to your estimate.",
} as const;

const MINUTE = 60_000;

/** The speed of a vehicle, defaulting to a car for anything unknown or missing. */
export function vehicleSpeedKmh(vehicle: string | null | undefined): number {
  return vehicle && vehicle in VEHICLE_SPEEDS_KMH ? VEHICLE_SPEEDS_KMH[vehicle as EtaVehicle] : VEHICLE_SPEEDS_KMH.car;
}

/** Travel minutes for a straight-line distance: rounded up, never under 5. */
export function travelMinutes(km: number, vehicle?: string | null): number {
  // A hair of tolerance so float noise (24.000000001) does not round a whole minute up.
  const minutes = Math.ceil((km * 60) / vehicleSpeedKmh(vehicle) - 1e-9);
  return Math.max(MIN_TRAVEL_MINUTES, minutes);
}

/** 'maps_api' when a routing service measured the trip, 'fallback' for the straight-line estimate. */
export type TravelEstimate = { distanceKm: number; travelTimeMinutes: number; source: 'maps_api' | 'fallback' };

/** The straight-line estimate used when no maps service answers (Earth radius 6371 km). */
export function straightLineEstimate(from: GeoPoint, to: GeoPoint, vehicle?: string | null): TravelEstimate {
  const km = distanceKm(from, to);
  return { distanceKm: Math.round(km * 100) / 100, travelTimeMinutes: travelMinutes(km, vehicle), source: 'fallback' };
}

/** The arrival time: now plus the kitchen's prep time plus travel (0 for pickup). */
export function etaFrom(now: Date, prepMinutes: number, travelMinutesValue: number | null): Date {
  return new Date(now.getTime() + (prepMinutes + (travelMinutesValue ?? 0)) * MINUTE);
}

/** The stored estimate as the window shown to the customer: 40 -> 35-45, 25 -> 20-30. */
export function estimateWindow(minutes: number): { min: number; max: number; text: string } {
  const min = Math.max(0, minutes - 5);
  const max = minutes + 5;
  return { min, max, text: `${min}-${max} min` };
}

export type EtaState = { initialEta: Date; currentEta: Date; isLate: boolean; csTicketCreated: boolean };

export type LatenessDecision = {
  /** The current ETA has passed and the order was not yet late: mark it and tell the customer. */
  markLate: boolean;
  currentEta: Date;
  /** More than 12 minutes past the initial ETA and no ticket yet: raise one. */
  raiseTicket: boolean;
};

/**
 * The lateness rules (docs/product/customer.md#lateness). The new ETA is 4 minutes ahead of the later of the
 * passed ETA and now, so a check delayed by a restart never sets an ETA already in the past.
 */
export function evaluateLateness(eta: EtaState, now: Date): LatenessDecision {
  const markLate = !eta.isLate && eta.currentEta.getTime() <= now.getTime();
  const currentEta = markLate
    ? new Date(Math.max(eta.currentEta.getTime(), now.getTime()) + LATE_EXTENSION_MINUTES * MINUTE)
    : eta.currentEta;
  const raiseTicket = !eta.csTicketCreated && now.getTime() > eta.initialEta.getTime() + TICKET_AFTER_MINUTES * MINUTE;
  return { markLate, currentEta, raiseTicket };
}

/**
 * Whether the customer is told the order is running late (docs/product/customer.md#lateness): once
 * the server has marked it late, or as soon as its current ETA has passed by the very rule the
 * server's check applies (evaluateLateness), so the page does not wait up to a minute for that check.
 */
export function runningLate(eta: EtaState, now: Date): boolean {
  return eta.isLate || evaluateLateness(eta, now).markLate;
}
