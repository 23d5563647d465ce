import { eq } from 'drizzle-orm';
import {
  DEFAULT_CANCELLED_PICKUP_PAY_RULE,
  type CancelledPickupPayRule,
  cancelledPickupPay,
  isCancelledPickupPayRule,
} from '../../../domain/cancelled-pickup-pay';
import { jobPay } from '../../../domain/pay';
import type { Tx } from '../../db/client';
import { deliveryJobs, driverEarnings, orders } from '../../db/schema/index';
import { readSettings } from '../../platform/tenant-settings';

export type CancelledPickupSettlement = {
  driverId: string;
  jobId: string;
  earningId: string;
  rule: CancelledPickupPayRule;
  totalMinor: number;
};

/**
 * An order cancelled after its driver picked it up (docs/decisions/0139-cash-and-pay-on-cancellation-after-pickup.md):
 * in the cancelling transaction the order records that its cash was not collected, and the driver
 * gets the earning the platform's `cancelled_after_pickup_pay` rule gives, with the rule on the
 * row so their earnings say what was paid and why. A zero earning is written too (the line still
 * explains the job) and counted as paid, so it never makes an empty cash-out.
 */
export async function settleCancelledPickup(
  tx: Tx,
  input: { orderId: string; jobId: string; now: Date },
): Promise<CancelledPickupSettlement | null> {
  const [job] = await tx.select().from(deliveryJobs).where(eq(deliveryJobs.id, input.jobId));
  await tx.update(orders).set({ cashOutcome: 'not_collected' }).where(eq(orders.id, input.orderId));
  if (!job?.driverId) return null;
  const stored = (await readSettings(tx, ['cancelled_after_pickup_pay'])).cancelled_after_pickup_pay;
  const rule = isCancelledPickupPayRule(stored) ? stored : DEFAULT_CANCELLED_PICKUP_PAY_RULE;
  const pay = cancelledPickupPay(rule, jobPay(job));
  const [row] = await tx
    .insert(driverEarnings)
    .values({
      driverId: job.driverId,
      deliveryJobId: job.id,
      ...pay,
      tipMinor: 0,
      cancelledPayRule: rule,
      paidOut: pay.totalMinor === 0,
      createdAt: input.now,
    })
    .returning({ id: driverEarnings.id });
  return { driverId: job.driverId, jobId: job.id, earningId: row.id, rule, totalMinor: pay.totalMinor };
}
