import { and, eq } from 'drizzle-orm';
import { DELIVERY_MESSAGES } from '../../../domain/driver-flow';
import { AppError } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { deliveryJobs } from '../../db/schema/index';

/** The driver's own job, or "Job not found" (someone else's job looks like a missing one). */
export async function loadOwnJob(db: DbOrTx, driverId: string, jobId: string) {
  const [job] = await db
    .select()
    .from(deliveryJobs)
    .where(and(eq(deliveryJobs.id, jobId), eq(deliveryJobs.driverId, driverId)))
    .limit(1);
  if (!job) throw new AppError('NOT_FOUND', DELIVERY_MESSAGES.jobNotFound);
  return job;
}

/** Refuses a step the job's status does not allow yet (or any more). */
export function requireStatus(job: { status: string }, status: 'assigned' | 'picked_up'): void {
  if (job.status === status) return;
  if (job.status === 'completed') throw new AppError('CONFLICT', 'This delivery is already complete');
  throw new AppError(
    'CONFLICT',
    status === 'picked_up'
      ? 'The restaurant has not handed this order over yet'
      : 'The delivery job is not in a state that allows this',
  );
}
