import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { JobDetail } from '../../../domain/contracts/driver/jobs';
import { OFFER_MESSAGES } from '../../../domain/dispatch-offers';
import { AppError } from '../../../domain/errors';
import type { Db, Tx } from '../../db/client';
import { deliveryJobs, jobOffers } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { findJobFor, inTransaction, takeJobInTransaction } from '../dispatch';
import { loadDriverProfile } from '../driver';
import { publishEnded } from './withdraw-offers';

/**
 * A driver accepts their open offer (docs/product/driver.md#offers). In one transaction the job is taken
 * exactly as from the board (`takeJobInTransaction`), and the offer moves offered -> accepted only if it
 * is still open and unexpired at this moment (a conditional update, so an expiry or a withdrawal racing
 * it leaves exactly one outcome); if either fails, both roll back and the driver hears the offer has ended. Another driver's offer is not found; a second tap on an accepted offer returns the job.
 */
export async function acceptOffer(
  deps: { db: Db; bus: LiveBus },
  driverId: string,
  offerId: string,
  now = new Date(),
): Promise<JobDetail> {
  const [offer] = await deps.db
    .select({
      status: jobOffers.status,
      jobId: jobOffers.jobId,
      orderId: deliveryJobs.orderId,
      area: deliveryJobs.pickupArea,
    })
    .from(jobOffers)
    .innerJoin(deliveryJobs, eq(deliveryJobs.id, jobOffers.jobId))
    .where(and(eq(jobOffers.id, offerId), eq(jobOffers.driverId, driverId)))
    .limit(1);
  if (!offer) throw new AppError('NOT_FOUND', OFFER_MESSAGES.notFound);
  if (offer.status === 'accepted') {
    const job = await findJobFor(deps.db, driverId, offer.jobId, now);
    if (job) return job;
  }
  const profile = await loadDriverProfile(deps.db, driverId);
  if (!profile.isOnline) throw new AppError('CONFLICT', OFFER_MESSAGES.offline);

  await inTransaction(deps, async ({ tx, nested }) => {
    // Locks in the order every path takes them (the order, the job, then the offer), so a board take
    // racing this accept never deadlocks with it.
    try {
      await takeJobInTransaction(
        { tx, nested },
        { jobId: offer.jobId, orderId: offer.orderId, area: offer.area, driverId, profile, now },
      );
    } catch (err) {
      if (err instanceof AppError && err.code === 'CONFLICT') throw new AppError('CONFLICT', OFFER_MESSAGES.ended);
      throw err;
    }
    const [won] = await tx
      .update(jobOffers)
      .set({ status: 'accepted', answeredAt: now })
      .where(
        and(
          eq(jobOffers.id, offerId),
          eq(jobOffers.driverId, driverId),
          eq(jobOffers.status, 'offered'),
          gt(jobOffers.expiresAt, now),
        ),
      )
      .returning({ id: jobOffers.id, stackedJobId: jobOffers.stackedJobId, dropOrder: jobOffers.stackDropOrder });
    // Expired or withdrawn meanwhile: the take rolls back with it.
    if (!won) throw new AppError('CONFLICT', OFFER_MESSAGES.ended);
    if (won.stackedJobId) await linkStack(tx, driverId, won.stackedJobId, offer.jobId, won.dropOrder);
    await publishEnded(nested.bus, [{ offerId, jobId: offer.jobId, driverId, status: 'accepted' }]);
  });
  return (await findJobFor(deps.db, driverId, offer.jobId, now))!;
}

/**
 * A stacked offer accepted (docs/decisions/0282-stacked-orders-and-chaining.md): the job the driver holds
 * and the one just taken point at each other, each with its place in the drop order, in the accept's
 * transaction (the held job's row lock comes last, after the order, the job and the offer). If the held
 * job is no longer theirs (given back, cancelled, delivered), the new job is simply carried alone.
 */
async function linkStack(
  tx: Tx,
  driverId: string,
  heldJobId: string,
  takenJobId: string,
  dropOrder: 'held_first' | 'offered_first' | null,
): Promise<void> {
  const heldFirst = dropOrder !== 'offered_first';
  const [held] = await tx
    .update(deliveryJobs)
    .set({ stackJobId: takenJobId, dropPosition: heldFirst ? 1 : 2 })
    .where(
      and(
        eq(deliveryJobs.id, heldJobId),
        eq(deliveryJobs.driverId, driverId),
        inArray(deliveryJobs.status, ['assigned', 'picked_up']),
        isNull(deliveryJobs.stackJobId),
      ),
    )
    .returning({ id: deliveryJobs.id });
  if (!held) return;
  await tx
    .update(deliveryJobs)
    .set({ stackJobId: heldJobId, dropPosition: heldFirst ? 2 : 1 })
    .where(eq(deliveryJobs.id, takenJobId));
}
