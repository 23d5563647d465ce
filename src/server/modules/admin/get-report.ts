import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import {
  PREDICTION_LABELS,
  type PredictionDayRow,
  type PredictionRow,
  REPORT_TIME_ZONE,
  type Report,
  type ReportRow,
  defaultReportRange,
  fillDays,
  lateShareOf,
  reportRangeProblem,
} from '../../../domain/reports';
import type { Db } from '../../db/client';

type Aggregate = {
  key: string;
  label: string;
  orders: number;
  completed: number;
  revenue: number;
  avg_minutes: number | null;
  late: number;
  with_eta: number;
};

function toRow(a: Aggregate): ReportRow {
  return {
    key: a.key,
    label: a.label,
    orders: Number(a.orders),
    completedOrders: Number(a.completed),
    revenueMinor: Math.round(Number(a.revenue)),
    avgDeliveryMinutes: a.avg_minutes === null ? null : Math.round(Number(a.avg_minutes) * 10) / 10,
    lateOrders: Number(a.late),
    ordersWithEta: Number(a.with_eta),
    lateShare: lateShareOf(Number(a.late), Number(a.with_eta)),
  };
}

/**
 * Orders, revenue, average delivery time and late share for a range of London days, by day, by
 * site and by city. Revenue is the sum of the totals of delivered and collected orders; delivery
 * time runs from placing to the DELIVERED entry of the status history; late share counts
 * order_etas.is_late among orders with an ETA.
 */
export async function getReport(db: Db, range: { from?: string; to?: string }, now = new Date()): Promise<Report> {
  const fallback = defaultReportRange(now);
  const from = range.from || fallback.from;
  const to = range.to || fallback.to;
  const problem = reportRangeProblem(from, to);
  if (problem) throw new AppError('VALIDATION_ERROR', problem);

  const tz = REPORT_TIME_ZONE;
  const base = sql`
    with base as (
      select o.id, o.status, o.total_minor, o.created_at, s.id as site_id, s.name as site_name, b.name as brand_name, s.city,
        (o.created_at at time zone ${tz})::date::text as day,
        (select min(h.created_at) from order_status_history h where h.order_id = o.id and h.status = 'DELIVERED') as delivered_at,
        e.is_late
      from orders o
      join sites s on s.id = o.site_id
      join brands b on b.id = s.brand_id
      left join order_etas e on e.order_id = o.id
      where o.created_at >= (${from}::date)::timestamp at time zone ${tz}
        and o.created_at < ((${to}::date + 1))::timestamp at time zone ${tz}
    )`;
  const measures = sql`
      count(*)::int as orders,
      (count(*) filter (where status in ('DELIVERED', 'COLLECTED')))::int as completed,
      coalesce(sum(total_minor) filter (where status in ('DELIVERED', 'COLLECTED')), 0)::float8 as revenue,
      (avg(extract(epoch from (delivered_at - created_at)) / 60) filter (where delivered_at is not null))::float8 as avg_minutes,
      (count(*) filter (where is_late))::int as late,
      (count(is_late))::int as with_eta`;
  const query = async (key: SQL, label: SQL, groupBy: SQL | null, orderBy: SQL) => {
    const res = await db.execute(
      sql`${base} select ${key} as key, ${label} as label, ${measures} from base ${groupBy ? sql`group by ${groupBy}` : sql``} order by ${orderBy}`,
    );
    return (res.rows as Aggregate[]).map(toRow);
  };
  const byDay = await query(sql`day`, sql`day`, sql`day`, sql`day`);
  const bySite = await query(
    sql`site_id::text`,
    sql`min(brand_name || ' (' || site_name || ')')`,
    sql`site_id`,
    sql`revenue desc, orders desc, label`,
  );
  const byCity = await query(sql`lower(city)`, sql`min(city)`, sql`lower(city)`, sql`revenue desc, orders desc, label`);
  const [totals] = await query(sql`'all'`, sql`'All orders'`, null, sql`1`);
  const checked = await predictions(db, from, to);
  return {
    from,
    to,
    totals,
    byDay: fillDays(from, to, byDay),
    bySite,
    byCity,
    predictions: checked.total,
    predictionsByDay: checked.byDay,
  };
}

/**
 * The dispatcher's predictions against what happened, for orders accepted in the range
 * (docs/decisions/0277-learned-prep-and-checked-predictions.md): the learned prep time and the kitchen's
 * own choice against ready minus accepted, the travel to the door against delivered minus picked up, and
 * the leg to the restaurant against arrived minus taken; the median and 90th percentile of the absolute
 * error, over the range and per London day of accepting (docs/decisions/0283-learned-travel-and-fair-earnings.md).
 */
async function predictions(
  db: Db,
  from: string,
  to: string,
): Promise<{ total: PredictionRow[]; byDay: PredictionDayRow[] }> {
  const tz = REPORT_TIME_ZONE;
  const errors = (key: string, predicted: SQL, actual: SQL) => sql`
      (count(*) filter (where ${actual} is not null and ${predicted} is not null))::int as ${sql.raw(`${key}_n`)},
      (percentile_cont(0.5) within group (order by abs(${actual} - ${predicted})))::float8 as ${sql.raw(`${key}_mae`)},
      (percentile_cont(0.9) within group (order by abs(${actual} - ${predicted})))::float8 as ${sql.raw(`${key}_p90`)},
      (percentile_cont(0.5) within group (order by ${actual} - ${predicted}))::float8 as ${sql.raw(`${key}_bias`)}`;
  const measures = sql`${errors('prep', sql`predicted_prep_minutes`, sql`actual_prep_minutes`)},
      ${errors('prep_chosen', sql`chosen_prep_minutes`, sql`actual_prep_minutes`)},
      ${errors('travel', sql`predicted_travel_minutes`, sql`actual_travel_minutes`)},
      ${errors('to_pickup', sql`predicted_to_pickup_minutes`, sql`actual_to_pickup_minutes`)}`;
  const inRange = sql`accepted_at >= (${from}::date)::timestamp at time zone ${tz}
      and accepted_at < ((${to}::date + 1))::timestamp at time zone ${tz}`;
  const day = sql`(accepted_at at time zone ${tz})::date::text`;
  const total = await db.execute(sql`select ${measures} from order_predictions where ${inRange}`);
  const days = await db.execute(
    sql`select ${day} as day, ${measures} from order_predictions where ${inRange} group by 1 order by 1`,
  );
  const tenth = (n: unknown) => (n === null || n === undefined ? null : Math.round(Number(n) * 10) / 10);
  const rowsOf = (row: Record<string, unknown>): PredictionRow[] =>
    PREDICTION_KEYS.map((key) => ({
      key,
      label: PREDICTION_LABELS[key],
      count: Number(row[`${key}_n`]),
      medianAbsoluteErrorMinutes: tenth(row[`${key}_mae`]),
      p90AbsoluteErrorMinutes: tenth(row[`${key}_p90`]),
      biasMinutes: tenth(row[`${key}_bias`]),
    }));
  return {
    total: rowsOf(total.rows[0] as Record<string, unknown>),
    byDay: (days.rows as Record<string, unknown>[]).flatMap((r) =>
      rowsOf(r).map((p) => ({ ...p, day: String(r.day) })),
    ),
  };
}

const PREDICTION_KEYS = ['prep', 'prep_chosen', 'travel', 'to_pickup'] as const;
