import { desc, eq, inArray } from 'drizzle-orm';
import type { ActiveJobsResponse } from '../../../domain/contracts/admin/drivers';
import { ACTIVE_JOB_STATUSES } from '../../../domain/order-flow';
import type { Db } from '../../db/client';
import { deliveryJobs, orders, sites, userProfiles } from '../../db/schema/index';
import { PERSON_NAME_COLUMNS, personName } from './orders/order-ref';

/** The Jobs tab: active delivery jobs joined to their site's name and their driver's name, newest first. */
export async function listActiveJobs(db: Db): Promise<ActiveJobsResponse> {
  const rows = await db
    .select({
      id: deliveryJobs.id,
      orderId: deliveryJobs.orderId,
      orderNumber: orders.orderNumber,
      status: deliveryJobs.status,
      siteName: sites.name,
      restaurantName: deliveryJobs.restaurantName,
      driverId: deliveryJobs.driverId,
      ...PERSON_NAME_COLUMNS,
      pickupPostcode: deliveryJobs.pickupPostcode,
      deliveryPostcode: deliveryJobs.deliveryPostcode,
      distanceMiles: deliveryJobs.distanceMiles,
      totalPayMinor: deliveryJobs.totalPayMinor,
      createdAt: deliveryJobs.createdAt,
      assignedAt: deliveryJobs.assignedAt,
    })
    .from(deliveryJobs)
    .innerJoin(sites, eq(sites.id, deliveryJobs.siteId))
    .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
    .leftJoin(userProfiles, eq(userProfiles.userId, deliveryJobs.driverId))
    .where(inArray(deliveryJobs.status, [...ACTIVE_JOB_STATUSES]))
    .orderBy(desc(deliveryJobs.createdAt))
    .limit(200);
  return {
    jobs: rows.map(({ firstName, lastName, displayName, ...r }) => ({
      ...r,
      driverName: r.driverId ? personName({ firstName, lastName, displayName }) : null,
      createdAt: r.createdAt.toISOString(),
      assignedAt: r.assignedAt?.toISOString() ?? null,
    })),
  };
}
