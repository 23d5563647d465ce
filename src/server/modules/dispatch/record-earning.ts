import { eq } from 'drizzle-orm';
import { jobPay, withTip } from '../../../domain/pay';
import type { Tx } from '../../db/client';
import { deliveryJobs, driverEarnings, orders } from '../../db/schema/index';

/**
 * The driver's earning for a completed job: the job's pay breakdown plus any tip already on the
 * order (docs/product/driver.md#pay). Run it in the transaction that completed the job.
 */
export async function recordEarning(
  tx: Tx,
  driverId: string,
  jobId: string,
  now: Date,
): Promise<{ id: string; totalMinor: number }> {
  const [done] = await tx.select().from(deliveryJobs).where(eq(deliveryJobs.id, jobId));
  const [order] = await tx.select({ tipMinor: orders.tipMinor }).from(orders).where(eq(orders.id, done.orderId));
  const pay = withTip(jobPay(done), order.tipMinor);
  const [row] = await tx
    .insert(driverEarnings)
    .values({
      driverId,
      deliveryJobId: jobId,
      pickupPayMinor: pay.pickupPayMinor,
      distancePayMinor: pay.distancePayMinor,
      boostMinor: pay.boostMinor,
      adjustmentMinor: pay.adjustmentMinor,
      tipMinor: pay.tipMinor,
      totalMinor: pay.totalWithTipMinor,
      createdAt: now,
    })
    .returning({ id: driverEarnings.id, totalMinor: driverEarnings.totalMinor });
  return row;
}
