import { and, eq, ne } from 'drizzle-orm';
import type { JobDetail } from '../../../domain/contracts/driver/jobs';
import { AppError } from '../../../domain/errors';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { deliveryJobs, uploads } from '../../db/schema/index';
import { wakeDispatcher } from '../../platform/dispatcher-wake';
import type { LiveBus } from '../../platform/live-bus';
import { transitionOrder } from '../orders';
import { checkDeliveryCode } from './delivery-code';
import { inTransaction } from './in-transaction';
import { findJobFor } from './job-view';
import { loadOwnJob, requireStatus } from './own-job';
import { recordEarning } from './record-earning';
import { cashAtDoor, recordCash } from './record-cash';

export const PROOF_MESSAGES = {
  missing: 'Please take a photo of the delivery',
  notJpeg: 'The proof of delivery must be a JPEG photo',
} as const;

/** The proof must be this driver's own private JPEG, taken for delivery proof and not used on another job. */
async function checkProof(db: Db, driverId: string, jobId: string, uploadId: string): Promise<void> {
  const [proof] = await db
    .select({ contentType: uploads.contentType })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.ownerId, driverId), eq(uploads.purpose, 'proof_of_delivery')))
    .limit(1);
  if (!proof) throw new AppError('VALIDATION_ERROR', PROOF_MESSAGES.missing);
  if (proof.contentType !== 'image/jpeg') throw new AppError('UNSUPPORTED_MEDIA_TYPE', PROOF_MESSAGES.notJpeg);
  const [reused] = await db
    .select({ id: deliveryJobs.id })
    .from(deliveryJobs)
    .where(and(eq(deliveryJobs.proofUploadId, uploadId), ne(deliveryJobs.id, jobId)))
    .limit(1);
  if (reused) throw new AppError('VALIDATION_ERROR', PROOF_MESSAGES.missing);
}

/**
 * "Complete Delivery", second half (docs/product/driver.md#delivery-screen): the customer's code again and the proof
 * photo. In one transaction the order moves OUT_FOR_DELIVERY -> DELIVERED and the job picked_up ->
 * completed (state machine), the proof is stamped on the job, the cash taken at the door is stored
 * on the order and the driver's earning is written from the job's pay breakdown plus any tip
 * already on the order.
 */
export async function completeDelivery(
  deps: { db: Db; bus: LiveBus },
  driverId: string,
  jobId: string,
  input: { code: string; proofUploadId: string; cashCollectedMinor?: number; cashReason?: string },
  now = new Date(),
): Promise<{ job: JobDetail; earning: { id: string; totalMinor: number } }> {
  const job = await loadOwnJob(deps.db, driverId, jobId);
  requireStatus(job, 'picked_up');
  await checkDeliveryCode(deps.db, job, input.code, now);
  await checkProof(deps.db, driverId, jobId, input.proofUploadId);
  const cash = cashAtDoor(job.customerOrderTotalMinor, input);

  const earning = await inTransaction(deps, async ({ tx, nested }) => {
    await transitionOrder(nested, {
      orderId: job.orderId,
      action: 'complete_delivery',
      actor: { kind: 'driver', userId: driverId },
      deliveryCode: input.code,
      now,
    });
    await tx
      .update(deliveryJobs)
      .set({ proofUploadId: input.proofUploadId })
      .where(
        and(eq(deliveryJobs.id, jobId), eq(deliveryJobs.driverId, driverId), eq(deliveryJobs.status, 'completed')),
      );
    await recordCash(tx, job.orderId, cash);
    const row = await recordEarning(tx, driverId, jobId, now);
    await nested.bus.publish(topicName.user(driverId), 'earnings.updated', { jobId, earningId: row.id });
    return row;
  });
  // Chaining: the driver, free now, is considered for the next job at once (docs/decisions/0282-stacked-orders-and-chaining.md).
  wakeDispatcher();
  return { job: (await findJobFor(deps.db, driverId, jobId, now))!, earning };
}
