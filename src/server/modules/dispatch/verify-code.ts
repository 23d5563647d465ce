import type { Db } from '../../db/client';
import { checkDeliveryCode } from './delivery-code';
import { loadOwnJob, requireStatus } from './own-job';

/** "Complete Delivery", first half: the customer's code, checked before the proof photo is taken. */
export async function verifyCode(db: Db, driverId: string, jobId: string, code: string): Promise<{ valid: true }> {
  const job = await loadOwnJob(db, driverId, jobId);
  requireStatus(job, 'picked_up');
  await checkDeliveryCode(db, job, code);
  return { valid: true };
}
