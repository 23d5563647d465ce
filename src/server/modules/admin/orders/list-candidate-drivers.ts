import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { CandidateDriversResponse } from '../../../../domain/contracts/admin/order-console';
import { ACTIVE_JOB_STATUSES } from '../../../../domain/order-flow';
import type { Db } from '../../../db/client';
import { deliveryJobs, userProfiles } from '../../../db/schema/index';
import { personName } from './order-ref';

/**
 * The drivers the console may put on an order (docs/product/admin.md#order-console): approved and
 * online now, those whose area is the job's pickup area first, then the least busy, by name.
 */
export async function listCandidateDrivers(db: Db, orderId: string): Promise<CandidateDriversResponse> {
  const [job] = await db
    .select({ area: deliveryJobs.pickupArea, driverId: deliveryJobs.driverId })
    .from(deliveryJobs)
    .where(eq(deliveryJobs.orderId, orderId))
    .limit(1);
  const active = db
    .select({ driverId: deliveryJobs.driverId, n: count().as('n') })
    .from(deliveryJobs)
    .where(inArray(deliveryJobs.status, [...ACTIVE_JOB_STATUSES]))
    .groupBy(deliveryJobs.driverId)
    .as('active');
  const rows = await db
    .select({
      id: userProfiles.userId,
      firstName: userProfiles.firstName,
      lastName: userProfiles.lastName,
      displayName: userProfiles.displayName,
      vehicleType: userProfiles.vehicleType,
      postcode: userProfiles.currentPostcode,
      area: userProfiles.currentArea,
      activeJobs: sql<number>`coalesce(${active.n}, 0)`,
    })
    .from(userProfiles)
    .leftJoin(active, eq(active.driverId, userProfiles.userId))
    .where(
      and(eq(userProfiles.userType, 'driver'), eq(userProfiles.status, 'approved'), eq(userProfiles.isOnline, true)),
    )
    .limit(500);
  const drivers = rows
    .filter((r) => r.id !== job?.driverId)
    .map((r) => ({
      id: r.id,
      name: personName(r) ?? 'Driver',
      vehicleType: r.vehicleType,
      postcode: r.postcode,
      inPickupArea: !!job && r.area === job.area,
      activeJobs: Number(r.activeJobs),
    }))
    .sort(
      (a, b) =>
        Number(b.inPickupArea) - Number(a.inPickupArea) || a.activeJobs - b.activeJobs || a.name.localeCompare(b.name),
    );
  return { drivers };
}
