import { and, desc, eq, gt } from 'drizzle-orm';
import type { ListJobsResponse } from '../../../domain/contracts/driver/jobs';
import { PAY_SETTING_KEYS, describePayRules, parsePaySettings } from '../../../domain/pay';
import type { Db } from '../../db/client';
import { deliveryJobs, orders } from '../../db/schema/index';
import { loadDriverProfile } from '../driver/driver-profile';
import { readSettings } from '../orders/tenant-settings';
import { jobColumns, toJobSummary } from './job-view';

/**
 * The jobs board (spec 3, sections 5 and 7.2): open offers in the driver's postcode area (the
 * leading letters), not expired, newest first. Served by delivery_jobs_available_idx.
 */
export async function listJobs(db: Db, driverId: string, limit: number, now = new Date()): Promise<ListJobsResponse> {
  const profile = await loadDriverProfile(db, driverId);
  const payRules = describePayRules(parsePaySettings(await readSettings(db, PAY_SETTING_KEYS)));
  const area = profile.currentArea;
  if (!area) return { jobs: [], area: null, isOnline: profile.isOnline, payRules };
  const rows = await db
    .select(jobColumns)
    .from(deliveryJobs)
    .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
    .where(and(eq(deliveryJobs.status, 'available'), eq(deliveryJobs.pickupArea, area), gt(deliveryJobs.expiresAt, now)))
    .orderBy(desc(deliveryJobs.createdAt), desc(deliveryJobs.id))
    .limit(limit);
  return { jobs: rows.map((r) => toJobSummary(r, driverId)), area, isOnline: profile.isOnline, payRules };
}
