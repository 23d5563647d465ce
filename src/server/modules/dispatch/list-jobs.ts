import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import type { ListJobsResponse } from '../../../domain/contracts/driver/jobs';
import { PAY_SETTING_KEYS, describePayRules, parsePaySettings } from '../../../domain/pay';
import type { Db } from '../../db/client';
import { deliveryJobs, orders } from '../../db/schema/index';
import { loadDriverProfile } from '../driver';
import { readSettings } from '../../platform/tenant-settings';
import { jobColumns, toJobSummary } from './job-view';

/**
 * The jobs board (docs/product/driver.md#jobs-board): open offers in the driver's postcode area (the
 * leading letters), not expired, newest first (served by delivery_jobs_available_idx); and the
 * driver's own jobs under way.
 */
export async function listJobs(db: Db, driverId: string, limit: number, now = new Date()): Promise<ListJobsResponse> {
  const profile = await loadDriverProfile(db, driverId);
  const payRules = describePayRules(parsePaySettings(await readSettings(db, PAY_SETTING_KEYS)));
  const area = profile.currentArea;
  const active = await db
    .select(jobColumns)
    .from(deliveryJobs)
    .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
    .where(and(eq(deliveryJobs.driverId, driverId), inArray(deliveryJobs.status, ['assigned', 'picked_up'])))
    .orderBy(asc(deliveryJobs.assignedAt));
  const activeJobs = active.map((r) => toJobSummary(r, driverId));
  if (!area) return { jobs: [], activeJobs, area: null, isOnline: profile.isOnline, payRules };
  const rows = await db
    .select(jobColumns)
    .from(deliveryJobs)
    .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
    .where(
      and(eq(deliveryJobs.status, 'available'), eq(deliveryJobs.pickupArea, area), gt(deliveryJobs.expiresAt, now)),
    )
    .orderBy(desc(deliveryJobs.createdAt), desc(deliveryJobs.id))
    .limit(limit);
  return { jobs: rows.map((r) => toJobSummary(r, driverId)), activeJobs, area, isOnline: profile.isOnline, payRules };
}
