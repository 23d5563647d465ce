import { and, eq } from 'drizzle-orm';
import type { DeclineOfferBody } from '../../../domain/contracts/driver/offers';
import { OFFER_MESSAGES } from '../../../domain/dispatch-offers';
import { AppError } from '../../../domain/errors';
import type { Db } from '../../db/client';
import { jobOffers } from '../../db/schema/index';
import { wakeDispatcher } from '../../platform/dispatcher-wake';
import type { LiveBus } from '../../platform/live-bus';
import { publishEnded } from './withdraw-offers';

/**
 * A driver declines their open offer with a reason (docs/product/driver.md#offers): recorded on the
 * offer, and the round runs at once so the next driver is offered the job. An offer that already
 * ended (accepted, expired, withdrawn) keeps its outcome: 409; another driver's offer is not found.
 */
export async function declineOffer(
  deps: { db: Db; bus: LiveBus },
  driverId: string,
  offerId: string,
  body: DeclineOfferBody,
  now = new Date(),
): Promise<{ declined: true }> {
  const mine = and(eq(jobOffers.id, offerId), eq(jobOffers.driverId, driverId));
  const [row] = await deps.db
    .update(jobOffers)
    .set({ status: 'declined', declineReason: body.reason, declineNote: body.note || null, answeredAt: now })
    .where(and(mine, eq(jobOffers.status, 'offered')))
    .returning({ jobId: jobOffers.jobId });
  if (!row) {
    const [exists] = await deps.db.select({ id: jobOffers.id }).from(jobOffers).where(mine).limit(1);
    throw exists ? new AppError('CONFLICT', OFFER_MESSAGES.ended) : new AppError('NOT_FOUND', OFFER_MESSAGES.notFound);
  }
  await publishEnded(deps.bus, [{ offerId, jobId: row.jobId, driverId, status: 'declined' }]);
  wakeDispatcher();
  return { declined: true };
}
