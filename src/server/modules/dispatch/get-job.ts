import type { JobDetail } from '../../../domain/contracts/driver/jobs';
import { DELIVERY_MESSAGES } from '../../../domain/driver-flow';
import { AppError } from '../../../domain/errors';
import type { Db } from '../../db/client';
import { findJobFor } from './job-view';

/**
 * One job for the delivery screen (docs/product/driver.md#jobs-board: job access): an open offer in the driver's
 * area or the driver's own job; anything else is "Job not found".
 */
export async function getJob(db: Db, driverId: string, jobId: string): Promise<JobDetail> {
  const job = await findJobFor(db, driverId, jobId);
  if (!job) throw new AppError('NOT_FOUND', DELIVERY_MESSAGES.jobNotFound);
  return job;
}
