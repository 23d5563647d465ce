/**
 * Predictions you can check (docs/decisions/0277-learned-prep-and-checked-predictions.md): the kitchen's
 * preparation time learned from the branch's own history, and the error of every prediction against
 * what really happened (admin reports, docs/product/admin.md#reports).
 *
 * Prep: a kitchen chooses its prep time on accepting (docs/product/partner.md#orders-console), and a
 * kitchen that always runs three minutes over its choice at 19:00 will do so tonight. The prediction is
 * the choice plus the median overrun (ready time minus accept time, less the choice) of the branch's
 * orders accepted in the same hour of the day; with too few of those, of all its orders; with too few
 * of those, the choice alone (the rule before predictions).
 */

/** The branch's history counts for this many days back. */
export const PREP_HISTORY_DAYS = 28;
/** Orders needed at the same hour of the day before the hour's overrun is trusted… */
export const PREP_MIN_ORDERS_AT_HOUR = 5;
/** …or across all hours, before the branch's overall overrun is. */
export const PREP_MIN_ORDERS_ALL_HOURS = 10;
/** A predicted prep time is never under this. */
export const PREP_MIN_PREDICTED_MINUTES = 5;
/**
 * Minutes of handover at the pass and at the door in a promise made from the branch's history: the
 * dispatcher's own prediction of when the food reaches the door (src/domain/dispatch.ts allows the same).
 */
export const PROMISE_HANDOVER_MINUTES = 3;

/** One past order of the branch: the hour of the day it was accepted, its chosen and its real prep. */
export type PrepHistoryRow = { hour: number; chosenMinutes: number; actualMinutes: number };

export type PrepPrediction = {
  minutes: number;
  /** 'hour': learned at this hour of the day; 'branch': across all hours; 'kitchen': the choice alone. */
  source: 'hour' | 'branch' | 'kitchen';
  /** The orders it was learned from (0 for the choice alone). */
  basis: number;
};

/** The median of numbers (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** The prep time to predict for an order accepted at `hour` with the kitchen's `chosenMinutes`. */
export function predictPrepMinutes(history: readonly PrepHistoryRow[], hour: number, chosenMinutes: number) {
  const overrun = (rows: readonly PrepHistoryRow[]) => median(rows.map((r) => r.actualMinutes - r.chosenMinutes))!;
  const atHour = history.filter((r) => r.hour === hour);
  const learned = (over: number, source: PrepPrediction['source'], basis: number): PrepPrediction => ({
    minutes: Math.max(PREP_MIN_PREDICTED_MINUTES, Math.round(chosenMinutes + over)),
    source,
    basis,
  });
  if (atHour.length >= PREP_MIN_ORDERS_AT_HOUR) return learned(overrun(atHour), 'hour', atHour.length);
  if (history.length >= PREP_MIN_ORDERS_ALL_HOURS) return learned(overrun(history), 'branch', history.length);
  return { minutes: chosenMinutes, source: 'kitchen', basis: 0 } satisfies PrepPrediction;
}

/**
 * Minutes from accepting to the promised time: today's rule (the chosen prep, plus a busy kitchen's
 * extra, plus travel) while the branch has too little history; with history, the dispatcher's prediction
 * (the learned prep, the busy extra, the handovers at the pass and the door, and travel).
 */
export function promiseMinutes(input: {
  prep: PrepPrediction;
  busyExtraMinutes: number;
  travelMinutes: number | null;
}) {
  const travel = input.travelMinutes ?? 0;
  if (input.prep.source === 'kitchen') return input.prep.minutes + input.busyExtraMinutes + travel;
  return (
    input.prep.minutes + input.busyExtraMinutes + travel + (input.travelMinutes === null ? 0 : PROMISE_HANDOVER_MINUTES)
  );
}

export type PredictionErrors = {
  /** Orders with both a prediction and what really happened. */
  count: number;
  /** The median of |actual − predicted|, minutes (null without any). */
  medianAbsoluteErrorMinutes: number | null;
  /** The median of actual − predicted: above 0, things take longer than predicted. */
  biasMinutes: number | null;
};

/** How far predictions were from what happened, in minutes to one decimal. */
export function predictionErrors(pairs: readonly { predicted: number; actual: number }[]): PredictionErrors {
  const round = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
  return {
    count: pairs.length,
    medianAbsoluteErrorMinutes: round(median(pairs.map((p) => Math.abs(p.actual - p.predicted)))),
    biasMinutes: round(median(pairs.map((p) => p.actual - p.predicted))),
  };
}

/**
 * Where a travel prediction came from (docs/decisions/0283-learned-travel-and-fair-earnings.md):
 * 'maps_api' the routing service; 'learned_hour' / 'learned_city' the city's own deliveries at this hour
 * of the day or at all hours; 'road_factor' the straight line times the road factor at the vehicle's
 * speed; 'fallback' the straight line alone (the order's ETA before 0283, kept for older rows); for the leg to
 * the restaurant, 'empty_hour' / 'empty_city' the city's own legs to restaurants, driven without food
 * (docs/decisions/0287-stacks-on-time-and-the-product-policy.md).
 */
export type TravelSource =
  'maps_api' | 'fallback' | 'learned_hour' | 'learned_city' | 'road_factor' | 'empty_hour' | 'empty_city';

/** Deliveries needed in a city at the same hour of the day before its pace there is trusted… */
export const TRAVEL_MIN_TRIPS_AT_HOUR = 5;
/** …or at all hours, before the city's overall pace is. */
export const TRAVEL_MIN_TRIPS_ALL_HOURS = 10;
/** Trips shorter than this (straight line) say little about the pace and are left out of learning. */
export const TRAVEL_MIN_LEARNING_KM = 0.3;
/** Road kilometres per straight-line kilometre for the fallback (the dispatcher's own, src/domain/dispatch.ts). */
export const TRAVEL_ROAD_FACTOR = 1.35;
/** Minutes at the door in a pickup-to-delivered time (the dispatcher's drop handover). */
export const TRAVEL_DOOR_MINUTES = 2;
/** Minutes at the pass between the driver's arrival and leaving with the food. */
export const PICKUP_HANDOVER_MINUTES = 1;

/** One past delivery of the city: the hour it was accepted, its straight-line km and real minutes. */
export type TravelHistoryRow = { hour: number; km: number; actualMinutes: number };

export type TravelPrediction = { minutes: number; source: TravelSource; basis: number };

/**
 * The city's driving pace in minutes per straight-line kilometre, learned from its deliveries at this
 * hour of the day (at least 5) or at all hours (at least 10): the median of (real minutes less the door's
 * minutes) / km over trips of at least 0.3 km. Null when there are too few. `doorMinutes` is 0 for legs
 * timed without a door (to the restaurant's "I've Arrived").
 */
export function learnedPace(
  history: readonly TravelHistoryRow[],
  hour: number,
  doorMinutes = TRAVEL_DOOR_MINUTES,
): { minutesPerKm: number; source: 'learned_hour' | 'learned_city'; basis: number } | null {
  const usable = history.filter((r) => r.km >= TRAVEL_MIN_LEARNING_KM && Number.isFinite(r.actualMinutes));
  const pace = (rows: readonly TravelHistoryRow[]) =>
    median(rows.map((r) => Math.max(0, r.actualMinutes - doorMinutes) / r.km))!;
  const atHour = usable.filter((r) => r.hour === hour);
  if (atHour.length >= TRAVEL_MIN_TRIPS_AT_HOUR)
    return { minutesPerKm: pace(atHour), source: 'learned_hour', basis: atHour.length };
  if (usable.length >= TRAVEL_MIN_TRIPS_ALL_HOURS)
    return { minutesPerKm: pace(usable), source: 'learned_city', basis: usable.length };
  return null;
}

/** Minutes to drive a straight-line distance on roads: km × road factor at the vehicle's speed (km/h). */
export function roadFactorMinutes(straightKm: number, speedKmh: number): number {
  return (Math.max(0, straightKm) * TRAVEL_ROAD_FACTOR * 60) / speedKmh;
}

/**
 * Travel from the branch to the customer, picked up to delivered (the door's minutes included, as the
 * real time is measured): the routing service's time when it answered; else the city's learned pace
 * over the straight line; else the straight line with the road factor at `speedKmh`. Whole minutes,
 * never under `minMinutes`.
 */
export function predictTravelMinutes(input: {
  history: readonly TravelHistoryRow[];
  hour: number;
  straightKm: number;
  speedKmh: number;
  routed: number | null;
  minMinutes: number;
}): TravelPrediction {
  const whole = (m: number) => Math.max(input.minMinutes, Math.round(m));
  if (input.routed !== null)
    return { minutes: whole(input.routed + TRAVEL_DOOR_MINUTES), source: 'maps_api', basis: 0 };
  const pace = learnedPace(input.history, input.hour);
  if (pace)
    return {
      minutes: whole(TRAVEL_DOOR_MINUTES + pace.minutesPerKm * input.straightKm),
      source: pace.source,
      basis: pace.basis,
    };
  return {
    minutes: whole(TRAVEL_DOOR_MINUTES + roadFactorMinutes(input.straightKm, input.speedKmh)),
    source: 'road_factor',
    basis: 0,
  };
}

/**
 * The leg to the restaurant, taken to "I've Arrived", over the straight line from where the driver was: the
 * pace learned from the city's own legs to restaurants (`emptyHistory`: driven without food, no door; its
 * own figure, docs/decisions/0287-stacks-on-time-and-the-product-policy.md), else the pace of its deliveries,
 * else the road factor at their vehicle's speed (no door minutes on this leg).
 */
export function predictToPickupMinutes(input: {
  emptyHistory?: readonly TravelHistoryRow[];
  history: readonly TravelHistoryRow[];
  hour: number;
  straightKm: number;
  speedKmh: number;
}): { minutes: number; source: TravelSource } {
  const empty = learnedPace(input.emptyHistory ?? [], input.hour, 0);
  if (empty)
    return {
      minutes: Math.round(empty.minutesPerKm * input.straightKm * 10) / 10,
      source: empty.source === 'learned_hour' ? 'empty_hour' : 'empty_city',
    };
  const pace = learnedPace(input.history, input.hour);
  if (pace) return { minutes: Math.round(pace.minutesPerKm * input.straightKm * 10) / 10, source: pace.source };
  return { minutes: Math.round(roadFactorMinutes(input.straightKm, input.speedKmh) * 10) / 10, source: 'road_factor' };
}

/**
 * The promise in a city on the dispatcher: the prep (learned or chosen), the busy extra, the predicted
 * travel (door included) and the minute at the pass; a pickup order has no travel or pass.
 */
export function dispatcherPromiseMinutes(input: {
  prep: PrepPrediction;
  busyExtraMinutes: number;
  travel: TravelPrediction | null;
}) {
  const travel = input.travel ? input.travel.minutes + PICKUP_HANDOVER_MINUTES : 0;
  return input.prep.minutes + input.busyExtraMinutes + travel;
}
