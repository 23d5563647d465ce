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
