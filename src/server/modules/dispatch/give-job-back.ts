import { RETURN_JOB_MESSAGES } from '../../../domain/contracts/dispatch/return-job';
import type { JobReturnReason } from '../../../domain/job-returns';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../platform/live-bus';
import { inTransaction } from './in-transaction';
import { returnJobToBoard } from './return-job';

/**
 * "Can't do this job" (docs/product/driver.md#cant-do-this-job): the driver on the job gives it back
 * before pickup; it is on the board again for every driver of the area at once. Someone else's job
 * is "Job not found"; a job already picked up is 409.
 */
export async function giveJobBack(
  deps: { db: Db; bus: LiveBus },
  /** The signed-in driver; their name goes into the audit log of the return, as every actor's does. */
  driver: { userId: string; name: string },
  jobId: string,
  body: { reason: JobReturnReason; note?: string },
) {
  const returned = await inTransaction(deps, ({ tx, nested }) =>
    returnJobToBoard(tx, nested.bus, {
      target: { jobId },
      actor: { kind: 'driver', userId: driver.userId, name: driver.name },
      reason: body.reason,
      note: body.note ?? null,
    }),
  );
  return { jobId: returned.jobId, orderNumber: returned.orderNumber, message: RETURN_JOB_MESSAGES.returned };
}
