import { eq } from 'drizzle-orm';
import { jobPay } from '../../../domain/pay';
import type { Tx } from '../../db/client';
import { deliveryJobs, driverEarnings } from '../../db/schema/index';

/**
 * The driver's earning for a completed job: the job's pay breakdown (docs/product/driver.md#pay).
 * No tip: payment is cash, so a tip is cash the driver took at the door and never money the
 * platform pays out (docs/decisions/0201-tips-in-cash-at-the-door.md). Run it in the transaction
 * that completed the job.
 */
export async function recordEarning(
  tx: Tx,
  driverId: string,
  jobId: string,
  now: Date,
): Promise<{ id: string; totalMinor: number }> {
  const [done] = await tx.select().from(deliveryJobs).where(eq(deliveryJobs.id, jobId));
  const pay = jobPay(done);
  const [row] = await tx
    .insert(driverEarnings)
    .values({
      driverId,
      deliveryJobId: jobId,
      pickupPayMinor: pay.pickupPayMinor,
      distancePayMinor: pay.distancePayMinor,
      boostMinor: pay.boostMinor,
      adjustmentMinor: pay.adjustmentMinor,
      tipMinor: 0,
      totalMinor: pay.totalPayMinor,
      createdAt: now,
    })
    .returning({ id: driverEarnings.id, totalMinor: driverEarnings.totalMinor });
  return row;
}
