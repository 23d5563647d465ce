import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ListJobsResponse } from '../../../domain/contracts/driver/jobs';
import { POSITION_FRESH_MINUTES } from '../../../domain/dispatch-reach';
import { PAY_SETTING_KEYS, describePayRules, parsePaySettings } from '../../../domain/pay';
import type { Db } from '../../db/client';
import { deliveryJobs, orders, userProfiles } from '../../db/schema/index';
import { ensureHomeCentre, loadDriverProfile } from '../driver';
import type { Geocoder } from '../geo';
import { at, driverJobMilesSql, driverSeesJobSql } from '../reach';
import { readSettings } from '../../platform/tenant-settings';
import { jobColumns, toJobSummary } from './job-view';

/**
 * The jobs board (docs/product/driver.md#jobs-board): open, unexpired offers whose pickup is within
 * the driver's radius and the job's widening reach, measured from the driver's freshly shared
 * position or else their postcode's centre, nearest first with the distance
 * (docs/decisions/0158-dispatch-by-distance.md); and the driver's own jobs under way.
 */
export async function listJobs(
  deps: { db: Db; geocoder: Geocoder },
  driverId: string,
  limit: number,
  now = new Date(),
): Promise<ListJobsResponse> {
  const { db } = deps;
  const profile = await ensureHomeCentre(db, deps.geocoder, await loadDriverProfile(db, driverId));
  const payRules = describePayRules(parsePaySettings(await readSettings(db, PAY_SETTING_KEYS)));
  const fresh =
    profile.boardLocatedAt !== null &&
    profile.boardLocatedAt.getTime() > now.getTime() - POSITION_FRESH_MINUTES * 60_000;
  const centre = fresh ? ('position' as const) : profile.homeLat !== null ? ('postcode' as const) : null;
  const active = await db
    .select(jobColumns)
    .from(deliveryJobs)
    .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
    .where(and(eq(deliveryJobs.driverId, driverId), inArray(deliveryJobs.status, ['assigned', 'picked_up'])))
    .orderBy(asc(deliveryJobs.assignedAt));
  const activeJobs = active.map((r) => toJobSummary(r, driverId));
  const base = {
    activeJobs,
    area: profile.currentArea,
    radiusMiles: profile.jobRadiusMiles,
    centre,
    isOnline: profile.isOnline,
    payRules,
  };
  if (!centre) return { jobs: [], ...base };
  const t = at(now);
  const away = sql<number>`${driverJobMilesSql('user_profiles', 'delivery_jobs', t)}`.mapWith(Number);
  const rows = await db
    .select({ ...jobColumns, awayMiles: away })
    .from(deliveryJobs)
    .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
    .innerJoin(userProfiles, eq(userProfiles.userId, driverId))
    .where(
      and(
        eq(deliveryJobs.status, 'available'),
        gt(deliveryJobs.expiresAt, now),
        driverSeesJobSql('user_profiles', 'delivery_jobs', t),
      ),
    )
    .orderBy(asc(away), desc(deliveryJobs.createdAt), desc(deliveryJobs.id))
    .limit(limit);
  return { jobs: rows.map((r) => toJobSummary(r, driverId, r.awayMiles)), ...base };
}
