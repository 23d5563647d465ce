import { eq, or } from 'drizzle-orm';
import { DELIVERY_MESSAGES } from '../../../domain/driver-flow';
import { AppError } from '../../../domain/errors';
import { JOB_RETURN_REASONS, JOB_RETURN_REASON_LABELS, type JobReturnReason } from '../../../domain/job-returns';
import { topicName } from '../../../domain/topics';
import type { Db, Tx } from '../../db/client';
import { deliveryJobs, driverJobReturns } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { transitionOrder } from '../orders';

export type ReturnJobInput = {
  /** The job to return, or the order whose job it is. */
  target: { jobId: string } | { orderId: string };
  /** A driver may return only their own job; ops (the route's policy checks the role) any assigned job. */
  actor: { kind: 'driver' | 'ops'; userId: string; name?: string };
  /** One of JOB_RETURN_REASONS, or an ops user's own words. */
  reason: string;
  /** A few words of their own; required with the reason `other`. */
  note?: string | null;
  now?: Date;
};

export type ReturnedJob = {
  jobId: string;
  orderId: string;
  orderNumber: string;
  area: string;
  /** The driver who was on the job. */
  driverId: string;
  /** The order's status after the move: ACCEPTED if it was DRIVER_ASSIGNED, otherwise unchanged. */
  status: string;
};

/** What the status history and the audit log say: the reason's label, and the note if any. */
function describe(reason: string, note: string | null): string {
  const label = (JOB_RETURN_REASONS as readonly string[]).includes(reason)
    ? JOB_RETURN_REASON_LABELS[reason as JobReturnReason]
    : reason;
  return note ? `${label}: ${note}` : label;
}

/**
 * Takes the driver off an accepted job before pickup and puts the job straight back on the board
 * (docs/decisions/0135-driver-unassign.md, docs/product/driver.md#cant-do-this-job). The order moves
 * through the state machine (`unassign_driver`, for the driver or ops): DRIVER_ASSIGNED goes back to
 * ACCEPTED, a kitchen status stays; the job becomes `available` again with a fresh expiry and no
 * driver; the return is counted on the driver's record (`driver_job_returns`).
 *
 * Runs inside the caller's transaction `tx`. `bus` must hold its events until that transaction
 * commits (the `nested.bus` of `inTransaction`): the state machine's `order.status` and `job.updated`
 * (drivers of the area refetch their board) and `job.returned` for the back office.
 */
export async function returnJobToBoard(tx: Tx, bus: LiveBus, input: ReturnJobInput): Promise<ReturnedJob> {
  const now = input.now ?? new Date();
  const reason = input.reason.trim();
  const note = input.note?.trim() || null;
  if (!reason) throw new AppError('VALIDATION_ERROR', 'A reason is required');
  if (reason === 'other' && !note) throw new AppError('VALIDATION_ERROR', 'Please say in a few words why');

  const [job] = await tx
    .select({
      id: deliveryJobs.id,
      orderId: deliveryJobs.orderId,
      driverId: deliveryJobs.driverId,
      status: deliveryJobs.status,
      area: deliveryJobs.pickupArea,
    })
    .from(deliveryJobs)
    .where(
      'jobId' in input.target
        ? eq(deliveryJobs.id, input.target.jobId)
        : eq(deliveryJobs.orderId, input.target.orderId),
    )
    .limit(1);
  // Someone else's job looks like a missing one to a driver.
  if (!job || (input.actor.kind === 'driver' && job.driverId !== input.actor.userId)) {
    throw new AppError('NOT_FOUND', DELIVERY_MESSAGES.jobNotFound);
  }
  if (job.status !== 'assigned' || !job.driverId) {
    throw new AppError(
      'CONFLICT',
      job.status === 'picked_up' || job.status === 'completed'
        ? 'This job has already been picked up; it can no longer be returned'
        : 'This job has no driver to take off',
    );
  }

  const moved = await transitionOrder(
    { db: tx as unknown as Db, bus },
    {
      orderId: job.orderId,
      action: 'unassign_driver',
      actor: { kind: input.actor.kind, userId: input.actor.userId, name: input.actor.name },
      reason: describe(reason, note),
      now,
    },
  );
  // A stack ends with the job given back: the other job stays the driver's, carried alone
  // (docs/decisions/0282-stacked-orders-and-chaining.md).
  await tx
    .update(deliveryJobs)
    .set({ stackJobId: null, dropPosition: null })
    .where(or(eq(deliveryJobs.id, job.id), eq(deliveryJobs.stackJobId, job.id)));
  await tx.insert(driverJobReturns).values({
    jobId: job.id,
    orderId: job.orderId,
    driverId: job.driverId,
    returnedBy: input.actor.kind,
    actorId: input.actor.userId,
    reason,
    note,
    createdAt: now,
  });
  await bus.publish(topicName.admin, 'job.returned', {
    jobId: job.id,
    orderId: job.orderId,
    area: job.area,
    by: input.actor.kind,
    reason,
  });
  return {
    jobId: job.id,
    orderId: job.orderId,
    orderNumber: moved.orderNumber,
    area: job.area,
    driverId: job.driverId,
    status: moved.status,
  };
}
