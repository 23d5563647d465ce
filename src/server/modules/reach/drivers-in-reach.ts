import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { at, driverJobMilesSql, driverSeesJobSql } from './reach-sql';

/**
 * The approved, online drivers who see this open job at `now` (docs/decisions/0158-dispatch-by-distance.md);
 * with `beyondMiles`, only those the job did not reach at that earlier reach (the ones a widening
 * step newly reaches); never `exceptUser`.
 */
export async function driversInReach(
  db: DbOrTx,
  jobId: string,
  now: Date,
  opts: { beyondMiles?: number | null; exceptUser?: string | null } = {},
): Promise<string[]> {
  const t = at(now);
  const beyond =
    opts.beyondMiles === undefined || opts.beyondMiles === null
      ? sql`true`
      : sql`not (${driverJobMilesSql('p', 'j', t)} <= least(p.job_radius_miles, ${opts.beyondMiles}::float8))`;
  const result = await db.execute(sql`select p.user_id from user_profiles p
    join delivery_jobs j on j.id = ${jobId}
    where p.user_type = 'driver' and p.status = 'approved' and p.is_online
      and p.user_id is distinct from ${opts.exceptUser ?? null}
      and ${driverSeesJobSql('p', 'j', t)} and ${beyond}`);
  return (result.rows as { user_id: string }[]).map((r) => r.user_id);
}
