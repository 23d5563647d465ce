/**
 * Reports (docs/product/admin.md#reports: orders, revenue and delivery times by day and site; here also by city):
 * days are Europe/London calendar days. Pure helpers shared by the server and the Reports screen.
 */

export const REPORT_TIME_ZONE = 'Europe/London';
/** The longest range one report covers. */
export const MAX_REPORT_DAYS = 366;

/** One line of a report: a day, a site or a city. */
export type ReportRow = {
  key: string;
  label: string;
  /** Orders placed in the range (every status, rejected included). */
  orders: number;
  /** Orders that reached DELIVERED or COLLECTED. */
  completedOrders: number;
  /** Sum of the totals of delivered and collected orders, in pence. */
  revenueMinor: number;
  /** Mean minutes from placing to DELIVERED, over delivered orders; null without any. */
  avgDeliveryMinutes: number | null;
  /** Orders with an ETA that ran late, and how many had an ETA at all. */
  lateOrders: number;
  ordersWithEta: number;
  /** lateOrders / ordersWithEta, 0 to 1; null when no order had an ETA. */
  lateShare: number | null;
};

/**
 * How far one kind of prediction was from what happened, over the orders accepted in the range
 * (docs/decisions/0277-learned-prep-and-checked-predictions.md).
 */
export type PredictionRow = {
  key: 'prep' | 'prep_chosen' | 'travel' | 'to_pickup';
  label: string;
  /** Orders with both a prediction and what happened. */
  count: number;
  /** Median of |actual − predicted| in minutes, to a tenth; null without any. */
  medianAbsoluteErrorMinutes: number | null;
  /** The 90th percentile of |actual − predicted|: how far off the worst tenth were (docs/decisions/0283-learned-travel-and-fair-earnings.md). */
  p90AbsoluteErrorMinutes: number | null;
  /** Median of actual − predicted: above 0, it took longer than predicted. */
  biasMinutes: number | null;
};

export const PREDICTION_LABELS: Record<PredictionRow['key'], string> = {
  prep: 'Prep time, as predicted',
  prep_chosen: "Prep time, the kitchen's choice",
  travel: 'Travel time, pickup to door',
  to_pickup: 'Travel time, driver to restaurant',
};

/** The prediction errors of one London day of accepting (only days with accepted orders). */
export type PredictionDayRow = PredictionRow & { day: string };

export type Report = {
  from: string;
  to: string;
  totals: ReportRow;
  byDay: ReportRow[];
  bySite: ReportRow[];
  byCity: ReportRow[];
  predictions: PredictionRow[];
  predictionsByDay: PredictionDayRow[];
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a string is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** What is wrong with a report range, or null when it is fine. */
export function reportRangeProblem(from: string, to: string): string | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return 'Enter dates as YYYY-MM-DD';
  if (from > to) return 'The start date must be on or before the end date';
  if (daysBetween(from, to).length > MAX_REPORT_DAYS) return `Choose a range of at most ${MAX_REPORT_DAYS} days`;
  return null;
}

/** Every date from `from` to `to`, both included (at most MAX_REPORT_DAYS + 1 of them). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end && out.length <= MAX_REPORT_DAYS; t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/** The London calendar date of a moment: YYYY-MM-DD. */
export function londonDate(moment: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: REPORT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(moment);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The default range: the 7 London days ending today. */
export function defaultReportRange(now: Date): { from: string; to: string } {
  const to = londonDate(now);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** The share of late orders among those with an ETA, or null when none had one. */
export function lateShareOf(lateOrders: number, ordersWithEta: number): number | null {
  return ordersWithEta > 0 ? lateOrders / ordersWithEta : null;
}

/** An empty line, for days without orders. */
export function emptyRow(key: string, label = key): ReportRow {
  return {
    key,
    label,
    orders: 0,
    completedOrders: 0,
    revenueMinor: 0,
    avgDeliveryMinutes: null,
    lateOrders: 0,
    ordersWithEta: 0,
    lateShare: null,
  };
}

/** One line per day of the range, days without orders included, in date order. */
export function fillDays(from: string, to: string, rows: readonly ReportRow[]): ReportRow[] {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return daysBetween(from, to).map((d) => byKey.get(d) ?? emptyRow(d));
}

/** A CSV cell: quoted when needed; a leading = + - @ is defused so spreadsheets do not run it as a formula. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The report as CSV: one table with a "breakdown" column (day, site, city, total); pounds with two decimals. */
export function reportToCsv(report: Report): string {
  const header = [
    'breakdown',
    'key',
    'label',
    'orders',
    'completed_orders',
    'revenue_gbp',
    'avg_delivery_minutes',
    'late_orders',
    'orders_with_eta',
    'late_share_percent',
    'prediction_count',
    'prediction_median_abs_error_minutes',
    'prediction_p90_abs_error_minutes',
    'prediction_bias_minutes',
  ];
  const line = (kind: string, r: ReportRow) =>
    [
      kind,
      r.key,
      r.label,
      r.orders,
      r.completedOrders,
      (r.revenueMinor / 100).toFixed(2),
      r.avgDeliveryMinutes === null ? null : r.avgDeliveryMinutes.toFixed(1),
      r.lateOrders,
      r.ordersWithEta,
      r.lateShare === null ? null : (r.lateShare * 100).toFixed(1),
      null,
      null,
      null,
      null,
    ]
      .map(csvCell)
      .join(',');
  // Numbers, not text: a negative bias must not be defused as a formula.
  const tenth = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
  // Prediction errors (docs/decisions/0283-learned-travel-and-fair-earnings.md): key is the day or the
  // kind for the range's total, label the kind of prediction; the order columns stay empty.
  const predictionLine = (kind: string, key: string, r: PredictionRow) =>
    [
      kind,
      key,
      r.label,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      r.count,
      tenth(r.medianAbsoluteErrorMinutes),
      tenth(r.p90AbsoluteErrorMinutes),
      tenth(r.biasMinutes),
    ]
      .map(csvCell)
      .join(',');
  return (
    [
      header.join(','),
      ...report.byDay.map((r) => line('day', r)),
      ...report.bySite.map((r) => line('site', r)),
      ...report.byCity.map((r) => line('city', r)),
      line('total', report.totals),
      ...report.predictionsByDay.map((r) => predictionLine('prediction_day', r.day, r)),
      ...report.predictions.map((r) => predictionLine('prediction_total', r.key, r)),
    ].join('\r\n') + '\r\n'
  );
}
