import { type SQL, and, eq, sql } from 'drizzle-orm';
import { topicName } from '../../../domain/topics';
import type { DbOrTx } from '../../db/client';
import { jobOffers } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';

export type EndedOffer = {
  offerId: string;
  jobId: string;
  driverId: string;
  status: 'accepted' | 'declined' | 'expired' | 'withdrawn';
};

/**
 * Withdraws the open offers that match `where` (a driver's, or those of some jobs), in the caller's
 * transaction; a conditional update from `offered`, so an offer answered at the same moment keeps its
 * answer (docs/decisions/0273-dispatcher-offers-in-the-product.md).
 */
export async function withdrawOffers(tx: DbOrTx, where: SQL, because: string, now: Date): Promise<EndedOffer[]> {
  const rows = await tx
    .update(jobOffers)
    .set({ status: 'withdrawn', withdrawnBecause: because, answeredAt: now })
    .where(and(eq(jobOffers.status, 'offered'), where))
    .returning({ offerId: jobOffers.id, jobId: jobOffers.jobId, driverId: jobOffers.driverId });
  return rows.map((r) => ({ ...r, status: 'withdrawn' as const }));
}

/** The open offer of one driver (at most one: the partial unique index). */
export const driverOffers = (driverId: string): SQL => sql`${jobOffers.driverId} = ${driverId}`;

/** Tells each driver and the dispatch map that these offers ended (after commit). */
export async function publishEnded(bus: LiveBus, ended: readonly EndedOffer[]): Promise<void> {
  for (const e of ended) {
    await bus.publish(topicName.user(e.driverId), 'offer.ended', e);
    await bus.publish(topicName.admin, 'offer.ended', e);
  }
}
