import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { JobDetail } from '../../../domain/contracts/driver/jobs';
import { DELIVERY_MESSAGES } from '../../../domain/driver-flow';
import { AppError } from '../../../domain/errors';
import { topicName } from '../../../domain/topics';
import type { Db, Tx } from '../../db/client';
import { deliveryJobs, jobOffers } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { loadDriverProfile } from '../driver';
import { transitionOrder } from '../orders';
import { announceJob, at, driverSeesJobSql } from '../reach';
import { inTransaction } from './in-transaction';
import { findJobFor } from './job-view';

/** What the customer is told once a driver has the job (docs/product/driver.md#jobs-board). */
const ARRIVAL_AFTER_ASSIGN = '8-12 min';

/**
 * Accepting a job (docs/product/driver.md#jobs-board): the driver must be online and the job an open
 * offer in their area. The order moves ACCEPTED -> DRIVER_ASSIGNED and the job available ->
 * assigned in one transaction through the state machine, under the order's row lock and a
 * conditional update on the job, so of any number of drivers accepting at once exactly one wins;
 * the others get 409 with the product's message. A driver tapping twice gets their job back.
 */
export async function acceptJob(
  deps: { db: Db; bus: LiveBus },
  driverId: string,
  jobId: string,
  now = new Date(),
): Promise<JobDetail> {
  const profile = await loadDriverProfile(deps.db, driverId);
  if (!profile.isOnline) throw new AppError('CONFLICT', DELIVERY_MESSAGES.offline);

  const [job] = await deps.db
    .select({
      id: deliveryJobs.id,
      orderId: deliveryJobs.orderId,
      area: deliveryJobs.pickupArea,
      driverId: deliveryJobs.driverId,
      inReach: sql<boolean>`exists (select 1 from user_profiles p where p.user_id = ${driverId}
        and ${driverSeesJobSql('p', 'delivery_jobs', at(now))})`,
    })
    .from(deliveryJobs)
    .where(eq(deliveryJobs.id, jobId))
    .limit(1);
  if (job?.driverId === driverId) return (await findJobFor(deps.db, driverId, jobId, now))!;
  // A job beyond the driver's radius or the job's reach is one they cannot see: not found, as for a
  // missing one (docs/decisions/0158-dispatch-by-distance.md).
  if (!job || !job.inReach) throw new AppError('NOT_FOUND', DELIVERY_MESSAGES.jobNotFound);

  await inTransaction(deps, ({ tx, nested }) =>
    takeJobInTransaction({ tx, nested }, { jobId, orderId: job.orderId, area: job.area, driverId, profile, now }),
  );
  return (await findJobFor(deps.db, driverId, jobId, now))!;
}

/**
 * The move that gives a driver a job, inside the caller's transaction: the order goes to DRIVER_ASSIGNED
 * through the state machine (its row lock and the job's conditional update make one winner), the job
 * must still be unexpired, and the drivers, the board and the customer hear of it after commit. The
 * board's accept and the dispatcher's accepted offer both take a job this way
 * (docs/decisions/0273-dispatcher-offers-in-the-product.md).
 */
export async function takeJobInTransaction(
  { tx, nested }: { tx: Tx; nested: { db: Db; bus: LiveBus } },
  input: {
    jobId: string;
    orderId: string;
    area: string;
    driverId: string;
    profile: { displayName: string | null; firstName: string | null; lastName: string | null };
    now: Date;
  },
): Promise<void> {
  const { jobId, orderId, area, driverId, profile, now } = input;
  try {
    await transitionOrder(nested, {
      orderId,
      action: 'assign_driver',
      actor: { kind: 'driver', userId: driverId },
      now,
    });
  } catch (err) {
    if (err instanceof AppError && (err.code === 'CONFLICT' || err.code === 'NOT_FOUND'))
      throw new AppError('CONFLICT', DELIVERY_MESSAGES.taken);
    throw err;
  }
  // The job row is ours and locked now; a job that ran out before this moment rolls it all back.
  const [stillOpen] = await tx
    .select({ id: deliveryJobs.id })
    .from(deliveryJobs)
    .where(and(eq(deliveryJobs.id, jobId), eq(deliveryJobs.driverId, driverId), gt(deliveryJobs.expiresAt, now)));
  if (!stillOpen) throw new AppError('CONFLICT', DELIVERY_MESSAGES.taken);
  // A dispatcher's offer of this job to someone else ends with it (a starved job taken from the board).
  const withdrawn = await tx
    .update(jobOffers)
    .set({ status: 'withdrawn', withdrawnBecause: 'taken', answeredAt: now })
    .where(and(eq(jobOffers.jobId, jobId), eq(jobOffers.status, 'offered'), ne(jobOffers.driverId, driverId)))
    .returning({ offerId: jobOffers.id, driverId: jobOffers.driverId });
  for (const w of withdrawn) {
    const ended = { offerId: w.offerId, jobId, driverId: w.driverId, status: 'withdrawn' as const };
    await nested.bus.publish(topicName.user(w.driverId), 'offer.ended', ended);
    await nested.bus.publish(topicName.admin, 'offer.ended', ended);
  }
  const taken = { jobId, orderId, area };
  await nested.bus.publish(topicName.jobs(area), 'job.taken', taken);
  await announceJob({ db: tx, bus: nested.bus }, jobId, 'job.taken', taken, { now, exceptUser: driverId });
  const name = profile.displayName || [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  await nested.bus.publish(topicName.order(orderId), 'driver.assigned', {
    orderId,
    jobId,
    driverName: name,
    estimatedArrival: ARRIVAL_AFTER_ASSIGN,
  });
}
