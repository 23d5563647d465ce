import { type SQL, sql } from 'drizzle-orm';
import {
  POSITION_FRESH_MINUTES,
  REACH_MAX_MILES,
  REACH_START_MILES,
  REACH_STEP_MILES,
  REACH_STEP_MINUTES,
} from '../../../domain/dispatch-reach';

/**
 * The reach rule of domain/dispatch-reach.ts in SQL, for PGlite and PostgreSQL alike (no PostGIS):
 * a haversine on the pickup's and the driver's coordinates (docs/decisions/0158-dispatch-by-distance.md).
 * The fragments name the columns of a `user_profiles` alias `p` and a `delivery_jobs` alias `j`,
 * so they fit plain SQL statements (the outbox fan-out) and query-builder ones alike.
 */

const EARTH_RADIUS_MILES = 3959;

/** Whether the driver `p` shared a position for the jobs board recently enough for it to centre their board. */
export function boardPositionFreshSql(p: string, now: SQL): SQL<boolean> {
  return sql<boolean>`(${sql.raw(`${p}.board_located_at`)} is not null and ${sql.raw(`${p}.board_located_at`)}
    > (${now} - interval '${sql.raw(String(POSITION_FRESH_MINUTES))} minutes'))`;
}

/**
 * The driver's centre: the position they shared within the last minutes, else their postcode's centre
 * (null when neither is known). The back office's dispatch map draws drivers here too
 * (docs/decisions/0170-ops-dispatch-map.md).
 */
export function driverCentreSql(p: string, now: SQL): { lat: SQL<number | null>; lng: SQL<number | null> } {
  const fresh = boardPositionFreshSql(p, now);
  return {
    lat: sql<
      number | null
    >`(case when ${fresh} then ${sql.raw(`${p}.board_lat`)} else ${sql.raw(`${p}.home_lat`)} end)`,
    lng: sql<
      number | null
    >`(case when ${fresh} then ${sql.raw(`${p}.board_lng`)} else ${sql.raw(`${p}.home_lng`)} end)`,
  };
}

/** Miles between two points, in SQL (null when either is unknown). */
export function milesBetween(lat1: SQL, lng1: SQL, lat2: SQL, lng2: SQL): SQL<number | null> {
  return sql<number | null>`(2 * ${sql.raw(String(EARTH_RADIUS_MILES))} * asin(least(1, sqrt(
    power(sin(radians(${lat2} - ${lat1}) / 2), 2)
    + cos(radians(${lat1})) * cos(radians(${lat2})) * power(sin(radians(${lng2} - ${lng1}) / 2), 2)))))`;
}

/** How far the job reaches at `now`: the start, plus a step per whole interval, up to the cap. */
export function reachMilesSql(j: string, now: SQL): SQL<number> {
  return sql<number>`least(${sql.raw(String(REACH_MAX_MILES))}, ${sql.raw(String(REACH_START_MILES))}
    + ${sql.raw(String(REACH_STEP_MILES))} * floor(greatest(0, extract(epoch from (${now} - ${sql.raw(`${j}.created_at`)})))
      / ${sql.raw(String(REACH_STEP_MINUTES * 60))}))`;
}

/** The driver's distance to the job's pickup from their centre, in miles (null without a centre). */
export function driverJobMilesSql(p: string, j: string, now: SQL): SQL<number | null> {
  const c = driverCentreSql(p, now);
  return milesBetween(c.lat, c.lng, sql.raw(`${j}.pickup_lat`), sql.raw(`${j}.pickup_lng`));
}

/**
 * Whether the job `j` is on the jobs board: its branch's city uses the board, or the dispatcher sent it
 * there (starved past the bound, or open when the city switched). A dispatcher city's other jobs reach
 * drivers only as offers (docs/decisions/0273-dispatcher-offers-in-the-product.md).
 */
export function jobOnBoardSql(j: string): SQL<boolean> {
  return sql<boolean>`(${sql.raw(`${j}.board_at`)} is not null or not exists (select 1 from sites bs
    join cities bc on bc.slug = bs.city_slug
    where bs.id = ${sql.raw(`${j}.site_id`)} and bc.dispatch_mode = 'dispatcher'))`;
}

/**
 * Whether the driver `p` sees the job `j` at `now` on the board: within their own radius and the job's
 * reach, and the job on the board at all.
 */
export function driverSeesJobSql(p: string, j: string, now: SQL): SQL<boolean> {
  return sql<boolean>`(${driverJobMilesSql(p, j, now)} <= least(${sql.raw(`${p}.job_radius_miles`)}, ${reachMilesSql(j, now)})
    and ${jobOnBoardSql(j)})`;
}

/** A timestamp parameter for the fragments above. */
export function at(now: Date): SQL {
  return sql`${now.toISOString()}::timestamptz`;
}
